"""The round Pai Sho board (docs/rules/paisho-board.md 0.2-0.3): which points exist, their colours,
gates, lines, neighbours, the Wheel's ring of eight steps, mirror points and board order.

A point is ``(file, rank)`` with both 0-based, as in ``engine.notation`` (``(8, 8)`` is i9, the
centre). The Garden Gate's coordinates are ``x = file - 8`` and ``y = rank - 8``; a point exists
exactly when ``x*x + y*y <= 80``. Everything here is computed once at import.
"""
from __future__ import annotations

from collections.abc import Iterator

from .. import notation

Point = tuple[int, int]

SIZE = 17
CENTRE: Point = (8, 8)
RED, WHITE, NEUTRAL = "red", "white", "neutral"


def _exists(file: int, rank: int) -> bool:
    x, y = file - 8, rank - 8
    return 0 <= file < SIZE and 0 <= rank < SIZE and x * x + y * y <= 80


# Every point in board order: by rank ascending, then by file ascending (0.3).
POINTS: tuple[Point, ...] = tuple((f, r) for r in range(SIZE) for f in range(SIZE) if _exists(f, r))
POINT_SET: frozenset[Point] = frozenset(POINTS)
ORDER: dict[Point, int] = {p: i for i, p in enumerate(POINTS)}

# The four gates (i17, i1, q9, a9): the Garden Gate's only special points.
GATES: frozenset[Point] = frozenset({(8, 16), (8, 0), (16, 8), (0, 8)})


def _colours(point: Point) -> frozenset[str]:
    """The colour set of 0.2; gates count as red + neutral [D-0.1]."""
    if point in GATES:
        return frozenset({RED, NEUTRAL})
    x, y = point[0] - 8, point[1] - 8
    s = abs(x) + abs(y)
    if s >= 8:
        return frozenset({NEUTRAL})
    if x == 0 or y == 0:
        found = {RED, WHITE}
    elif x * y > 0:
        found = {RED}
    else:
        found = {WHITE}
    if s == 7:
        found.add(NEUTRAL)
    return frozenset(found)


COLOURS: dict[Point, frozenset[str]] = {p: _colours(p) for p in POINTS}

ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))  # north, east, south, west
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))
# The eight surrounding steps clockwise from north (N, NE, E, ..., NW): the ring a Wheel turns.
RING = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def exists(point: Point) -> bool:
    return point in POINT_SET


_POINT_NAMES: dict[Point, str] = {p: notation.square_name(*p) for p in POINTS}


def name(point: Point) -> str:
    """``(8, 8)`` -> ``"i9"`` (a table lookup: move lists name thousands of points)."""
    return _POINT_NAMES.get(point) or notation.square_name(*point)


NAMES: dict[str, Point] = {text: p for p, text in _POINT_NAMES.items()}


def colours(point: Point) -> frozenset[str]:
    return COLOURS[point]


def mirror(point: Point) -> Point:
    """The point a half turn about i9 away (g7 <-> k11)."""
    return 16 - point[0], 16 - point[1]


def chebyshev(a: Point, b: Point) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def dist2(a: Point, b: Point) -> int:
    """Squared Euclidean distance."""
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def _step(point: Point, direction: tuple[int, int]) -> Point:
    return point[0] + direction[0], point[1] + direction[1]


def ring_points(w: Point) -> list[Point]:
    """The eight points around ``w`` clockwise from north, as RING steps (some may be off the board)."""
    return [(w[0] + dx, w[1] + dy) for dx, dy in RING]


ORTHOGONAL_NEIGHBOURS: dict[Point, tuple[Point, ...]] = {
    p: tuple(q for q in (_step(p, d) for d in ORTHOGONAL) if q in POINT_SET) for p in POINTS}
SURROUNDING: dict[Point, tuple[Point, ...]] = {
    p: tuple(q for q in (_step(p, d) for d in ORTHOGONAL + DIAGONAL) if q in POINT_SET) for p in POINTS}


def side(point: Point) -> int | None:
    """0 for P1's side (ranks 1-8), 1 for P2's (ranks 10-17), None on rank 9."""
    return 0 if point[1] < 8 else 1 if point[1] > 8 else None


def direction(a: Point, b: Point) -> tuple[int, int] | None:
    """The unit step from ``a`` towards ``b`` when they share a rank, file or diagonal."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
        return None
    return (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)


def between(a: Point, b: Point) -> Iterator[Point]:
    """The points strictly between two points on one rank, file or diagonal (nothing otherwise)."""
    step = direction(a, b)
    if step is None:
        return
    p = _step(a, step)
    while p != b:
        yield p
        p = _step(p, step)
