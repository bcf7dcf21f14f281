"""The Iroh Pai Sho game (iroh.md): options, the start position, moves and their checks, bringing
in, Rocks, Knotweed, proclaiming, the turn limit and the test-position format (2.8)."""
from __future__ import annotations

import re
from typing import Any

from ..base import Game, IllegalMove, Outcome
from ..options import Option, check_all
from ..paisho import notation as pn
from ..paisho.board import ORDER, ORTHOGONAL, POINT_SET, POINTS, Point, mirror, name
from .rules import (
    CAPTURABLE,
    HOME,
    NAMES,
    NATIONS,
    RESERVE_CODES,
    SQUARES,
    TERRAIN_WORDS,
    TOTAL,
    Board,
    corners,
    is_locked,
    locked_points,
    on_terrain,
    winning_set,
)

GAME = "Iroh Pai Sho"
OPTIONS = (
    Option("fire_range", "Fire's longest move: 3, or 2 as on the cheat sheet", 3, low=2, high=3,
           suggestions=("2", "3")),
    Option("max_turns", "the game is drawn after this many turns (both players)", 200, low=1, high=10000,
           suggestions=("100", "200", "300")),
    Option("auto_proclaim", "proclaim automatically for a player whose turn starts with a winning set",
           False, flag=True),
)
EXAMPLES = "h3-h6, Fi@i2, Kn@j6, proclaim"
NO_SET = "No harmony across all four midlines - the turn is over"
_MOVE_RE = re.compile(rf"^({pn.LOCATION})([-xX])({pn.LOCATION})$")
_PLACE_RE = re.compile(rf"^(fi|wa|ea|ai|rk|kn)@({pn.LOCATION})$", re.IGNORECASE | re.ASCII)
_CODES = {c.lower(): c for c in NAMES}
RANGE = {"Wa": 2, "Ea": 3, "WL": 5}

# P1's start (2.3); P2's pieces stand on the mirror points.
_START_P1 = {"i2": "WL", "h3": "Fi", "q9": "Fi", "i3": "Wa", "j3": "Wa", "h2": "Ea", "j2": "Ea",
             "g3": "Ai", "k3": "Ai"}
START_RESERVE = {"Fi": 2, "Wa": 2, "Ea": 2, "Ai": 2, "Rk": 2, "Kn": 3}


def normalise_options(options: dict[str, Any] | None) -> dict[str, Any]:
    return check_all(GAME, OPTIONS, 2, options)


