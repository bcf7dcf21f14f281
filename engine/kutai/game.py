"""The Kutai Pai Sho game (kutai.md): options, placements and their checks, the total Harmony,
best totals, the end of the game and the test-position format (4.6.1)."""
from __future__ import annotations

import re
from typing import Any

from ..base import Game, IllegalMove, Outcome
from ..options import Option, check_all
from ..paisho import notation as pn
from ..paisho.board import CENTRE, COLOURS, NEUTRAL, POINTS, RED, WHITE, Point, name
from .harmony import Harmony, analyse
from .tiles import BY_LOWER, FLOWER, LOTUS, SET, SPECIAL, TILES, Tile

GAME = "Kutai Pai Sho"
OPTIONS = (
    Option("target", "a total Harmony above this wins", 60, low=0, high=200, suggestions=("40", "60", "80", "100")),
    Option("preference", "Harmony preference: best value first (on) or nearest first (off)", "on",
           choices=("on", "off")),
    Option("sight", "line of sight: ranks, files and diagonals (queen) or any straight line", "queen",
           choices=("queen", "any")),
    Option("exhaustion", "when every tile is placed: the higher best total wins, or a draw", "best",
           choices=("best", "draw")),
)
EXAMPLES = "DMa@i9, Sp@h2, WL@l12"
FIRST_TILE = "The first tile must be the Centerpiece: one of your flowers on i9"
TILES_PER_PLAYER = len(SET)  # 29
_MOVE_RE = re.compile(rf"^([a-z]+)@({pn.LOCATION})$", re.IGNORECASE | re.ASCII)


def normalise_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """Checked options with every default written out."""
    return check_all(GAME, OPTIONS, 2, options)


def allowed(tile: Tile, point: Point) -> bool:
    """The colour rule of 4.2 (the Centerpiece on i9 is exempt)."""
    colours = COLOURS[point]
    if tile.kind == FLOWER:
        return tile.colour in colours or NEUTRAL in colours
    if tile.kind == LOTUS:
        return RED in colours or WHITE in colours
    return NEUTRAL in colours


def colour_words(point: Point) -> str:
    """The colour set as refusals name it: red, white, red and white, or yellow."""
    colours = COLOURS[point]
    if NEUTRAL in colours and len(colours) == 1:
        return "yellow"
    return " and ".join(c for c in (RED, WHITE) if c in colours)


def colour_refusal(tile: Tile, point: Point) -> str:
    where = f"({name(point)} is {colour_words(point)})"
    if tile.kind == FLOWER:
        return (f"{tile.flower} (a {tile.colour} flower) may only be placed on a point with some "
                f"{tile.colour} or yellow {where}")
    if tile.kind == LOTUS:
        return f"White Lotus may only be placed on a point with some red or white {where}"
    return f"{tile.name} may only be placed on a point with some yellow {where}"


# Every tile's allowed points, and the text of every placement, computed once.
ALLOWED: dict[str, tuple[Point, ...]] = {c: tuple(p for p in POINTS if allowed(TILES[c], p)) for c in SET}
MOVE_TEXT: dict[tuple[str, Point], str] = {(c, p): f"{c}@{name(p)}" for c in SET for p in POINTS}


