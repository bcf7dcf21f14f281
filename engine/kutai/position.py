"""Kutai Pai Sho's test-position format (docs/rules/kutai.md 4.6.1): reading a position (``kpos``:
each side's placed tiles and the best totals) into a game, and writing a game's position in the
same format.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..paisho import notation as pn
from ..paisho.board import CENTRE, Point, name
from .notation import MOVE_TEXT, PLACE_RE
from .tiles import BY_LOWER, SPECIAL, TILES, allowed, colour_refusal

if TYPE_CHECKING:  # pragma: no cover
    from .game import KutaiGame


def load_position(game: KutaiGame, position: str) -> KutaiGame:
    """Fill ``game`` (a fresh KutaiGame) with the position ``position``: the tiles in the order of
    play, the tree of harmonies, the best totals; ValueError if unreadable or not allowed."""
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
    game.rebuild_harmony()
    if game.total > game.target:
        raise ValueError(f"The total Harmony is already {game.total}, more than the target "
                         f"{game.target}; a test position starts undecided.")
    if max(best) > game.target:
        raise ValueError(f"A best total of {max(best)} is already more than the target {game.target}.")
    game.best = list(best)
    game.previous_total = game.total
    return game


def write_position(game: KutaiGame) -> str:
    """The position in the test-position format (4.6.1)."""
    sides = []
    for seat in (0, 1):
        tiles = ", ".join(MOVE_TEXT[code, p] for p, (owner, code) in game.board.items() if owner == seat)
        sides.append(f"{seat + 1}: {tiles}".rstrip())
    return "; ".join(sides) + f"; best: {game.best[0]}, {game.best[1]}"


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
            match = PLACE_RE.match(item)
            tile = BY_LOWER.get(match.group(1).lower()) if match else None
            if match is None or tile is None:
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
