"""Ancient Pai Sho's harmonies (docs/rules/ancient.md 3.5): the interacting pairs of flowers along
every rank and file (a Coin kills its lines, an odd number of Lotuses on a line turns harmony and
disharmony round), and the harmony count of a position that decides the game."""
from __future__ import annotations

from collections.abc import Iterator

from ..paisho.board import Point
from .tiles import FLOWERS, Board, relation


def line_pairs(board: Board) -> Iterator[tuple[Point, Point, str]]:
    """(a, b, 'H' or 'D') for every interacting pair of flowers, line by line (3.5)."""
    lines: dict[tuple[int, int], list[Point]] = {}
    for p in board:
        lines.setdefault((0, p[1]), []).append(p)  # its rank
        lines.setdefault((1, p[0]), []).append(p)  # its file
    for (axis, _), points in lines.items():
        if len(points) < 2 or any(board[p][1] == "Rk" for p in points):
            continue  # nothing to pair, or a Coin kills the whole line
        points.sort(key=lambda p: p[axis])  # a rank runs along the files, a file along the ranks
        flip = sum(1 for p in points if board[p][1] == "WL") % 2 == 1
        flowers = [p for p in points if board[p][1] in FLOWERS and not board[p][2]]
        for a, b in zip(flowers, flowers[1:]):
            kind = relation(board[a][1], board[b][1])
            if kind and flip:
                kind = "D" if kind == "H" else "H"
            if kind:
                yield a, b, kind


def harmony_count(board: Board) -> int:
    return sum(1 for _, _, kind in line_pairs(board) if kind == "H")
