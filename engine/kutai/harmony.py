"""Kutai Pai Sho's harmony (docs/rules/kutai.md 4.5): disharmony, line of sight and the tree of harmonies.

Everything is computed from the position alone [D-K11]: ``analyse(board, sight, preference)``
returns the disharmonious pairs, each tile's restriction and the tree grown greedily from the
Centerpiece on i9, whose link values add up to the total Harmony.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass

from ..paisho.board import CENTRE, DIAGONAL, ORDER, ORTHOGONAL, ORTHOGONAL_NEIGHBOURS, Point, between, dist2
from .tiles import FLOWER, TILES, shared, value

NONE = 4  # "forms no harmony at all": above every link value (1-3)
_RESTRICTION = {0: NONE, 1: 3, 2: 2}  # shared properties -> smallest link value allowed (4.5.2)

Board = dict[Point, tuple[int, str]]  # point -> (owner seat, tile code)
QUEEN_DIRECTIONS = ORTHOGONAL + DIAGONAL


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


def restrictions(found: list[Disharmony]) -> dict[Point, int]:
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


def queen_view(board: Board, a: Point) -> list[Point]:
    """The tiles ``a`` sees under queen sight: the first tile in each of the eight directions."""
    seen = []
    for dx, dy in QUEEN_DIRECTIONS:
        x, y = a[0] + dx, a[1] + dy
        while 0 <= x < 17 and 0 <= y < 17:
            if (x, y) in board:
                seen.append((x, y))
                break
            x, y = x + dx, y + dy
    return seen


def analyse(board: Board, sight: str = "queen", preference: str = "on") -> Harmony:
    """Disharmonies, restrictions and the tree of harmonies of a position (4.5.2-4.5.4)."""
    found = disharmonies(board)
    minimum = restrictions(found)
    if CENTRE not in board:
        return Harmony((), tuple(found), minimum)
    codes = {p: code for p, (_, code) in board.items()}
    in_tree = {CENTRE}
    has_child: set[Point] = set()
    links: list[Link] = []
    heap: list[tuple] = []

    def offer(u: Point) -> None:
        for v in (queen_view(board, u) if sight == "queen" else codes):
            if v in in_tree:
                continue
            w = value(codes[u], codes[v])
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
    return Harmony(tuple(links), tuple(found), minimum)
