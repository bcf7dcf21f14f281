"""The Quaterno game (docs/rules/quaterno.md): the turn cycle. Placement and play-phase turns in the
check order of A6.3, figures after each turn, the win, repetition / deadlock / the move limit, and the
result as the record writes it (A5.7).

Beside it: the board (board), the tiles (tiles), reading and writing moves (notation), the placement
checks (placement), the movement and action checks (movement), the legal-move list (moves) and the
test-position format (A6.4; position).

Inside this module players are 0 (Player 1, places first) and 1 (Player 2); the engine contract
speaks of seats, and ``first`` (the option) says which seat is Player 1.
"""
from __future__ import annotations

from typing import Any

from ..base import Game, IllegalMove, Outcome, plain_copy
from ..options import Option, check_all, first_option, first_seat
from .board import ORTHO, Square, mirror, on_d1, on_d2, quarter
from .movement import check_action, check_movement
from .moves import actions, legal_moves
from .notation import Turn, read_turn, sq_name, turn_text
from .placement import check_placement
from .position import load_position, write_position
from .tiles import ACTIONS, FIGURE_KINDS, KINDS, PLACEMENT_TURNS, START
from .view import board_view

GAME = "Quaterno"
OPTIONS = (
    first_option("who is Player 1 (places first)"),
    Option("move_limit", "play-phase turns before the game ends", 200, low=50, high=500,
           suggestions=("100", "200", "300")),
    Option("exhaustion", "result of repetition, deadlock or the move limit", "draw", choices=("draw", "figures")),
)
PASS_REFUSED = "You have legal moves; pass is allowed only when you have none."


def normalise_options(options: dict[str, Any] | None) -> dict[str, Any]:
    return check_all(GAME, OPTIONS, 2, options)





AXIS_WORDS = {"D1": "the diagonal a1-k11", "D2": "the diagonal a11-k1"}  # the rules' D1 and D2 in messages

