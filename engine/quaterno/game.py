"""The Quaterno game (quaterno.md): placement with quarter control, movement, the five actions,
Seize, figures, the win, repetition / deadlock / move limit, every message of A6.3 in its order,
and the test-position format (A6.4).

Inside this module players are 0 (Player 1, places first) and 1 (Player 2); the engine contract
speaks of seats, and ``first`` (the option) says which seat is Player 1.
"""
from __future__ import annotations

import random
import re
from typing import Any

from .. import notation
from ..base import Game, IllegalMove, Outcome
from ..options import Option, check_all
from .board import (
    CENTRE,
    DIRS8,
    ORTHO,
    PLACEMENT_SQUARES,
    SQUARES,
    Square,
    direction,
    dist,
    mirror,
    on_board,
    on_d1,
    on_d2,
    on_diagonal,
    quarter,
    ring,
)

GAME = "Quaterno"
OPTIONS = (
    Option("first", "who is Player 1 (places first)", "host", choices=("host", "random")),
    Option("move_limit", "play-phase turns before the game ends", 200, low=50, high=500,
           suggestions=("100", "200", "300")),
    Option("exhaustion", "result of repetition, deadlock or the move limit", "draw", choices=("draw", "figures")),
)
KINDS = {"Su": "Sun", "Mo": "Moon", "Fa": "Fan", "An": "Anchor", "St": "Stick", "Co": "Compass", "So": "Soldier"}
FIGURE_KINDS = ("Fa", "An", "St", "Co", "So")
ACTIONS = {"Su": "Orbit", "Fa": "Swap", "An": "Draw Near", "St": "Push", "Co": "Place Behind"}
START = ({"Su": (5, 4), "Mo": (4, 5)}, {"Su": (5, 6), "Mo": (6, 5)})
PLACEMENT_TURNS = 10
_TILE_NAMES = {**{c.lower(): c for c in KINDS}, **{n.lower(): c for c, n in KINDS.items()}}

SQ = notation.SQUARE_PATTERN
_PLACE_RE = re.compile(rf"^([a-zA-Z]+)@({SQ})$")
_MOVE_RE = re.compile(rf"^({SQ})([-xX])({SQ})$")
_ACTION_RE = re.compile(rf"^({SQ})>({SQ})(?:-({SQ}))?$")
HINT = "Moves look like Fa@c1, e6-e9, c5>f5-g5, g4>g6 or pass."
PLACEMENT_NOW = "It is the placement phase: place a tile, e.g. Fa@c1."
PASS_REFUSED = "You have legal moves; pass is allowed only when you have none."


def sq_name(sq: Square) -> str:
    return notation.square_name(*sq)


def normalise_options(options: dict[str, Any] | None) -> dict[str, Any]:
    return check_all(GAME, OPTIONS, 2, options)


