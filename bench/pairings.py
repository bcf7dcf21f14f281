"""python -m bench.pairings: how long pairing one tournament round takes (bot/service/pairing.py):
Swiss and tables of three and four for 16, 32 and 64 players over 7 rounds of random results,
the slowest round of each, and a whole round robin of 16. Prints the figures; asserts nothing.
(The service pairs a round in a thread, off the event loop.)"""
from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from bot.service.pairing import Record, round_robin, swiss, tables

Pair = Callable[[Sequence[Record]], tuple[list, int | None]]


def slowest_round(players: int, rounds: int, pair: Pair, rng: random.Random) -> float:
    """The longest time one round's pairing took over an event with random results (seconds)."""
    records = {p: Record(p, 0.0, p + 1) for p in range(players)}
    worst = 0.0
    for _ in range(rounds):
        start = time.perf_counter()
        groups, bye = pair(list(records.values()))
        worst = max(worst, time.perf_counter() - start)
        for group in groups:
            winner = rng.choice(list(group))
            for seat, p in enumerate(group):
                r = records[p]
                records[p] = replace(r, score=r.score + (p == winner), opponents=r.opponents | (set(group) - {p}),
                                     firsts=r.firsts + (seat == 0), seconds=r.seconds + (seat != 0 and len(group) == 2))
        if bye is not None:
            records[bye] = replace(records[bye], score=records[bye].score + 1, byes=records[bye].byes + 1)
    return worst


def main() -> int:
    rng = random.Random(1)
    for players in (16, 32, 64):
        print(f"{players} players, slowest of 7 rounds: Swiss {slowest_round(players, 7, swiss, rng) * 1000:.1f} ms, "
              f"tables {slowest_round(players, 7, tables, rng) * 1000:.1f} ms")
    start = time.perf_counter()
    round_robin(16)
    print(f"round robin of 16 (15 rounds, first moves balanced): {(time.perf_counter() - start) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
