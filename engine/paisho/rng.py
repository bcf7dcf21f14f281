"""Deterministic randomness for the Pai Sho games (docs/rules/paisho-board.md 0.5): SplitMix64.

All random choices of a game (Basic's coin, Ancient's shuffles, and outside Pai Sho the random
first player of Quaterno and PAUSO, engine.options.first_seat) come from one generator seeded with
the game's 64-bit seed, in a fixed order, so ``(options, seed, moves)`` replays exactly.
"""
from __future__ import annotations

from collections.abc import MutableSequence

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n

    def coin(self) -> int:
        """0 = player 1, 1 = player 2."""
        return self.below(2)

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher-Yates, from the last item down, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
