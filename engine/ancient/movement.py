"""Moving a tile in Ancient Pai Sho (docs/rules/ancient.md 3.4.2): every shape and path rule (the
3- and 5-movers, the L-movers, the Lotus and the Dragon), what a tile may land on, with the
messages in the rules' check order, and the points a tile's shape could reach."""
from __future__ import annotations

from ..base import IllegalMove
from ..paisho import notation as pn
from ..paisho.board import ORTHOGONAL, POINT_SET, Point, name
from .tiles import IMMOBILE, MOVE_TYPE, NAMES, Board


def check_move(board: Board, p: int, a: Point, b: Point, with_x: bool) -> str:
    """The canonical text of ``p``'s move of the tile on ``a`` to ``b``; IllegalMove if refused."""
    an, bn = name(a), name(b)
    if a not in board:
        raise IllegalMove(pn.empty(an))
    owner, code, drained = board[a]
    tile = "drained tile" if drained else NAMES[code]
    if owner != p:
        raise IllegalMove(pn.not_yours(tile, an))
    if drained:
        raise IllegalMove(f"The drained tile on {an} cannot move")
    if code in IMMOBILE:
        raise IllegalMove(f"The {NAMES[code]} cannot move")
    dx, dy = b[0] - a[0], b[1] - a[1]
    straight = (dx == 0) != (dy == 0)
    steps = abs(dx) + abs(dy)
    kind = MOVE_TYPE.get(code, code)
    if kind in (3, 5):
        if not straight:
            raise IllegalMove(pn.not_straight(tile))
        if steps > kind:
            raise IllegalMove(pn.too_far(tile, kind))
        _check_passed(board, tile, a, b)
    elif kind == "L":
        if (dx, dy) == (0, 0) or abs(dx) > 2 or abs(dy) > 2:
            raise IllegalMove(f"{tile} moves at most 2 points each way, turning once")
        if straight:
            _check_passed(board, tile, a, b)
        elif not any(_clear(board, path) for path in _l_paths(a, b)):
            raise IllegalMove(pn.no_l_path(tile, bn))
    elif code == "WL":
        if steps == 0 or steps > 2:
            raise IllegalMove("Lotus can move at most 2 points")
        paths = [[((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)]] if straight else _l_paths(a, b)
        if steps == 2 and not any(_clear(board, path) for path in paths):
            raise IllegalMove(f"Lotus has no clear path to {bn}")
    else:  # the Dragon
        if not straight or steps not in (1, 6):
            raise IllegalMove("The Dragon moves 1 point or exactly 6 points straight")
    target = board.get(b)
    if target is not None:
        if target[2]:
            raise IllegalMove(f"Nothing may land on the drained tile on {bn}")
        if not (target[1] == "WD" or code == "WD"):
            raise IllegalMove(pn.occupied(bn))
        return f"{an}x{bn}"
    if with_x:
        raise IllegalMove(pn.nothing_to_capture(bn))
    return f"{an}-{bn}"


def _clear(board: Board, path: list[Point]) -> bool:
    return all(q in POINT_SET and q not in board for q in path)


def _check_passed(board: Board, tile: str, a: Point, b: Point) -> None:
    d = ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))
    q = (a[0] + d[0], a[1] + d[1])
    while q != b:
        if q in board:
            raise IllegalMove(pn.passes_over(tile, name(q)))
        q = (q[0] + d[0], q[1] + d[1])


def _l_paths(a: Point, b: Point) -> list[list[Point]]:
    """The passed points of the two L paths from a to b (rank first, file first), corner included."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    rank_first = [(a[0] + i * sx, a[1]) for i in range(1, abs(dx) + 1)]
    rank_first += [(b[0], a[1] + j * sy) for j in range(1, abs(dy))]
    file_first = [(a[0], a[1] + j * sy) for j in range(1, abs(dy) + 1)]
    file_first += [(a[0] + i * sx, b[1]) for i in range(1, abs(dx))]
    return [rank_first, file_first]


def candidates(a: Point, code: str) -> list[Point]:
    """Every point a tile of this kind could reach by its shape (before paths and occupancy)."""
    kind = MOVE_TYPE.get(code, code)
    x, y = a
    if kind in (3, 5):
        return [(x + dx * k, y + dy * k) for dx, dy in ORTHOGONAL for k in range(1, kind + 1)]
    if kind == "L":
        return [(x + i, y + j) for i in range(-2, 3) for j in range(-2, 3)]
    if code == "WL":
        return [(x + i, y + j) for i in range(-2, 3) for j in range(-2, 3) if 0 < abs(i) + abs(j) <= 2]
    return [(x + dx * k, y + dy * k) for dx, dy in ORTHOGONAL for k in (1, 6)]
