"""Iroh Pai Sho's position rules (docs/rules/iroh.md 2.4-2.5): the squares a Knotweed may hold,
locking, how far an Air reaches, and harmonies across the four midline arms with the winning-set
search.

A position here is ``board``: point -> (owner 0|1, code) and ``knotweeds``: the set of squares
(lower-left points) that hold a Knotweed.
"""
from __future__ import annotations

from itertools import product

from ..paisho.board import ORDER, ORTHOGONAL, POINT_SET, POINTS, Point
from .tiles import NATIONS

ARMS = ("S", "E", "N", "W")

Board = dict[Point, tuple[int, str]]


def corners(square: Point) -> tuple[Point, ...]:
    x, y = square
    return (x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)


# The 216 squares (named by their lower-left corner) whose four corners exist.
SQUARES: frozenset[Point] = frozenset(p for p in POINTS if all(c in POINT_SET for c in corners(p)))


def locked_points(knotweeds: set[Point]) -> set[Point]:
    """Points on a corner of a square holding a Knotweed."""
    return {c for sq in knotweeds for c in corners(sq)}


def is_locked(board: Board, knotweeds: set[Point], point: Point, held: set[Point] | None = None) -> bool:
    """A piece other than Fire or White Lotus on a Knotweed's corner cannot move (2.4.4)."""
    if point not in board or board[point][1] in ("Fi", "WL"):
        return False
    return point in (held if held is not None else locked_points(knotweeds))


def air_reach(board: Board, a: Point) -> set[Point]:
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
                if q not in board:
                    nxt.append(q)
        frontier = nxt
    return reach


def arm_of(a: Point, b: Point) -> str | None:
    """Which midline arm the line a-b crosses (2.5 rule 1), or None."""
    if a[1] == b[1] and a[1] != 8 and (a[0] - 8) * (b[0] - 8) < 0:
        return "S" if a[1] < 8 else "N"
    if a[0] == b[0] and a[0] != 8 and (a[1] - 8) * (b[1] - 8) < 0:
        return "W" if a[0] < 8 else "E"
    return None


def harmonies(board: Board, knotweeds: set[Point], player: int) -> dict[str, list[tuple[Point, Point]]]:
    """Every harmony of ``player`` by arm, each written earlier end first, sorted (2.5)."""
    held = locked_points(knotweeds)

    def locked(p: Point) -> bool:
        return is_locked(board, knotweeds, p, held)

    def end_kind(p: Point) -> str | None:
        """'own' for one of the player's movable pieces or either Lotus, 'rock', else None."""
        owner, code = board[p]
        if locked(p):
            return None
        if code == "WL" or (owner == player and code in NATIONS):
            return "own"
        return "rock" if code == "Rk" else None

    found: dict[str, list[tuple[Point, Point]]] = {arm: [] for arm in ARMS}
    lines: dict[tuple[str, int], list[Point]] = {}
    for p in board:
        if p[1] != 8:
            lines.setdefault(("rank", p[1]), []).append(p)
        if p[0] != 8:
            lines.setdefault(("file", p[0]), []).append(p)
    for (kind, _), pieces in lines.items():
        axis = 0 if kind == "rank" else 1
        pieces.sort(key=lambda q: q[axis])
        for i, a in enumerate(pieces):
            if a[axis] >= 8:
                break
            ka = end_kind(a)
            if ka is None:
                continue
            for j in range(i + 1, len(pieces)):
                b = pieces[j]
                if b[axis] <= 8:
                    continue
                kb = end_kind(b)
                earth = (board[a] == (player, "Ea")) or (board[b] == (player, "Ea"))
                if kb is not None and (ka, kb) != ("rock", "rock") and (
                        "rock" not in (ka, kb) or earth):
                    between = pieces[i + 1:j]
                    if all(locked(q) or (board[q][1] == "Rk" and earth) for q in between):
                        first, second = sorted((a, b), key=ORDER.__getitem__)
                        arm = arm_of(a, b)
                        assert arm is not None  # a and b lie on either side of a midline, on one rank or file
                        found[arm].append((first, second))
    for arm in ARMS:
        found[arm].sort(key=lambda h: (ORDER[h[0]], ORDER[h[1]]))
    return found


def winning_set(board: Board, knotweeds: set[Point], player: int) -> list[tuple[Point, Point, str]] | None:
    """The first winning set (S, E, N, W; lexicographic over the sorted candidates), or None."""
    found = harmonies(board, knotweeds, player)
    if not all(found[arm] for arm in ARMS):
        return None
    for combo in product(*(found[arm] for arm in ARMS)):
        uses: dict[Point, int] = {}
        for a, b in combo:
            for p in (a, b):
                uses[p] = uses.get(p, 0) + 1
        if all(n == 1 or (n == 2 and board[p] == (player, "Wa")) for p, n in uses.items()):
            return [(a, b, arm) for (a, b), arm in zip(combo, ARMS)]
    return None