class QuaternoGame(Game):
    """Quaterno for two players."""

    variant = "quaterno"
    REASON_TEXT = {"figures": "two figures", "repetition": "threefold repetition",
                   "deadlock": "neither player can move", "move_limit": "the move limit"}

    def __init__(self, players: int, seed: int, options: dict[str, Any] | None) -> None:
        super().__init__(players, seed, options)
        self.options = normalise_options(options)
        self.first = random.Random(seed).randrange(2) if self.options["first"] == "random" else 0
        self.board: dict[Square, tuple[int, str]] = {}
        self.where: tuple[dict[str, Square], dict[str, Square]] = ({}, {})  # player -> kind -> square
        for p in (0, 1):
            for kind, sq in START[p].items():
                self._put(sq, (p, kind))
        self.turn = 1  # the turn about to be played
        self.used: dict[str, int] = {}  # figure kind -> player who scored it
        self.figure_log: list[tuple[int, int, str, str]] = []  # (turn, player 1|2, kind, axis)
        self.passes = 0
        self.counts: dict[int, int] = {}  # position hash -> occurrences (A5.5)
        self.last: dict[str, Any] | None = None  # what the last turn did, for pictures and messages
        self.last_figures: list[tuple[int, str, str]] = []  # (player, kind, axis) of the last turn
        self._count_position()

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
        return self._placements() if self.placement_phase else (self._play_moves() or ["pass"])

    def _play(self, move: str) -> str:
        parsed = self._parse(move)
        p = self.mover
        if parsed[0] == "pass":
            if self.legal_moves() != ["pass"]:
                raise IllegalMove(PASS_REFUSED)
            self._apply_pass()
            return "pass"
        if parsed[0] == "place":
            canonical = self._check_placement(p, parsed[1], parsed[2])
        elif parsed[0] == "move":
            canonical = self._check_movement(p, *parsed[1:])
        else:
            canonical = self._check_action(p, *parsed[1:])
        self._apply(p, parsed, canonical)
        return canonical

    def _resign(self, player: int, reason: str) -> None:
        self.outcome = Outcome((1 - player,), self.scores, reason)

    def position_text(self) -> str:
        return self.position()

    def view(self):
        """The picture's immutable snapshot of the game (QuaternoView, engine.quaterno.view)."""
        from .view import board_view
        return board_view(self)

    def describe_last_turn(self) -> str:
        if self.last_was_leave:
            return ""
        parts = []
        for player, kind, axis in self.last_figures:
            a = self.square_of(player, kind)
            b = self.square_of(1 - player, kind)
            parts.append(f"Figure {KINDS[kind]} for Player {player + 1} ({axis}: {sq_name(a)} and {sq_name(b)})")
        if self.last and self.last["kind"] == "pass":
            parts.insert(0, f"Player {self.last['player'] + 1} had no legal move and passed")
        return "; ".join(parts)

    # ----- reading a move (A6.1, G3-G5) ---------------------------------------------------------------
    def _parse(self, move: str) -> tuple:
        text = notation.squash(move)
        if text.lower() == "pass":
            return ("pass",)
        m = _PLACE_RE.match(text)
        if m:
            sq = self._square(m.group(2))
            code = _TILE_NAMES.get(m.group(1).lower())
            if code is None:
                raise IllegalMove(f"'{notation.echo(m.group(1))}' is not a Quaterno tile. Codes: Su Mo Fa An St Co So.")
            return ("place", code, sq)
        m = _MOVE_RE.match(text)
        if m:
            a, b = self._square(m.group(1)), self._square(m.group(3))
            return ("move", a, b, m.group(2).lower() == "x")
        m = _ACTION_RE.match(text)
        if m:
            squares = [self._square(g) if g else None for g in m.groups()]
            return ("action", *squares)
        raise IllegalMove(notation.cant_read(move, HINT))

    @staticmethod
    def _square(token: str) -> Square:
        sq = notation.parse_square(token)
        if sq is None or not on_board(sq):
            raise IllegalMove(notation.off_board(notation.typed_square(token)))
        return sq

    # ----- checks (A6.3) ---------------------------------------------------------------------------
    def _check_placement(self, p: int, code: str, sq: Square) -> str:
        if not self.placement_phase:
            raise IllegalMove("The placement phase is over: move a tile or use an action.")
        if code in ("Su", "Mo"):
            raise IllegalMove(f"The {KINDS[code]} starts on the board and is never placed.")
        if self.square_of(p, code) is not None:
            raise IllegalMove(f"Your {KINDS[code]} is already on the board.")
        name = sq_name(sq)
        if sq in self.board:
            raise IllegalMove(notation.occupied(name))
        d = dist(sq, CENTRE)
        if d == 0:
            raise IllegalMove("f6 is the centre square; tiles must be placed at least 4 away from it.")
        if d < 4:
            raise IllegalMove(f"{name} is {d} away from the centre f6; tiles must be placed at least 4 away.")
        if on_diagonal(sq):
            raise IllegalMove(f"{name} lies on a main diagonal; tiles may not be placed there.")
        q = quarter(sq)
        if q in self.controlled(1 - p):
            raise IllegalMove(f"The {q} quarter is controlled by your opponent.")
        return f"{code}@{name}"

    def _own_tile(self, p: int, a: Square) -> str:
        """The kind of the mover's tile on ``a`` (M2/M3, X1/X2)."""
        if a not in self.board:
            raise IllegalMove(f"{sq_name(a)} is empty.")
        owner, kind = self.board[a]
        if owner != p:
            raise IllegalMove(f"The {KINDS[kind]} on {sq_name(a)} is not yours.")
        return kind

    def _check_movement(self, p: int, a: Square, b: Square, with_x: bool) -> str:
        if self.placement_phase:
            raise IllegalMove(PLACEMENT_NOW)
        if with_x:
            raise IllegalMove(f"There are no captures in Quaterno: write {sq_name(a)}-{sq_name(b)}.")
        kind = self._own_tile(p, a)
        if kind == "Su":
            raise IllegalMove("The Sun cannot move.")
        seizer = self.seizer(a)
        if seizer is not None:
            raise IllegalMove(f"Your {KINDS[kind]} on {sq_name(a)} is seized by the Soldier on "
                              f"{sq_name(seizer)} and cannot move.")
        if a == b:
            raise IllegalMove("A tile must move to a different square.")
        step = direction(a, b)
        if step is None:
            raise IllegalMove(f"{sq_name(a)}-{sq_name(b)} is not a straight line (orthogonal or diagonal).")
        if b in self.board:
            raise IllegalMove(notation.occupied(sq_name(b)))
        if kind != "Mo":
            q = self._first_tile(a, step, b)
            if q is not None:
                raise IllegalMove(f"The path from {sq_name(a)} to {sq_name(b)} is blocked at {sq_name(q)}.")
        return f"{sq_name(a)}-{sq_name(b)}"

    def _check_action(self, p: int, a: Square, t: Square, d: Square | None) -> str:
        if self.placement_phase:
            raise IllegalMove(PLACEMENT_NOW)
        kind = self._own_tile(p, a)
        an, tn = sq_name(a), sq_name(t)
        if kind not in ACTIONS:
            raise IllegalMove(f"The {KINDS[kind]} has no action.")
        seizer = self.seizer(a)
        if seizer is not None:
            raise IllegalMove(f"Your {KINDS[kind]} on {an} is seized by the Soldier on {sq_name(seizer)} "
                              f"and cannot act.")
        if t not in self.board:
            raise IllegalMove(f"{tn} is empty.")
        if t == a:
            raise IllegalMove("A tile cannot act on itself.")
        u = direction(a, t)
        if u is None:
            raise IllegalMove(f"{tn} is not in a straight line from {an}.")
        q = self._first_tile(a, u, t)
        if q is not None:
            raise IllegalMove(f"The {KINDS[kind]} on {an} cannot reach {tn}: {sq_name(q)} is in the way.")
        action = ACTIONS[kind]
        if kind == "Fa":
            if d is not None and d != a:
                raise IllegalMove(f"Swap always sends the target to {an}: write {an}>{tn}.")
            return f"{an}>{tn}"
        if d is None:
            raise IllegalMove(f"{action} needs a destination: write {an}>{tn}-<square>.")
        dn = sq_name(d)
        if kind == "Su":
            if d == t:
                raise IllegalMove("Orbit must move the target to another square.")
            if dist(a, d) != dist(a, t):
                raise IllegalMove(f"{dn} is {dist(a, d)} away from the Sun on {an}; Orbit keeps the "
                                  f"distance {dist(a, t)}.")
            if d in self.board:
                raise IllegalMove(notation.occupied(dn))
        elif kind == "An":
            if not (direction(a, d) == u and dist(a, d) < dist(a, t)):
                raise IllegalMove(f"Draw Near moves the target toward the Anchor: {dn} is not between {tn} and {an}.")
        elif kind == "St":
            if direction(t, d) != u:
                raise IllegalMove(f"Push moves the target straight away from the Stick: {dn} is not beyond "
                                  f"{tn} on the line from {an}.")
            self._check_slide(t, u, d)
        else:  # Compass
            back = (-u[0], -u[1])
            if direction(a, d) != back:
                raise IllegalMove(f"Place Behind puts the target on the far side of the Compass: {dn} is not "
                                  f"beyond {an} on the line from {tn}.")
            self._check_slide(a, back, d)
        return f"{an}>{tn}-{dn}"

    def _check_slide(self, start: Square, step: tuple[int, int], d: Square) -> None:
        """U2/U3, B2/B3: the target slides from ``start`` to ``d`` without passing a tile."""
        q = self._first_tile(start, step, d, inclusive=True)
        if q == d:
            raise IllegalMove(notation.occupied(sq_name(d)))
        if q is not None:
            raise IllegalMove(f"The path from {sq_name(start)} to {sq_name(d)} is blocked at {sq_name(q)}.")

    def _first_tile(self, a: Square, step: tuple[int, int], b: Square, inclusive: bool = False) -> Square | None:
        """The first tile strictly after ``a`` on the way to ``b`` (``b`` itself if ``inclusive``)."""
        q = (a[0] + step[0], a[1] + step[1])
        while q != b or inclusive:
            if q in self.board:
                return q
            if q == b:
                return None
            q = (q[0] + step[0], q[1] + step[1])
        return None

    # ----- the position -----------------------------------------------------------------------------
    def square_of(self, p: int, kind: str) -> Square | None:
        return self.where[p].get(kind)

    def _put(self, sq: Square, tile: tuple[int, str]) -> None:
        self.board[sq] = tile
        self.where[tile[0]][tile[1]] = sq

    def controlled(self, p: int) -> set[str]:
        """The quarters holding a placed tile of ``p`` (control decides placement only)."""
        return {quarter(sq) for sq, (owner, kind) in self.board.items()
                if owner == p and kind in FIGURE_KINDS} - {None}

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

    # ----- legal moves (A4.8) -------------------------------------------------------------------------
    def _placements(self) -> list[str]:
        p = self.mover
        closed = self.controlled(1 - p)
        squares = [sq_name(sq) for sq in PLACEMENT_SQUARES if sq not in self.board and quarter(sq) not in closed]
        return [f"{code}@{name}" for code in FIGURE_KINDS if self.square_of(p, code) is None for name in squares]

    def _play_moves(self) -> list[str]:
        p, board, out = self.mover, self.board, []
        empties = [sq for sq in SQUARES if sq not in board]
        for a, (owner, kind) in list(board.items()):
            if owner != p or self.seizer(a) is not None:
                continue
            an = sq_name(a)
            if kind != "Su":
                for dx, dy in DIRS8:
                    q = (a[0] + dx, a[1] + dy)
                    while on_board(q):
                        if q not in board:
                            out.append(f"{an}-{sq_name(q)}")
                        elif kind != "Mo":
                            break
                        q = (q[0] + dx, q[1] + dy)
            if kind not in ACTIONS:
                continue
            for dx, dy in DIRS8:
                t = (a[0] + dx, a[1] + dy)
                while on_board(t) and t not in board:
                    t = (t[0] + dx, t[1] + dy)
                if not on_board(t):
                    continue
                head = f"{an}>{sq_name(t)}"
                n = dist(a, t)
                if kind == "Su":
                    out += [f"{head}-{sq_name(q)}" for q in empties if dist(a, q) == n]
                elif kind == "Fa":
                    out.append(head)
                elif kind == "An":
                    out += [f"{head}-{sq_name((a[0] + i * dx, a[1] + i * dy))}" for i in range(1, n)]
                else:
                    step = (dx, dy) if kind == "St" else (-dx, -dy)
                    q = (t[0] + dx, t[1] + dy) if kind == "St" else (a[0] - dx, a[1] - dy)
                    while on_board(q) and q not in board:
                        out.append(f"{head}-{sq_name(q)}")
                        q = (q[0] + step[0], q[1] + step[1])
        return out

    # ----- applying a turn, figures and the end (A5) ------------------------------------------------
    def _apply(self, p: int, parsed: tuple, canonical: str) -> None:
        board = self.board
        if parsed[0] == "place":
            self._put(parsed[2], (p, parsed[1]))
            self.last = {"kind": "place", "player": p, "to": parsed[2]}
        elif parsed[0] == "move":
            a, b = parsed[1], parsed[2]
            self._put(b, board.pop(a))
            self.last = {"kind": "move", "player": p, "from": a, "to": b}
        else:
            a, t, d = parsed[1], parsed[2], parsed[3]
            if board[a][1] == "Fa":
                actor, target = board[a], board[t]
                self._put(t, actor)
                self._put(a, target)
                self.last = {"kind": "swap", "player": p, "actor": a, "from": t, "to": a}
            else:
                self._put(d, board.pop(t))
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
        key = self._count_position()
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

    def _count_position(self) -> int:
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
        sides = []
        for p in (0, 1):
            tiles = [f"{kind}@{sq_name(sq)}" for kind in KINDS for sq in [self.square_of(p, kind)] if sq]
            sides.append(f"{p + 1}:{','.join(tiles)}")
        used = ",".join(f"{k}={p + 1}" for k, p in sorted(self.used.items(), key=lambda i: FIGURE_KINDS.index(i[0])))
        return f"{sides[0]};{sides[1]};turn:{self.turn};used:{used}"

    @classmethod
    def from_position(cls, position: str, options: dict[str, Any] | None = None) -> QuaternoGame:
        opts = dict(options or {})
        if "first" in opts:
            raise ValueError("A test position always has Player 1 in the first seat; leave out first.")
        game = cls(2, 0, opts)
        game.load_options = dict(opts)
        fields = _position_fields(position)
        game.board, game.where = {}, ({}, {})
        for p in (0, 1):
            for code, sq in fields["sides"][p]:
                if sq in game.board:
                    raise ValueError(f"{sq_name(sq)} is used twice.")
                if game.square_of(p, code) is not None:
                    raise ValueError(f"Player {p + 1} has two of {KINDS[code]}.")
                game._put(sq, (p, code))
            for code in ("Su", "Mo"):
                if game.square_of(p, code) is None:
                    raise ValueError(f"Player {p + 1} has no {KINDS[code]} on the board.")
        game.turn = fields["turn"]
        for p in (0, 1):
            placed = [sq for sq, (owner, kind) in game.board.items() if owner == p and kind in FIGURE_KINDS]
            if game.turn > PLACEMENT_TURNS:
                if len(placed) != 5:
                    raise ValueError(f"In the play phase Player {p + 1} must have all 7 tiles on the board.")
                continue
            want = (game.turn - 1 + (1 - p)) // 2
            if len(placed) != want:
                raise ValueError(f"Before turn {game.turn} Player {p + 1} has placed {want} tiles, not {len(placed)}.")
            for code in ("Su", "Mo"):
                if game.square_of(p, code) != START[p][code]:
                    raise ValueError("In the placement phase the Suns and Moons stand on their start squares.")
            for sq in placed:
                if sq not in PLACEMENT_SQUARES:
                    raise ValueError(f"{sq_name(sq)} is not a placement square.")
        if game.turn <= PLACEMENT_TURNS and game.controlled(0) & game.controlled(1):
            raise ValueError("A quarter holds placed tiles of both players.")
        for kind, p in fields["used"]:
            if kind not in FIGURE_KINDS:
                raise ValueError(f"used: {kind} is not a figure kind.")
            if kind in game.used:
                raise ValueError(f"used: {kind} appears twice.")
            game.used[kind] = p
        if max(game.figures(0), game.figures(1)) >= 2:
            raise ValueError("A player with two figures has already won.")
        if game.check_figures(game.mover):
            raise ValueError("A figure is standing in this position; test positions start settled.")
        game.counts = {}
        game._count_position()
        game._legal = None
        game.start_position = game.position()
        return game

    # ----- the search path of engine.ai (base.Game._actions): moves as the tuples _apply takes --
    # ("place", code, square), ("move", a, b, False), ("action", actor, target, dest) with dest
    # None for a Swap, and ("pass",); generated by A4.8 like _play_moves.
    _plain_state = True

    def _actions(self) -> list[tuple]:
        if self.outcome is not None:
            return []
        p, board = self.mover, self.board
        if self.placement_phase:
            closed = self.controlled(1 - p)
            squares = [sq for sq in PLACEMENT_SQUARES if sq not in board and quarter(sq) not in closed]
            return [("place", code, sq) for code in FIGURE_KINDS if self.square_of(p, code) is None
                    for sq in squares]
        out: list[tuple] = []
        for a, (owner, kind) in list(board.items()):
            if owner != p or self.seizer(a) is not None:
                continue
            if kind != "Su":
                for dx, dy in DIRS8:
                    q = (a[0] + dx, a[1] + dy)
                    while 0 <= q[0] < 11 and 0 <= q[1] < 11:
                        if q not in board:
                            out.append(("move", a, q, False))
                        elif kind != "Mo":
                            break
                        q = (q[0] + dx, q[1] + dy)
            if kind not in ACTIONS:
                continue
            for dx, dy in DIRS8:
                t = (a[0] + dx, a[1] + dy)
                while 0 <= t[0] < 11 and 0 <= t[1] < 11 and t not in board:
                    t = (t[0] + dx, t[1] + dy)
                if not on_board(t):
                    continue
                n = dist(a, t)
                if kind == "Su":
                    out += [("action", a, t, q) for q in ring(a, n) if q not in board]
                elif kind == "Fa":
                    out.append(("action", a, t, None))
                elif kind == "An":
                    out += [("action", a, t, (a[0] + i * dx, a[1] + i * dy)) for i in range(1, n)]
                else:
                    step = (dx, dy) if kind == "St" else (-dx, -dy)
                    q = (t[0] + dx, t[1] + dy) if kind == "St" else (a[0] - dx, a[1] - dy)
                    while on_board(q) and q not in board:
                        out.append(("action", a, t, q))
                        q = (q[0] + step[0], q[1] + step[1])
        return out or [("pass",)]

    def _apply_action(self, action: tuple) -> None:
        text = self._action_text(action)
        if action[0] == "pass":
            self._apply_pass()
        else:
            self._apply(self.mover, action, text)
        self._record_action(text)

    def _action_text(self, action: tuple) -> str:
        if action[0] == "pass":
            return "pass"
        if action[0] == "place":
            return f"{action[1]}@{sq_name(action[2])}"
        if action[0] == "move":
            return f"{sq_name(action[1])}-{sq_name(action[2])}"
        if action[3] is None:
            return f"{sq_name(action[1])}>{sq_name(action[2])}"
        return f"{sq_name(action[1])}>{sq_name(action[2])}-{sq_name(action[3])}"