class KutaiGame(Game):
    """Kutai Pai Sho for two players; seat 0 (Player 1) places the Centerpiece."""

    variant = "kutai"
    REASON_TEXT = {"harmony": "the Harmony passed the target", "best_total": "higher best total",
                   "exhausted": "every tile is placed"}

    def __init__(self, players: int, seed: int, options: dict[str, Any] | None) -> None:
        super().__init__(players, seed, options)
        self.options = normalise_options(options)
        self.target: int = self.options["target"]
        self.board: dict[Point, tuple[int, str]] = {}  # in the order the tiles were placed
        self.remaining: list[set[str]] = [set(SET), set(SET)]
        self.best = [0, 0]
        self.harmony: Harmony = analyse({})
        self.last: Point | None = None
        self.previous_total = 0

    # ----- the contract -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.outcome is not None:
            return None
        return len(self.board) % 2

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's best total so far (4.5.5)."""
        return tuple(self.best)

    @property
    def total(self) -> int:
        """The total Harmony of the position, shared by both players."""
        return self.harmony.total

    def _generate(self) -> list[str]:
        seat = self.to_move
        if not self.board:
            return [MOVE_TEXT[c, CENTRE] for c in SET if TILES[c].kind != SPECIAL]
        return [MOVE_TEXT[c, p] for c in SET if c in self.remaining[seat] for p in ALLOWED[c] if p not in self.board]

    def _play(self, move: str) -> str:
        text = pn.squash(move)
        if text.lower() == "pass":
            raise IllegalMove(pn.NO_PASS)
        tile, point = self._read(move)
        seat = self.to_move
        assert seat is not None
        if tile.code not in self.remaining[seat]:
            raise IllegalMove(pn.none_left(tile.name))
        if not self.board:
            if tile.kind == SPECIAL or point != CENTRE:
                raise IllegalMove(FIRST_TILE)
        elif not allowed(tile, point):
            raise IllegalMove(colour_refusal(tile, point))
        if point in self.board:
            raise IllegalMove(pn.occupied(name(point)))
        self._place(seat, tile.code, point)
        return MOVE_TEXT[tile.code, point]

    def _resign(self, player: int, reason: str) -> None:
        self.outcome = Outcome((1 - player,), self.scores, reason)

    def _over_message(self, move: str) -> str:
        if pn.squash(move).lower() not in ("pass", "resign"):
            self._read(move)  # a misspelt move or a point off the board is named first (0.4)
        return pn.OVER

    def position_text(self) -> str:
        return self.position()

    def view(self):
        """The picture's immutable snapshot of the game (KutaiView, engine.kutai.view)."""
        from .view import board_view
        return board_view(self)

    def describe_last_turn(self) -> str:
        if self.last is None or self.last_was_leave:
            return ""
        change = self.total - self.previous_total
        moved = f"{change:+d}" if change else "unchanged"
        return f"Harmony {self.total} ({moved}); more than {self.target} wins"

    # ----- Kutai specifics ------------------------------------------------------------
    def _read(self, move: str) -> tuple[Tile, Point]:
        """The tile and point a placement names: PARSE, then OFF (4.4 checks 1-2)."""
        match = _MOVE_RE.match(pn.squash(move))
        tile = BY_LOWER.get(match.group(1).lower()) if match else None
        if tile is None:
            raise IllegalMove(pn.cant_read(move, EXAMPLES))
        return tile, pn.read_point(match.group(2))

    def _place(self, seat: int, code: str, point: Point) -> None:
        self._legal = None
        self.board[point] = (seat, code)
        self.remaining[seat].discard(code)
        self.last = point
        self.previous_total = self.total
        self._rebuild()
        self.best[seat] = max(self.best[seat], self.total)
        if self.total > self.target:
            self.outcome = Outcome((seat,), self.scores, "harmony")
        elif len(self.board) == 2 * TILES_PER_PLAYER:
            self._exhausted()

    def _rebuild(self) -> None:
        self.harmony = analyse(self.board, self.options["sight"], self.options["preference"])

    def _exhausted(self) -> None:
        """All 58 tiles placed without a win (4.5.5)."""
        if self.options["exhaustion"] == "best" and self.best[0] != self.best[1]:
            winner = 0 if self.best[0] > self.best[1] else 1
            self.outcome = Outcome((winner,), self.scores, "best_total")
        else:
            self.outcome = Outcome((0, 1), self.scores, "exhausted")

    def result(self) -> dict[str, Any] | None:
        """The result as the game record writes it (0.6, 4.5.5)."""
        out = self.outcome
        if out is None:
            return None
        return {**pn.result_head(out), "total": self.total, "best": list(self.best)}

    def position(self) -> str:
        """The position in the test-position format (4.6.1)."""
        sides = []
        for seat in (0, 1):
            tiles = ", ".join(MOVE_TEXT[code, p] for p, (owner, code) in self.board.items() if owner == seat)
            sides.append(f"{seat + 1}: {tiles}".rstrip())
        return "; ".join(sides) + f"; best: {self.best[0]}, {self.best[1]}"

    # ----- test positions (4.6.1) -------------------------------------------------------
    @classmethod
    def from_position(cls, position: str, options: dict[str, Any] | None = None) -> KutaiGame:
        game = cls(2, 0, options)
        game.load_options = dict(options or {})
        sides, best = _parse_position(position)
        for seat in (0, 1):
            for code, point in sides[seat]:
                if point in game.board:
                    raise ValueError(f"{name(point)} is used twice.")
                tile = TILES[code]
                if point == CENTRE:
                    if seat != 0 or tile.kind == SPECIAL:
                        raise ValueError("i9 must hold the Centerpiece: one of Player 1's flowers.")
                elif not allowed(tile, point):
                    raise ValueError(colour_refusal(tile, point) + ".")
                game.board[point] = (seat, code)
                game.remaining[seat].discard(code)
        if game.board and game.board.get(CENTRE, (1,))[0] != 0:
            raise ValueError("i9 must hold the Centerpiece: one of Player 1's flowers.")
        counts = [len(sides[0]), len(sides[1])]
        if counts[0] not in (counts[1], counts[1] + 1):
            raise ValueError(f"Player 1 has placed {counts[0]} tiles and Player 2 {counts[1]}: "
                             f"Player 1 places as many as Player 2, or one more.")
        # keep the placement order of play: alternate the two sides
        order = [t for pair in zip(sides[0], sides[1] + [None]) for t in pair if t is not None]
        game.board = {p: game.board[p] for _, p in order}
        game._rebuild()
        if game.total > game.target:
            raise ValueError(f"The total Harmony is already {game.total}, more than the target "
                             f"{game.target}; a test position starts undecided.")
        if max(best) > game.target:
            raise ValueError(f"A best total of {max(best)} is already more than the target {game.target}.")
        game.best = list(best)
        game.previous_total = game.total
        if len(game.board) == 2 * TILES_PER_PLAYER:
            game._exhausted()
        game.start_position = game.position()
        return game


