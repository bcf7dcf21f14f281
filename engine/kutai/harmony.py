"""Kutai Pai Sho's harmony (docs/rules/kutai.md 4.5): disharmony, line of sight and the tree of harmonies.

Everything is computed from the position alone [D-K11]: ``analyse(board, sight, preference)``
returns the disharmonious pairs, each tile's restriction and the tree grown greedily from the
Centerpiece on i9, whose link values add up to the total Harmony.

A game keeps two things up to date placement by placement so that the tree is not grown from a
re-read board each time (the result is the same): under queen sight, what each tile sees in each
of the eight directions (``sight_table`` / ``add_to_sight``), and the disharmonies
(``disharmonies_after``); ``analyse`` takes them as ``seen`` and ``found``.
"""
from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass

from ..paisho.board import CENTRE, DIAGONAL, ORDER, ORTHOGONAL, ORTHOGONAL_NEIGHBOURS, Point, between, dist2
from .tiles import FLOWER, TILES, VALUE, shared

NONE = 4  # "forms no harmony at all": above every link value (1-3)
_RESTRICTION = {0: NONE, 1: 3, 2: 2}  # shared properties -> smallest link value allowed (4.5.2)

Board = dict[Point, tuple[int, str]]  # point -> (owner seat, tile code)
QUEEN_DIRECTIONS = ORTHOGONAL + DIAGONAL
OPPOSITE = tuple(QUEEN_DIRECTIONS.index((-dx, -dy)) for dx, dy in QUEEN_DIRECTIONS)
# Per point, the points of the board along each of the eight directions, nearest first.
RAYS: dict[Point, tuple[tuple[Point, ...], ...]] = {
    p: tuple(tuple((p[0] + k * dx, p[1] + k * dy) for k in range(1, 17)
                   if (p[0] + k * dx, p[1] + k * dy) in ORDER) for dx, dy in QUEEN_DIRECTIONS)
    for p in ORDER}
Seen = dict[Point, tuple["Point | None", ...]]  # point -> the first tile in each queen direction


@dataclass(frozen=True)
class Link:
    parent: Point
    child: Point
    value: int


@dataclass(frozen=True)
class Disharmony:
    a: Point
    b: Point
    shared: int  # properties the two flowers share (0-2)


@dataclass(frozen=True)
class Harmony:
    links: tuple[Link, ...]  # in the order the tree grew
    disharmonies: tuple[Disharmony, ...]
    minimum: dict[Point, int]  # smallest link value each restricted tile may use

    @property
    def total(self) -> int:
        return sum(link.value for link in self.links)


def disharmonies(board: Board) -> list[Disharmony]:
    """Orthogonally adjacent coloured flowers in disharmony (4.5.2), each pair once."""
    spade_near = {q for p, (_, code) in board.items() if code == "Sp" for q in ORTHOGONAL_NEIGHBOURS[p]}
    found = []
    for p, (_, code) in board.items():
        tile = TILES[code]
        if tile.kind != FLOWER or p in spade_near:
            continue
        for q in ORTHOGONAL_NEIGHBOURS[p]:
            if q not in board or ORDER[q] < ORDER[p] or q in spade_near:
                continue
            other = TILES[board[q][1]]
            if other.kind != FLOWER or other.flower == tile.flower:
                continue
            s = shared(tile, other)
            if s < 3:
                found.append(Disharmony(p, q, s))
    return found


def disharmonies_after(found: tuple[Disharmony, ...], board: Board, p: Point) -> tuple[Disharmony, ...]:
    """``disharmonies(board)`` when ``found`` were those of ``board`` before the tile on ``p`` (the
    last one placed) came, in the same order."""
    code = board[p][1]
    if code == "Sp":  # a Spade lifts disharmonies: count again
        return tuple(disharmonies(board))
    tile = TILES[code]
    if tile.kind != FLOWER or _spade_near(board, p):
        return found
    new = []
    for q in ORTHOGONAL_NEIGHBOURS[p]:
        other = board.get(q)
        if other is None:
            continue
        other_tile = TILES[other[1]]
        if other_tile.kind != FLOWER or other_tile.flower == tile.flower or _spade_near(board, q):
            continue
        s = shared(tile, other_tile)
        if s < 3:
            new.append(Disharmony(p, q, s) if ORDER[p] < ORDER[q] else Disharmony(q, p, s))
    if not new:
        return found
    index = {point: i for i, point in enumerate(board)}
    return tuple(sorted((*found, *new), key=lambda d: (index[d.a], ORTHOGONAL_NEIGHBOURS[d.a].index(d.b))))