def _position_fields(position: str) -> dict[str, Any]:
    text = notation.squash(position)
    if text.lower().startswith("qpos:"):
        text = text[5:]
    sides: dict[int, list[tuple[str, Square]]] = {}
    turn, used = None, None
    for part in text.split(";"):
        if not part:
            continue
        key, sep, body = part.partition(":")
        key = key.lower()
        if not sep:
            raise ValueError(f"Unexpected '{part}' in the position.")
        if key in ("1", "2"):
            items = []
            for item in body.split(",") if body else []:
                m = _PLACE_RE.match(item)
                code = _TILE_NAMES.get(m.group(1).lower()) if m else None
                sq = notation.parse_square(m.group(2)) if m else None
                if code is None or sq is None or not on_board(sq):
                    raise ValueError(f"I can't read '{item}' in the position; write tiles as Fa@c1.")
                items.append((code, sq))
            sides[int(key) - 1] = items
        elif key == "turn" and body.isdigit() and int(body) >= 1:
            turn = int(body)
        elif key == "used":
            used = []
            for item in body.split(",") if body else []:
                kind, eq, who = item.partition("=")
                code = _TILE_NAMES.get(kind.lower())
                if not eq or code is None or who not in ("1", "2"):
                    raise ValueError(f"I can't read used: '{item}'; write it as So=1.")
                used.append((code, int(who) - 1))
        else:
            raise ValueError(f"Unexpected '{part}' in the position.")
    if set(sides) != {0, 1} or turn is None or used is None:
        raise ValueError("A position needs 1: ...; 2: ...; turn: N; used: ...")
    return {"sides": sides, "turn": turn, "used": used}

