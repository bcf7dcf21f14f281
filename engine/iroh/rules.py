"""Iroh Pai Sho's position rules (docs/rules/iroh.md 2.4-2.5): the squares a Knotweed may hold,
locking, how far an Air reaches, and harmonies across the four midline arms with the winning-set
search.

A position here is ``board``: point -> (owner 0|1, code) and ``knotweeds``: the set of squares
(lower-left points) that hold a Knotweed.
"""
from __future__ import annotations

from itertools import product

from ..paisho.board import ORDER, ORTHOGONAL, POINT_SET, POINTS, Point

ARMS = ("S", "E", "N", "W")
# The pieces a Knotweed does not hold, and that destroy one on a corner of its square (2.4.4).
KNOTWEED_PROOF = ("Fi", "WL")

Board = dict[Point, tuple[int, str]]
NO_TILE = (None, "")  # what ``board.get(point, NO_TILE)`` gives for an empty point


def corners(square: Point) -> tuple[Point, ...]:
    x, y = square
    return (x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)


# The 216 squares (named by their lower-left corner) whose four corners exist.
SQUARES: frozenset[Point] = frozenset(p for p in POINTS if all(c in POINT_SET for c in corners(p)))


def squares_at(point: Point) -> tuple[Point, ...]:
    """The squares with ``point`` as a corner, in board order of their lower-left corners."""
    x, y = point
    return tuple(sq for sq in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)) if sq in SQUARES)


def knotweed_stays(board: Board, square: Point) -> bool:
    """Whether a Knotweed placed on ``square`` stays: no Fire or White Lotus on a corner destroys
    it at once (2.4.4)."""
    return not any(board.get(c, NO_TILE)[1] in KNOTWEED_PROOF for c in corners(square))


def knotweed_squares(board: Board, knotweeds: set[Point], point: Point) -> list[Point]:
    """The squares where a Knotweed placed now would hold the piece on ``point``: free of a
    Knotweed, and it stays there."""
    return [sq for sq in squares_at(point) if sq not in knotweeds and knotweed_stays(board, sq)]


def knotweeds_left(knotweeds: set[Point], point: Point) -> set[Point]:
    """The Knotweeds left when a Fire or White Lotus comes to ``point`` (it destroys those whose
    square has ``point`` as a corner, 2.4.4)."""
    return {sq for sq in knotweeds if point not in corners(sq)}


def locked_points(knotweeds: set[Point]) -> set[Point]:
    """Points on a corner of a square holding a Knotweed."""
    return {c for sq in knotweeds for c in corners(sq)}


def is_locked(board: Board, knotweeds: set[Point], point: Point, held: set[Point] | None = None) -> bool:
    """A piece other than Fire or White Lotus on a Knotweed's corner cannot move (2.4.4)."""
    if point not in board or board[point][1] in KNOTWEED_PROOF:
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


def harmonies(board: Board, knotweeds: set[Point], player: int,
              held: set[Point] | None = None) -> dict[str, list[tuple[Point, Point]]]:
    """Every harmony of ``player`` by arm, each written earlier end first, sorted (2.5).
    ``held``: the locked points (``locked_points(knotweeds)``) when the caller has them."""
    return both_harmonies(board, knotweeds, held)[player]


def both_harmonies(board: Board, knotweeds: set[Point], held: set[Point] | None = None
                   ) -> tuple[dict[str, list[tuple[Point, Point]]], dict[str, list[tuple[Point, Point]]]]:
    """Every harmony of each player (``harmonies``), P1's and P2's, in one pass over the board.

    Each rank and file off the centre cross is scanned once from every possible western (southern)
    end towards the other side: locked pieces are passed, Rocks are passed by Earth harmonies only,
    and any other piece is the last point the scan looks at."""
    if held is None:
        held = locked_points(knotweeds) if knotweeds else set()

    def end_kinds(p: Point, piece: tuple[int, str]) -> tuple[str | None, str | None]:
        """Per player: 'own' for one of the player's movable pieces or either Lotus, 'rock', else None."""
        owner, code = piece
        if code == "WL":
            return "own", "own"
        if p in held and code != "Fi":
            return None, None  # locked
        if code == "Rk":
            return "rock", "rock"
        return ("own", None) if owner == 0 else (None, "own")

    found: tuple[dict[str, list[tuple[Point, Point]]], ...] = ({arm: [] for arm in ARMS}, {arm: [] for arm in ARMS})
    lines: dict[tuple[int, int], list[Point]] = {}
    for p in board:
        if p[1] != 8:
            lines.setdefault((0, p[1]), []).append(p)
        if p[0] != 8:
            lines.setdefault((1, p[0]), []).append(p)
    for (axis, at), pieces in lines.items():
        if len(pieces) < 2:
            continue
        pieces.sort()  # along the line: a rank's points differ in the file, a file's in the rank
        arm = ("S" if at < 8 else "N") if axis == 0 else ("W" if at < 8 else "E")
        for i, a in enumerate(pieces):
            if a[axis] >= 8:
                break
            piece_a = board[a]
            kinds_a = end_kinds(a, piece_a)
            if kinds_a == (None, None):
                continue
            rock_between = False
            for b in pieces[i + 1:]:
                piece_b = board[b]
                if b[axis] > 8:
                    kinds_b = end_kinds(b, piece_b)
                    for player in (0, 1):
                        ka, kb = kinds_a[player], kinds_b[player]
                        if ka is None or kb is None or (ka == "rock" and kb == "rock"):
                            continue
                        earth = piece_a == (player, "Ea") or piece_b == (player, "Ea")
                        if earth or (ka == "own" and kb == "own" and not rock_between):
                            found[player][arm].append((a, b) if ORDER[a] < ORDER[b] else (b, a))
                if b in held and piece_b[1] not in ("Fi", "WL"):
                    continue  # a locked piece does not block
                if piece_b[1] == "Rk":
                    rock_between = True  # blocks all but Earth harmonies
                    continue
                break
    for side in found:
        for arm in ARMS:
            if len(side[arm]) > 1:
                side[arm].sort(key=lambda h: (ORDER[h[0]], ORDER[h[1]]))
    return found[0], found[1]


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
