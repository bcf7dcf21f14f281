"""What a Basic Pai Sho position means, derived afresh from the tiles (docs/rules/basic.md 1.4.5,
1.5): drained tiles, Rock copies, blooming Lotuses, facing pairs, harmonies, disharmonies and the
ring around the centre. Nothing here is stored; a ``Garden`` is built for one position and read."""
from __future__ import annotations

from collections import deque
from typing import NamedTuple

from ..paisho.board import SURROUNDING, Point
from ..paisho.flowers import FLOWERS, RELATIONS, colour
from .tiles import PORTS, on_own_colour

Board = dict[Point, list]  # point -> [owner, code, dormant]


class Harmony(NamedTuple):
    a: Point
    b: Point
    owner: int  # whose harmony it is
    value: int  # 2 for a natural harmony, else 1


class Disharmony(NamedTuple):
    x: Point  # the disrupting tile
    a: Point  # the would-be partners on either side
    b: Point
    owner: int  # whose disharmony (it costs the other player)
    value: int


def drained_points(board: Board) -> set[Point]:
    """Every tile but a Knotweed with a Knotweed of either player on its 8 surrounding points."""
    out: set[Point] = set()
    for q, tile in board.items():
        if tile[1] == "Kn":
            out.update(r for r in SURROUNDING[q] if r in board and board[r][1] != "Kn")
    return out


def is_drained(board: Board, q: Point) -> bool:
    """Whether the tile on ``q`` is drained (one tile's test of drained_points)."""
    return board[q][1] != "Kn" and any(r in board and board[r][1] == "Kn" for r in SURROUNDING[q])


def through_centre(a: Point, b: Point) -> bool:
    """A pair on rank 9 or file i whose two tiles lie on opposite sides of i9 (D-B22)."""
    return ((a[1] == b[1] == 8 and (a[0] - 8) * (b[0] - 8) < 0)
            or (a[0] == b[0] == 8 and (a[1] - 8) * (b[1] - 8) < 0))


