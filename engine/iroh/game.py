"""The Iroh Pai Sho game (docs/rules/iroh.md): the turn cycle. Options, the start position (2.3),
moves and their checks, bringing in, Rocks, Knotweed, proclaiming and the turn limit.

Beside it: reading turns (notation), the legal-move list (moves), the pieces (tiles), the position
rules of Knotweed squares, locking and harmonies (rules), and the test-position format (2.8;
position).
"""
from __future__ import annotations

from typing import Any

from ..base import Game, IllegalMove, Outcome, plain_copy
from ..options import Option, check_all
from ..paisho import notation as pn
from ..paisho.board import Point, mirror, name
from .moves import PROCLAIM, action_text, legal_actions, legal_moves
from .notation import NO_SET, read_move, read_placement
from .position import load_position, write_position
from .rules import KNOTWEED_PROOF, SQUARES, Board, air_reach, is_locked, knotweed_stays, knotweeds_left, winning_set
from .tiles import CAPTURABLE, HOME, NAMES, NATIONS, RANGE, START_RESERVE, TERRAIN_WORDS, on_terrain
from .view import board_view

GAME = "Iroh Pai Sho"
OPTIONS = (
    Option("fire_range", "Fire's longest move: 3, or 2 as on the cheat sheet", 3, low=2, high=3,
           suggestions=("2", "3")),
    Option("max_turns", "the game is drawn after this many turns (both players)", 200, low=1, high=10000,
           suggestions=("100", "200", "300")),
    Option("auto_proclaim", "proclaim automatically for a player whose turn starts with a winning set",
           False, flag=True),
)
# The state copied container by container in IrohGame._clone (everything else: base.plain_copy).
_FLAT_STATE = frozenset({"board", "knotweeds", "record", "reserve", "harmonies", "last", "options"})

# P1's start (2.3); P2's pieces stand on the mirror points.
_START_P1 = {"i2": "WL", "h3": "Fi", "q9": "Fi", "i3": "Wa", "j3": "Wa", "h2": "Ea", "j2": "Ea",
             "g3": "Ai", "k3": "Ai"}


def normalise_options(options: dict[str, Any] | None) -> dict[str, Any]:
    return check_all(GAME, OPTIONS, 2, options)


def start_board() -> Board:
    board: Board = {}
    for loc, code in _START_P1.items():
        p = pn.read_point(loc)
        board[p] = (0, code)
        board[mirror(p)] = (1, code)
    return board


