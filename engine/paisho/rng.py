"""Deterministic randomness for the games (docs/rules/paisho-board.md 0.5): one generator per game,
started from the game's seed, so ``(options, seed, moves)`` replays exactly.

Two generators, told apart by the seed itself (its version):

* **Version 1, SplitMix64**, for seeds below ``KEYED`` (2**128): the generator of every game stored
  before the keyed one existed. Its 64-bit state can be recovered from a few outputs, so it is fit
  only for choices everybody sees anyway (Basic's coin, a random first player).
* **Version 2, keyed BLAKE2b in counter mode**, for seeds of ``KEYED`` and above: the key is the
  seed's low 128 bits, a secret drawn with ``secrets`` (``new_secret_seed``). Output i is the first 8
  bytes of BLAKE2b(i as 8 bytes, key, person "paisho-deal"); without the key, nothing about the
  outputs not yet seen can be computed from those seen faster than by trying every key. Games with
  hidden tiles (Ancient's hands and piles) are dealt with it.

``generator(seed)`` gives the right one; ``below``, ``coin`` and ``shuffle`` behave alike on both.
"""
from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence

MASK = (1 << 64) - 1
KEYED = 1 << 128  # seeds from here on are version 2: KEYED + a 128-bit secret key
KEY_BITS = 128


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


class KeyedStream(SplitMix64):
    """Version 2: BLAKE2b keyed with a 128-bit secret, in counter mode. ``below`` rejects the top
    of the 64-bit range that ``n`` does not divide, so every result is equally likely."""

    def __init__(self, key: int) -> None:
        self.key = (key & ((1 << KEY_BITS) - 1)).to_bytes(KEY_BITS // 8, "big")
        self.counter = 0

    def next(self) -> int:
        block = hashlib.blake2b(self.counter.to_bytes(8, "big"), digest_size=8, key=self.key,
                                person=b"paisho-deal").digest()
        self.counter += 1
        return int.from_bytes(block, "big")

    def below(self, n: int) -> int:
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self.next()
            if value < limit:
                return value % n


def generator(seed: int) -> SplitMix64:
    """The generator of a game with this seed: keyed (version 2) from ``KEYED`` on, else SplitMix64."""
    return KeyedStream(seed - KEYED) if seed >= KEYED else SplitMix64(seed)


def is_keyed(seed: int) -> bool:
    """Whether a seed is a version-2 secret (its deal cannot be worked out from what is seen)."""
    return seed >= KEYED


def new_secret_seed(randbits=secrets.randbits) -> int:
    """A new version-2 seed: ``KEYED`` plus 128 bits from ``randbits`` (the ``secrets`` module's by
    default; tests may pass a seeded generator's ``getrandbits``)."""
    return KEYED + randbits(KEY_BITS)