class Garden:
    """The derived state of one position. ``pot_sizes`` = how many of their own tiles each player
    has in the Pot (it decides who blooms)."""

    def __init__(self, board: Board, pot_sizes: tuple[int, int]) -> None:
        self.board = board
        self.blooming = (pot_sizes[0] < pot_sizes[1], pot_sizes[1] < pot_sizes[0])
        # one walk over the tiles in (file, rank) order: every file's list comes out sorted by
        # rank and every rank's list sorted by file
        ranks: list[list[Point]] = [[] for _ in range(17)]
        files: list[list[Point]] = [[] for _ in range(17)]
        knotweeds, rocks = [], []
        for q in sorted(board):
            code = board[q][1]
            if code == "Bo":
                continue  # Boats are transparent: they never block and never pair
            if code == "Kn":
                knotweeds.append(q)
            elif code == "Rk":
                rocks.append(q)
            ranks[q[1]].append(q)
            files[q[0]].append(q)
        drained: set[Point] = set()
        self.drained = drained
        for k in knotweeds:
            drained.update(r for r in SURROUNDING[k] if r in board and board[r][1] != "Kn")
        self.copies = copies = {q: self.rock_copy(q) for q in rocks}
        # the interacting tiles (not on a port, not drained, awake): owner, code and the flower
        # type they harmonise as (their own, a Rock's copy, or None)
        self.active: dict[Point, tuple[int, str, str | None]] = {
            q: (owner, code, code if code in FLOWERS else copies.get(q))
            for q, (owner, code, dormant) in board.items() if not dormant and q not in PORTS and q not in drained}
        self.lines = [line for line in ranks + files if len(line) > 1]

    def interacting(self, q: Point) -> bool:
        return q in self.active

    def rock_copy(self, q: Point, without: Point | None = None) -> str | None:
        """The one basic-flower type around a Rock that is not drained, if there is exactly one."""
        if q in self.drained:
            return None
        board = self.board
        types = {board[r][1] for r in SURROUNDING[q]
                 if r != without and r in board and board[r][1] in FLOWERS and r not in self.drained}
        return next(iter(types)) if len(types) == 1 else None

    def harmony(self, a: Point, b: Point, copies: dict[Point, str | None] | None = None) -> tuple[int, int] | None:
        """(owner, value) when the facing pair a, b is a harmony (``copies``: Rock copies to use
        instead of the position's, for judging a pair without the tile between them)."""
        sa, sb = self.active.get(a), self.active.get(b)
        if sa is None or sb is None:
            return None
        oa, ca, ta = sa
        ob, cb, tb = sb
        if ca == "WL" and self.blooming[oa] and cb in FLOWERS:
            return oa, 1
        if cb == "WL" and self.blooming[ob] and ca in FLOWERS:
            return ob, 1
        if oa != ob:
            return None
        if copies:
            ta, tb = copies.get(a, ta), copies.get(b, tb)
        if ta is None or tb is None or RELATIONS[ta, tb] != "H":
            return None
        natural = (ca in FLOWERS and cb in FLOWERS and colour(ca) != colour(cb)
                   and on_own_colour(ca, a) and on_own_colour(cb, b))
        return oa, 2 if natural else 1

    def harmonies(self) -> list[Harmony]:
        return [h for line in self.lines for h in self.line_harmonies(line)]

    def disharmonies(self) -> list[Disharmony]:
        return [d for line in self.lines for d in self.line_disharmonies(line)]

    def line_harmonies(self, line: list[Point]) -> list[Harmony]:
        """The harmonies of one line (its non-Boat tiles in order)."""
        out = []
        active = self.active
        for a, b in zip(line, line[1:]):
            if a in active and b in active:
                found = self.harmony(a, b)
                if found:
                    out.append(Harmony(a, b, *found))
        return out

    def line_disharmonies(self, line: list[Point]) -> list[Disharmony]:
        """Each tile X of one line that stands alone between two would-be partners of the other
        player's harmony and clashes with one of them, judged as if X were not there (D-B21, D-B27)."""
        out = []
        active = self.active
        for a, x, b in zip(line, line[1:], line[2:]):
            sx = active.get(x)
            if sx is None or sx[2] is None or a not in active or b not in active:
                continue
            # a Rock beside X copies what it would copy without X
            copies = {q: self.rock_copy(q, without=x) for q in (a, b)
                      if q in self.copies and abs(q[0] - x[0]) <= 1 and abs(q[1] - x[1]) <= 1}
            found = self.harmony(a, b, copies)
            if found and found[0] != sx[0]:
                kinds = (copies.get(a, active[a][2]), copies.get(b, active[b][2]))
                if any(k is not None and RELATIONS[sx[2], k] == "D" for k in kinds):
                    out.append(Disharmony(x, a, b, sx[0], found[1]))
        return out

    def ring(self, player: int, harmonies: list[Harmony] | None = None) -> list[Point] | None:
        """The tiles of a chain of ``player``'s harmonies around i9, or None (D-B22): a cycle of
        harmonies, none through the centre, with a non-zero winding number around i9."""
        links: dict[Point, list[Point]] = {}
        for h in harmonies if harmonies is not None else self.harmonies():
            if h.owner == player and not through_centre(h.a, h.b):
                links.setdefault(h.a, []).append(h.b)
                links.setdefault(h.b, []).append(h.a)
        phi: dict[Point, int] = {}
        parent: dict[Point, Point | None] = {}
        for root in links:
            if root in phi:
                continue
            phi[root], parent[root] = 0, None
            queue = deque([root])
            while queue:
                u = queue.popleft()
                for v in links[u]:
                    if v not in phi:
                        phi[v], parent[v] = phi[u] + _weight(u, v), u
                        queue.append(v)
                    elif phi[v] != phi[u] + _weight(u, v):
                        return _cycle(parent, u, v)
        return None


def _weight(u: Point, v: Point) -> int:
    """+1 / -1 when the step u -> v crosses the half-line going east from i9 (half-open)."""
    if u[0] != v[0] or u[0] <= 8:
        return 0
    yu, yv = u[1] - 8, v[1] - 8
    return 1 if yu <= 0 < yv else -1 if yv <= 0 < yu else 0


def _cycle(parent: dict[Point, Point | None], u: Point, v: Point) -> list[Point]:
    """The closed path u -> ... -> common ancestor -> ... -> v (-> u) in the search tree."""
    up = [u]
    while (above := parent[up[-1]]) is not None:
        up.append(above)
    seen = {q: i for i, q in enumerate(up)}
    down = [v]
    while down[-1] not in seen:
        above = parent[down[-1]]
        assert above is not None  # the root is in ``seen``: the walk up from v stops there at the latest
        down.append(above)
    return up[:seen[down[-1]] + 1] + down[-2::-1]