def start_board() -> Board:
    board: Board = {}
    for loc, code in _START_P1.items():
        p = pn.point_of(loc)
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
        self._to_move = 1  # the guest moves first
        self.turns = 0
        self.harmonies: list[tuple[Point, Point, str]] = []  # the winning set, once proclaimed
        self.last: dict[str, Any] | None = None
        self._turn_starts()

    # ----- the contract -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.outcome is not None else self._to_move

    @property
    def scores(self) -> tuple[int, ...]:
        """Pieces each player has on the board (Iroh keeps no score; shown for information)."""
        return tuple(sum(1 for owner, _ in self.board.values() if owner == p) for p in (0, 1))

    def seat_label(self, seat: int) -> str:
        return ("Host", "Guest")[seat]

    def _play(self, move: str) -> str:
        text = pn.squash(move)
        p = self._to_move
        if text.lower() == "proclaim":
            self._proclaim(p)
            return "proclaim"
        m = _MOVE_RE.match(text)
        if m:
            a, b = pn.read_point(m.group(1)), pn.read_point(m.group(3))
            canonical = self._check_move(p, a, b, m.group(2).lower() == "x")
            self._apply_move(p, a, b)
            return canonical
        m = _PLACE_RE.match(text)
        if not m:
            raise IllegalMove(pn.cant_read(move, EXAMPLES))
        code, point = _CODES[m.group(1).lower()], pn.read_point(m.group(2))
        canonical = self._check_placement(p, code, point)
        self._apply_placement(p, code, point)
        return canonical

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
        from .view import board_view
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

    def _range(self, code: str) -> int:
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
            raise IllegalMove(f"{tile} cannot move")
        if self.locked(a):
            raise IllegalMove(f"The {tile} on {an} is held by a Knotweed and cannot move")
        if code == "Ai":
            if a == b or b not in self._air_reach(a):
                raise IllegalMove(f"Air has no free path of at most 4 steps to {bn}")
        else:
            if a == b or (a[0] != b[0] and a[1] != b[1]):
                raise IllegalMove(f"{tile} moves in a straight line along a rank or file")
            steps = abs(b[0] - a[0]) + abs(b[1] - a[1])
            if steps > self._range(code):
                raise IllegalMove(f"{tile} can move at most {self._range(code)} points")
            d = ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))
            for k in range(1, steps):
                q = (a[0] + k * d[0], a[1] + k * d[1])
                if not on_terrain(code, q):
                    raise IllegalMove(f"{tile} moves only on {TERRAIN_WORDS[code]} ({name(q)})")
                if q in self.board and code != "WL":
                    raise IllegalMove(f"{tile} cannot pass over the tile on {name(q)}")
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
            raise IllegalMove(f"There is nothing to capture on {bn}")
        return f"{an}-{bn}"

    def _air_reach(self, a: Point) -> set[Point]:
        """Points an Air reaches in 1-4 single steps whose earlier points are all empty."""
        frontier, seen, reach = [a], {a}, set()
        for _ in range(4):
            nxt = []
            for p in frontier:
                for dx, dy in ORTHOGONAL:
                    q = (p[0] + dx, p[1] + dy)
                    if q not in POINT_SET or q in seen:
                        continue
                    seen.add(q)
                    reach.add(q)
                    if q not in self.board:
                        nxt.append(q)
            frontier = nxt
        return reach

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
        if piece[1] in ("Fi", "WL"):
            self._destroy_knotweeds_at(b)
        self._end_turn()

    def _apply_placement(self, p: int, code: str, point: Point) -> None:
        self.reserve[p][code] -= 1
        if code == "Kn":
            if any(self.board.get(c, (None, ""))[1] in ("Fi", "WL") for c in corners(point)):
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
        self.knotweeds -= {sq for sq in self.knotweeds if point in corners(sq)}

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
        self._to_move = 1 - self._to_move
        if self.turns >= self.options["max_turns"]:
            self.outcome = Outcome((0, 1), None, "turn_limit")
            return
        self._turn_starts()

    def _turn_starts(self) -> None:
        """auto_proclaim: a player whose turn starts with a winning set wins at once (2.5)."""
        if self.options["auto_proclaim"]:
            found = winning_set(self.board, self.knotweeds, self._to_move)
            if found is not None:
                self.harmonies = found
                self.outcome = Outcome((self._to_move,), None, "four_midlines")

    # ----- the legal-move list (2.4.5) ----------------------------------------------------
    def _generate(self) -> list[str]:
        p, board, out = self._to_move, self.board, []
        held = locked_points(self.knotweeds)
        for a, (owner, code) in sorted(board.items(), key=lambda item: ORDER[item[0]]):
            if owner != p or code == "Rk" or is_locked(board, self.knotweeds, a, held):
                continue
            an = name(a)
            if code == "Ai":
                out += [f"{an}-{name(q)}" for q in sorted(self._air_reach(a), key=ORDER.__getitem__)
                        if q not in board]
                continue
            for dx, dy in ORTHOGONAL:
                for k in range(1, self._range(code) + 1):
                    q = (a[0] + k * dx, a[1] + k * dy)
                    if q not in POINT_SET or not on_terrain(code, q):
                        break
                    target = board.get(q)
                    if target is None:
                        out.append(f"{an}-{name(q)}")
                    elif code == "WL":
                        continue
                    else:
                        if target[0] != p and code in CAPTURABLE and target[1] in CAPTURABLE:
                            out.append(f"{an}x{name(q)}")
                        break
        home = HOME[p]
        if home not in board:
            out += [f"{c}@{name(home)}" for c in NATIONS if self.reserve[p][c] > 0]
        if self.reserve[p]["Rk"] > 0:
            out += [f"Rk@{name(q)}" for q in POINTS if q not in board and q not in HOME]
        if self.reserve[p]["Kn"] > 0:
            out += [f"Kn@{name(q)}" for q in POINTS if q in SQUARES and q not in self.knotweeds]
        out.append("proclaim")
        return out

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
        parts = [f"to_move: P{self._to_move + 1}"]
        for p in (0, 1):
            pieces = sorted(((code, q) for q, (owner, code) in self.board.items() if owner == p),
                            key=lambda item: (list(NAMES).index(item[0]), ORDER[item[1]]))
            parts.append(f"P{p + 1}: " + ", ".join(f"{code} {name(q)}" for code, q in pieces))
        parts.append("knotweeds: " + " ".join(name(q) for q in sorted(self.knotweeds, key=ORDER.__getitem__)))
        for p in (0, 1):
            parts.append(f"P{p + 1} reserve: " + ", ".join(f"{c} {self.reserve[p][c]}" for c in RESERVE_CODES))
        parts.append(f"turns: {self.turns}")
        return "; ".join(parts)

    @classmethod
    def from_position(cls, position: str, options: dict[str, Any] | None = None) -> IrohGame:
        game = cls(2, 0, options)  # the start position (which no auto_proclaim can end) ...
        game.load_options = dict(options or {})
        game.board, game._to_move = {}, 0  # ... cleared for the position's own pieces
        reserves: list[dict[str, int] | None] = [None, None]
        seen_keys = set()
        for key, value in pn.position_parts(position):
            if key in seen_keys:
                raise ValueError(f"{key} appears twice in the position.")
            seen_keys.add(key)
            if key == "to_move":
                who = value.strip().upper()
                if who not in ("P1", "P2"):
                    raise ValueError("to_move must be P1 or P2.")
                game._to_move = int(who[1]) - 1
            elif key in ("p1", "p2"):
                owner = int(key[1]) - 1
                for item in filter(None, (i.strip() for i in value.split(","))):
                    bits = item.split()
                    code = _CODES.get(bits[0].lower()) if len(bits) == 2 else None
                    if code is None or code == "Kn":
                        raise ValueError(f"I can't read the piece '{item}'; write pieces as Fi g7.")
                    point = pn.point_of(bits[1])
                    if point is None:
                        raise ValueError(pn.off_board(bits[1]) + ".")
                    if point in game.board:
                        raise ValueError(f"{name(point)} is named twice.")
                    game.board[point] = (owner, code)
            elif key == "knotweeds":
                for token in value.split():
                    point = pn.point_of(token)
                    if point is None or point not in SQUARES:
                        raise ValueError(f"There is no square with lower-left corner {token.lower()}.")
                    if point in game.knotweeds:
                        raise ValueError(f"Square {name(point)} is named twice.")
                    game.knotweeds.add(point)
            elif key in ("p1 reserve", "p2 reserve"):
                counts = {}
                for item in filter(None, (i.strip() for i in value.split(","))):
                    bits = item.split()
                    code = _CODES.get(bits[0].lower()) if len(bits) == 2 else None
                    if code not in RESERVE_CODES or not bits[1].isdigit():
                        raise ValueError(f"I can't read the reserve '{item}'; write it as Fi 2.")
                    counts[code] = int(bits[1])
                reserves[int(key[1]) - 1] = counts
            elif key == "turns" and value.strip().isdigit():
                game.turns = int(value.strip())
            else:
                raise ValueError(f"Unexpected '{key}: {value.strip()}' in the position.")
        game.reserve = []
        for p in (0, 1):
            on_board = {c: sum(1 for o, k in game.board.values() if o == p and k == c) for c in TOTAL}
            given = reserves[p] or {}
            reserve = {c: given.get(c, 3 if c == "Kn" else max(0, min(START_RESERVE[c], TOTAL[c] - on_board[c])))
                       for c in RESERVE_CODES}
            for c in TOTAL:
                if on_board[c] + reserve.get(c, 0) > TOTAL[c]:
                    raise ValueError(f"P{p + 1} has more than {TOTAL[c]} {NAMES[c]} pieces.")
            game.reserve.append(reserve)
        for sq in game.knotweeds:
            if any(game.board.get(c, (None, ""))[1] in ("Fi", "WL") for c in corners(sq)):
                raise ValueError(f"A Fire or White Lotus stands on a corner of the Knotweed square {name(sq)}.")
        if game.turns >= game.options["max_turns"]:
            raise ValueError("The position has already reached max_turns.")
        game.start_position = game.position()
        game._turn_starts()
        return game