def _parse_position(position: str) -> tuple[list[list[tuple[str, Point]]], tuple[int, int]]:
    """The two sides (placed tiles, in the order written) and the best totals of a kpos."""
    parts = [part for part in pn.squash(position).split(";") if part]
    sides: dict[int, list[tuple[str, Point]]] = {}
    best = (0, 0)
    for part in parts:
        key, sep, body = part.partition(":")
        if key.lower() == "best" and sep:
            numbers = body.split(",")
            if len(numbers) != 2 or not all(n.isdigit() for n in numbers):
                raise ValueError("Write the best totals as best: 8, 6.")
            best = (int(numbers[0]), int(numbers[1]))
            continue
        if key not in ("1", "2") or not sep:
            raise ValueError(f"Unexpected '{part}' in the position; write 1: ...; 2: ...; best: ..., ...")
        seat = int(key) - 1
        if seat in sides:
            raise ValueError(f"Side {key} appears twice in the position.")
        tiles: list[tuple[str, Point]] = []
        for item in body.split(",") if body else []:
            match = _MOVE_RE.match(item)
            tile = BY_LOWER.get(match.group(1).lower()) if match else None
            if tile is None:
                raise ValueError(f"I can't read '{item}' in the position; write tiles as DMa@i9.")
            point = pn.point_of(match.group(2))
            if point is None:
                raise ValueError(pn.off_board(match.group(2)) + ".")
            if any(code == tile.code for code, _ in tiles):
                raise ValueError(f"Player {key} has {tile.code} twice.")
            tiles.append((tile.code, point))
        sides[seat] = tiles
    if set(sides) != {0, 1}:
        raise ValueError("The position needs a side 1: ... and a side 2: ...")
    return [sides[0], sides[1]], best
