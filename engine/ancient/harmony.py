"""Ancient Pai Sho's harmonies (docs/rules/ancient.md 3.5): the interacting pairs of flowers along
every rank and file (a Coin kills its lines, an odd number of Lotuses on a line turns harmony and
disharmony round), and the harmony count of a position that decides the game: counted over the
whole board, or updated from the count before a turn by recounting only the ranks and files
through the points the turn changed (``count_after``), so a turn costs the same on any board."""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..paisho.board import POINTS, Point
from ..paisho.flowers import RELATIONS
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


# Every rank (0, rank) and file (1, file): its points in order along it.
LINES: dict[tuple[int, int], tuple[Point, ...]] = {}
for _p in POINTS:  # POINTS runs rank by rank, file by file: each line comes out in order
    LINES.setdefault((0, _p[1]), ())
    LINES[(0, _p[1])] += (_p,)
for _p in sorted(POINTS):
    LINES.setdefault((1, _p[0]), ())
    LINES[(1, _p[0])] += (_p,)


def line_harmonies(board: Board, line: tuple[int, int]) -> int:
    """The harmonies along one rank or file (the pairs ``line_pairs`` finds there)."""
    tiles = [board[p] for p in LINES.get(line, ()) if p in board]
    if len(tiles) < 2:
        return 0
    codes = [tile[1] for tile in tiles]
    if "Rk" in codes:
        return 0
    flip = codes.count("WL") % 2 == 1
    flowers = [tile[1] for tile in tiles if tile[1] in FLOWERS and not tile[2]]
    wanted = "D" if flip else "H"
    return sum(1 for a, b in zip(flowers, flowers[1:]) if RELATIONS[a, b] == wanted)


def lines_through(points: Iterable[Point]) -> set[tuple[int, int]]:
    """The ranks and files through ``points``."""
    return {line for p in points for line in ((0, p[1]), (1, p[0]))}


def count_after(before: Board, count: int, after: Board, changed: Iterable[Point]) -> int:
    """The harmony count of ``after``, a board that differs from ``before`` (whose count is
    ``count``) at most on the points ``changed``: equal to ``harmony_count(after)``."""
    for line in lines_through(changed):
        count += line_harmonies(after, line) - line_harmonies(before, line)
    return count