def _spade_near(board: Board, p: Point) -> bool:
    return any(board.get(q, (0, ""))[1] == "Sp" for q in ORTHOGONAL_NEIGHBOURS[p])


def restrictions(found: tuple[Disharmony, ...] | list[Disharmony]) -> dict[Point, int]:
    """The strictest restriction of each tile in disharmony; the Centerpiece is immune [D-K15]."""
    minimum: dict[Point, int] = {}
    for d in found:
        need = _RESTRICTION[d.shared]
        for p in (d.a, d.b):
            if p != CENTRE:
                minimum[p] = max(minimum.get(p, 0), need)
    return minimum


def sees(board: Board, a: Point, b: Point, sight: str) -> bool:
    """Line of sight (4.5.3): ``queen`` lines with nothing between, or ``any`` straight line."""
    if sight == "queen":
        if a[0] != b[0] and a[1] != b[1] and abs(a[0] - b[0]) != abs(a[1] - b[1]):
            return False
        return not any(p in board for p in between(a, b))
    dx, dy = b[0] - a[0], b[1] - a[1]
    dd = dx * dx + dy * dy
    lo_x, hi_x = min(a[0], b[0]), max(a[0], b[0])
    lo_y, hi_y = min(a[1], b[1]), max(a[1], b[1])
    for c in board:
        if not (lo_x <= c[0] <= hi_x and lo_y <= c[1] <= hi_y) or c == a or c == b:
            continue  # a blocker projects inside the segment, so it lies in its bounding box
        cx, cy = c[0] - a[0], c[1] - a[1]
        dot = cx * dx + cy * dy
        cross = dx * cy - dy * cx
        if 0 < dot < dd and 4 * cross * cross < dd:
            return False
    return True


def first_tiles(board: Board, a: Point) -> tuple[Point | None, ...]:
    """The first tile in each of the eight queen directions from ``a`` (None: no tile that way)."""
    seen: list[Point | None] = []
    for ray in RAYS[a]:
        for q in ray:
            if q in board:
                seen.append(q)
                break
        else:
            seen.append(None)
    return tuple(seen)


def queen_view(board: Board, a: Point) -> list[Point]:
    """The tiles ``a`` sees under queen sight: the first tile in each of the eight directions."""
    return [q for q in first_tiles(board, a) if q is not None]


def sight_table(board: Board) -> Seen:
    """What every tile of ``board`` sees under queen sight, direction by direction."""
    return {p: first_tiles(board, p) for p in board}


def add_to_sight(seen: Seen, board: Board, p: Point) -> None:
    """Update ``seen`` (the table of ``board`` without ``p``) for the tile just placed on ``p``."""
    mine = first_tiles(board, p)
    seen[p] = mine
    for i, q in enumerate(mine):
        if q is not None:
            j = OPPOSITE[i]
            row = seen[q]
            seen[q] = (*row[:j], p, *row[j + 1:])


def analyse(board: Board, sight: str = "queen", preference: str = "on", seen: Seen | None = None,
            found: tuple[Disharmony, ...] | None = None) -> Harmony:
    """Disharmonies, restrictions and the tree of harmonies of a position (4.5.2-4.5.4).

    ``seen`` (queen sight only) and ``found``, when given, are ``sight_table(board)`` and
    ``disharmonies(board)`` kept up to date by the caller."""
    if found is None:
        found = tuple(disharmonies(board))
    minimum = restrictions(found)
    if CENTRE not in board:
        return Harmony((), found, minimum)
    codes = {p: code for p, (_, code) in board.items()}
    in_tree = {CENTRE}
    has_child: set[Point] = set()
    links: list[Link] = []
    heap: list[tuple] = []

    def offer(u: Point) -> None:
        others: Iterable[Point | None] = (codes if sight != "queen" else seen[u] if seen is not None
                                           else first_tiles(board, u))
        for v in others:
            if v is None or v in in_tree:
                continue
            w = VALUE[codes[u], codes[v]]
            if w > 0 and w >= minimum.get(u, 0) and w >= minimum.get(v, 0):
                near = dist2(u, v)
                key = (-w, near) if preference == "on" else (near, -w)
                heapq.heappush(heap, (*key, ORDER[v], ORDER[u], u, v, w))

    offer(CENTRE)
    while heap:
        *_, u, v, w = heapq.heappop(heap)
        # candidates only ever stop being candidates, so a stale entry is simply dropped
        if v in in_tree or (u != CENTRE and u in has_child) or (sight != "queen" and not sees(board, u, v, sight)):
            continue
        in_tree.add(v)
        has_child.add(u)
        links.append(Link(u, v, w))
        offer(v)
    return Harmony(tuple(links), found, minimum)
