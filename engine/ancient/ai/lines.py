"""The harmony count line by line, from one table per position (``LineIndex``): the change a
flower, Coin or Lotus placed, a tile shipped or a tile moved makes to the count, read on the two
or four lines it touches instead of counting the whole board again.
"""
from __future__ import annotations

from typing import Any

from ...paisho.board import POINTS
from ..fast import FLOWER_SET, LINE_OF, LINES, RELATION

# 1 for a pair that counts as a harmony on a line without (HV[0]) or with (HV[1]) a Lotus flip
HV = ({pair: int(kind == 1) for pair, kind in RELATION.items()},
      {pair: int(kind == -1) for pair, kind in RELATION.items()})


# the change on one line when flower c comes between the flowers a and b (None: no flower there)
def _gains(hv: dict[tuple[str, str], int]) -> dict[tuple[str | None, str, str | None], int]:
    def pair(a: str | None, b: str | None) -> int:
        return 0 if a is None or b is None else hv.get((a, b), 0)
    return {(a, c, b): pair(a, c) + pair(c, b) - pair(a, b)
            for a in (None, *FLOWER_SET) for b in (None, *FLOWER_SET) for c in FLOWER_SET}


GAIN = (_gains(HV[0]), _gains(HV[1]))


class LineIndex:
    """Per line: Coins on it, Lotus parity, harmonies and clashes of its flowers (Coins ignored);
    per point and line: the nearest flower before and after it. From it, the change of the count
    when one tile comes onto or leaves a point, line by line."""

    def __init__(self, board: dict) -> None:
        self.board = {q: tuple(tile) for q, tile in board.items()}  # a snapshot: boards change
        self.coins: list[int] = []
        self.flip: list[int] = []
        self.raw: list[tuple[int, int]] = []
        self.near: dict[Any, list] = {q: [None, None, None, None] for q in POINTS}  # rank b/a, file b/a
        near = self.near
        for line, points in enumerate(LINES):
            slot = 0 if line < len(LINES) // 2 else 2
            coins = harmonies = clashes = flip = 0
            prev = None
            for q in points:
                near[q][slot] = prev
                tile = board.get(q)
                if tile is None:
                    continue
                code = tile[1]
                if code == "Rk":
                    coins += 1
                elif code == "WL":
                    flip ^= 1
                elif code in FLOWER_SET and not tile[2]:
                    if prev is not None:
                        kind = RELATION[prev, code]
                        harmonies += kind == 1
                        clashes += kind == -1
                    prev = code
            nxt = None
            for q in reversed(points):
                near[q][slot + 1] = nxt
                tile = board.get(q)
                if tile is not None and tile[1] in FLOWER_SET and not tile[2]:
                    nxt = tile[1]
            self.coins.append(coins)
            self.flip.append(flip)
            self.raw.append((harmonies, clashes))

    def live(self, line: int) -> int:
        harmonies, clashes = self.raw[line]
        return clashes if self.flip[line] else harmonies

    def insert_on(self, code: str, q: Any, line: int, slot: int) -> int:
        """The change on ``line`` (``slot`` 0 for q's rank, 2 for its file) when ``code`` comes
        onto ``q`` (empty, or a Dragon that goes)."""
        if code in FLOWER_SET:
            if self.coins[line]:
                return 0
            hv = HV[self.flip[line]]
            near = self.near[q]
            a, b = near[slot], near[slot + 1]
            return hv.get((a, code), 0) + hv.get((code, b), 0) - hv.get((a, b), 0)
        if code == "Rk":
            return 0 if self.coins[line] else -self.live(line)
        if code == "WL" and not self.coins[line]:
            harmonies, clashes = self.raw[line]
            return (harmonies - clashes) if self.flip[line] else (clashes - harmonies)
        return 0

    def remove_on(self, q: Any, line: int, slot: int) -> int:
        """The change on ``line`` when the tile on ``q`` leaves it."""
        tile = self.board[q]
        code = tile[1]
        if code in FLOWER_SET:
            if tile[2] or self.coins[line]:
                return 0
            hv = HV[self.flip[line]]
            near = self.near[q]
            a, b = near[slot], near[slot + 1]
            return hv.get((a, b), 0) - hv.get((a, code), 0) - hv.get((code, b), 0)
        if code == "Rk":
            return self.live(line) if self.coins[line] == 1 else 0
        if code == "WL" and not self.coins[line]:
            harmonies, clashes = self.raw[line]
            return (harmonies - clashes) if self.flip[line] else (clashes - harmonies)
        return 0

    def insert(self, code: str, q: Any) -> int:
        """The change of the count when ``code`` comes onto the empty point ``q``."""
        rank, file = LINE_OF[q]
        if code in FLOWER_SET:  # insert_on for both lines, inline: this is the inner loop
            near = self.near[q]
            coins, flip = self.coins, self.flip
            total = 0 if coins[rank] else GAIN[flip[rank]][near[0], code, near[1]]
            return total if coins[file] else total + GAIN[flip[file]][near[2], code, near[3]]
        return self.insert_on(code, q, rank, 0) + self.insert_on(code, q, file, 2)

    def remove(self, q: Any) -> int:
        """The change of the count when the tile on ``q`` leaves it."""
        rank, file = LINE_OF[q]
        return self.remove_on(q, rank, 0) + self.remove_on(q, file, 2)

    def move(self, a: Any, b: Any) -> int:
        """The change of the count when the tile on ``a`` moves to ``b`` (3.4.2). A line through
        both keeps its order (the path between is clear), so only the other lines change; a
        Dragon only removes what it lands on."""
        code = self.board[a][1]
        if code == "WD":
            return self.remove(b) if b in self.board else 0
        ra, fa = LINE_OF[a]
        rb, fb = LINE_OF[b]
        total = 0
        if ra != rb:
            total += self.remove_on(a, ra, 0) + self.insert_on(code, b, rb, 0)
        if fa != fb:
            total += self.remove_on(a, fa, 2) + self.insert_on(code, b, fb, 2)
        return total

