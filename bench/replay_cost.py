"""python -m bench.replay_cost: what rebuilding a game from its record costs per turn, at ply 10,
100 and 300 (issue 22: replay should be linear in the length of a game).

Records come from random games with no target and a high turn limit (so they reach 300+ plies).
For each ply N it prints the time to replay the first N entries (``engine.replay``), that time per
entry, and the marginal cost per turn around N (replaying N entries minus replaying N - 10, over
10): a flat marginal cost is a linear replay. Times are CPU seconds of this process (the best of
``--repeat`` runs), so other work on the machine does not inflate them. It asserts nothing.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

import engine

OPTIONS = {"basic": {"target_points": 0, "max_turns": 1000}}
PLIES = (10, 100, 300)


def long_record(variant: str, seed: int, plies: int) -> list[str]:
    rng = random.Random(seed)
    game = engine.new_game(variant, seed=seed, options=OPTIONS.get(variant))
    while game.outcome is None and len(game.record) < plies:
        game.play(game.random_move(rng))
    return game.record


def replay_seconds(variant: str, seed: int, record: list[str], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        engine.replay(variant, record, seed=seed, options=OPTIONS.get(variant))
        best = min(best, time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.replay_cost", description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=["basic"])
    parser.add_argument("--records", type=int, default=4, help="random records per game")
    parser.add_argument("--repeat", type=int, default=5, help="replays per figure (the best counts)")
    args = parser.parse_args(argv)
    print("Replay cost (bench.replay_cost): CPU ms, mean over records of the best of "
          f"{args.repeat} replays")
    for variant in args.variants:
        records = [long_record(variant, seed, max(PLIES)) for seed in range(args.records)]
        records = [(seed, r) for seed, r in enumerate(records) if len(r) >= max(PLIES)]
        print(f"\n{engine.info(variant).name} ({len(records)} records of {max(PLIES)}+ plies)")
        print(f"  {'ply':>5}{'replay ms':>12}{'us / turn':>12}{'marginal us / turn':>20}")
        for n in PLIES:
            whole = sum(replay_seconds(variant, s, r[:n], args.repeat) for s, r in records) / len(records)
            before = sum(replay_seconds(variant, s, r[:n - 10], args.repeat) for s, r in records) / len(records)
            print(f"  {n:>5}{whole * 1e3:>12.2f}{whole / n * 1e6:>12.0f}{(whole - before) / 10 * 1e6:>20.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