class IrohGame(Game):
    """Iroh Pai Sho for two players: seat 0 is P1 (the host, rank 1), seat 1 the guest, who starts."""

    variant = "iroh"
    REASON_TEXT = {"four_midlines": "harmonies across all four midlines", "turn_limit": "the turn limit"}

    def __init__(self, players: int, seed: int, options: dict[str, Any] | None) -> None:
        super().__init__(players, seed, options)
        self.options = normalise_options(options)
        self.board: Board = start_board()
        self.knotweeds: set[Point] = set()
        self.reserve = [dict(START_RESERVE), dict(START_RESERVE)]
        self.seat_to_move = 1  # the guest moves first
        self.turns = 0
        self.harmonies: list[tuple[Point, Point, str]] = []  # the winning set, once proclaimed
        self.last: dict[str, Any] | None = None
        self._turn_starts()

    # ----- the contract -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.outcome is not None else self.seat_to_move

    @property
    def scores(self) -> tuple[int, ...]:
        """Pieces each player has on the board (Iroh keeps no score; shown for information)."""
        return tuple(sum(1 for owner, _ in self.board.values() if owner == p) for p in (0, 1))

    def seat_label(self, seat: int) -> str:
        return ("Host", "Guest")[seat]

    def _play(self, move: str) -> str:
        text = pn.squash(move)
        p = self.seat_to_move
        if text.lower() == "proclaim":
            self._proclaim(p)
            return "proclaim"
        moving = read_move(text)
        if moving:
            a, b, with_x = moving
            canonical = self._check_move(p, a, b, with_x)
            self._apply_move(p, a, b)
            return canonical
        code, point = read_placement(text)
        canonical = self._check_placement(p, code, point)
        self._apply_placement(p, code, point)
        return canonical

    def _generate(self) -> list[str]:
        return legal_moves(self)

    def _clone(self) -> IrohGame:
        """copy(): the state is plain data; its containers are copied directly (the search copies
        a position for every move it looks at)."""
        clone = self.__class__.__new__(self.__class__)
        state = {key: plain_copy(value) for key, value in self.__dict__.items()
                 if key not in _FLAT_STATE and key not in self.CACHES}
        state.update(board=dict(self.board), knotweeds=set(self.knotweeds), record=list(self.record),
                     reserve=[dict(r) for r in self.reserve], harmonies=list(self.harmonies),
                     last=dict(self.last) if self.last is not None else None,
                     options=dict(self.options))
        state.update({key: None for key in self.CACHES if key in self.__dict__})
        clone.__dict__.update(state)
        return clone

    # ----- the search's fast path (base.Game; actions: moves.legal_actions) ---------------
    def legal_actions(self) -> list[Any]:
        return legal_actions(self) if self.outcome is None else []

    def action_text(self, action: Any) -> str:
        return action_text(self, action)

    def apply_action(self, action: Any) -> None:
        text = action_text(self, action)
        p = self.seat_to_move
        if action == PROCLAIM:
            self._proclaim(p)
        elif isinstance(action[0], str):
            self._apply_placement(p, action[0], action[1])
        else:
            self._apply_move(p, action[0], action[1])
        self.record_action(text)

    def _resign(self, player: int, reason: str) -> None:
        self.outcome = Outcome((1 - player,), None, reason)

    def _over_message(self, move: str) -> str:
        text = pn.squash(move).lower()
        if text not in ("proclaim", "resign"):
            pn.check_points(text)
        return pn.OVER

    def position_text(self) -> str:
        return self.position()

    def view(self):
        """The picture's immutable snapshot of the game (IrohView, engine.iroh.view)."""
        return board_view(self)

    def describe_last_turn(self) -> str:
        if self.last_was_leave or not self.last:
            return ""
        if self.last["kind"] == "proclaim":
            if self.outcome is not None and self.outcome.reason == "four_midlines":
                return "Harmonies across all four midlines: " + ", ".join(
                    f"{name(a)}-{name(b)} ({arm})" for a, b, arm in self.harmonies)
            return NO_SET
        if self.last["kind"] == "knotweed_destroyed":
            return "The Knotweed is destroyed at once"
        return ""

    # ----- reading and checking -------------------------------------------------------
    def locked(self, point: Point) -> bool:
        return is_locked(self.board, self.knotweeds, point)

    def range_of(self, code: str) -> int:
        """The longest move of a piece (Fire's is the option ``fire_range``)."""
        return self.options["fire_range"] if code == "Fi" else RANGE.get(code, 4)

    def _check_move(self, p: int, a: Point, b: Point, with_x: bool) -> str:
        an, bn = name(a), name(b)
        if a not in self.board:
            raise IllegalMove(pn.empty(an))
        owner, code = self.board[a]
        tile = NAMES[code]
        if owner != p:
            raise IllegalMove(pn.not_yours(tile, an))
        if code in ("Rk", "Kn"):
            raise IllegalMove(pn.cannot_move(tile))
        if self.locked(a):
            raise IllegalMove(f"The {tile} on {an} is held by a Knotweed and cannot move")
        if code == "Ai":
            if a == b or b not in air_reach(self.board, a):
                raise IllegalMove(f"Air has no free path of at most 4 steps to {bn}")
        else:
            if a == b or (a[0] != b[0] and a[1] != b[1]):
                raise IllegalMove(pn.not_straight(tile))
            steps = abs(b[0] - a[0]) + abs(b[1] - a[1])
            if steps > self.range_of(code):
                raise IllegalMove(pn.too_far(tile, self.range_of(code)))
            d = ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))
            for k in range(1, steps):
                q = (a[0] + k * d[0], a[1] + k * d[1])
                if not on_terrain(code, q):
                    raise IllegalMove(f"{tile} moves only on {TERRAIN_WORDS[code]} ({name(q)})")
                if q in self.board and code != "WL":
                    raise IllegalMove(pn.passes_over(tile, name(q)))
        if not on_terrain(code, b):
            raise IllegalMove(f"{tile} moves only on {TERRAIN_WORDS[code]} ({bn})")
        target = self.board.get(b)
        if target is not None:
            if target[0] == p:
                raise IllegalMove(pn.occupied(bn))
            if code in ("Ai", "WL"):
                raise IllegalMove(f"{tile} cannot capture")
            if target[1] not in CAPTURABLE:
                raise IllegalMove(f"{NAMES[target[1]]} cannot be captured")
            return f"{an}x{bn}"
        if with_x:
            raise IllegalMove(pn.nothing_to_capture(bn))
        return f"{an}-{bn}"

    def _check_placement(self, p: int, code: str, point: Point) -> str:
        loc = name(point)
        if self.reserve[p][code] <= 0:
            raise IllegalMove(pn.none_left(NAMES[code]))
        if code in NATIONS:
            if point != HOME[p]:
                raise IllegalMove(f"Pieces are brought in only at your home point ({name(HOME[p])})")
        elif code == "Rk":
            if point in HOME:
                raise IllegalMove("Rocks may not be placed on a home point")
        else:
            if point not in SQUARES:
                raise IllegalMove(f"There is no square with lower-left corner {loc}")
            if point in self.knotweeds:
                raise IllegalMove(f"Square {loc} already has a Knotweed")
            return f"Kn@{loc}"
        if point in self.board:
            raise IllegalMove(pn.occupied(loc))
        return f"{code}@{loc}"

    # ----- applying a turn ------------------------------------------------------------
    def _apply_move(self, p: int, a: Point, b: Point) -> None:
        piece = self.board.pop(a)
        captured = self.board.get(b)
        self.board[b] = piece
        self.last = {"kind": "move", "from": a, "to": b, "captured": captured}
        if piece[1] in KNOTWEED_PROOF:
            self._destroy_knotweeds_at(b)
        self._end_turn()

    def _apply_placement(self, p: int, code: str, point: Point) -> None:
        self.reserve[p][code] -= 1
        if code == "Kn":
            if not knotweed_stays(self.board, point):
                self.last = {"kind": "knotweed_destroyed", "to": point}
            else:
                self.knotweeds.add(point)
                self.last = {"kind": "knotweed", "to": point}
        else:
            self.board[point] = (p, code)
            self.last = {"kind": "place", "to": point}
            if code == "Fi":
                self._destroy_knotweeds_at(point)
        self._end_turn()

    def _destroy_knotweeds_at(self, point: Point) -> None:
        self.knotweeds = knotweeds_left(self.knotweeds, point)

    def _proclaim(self, p: int) -> None:
        found = winning_set(self.board, self.knotweeds, p)
        self.last = {"kind": "proclaim", "player": p}
        if found is None:
            self._end_turn()
            return
        self.harmonies = found
        self.turns += 1
        self._legal = None
        self.outcome = Outcome((p,), None, "four_midlines")

    def _end_turn(self) -> None:
        self._legal = None
        self.turns += 1
        self.seat_to_move = 1 - self.seat_to_move
        if self.turns >= self.options["max_turns"]:
            self.outcome = Outcome((0, 1), None, "turn_limit")
            return
        self._turn_starts()

    def _turn_starts(self) -> None:
        """auto_proclaim: a player whose turn starts with a winning set wins at once (2.5)."""
        if self.options["auto_proclaim"]:
            found = winning_set(self.board, self.knotweeds, self.seat_to_move)
            if found is not None:
                self.harmonies = found
                self.outcome = Outcome((self.seat_to_move,), None, "four_midlines")

    # ----- results and test positions (2.8) ------------------------------------------------
    def result(self) -> dict[str, Any] | None:
        out = self.outcome
        if out is None:
            return None
        found = pn.result_head(out)
        if out.reason == "four_midlines":
            found["harmonies"] = [[name(a), name(b), arm] for a, b, arm in self.harmonies]
        return found

    def position(self) -> str:
        """The position in the test-position format (one line, parts joined by '; ')."""
        return write_position(self)

    @classmethod
    def from_position(cls, position: str, options: dict[str, Any] | None = None) -> IrohGame:
        game = cls(2, 0, options)  # the start position (which no auto_proclaim can end) ...
        game.load_options = dict(options or {})
        load_position(game, position)  # ... cleared for the position's own pieces
        game.start_position = game.position()
        game._turn_starts()
        return game
