"""Quaterno's 11 x 11 board (quaterno.md A2): distance, the main diagonals, quarters, placement
squares and the two mirror images. Squares are ``(file, rank)``, both 0-based (f6 = (5, 5))."""
from __future__ import annotations

Square = tuple[int, int]

SIZE = 11
CENTRE: Square = (5, 5)
DIRS8 = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
ORTHO = ((0, 1), (1, 0), (0, -1), (-1, 0))
SQUARES: tuple[Square, ...] = tuple((f, r) for r in range(SIZE) for f in range(SIZE))


def on_board(sq: Square) -> bool:
    return 0 <= sq[0] < SIZE and 0 <= sq[1] < SIZE


def dist(a: Square, b: Square) -> int:
    """King-step (Chebyshev) distance."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def on_d1(sq: Square) -> bool:
    return sq[0] == sq[1]


def on_d2(sq: Square) -> bool:
    return sq[0] + sq[1] == SIZE - 1


def on_diagonal(sq: Square) -> bool:
    return on_d1(sq) or on_d2(sq)


def quarter(sq: Square) -> str | None:
    """south / north / west / east, or None on a main diagonal."""
    dx, dy = sq[0] - 5, sq[1] - 5
    if abs(dx) < -dy:
        return "south"
    if abs(dx) < dy:
        return "north"
    if abs(dy) < -dx:
        return "west"
    if abs(dy) < dx:
        return "east"
    return None


QUARTERS = ("south", "north", "west", "east")
PLACEMENT_SQUARES: tuple[Square, ...] = tuple(s for s in SQUARES if dist(s, CENTRE) >= 4 and not on_diagonal(s))


def mirror(axis: str, sq: Square) -> Square:
    """The reflection across D1 (x = y) or D2 (x + y = 12 in the rules' 1-based coordinates)."""
    if axis == "D1":
        return sq[1], sq[0]
    return SIZE - 1 - sq[1], SIZE - 1 - sq[0]


def direction(a: Square, b: Square) -> tuple[int, int] | None:
    """The unit step from ``a`` toward ``b`` when they share a line (rank, file or diagonal)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
        return None
    return (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)


_RINGS: dict[tuple[Square, int], tuple[Square, ...]] = {}


def ring(a: Square, n: int) -> tuple[Square, ...]:
    """The squares of the board at distance ``n`` from ``a`` (Orbit's destinations), cached."""
    key = (a, n)
    found = _RINGS.get(key)
    if found is None:
        found = _RINGS[key] = tuple(sq for sq in SQUARES if dist(a, sq) == n)
    return found
