"""The Garden of a running Basic Pai Sho game kept up to date turn by turn (docs/rules/basic.md
1.4.5, 1.5), so that a turn's scoring tick costs the same at ply 300 as at ply 10.

``LiveGarden`` is a ``harmony.Garden`` that remembers, per line (17 ranks, then 17 files), the
harmonies and disharmonies on it, and the totals per player. After a turn it is told which points
changed; only what those changes can reach is read again:

- drained tiles: the changed points and their 8 surrounding points (a Knotweed drains its ring);
- Rock copies: every Rock on or next to a changed point or a tile whose drain changed (a Rock
  copies its undrained neighbours; a disharmony judges the Rock without the tile beside it);
- lines: the rank and the file of each of those points; every line when blooming changes (the
  Pot decides who blooms);
- the ring test of a player: only after that player gained a harmony (losing one cannot close a
  ring; the game ends at a ring, so there is rarely one to lose).

The answer is exactly a fresh ``Garden``'s (a property test compares them over random games).
"""
from __future__ import annotations

from collections.abc import Iterable

from ..paisho.board import POINT_SET, SURROUNDING, Point
from ..paisho.flowers import FLOWERS
from .harmony import Board, Disharmony, Garden, Harmony
from .tiles import PORTS

# Every line's points in order: ranks 0-16 (by file), then files 0-16 (by rank).
LINES: tuple[tuple[Point, ...], ...] = (
    tuple(tuple((f, r) for f in range(17) if (f, r) in POINT_SET) for r in range(17))
    + tuple(tuple((f, r) for r in range(17) if (f, r) in POINT_SET) for f in range(17)))
ALL_LINES = range(len(LINES))
_UNKNOWN = "unknown"  # a ring not computed since the harmonies last changed


class LiveGarden(Garden):
    """A Garden updated in place by ``update``; ``copy`` gives an independent twin."""

    def __init__(self, board: Board, pot_sizes: tuple[int, int]) -> None:
        super().__init__(board, pot_sizes)
        self.lines = []  # the live garden keeps its lines' findings instead (by_line)
        self.knotweeds = {q for q, tile in board.items() if tile[1] == "Kn"}
        self.by_line: list[tuple[tuple[Harmony, ...], tuple[Disharmony, ...]]] = [
            self._read_line(i) for i in ALL_LINES]
        self.gain = [0, 0]  # the value of each player's harmonies
        self.cost = [0, 0]  # the value of each player's disharmonies (what they cost the other)
        for found, against in self.by_line:
            for h in found:
                self.gain[h.owner] += h.value
            for d in against:
                self.cost[d.owner] += d.value
        self.rings: list[list[Point] | str | None] = [_UNKNOWN, _UNKNOWN]

    def copy(self, board: Board) -> LiveGarden:
        """An independent twin reading ``board`` (the copied game's board, equal to this one's)."""
        twin = LiveGarden.__new__(LiveGarden)
        twin.board, twin.blooming, twin.lines = board, self.blooming, []
        twin.drained, twin.copies, twin.active = set(self.drained), dict(self.copies), dict(self.active)
        twin.by_line, twin.gain, twin.cost = list(self.by_line), list(self.gain), list(self.cost)
        twin.rings, twin.knotweeds = list(self.rings), set(self.knotweeds)
        return twin

    # ----- reading ------------------------------------------------------------------------------
    def harmonies(self) -> list[Harmony]:
        return [h for found, _ in self.by_line for h in found]

    def disharmonies(self) -> list[Disharmony]:
        return [d for _, against in self.by_line for d in against]

    def ring(self, player: int, harmonies: list[Harmony] | None = None) -> list[Point] | None:
        if harmonies is not None:
            return super().ring(player, harmonies)
        found = self.rings[player]
        if isinstance(found, str):
            found = self.rings[player] = super().ring(player, self.harmonies())
        return found

    # ----- updating -----------------------------------------------------------------------------
    def _read_line(self, i: int) -> tuple[tuple[Harmony, ...], tuple[Disharmony, ...]]:
        board = self.board
        line = [q for q in LINES[i] if q in board and board[q][1] != "Bo"]
        if len(line) < 2:
            return (), ()
        return tuple(self.line_harmonies(line)), tuple(self.line_disharmonies(line))

    def update(self, board: Board, pot_sizes: tuple[int, int], changed: Iterable[Point]) -> None:
        """Bring the garden up to ``board`` after a turn that changed the tiles on ``changed``
        (points that gained, lost or swapped a tile, or whose tile woke up) and the Pot."""
        self.board = board
        drained, copies, active, knotweeds = self.drained, self.copies, self.active, self.knotweeds
        dirty = set(changed)
        around = set(dirty)
        for q in dirty:
            code = board[q][1] if q in board else None
            if q in knotweeds or code == "Kn":  # a Knotweed came or went: its ring's drain changes
                around.update(SURROUNDING[q])
                if code == "Kn":
                    knotweeds.add(q)
                else:
                    knotweeds.discard(q)
            if code == "Rk":
                copies.setdefault(q, None)  # a Rock placed
            elif q in copies:
                del copies[q]  # a Rock captured
        for r in around:  # drained: by a Knotweed on one of the 8 surrounding points
            tile = board.get(r)
            now = tile is not None and tile[1] != "Kn" and any(s in knotweeds for s in SURROUNDING[r])
            if now != (r in drained):
                if now:
                    drained.add(r)
                else:
                    drained.discard(r)
                dirty.add(r)
        # Rocks on or next to a point read again: their copies, and the lines through them
        rocks = [r for r in copies if any(abs(r[0] - q[0]) <= 1 and abs(r[1] - q[1]) <= 1 for q in dirty)]
        for r in rocks:
            copies[r] = self.rock_copy(r)
        dirty.update(rocks)
        for q in dirty:
            tile = board.get(q)
            if tile is None or tile[2] or q in PORTS or q in drained:
                active.pop(q, None)
            else:
                code = tile[1]
                active[q] = (tile[0], code, code if code in FLOWERS else copies.get(q))
        blooming = (pot_sizes[0] < pot_sizes[1], pot_sizes[1] < pot_sizes[0])
        if blooming != self.blooming:
            self.blooming = blooming
            lines: Iterable[int] = ALL_LINES
        else:
            lines = {q[1] for q in dirty} | {17 + q[0] for q in dirty}
        for i in lines:
            self._renew_line(i)

    def _renew_line(self, i: int) -> None:
        old = self.by_line[i]
        new = self._read_line(i)
        if new == old:
            return
        self.by_line[i] = new
        gain, cost = self.gain, self.cost
        for h in old[0]:
            gain[h.owner] -= h.value
        for h in new[0]:
            gain[h.owner] += h.value
        for d in old[1]:
            cost[d.owner] -= d.value
        for d in new[1]:
            cost[d.owner] += d.value
        before = {(h.a, h.b, h.owner) for h in old[0]}
        after = {(h.a, h.b, h.owner) for h in new[0]}
        for _, _, owner in after - before:  # a new harmony may close a ring
            self.rings[owner] = _UNKNOWN
        for _, _, owner in before - after:  # a lost one may open the ring found
            if self.rings[owner] is not None:
                self.rings[owner] = _UNKNOWN