class QuaternoGame(Game):
    """Quaterno for two players."""

    variant = "quaterno"
    REASON_TEXT = {"figures": "two figures", "repetition": "threefold repetition",
                   "deadlock": "neither player can move", "move_limit": "the move limit"}

    def __init__(self, players: int, seed: int, options: dict[str, Any] | None) -> None:
        super().__init__(players, seed, options)
        self.options = normalise_options(options)
        self.first = first_seat(self.options["first"], players, seed)
        self.board: dict[Square, tuple[int, str]] = {}
        self.where: tuple[dict[str, Square], dict[str, Square]] = ({}, {})  # player -> kind -> square
        for p in (0, 1):
            for kind, sq in START[p].items():
                self.put(sq, (p, kind))
        self.turn = 1  # the turn about to be played
        self.used: dict[str, int] = {}  # figure kind -> player who scored it
        self.figure_log: list[tuple[int, int, str, str]] = []  # (turn, player 1|2, kind, axis)
        self.passes = 0
        self.counts: dict[int, int] = {}  # position hash -> occurrences (A5.5)
        self.last: dict[str, Any] | None = None  # what the last turn did, for pictures and messages
        self.last_figures: list[tuple[int, str, str]] = []  # (player, kind, axis) of the last turn
        self.count_position()

    # ----- seats and players ---------------------------------------------------------------------
    def seat(self, player: int) -> int:
        return player ^ self.first

    def player(self, seat: int) -> int:
        return seat ^ self.first

    @property
    def mover(self) -> int:
        """The player (0 = Player 1) whose turn it is."""
        return (self.turn - 1) % 2

    @property
    def placement_phase(self) -> bool:
        return self.turn <= PLACEMENT_TURNS

    def seat_label(self, seat: int) -> str:
        return f"Player {self.player(seat) + 1}"

    # ----- the contract -------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.outcome is not None else self.seat(self.mover)

    def figures(self, player: int) -> int:
        return sum(1 for p in self.used.values() if p == player)

    @property
    def scores(self) -> tuple[int, ...]:
        """Figures scored, by seat."""
        return tuple(self.figures(self.player(s)) for s in (0, 1))

    def _generate(self) -> list[str]:
        return legal_moves(self)

    def _play(self, move: str) -> str:
        parsed = read_turn(move)
        p = self.mover
        if parsed[0] == "pass":
            if self.legal_moves() != ["pass"]:
                raise IllegalMove(PASS_REFUSED)
            self._apply_pass()
            return "pass"
        if parsed[0] == "place":
            canonical = check_placement(self, p, parsed[1], parsed[2])
        elif parsed[0] == "move":
            canonical = check_movement(self, p, *parsed[1:])
        else:
            canonical = check_action(self, p, *parsed[1:])
        self._apply(p, parsed)
        return canonical

    def _resign(self, player: int, reason: str) -> None:
        self.outcome = Outcome((1 - player,), self.scores, reason)

    def position_text(self) -> str:
        return self.position()

    def view(self):
        """The picture's immutable snapshot of the game (QuaternoView, engine.quaterno.view)."""
        return board_view(self)

    def describe_last_turn(self) -> str:
        """The figures the turn scored, in words (the diagonals named by their ends, never D1 or D2)."""
        if self.last_was_leave:
            return ""
        parts = []
        for player, kind, axis in self.last_figures:
            a = self.square_of(player, kind)
            b = self.square_of(1 - player, kind)
            assert a is not None and b is not None  # a figure's two tiles stand on the board
            parts.append(f"Figure {KINDS[kind]} for Player {player + 1} ({sq_name(a)} and {sq_name(b)}, mirrored "
                         f"across {AXIS_WORDS[axis]})")
        if self.last and self.last["kind"] == "pass":
            parts.insert(0, f"Player {self.last['player'] + 1} had no legal move and passed")
        return "; ".join(parts)

    # ----- the position -----------------------------------------------------------------------------
    def square_of(self, p: int, kind: str) -> Square | None:
        return self.where[p].get(kind)

    def put(self, sq: Square, tile: tuple[int, str]) -> None:
        self.board[sq] = tile
        self.where[tile[0]][tile[1]] = sq

    def controlled(self, p: int) -> set[str]:
        """The quarters holding a placed tile of ``p`` (control decides placement only)."""
        return {q for sq, (owner, kind) in self.board.items()
                if owner == p and kind in FIGURE_KINDS and (q := quarter(sq)) is not None}

    def seizer(self, sq: Square) -> Square | None:
        """The opponent's Soldier orthogonally next to the tile on ``sq``, if any (A4.6)."""
        owner = self.board[sq][0]
        for dx, dy in ORTHO:
            q = (sq[0] + dx, sq[1] + dy)
            if self.board.get(q) == (1 - owner, "So"):
                return q
        return None

    def axis(self, p: int) -> str | None:
        s, m = self.square_of(p, "Su"), self.square_of(p, "Mo")
        if s is None or m is None:
            return None
        if on_d1(s) and on_d1(m):
            return "D1"
        if on_d2(s) and on_d2(m):
            return "D2"
        return None

    # ----- applying a turn, figures and the end (A5) ------------------------------------------------
    def _apply(self, p: int, parsed: Turn) -> None:
        board = self.board
        if parsed[0] == "place":
            self.put(parsed[2], (p, parsed[1]))
            self.last = {"kind": "place", "player": p, "to": parsed[2]}
        elif parsed[0] == "move":
            a, b = parsed[1], parsed[2]
            self.put(b, board.pop(a))
            self.last = {"kind": "move", "player": p, "from": a, "to": b}
        else:
            a, t, d = parsed[1], parsed[2], parsed[3]
            if board[a][1] == "Fa":
                actor, target = board[a], board[t]
                self.put(t, actor)
                self.put(a, target)
                self.last = {"kind": "swap", "player": p, "actor": a, "from": t, "to": a}
            else:
                self.put(d, board.pop(t))
                self.last = {"kind": ACTIONS[board[a][1]], "player": p, "actor": a, "from": t, "to": d}
        self.passes = 0
        self._after_turn(p)

    def _apply_pass(self) -> None:
        self.passes += 1
        self.last = {"kind": "pass", "player": self.mover}
        self._after_turn(self.mover)

    def _after_turn(self, p: int) -> None:
        self._legal = None
        played = self.turn
        self.turn += 1
        self.last_figures = self.check_figures(p)
        for player, kind, axis in self.last_figures:
            self.used[kind] = player
            self.figure_log.append((played, player + 1, kind, axis))
        counts = [self.figures(0), self.figures(1)]
        if counts[p] >= 2 or counts[1 - p] >= 2:
            winner = p if counts[p] >= 2 else 1 - p
            self.outcome = Outcome((self.seat(winner),), self.scores, "figures")
            return
        key = self.count_position()
        reason = None
        if self.counts[key] >= 3:
            reason = "repetition"
        elif self.passes >= 2:
            reason = "deadlock"
        elif played >= PLACEMENT_TURNS + self.options["move_limit"]:
            reason = "move_limit"
        if reason is not None:
            self._exhausted(reason, counts)

    def _exhausted(self, reason: str, counts: list[int]) -> None:
        if self.options["exhaustion"] == "figures" and counts[0] != counts[1]:
            winner = 0 if counts[0] > counts[1] else 1
            self.outcome = Outcome((self.seat(winner),), self.scores, reason)
        else:
            self.outcome = Outcome((0, 1), self.scores, reason)

    def check_figures(self, mover: int) -> list[tuple[int, str, str]]:
        """Figures standing after a turn (A5.3): (player, kind, axis), the mover first on a clash."""
        found: dict[str, tuple[int, str, str]] = {}
        for p in (mover, 1 - mover):
            axis = self.axis(p)
            if axis is None:
                continue
            for kind in FIGURE_KINDS:
                if kind in self.used or kind in found:
                    continue
                own, other = self.square_of(p, kind), self.square_of(1 - p, kind)
                if own is not None and other is not None and mirror(axis, own) == other:
                    found[kind] = (p, kind, axis)
        return [found[k] for k in FIGURE_KINDS if k in found]

    def count_position(self) -> int:
        """Count the position (tiles, player to move, used kinds) by its hash (A5.5)."""
        key = hash((tuple(sorted(self.board.items())), self.mover, tuple(sorted(self.used.items()))))
        self.counts[key] = self.counts.get(key, 0) + 1
        return key

    def result(self) -> dict[str, Any] | None:
        """The result as the game record writes it (A5.7)."""
        out = self.outcome
        if out is None:
            return None
        if len(out.winners) == 2:
            return {"type": "draw", "winner": None, "reason": out.reason}
        return {"type": "win", "winner": self.player(out.winners[0]) + 1, "reason": out.reason}

    # ----- test positions (A6.4) ----------------------------------------------------------------------
    def position(self) -> str:
        """The position in the test-position format (A6.4)."""
        return write_position(self)

    @classmethod
    def from_position(cls, position: str, options: dict[str, Any] | None = None) -> QuaternoGame:
        opts = dict(options or {})
        if "first" in opts:
            raise ValueError("A test position always has Player 1 in the first seat; leave out first.")
        game = load_position(cls(2, 0, opts), position)
        game.load_options = dict(opts)
        game.start_position = game.position()
        return game

    # ----- the search path of engine.ai (base.Game.legal_actions): moves as the turns _apply takes
    # (notation.read_turn's shapes; moves.actions generates them by A4.8 like the legal-move list)
    _plain_state = True
    _FLAT = frozenset({"record", "board", "used", "figure_log", "counts", "last_figures", "options"})

    def _clone(self) -> QuaternoGame:
        """``copy()``: the containers whose items are never changed in place (tiles, squares,
        log entries) are copied one level deep, the rest by the generic plain copy; the search
        copies a position for every move it looks at, so this is on its hot path."""
        clone = self.__class__.__new__(self.__class__)
        state = clone.__dict__
        flat, caches = self._FLAT, self.CACHES
        for key, value in self.__dict__.items():
            if key in caches:
                state[key] = None
            elif key in flat:
                state[key] = value.copy()
            elif key == "where":
                state[key] = (value[0].copy(), value[1].copy())
            else:
                state[key] = plain_copy(value)
        return clone

    def legal_actions(self) -> list[Turn]:
        return actions(self)

    def apply_action(self, action: Turn) -> None:
        text = turn_text(action)
        if action[0] == "pass":
            self._apply_pass()
        else:
            self._apply(self.mover, action)
        self.record_action(text)

    def action_text(self, action: Turn) -> str:
        return turn_text(action)
