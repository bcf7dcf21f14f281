"""python -m bench.review: what the AI's review of a long game costs, per game, on one core.

For each game (PAUSO with two and three players) it plays a game to 200 turns or to its end (the
easy level against itself, after a few random plies; long options where a game has them, so that
it lasts), reviews every position as the bot does (engine.ai.review, in one process), and prints
the turns, the CPU seconds of the review, the seconds per turn, the figure for a 200-turn game
at that rate, and whether that is within the goal (a 200-turn game in at most 60 s on one core).

    nice -n 10 .venv/bin/python -m bench.review
    .venv/bin/python -m bench.review --variants quaterno --turns 40   # a shorter look
"""
from __future__ import annotations

import argparse
import random
import time
from typing import Any

import engine
from engine import ai
from engine.ai import review

GOAL_SECONDS, GOAL_TURNS = 60.0, 200
CASES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("basic", 2, {"target_points": 10000}), ("ancient", 2, {"target": 30}), ("iroh", 2, {}),
    ("kutai", 2, {"target": 200}), ("quaterno", 2, {}), ("pauso", 2, {"board": "square7"}),
    ("pauso", 3, {"board": "square7"}))


def long_game(variant: str, players: int, options: dict, turns: int, seed: int = 0) -> engine.Game:
    """A game of up to ``turns`` entries: a few random plies, then easy against itself."""
    game = engine.new_game(variant, players=players, seed=seed, options=options or None)
    rng = random.Random(seed)
    while game.outcome is None and len(game.record) < turns:
        if len(game.record) < 6:
            game.play(game.random_move(rng))
        else:
            game.play(ai.choose_move(game, "easy", seed=len(game.record)))
    return game


def measure(variant: str, players: int, options: dict, turns: int) -> dict:
    game = long_game(variant, players, options, turns)
    record = list(game.record)
    started = time.thread_time()
    looks = review.look_range(variant, players, game.seed, game.options, record, 0, len(record))
    seconds = time.thread_time() - started
    found = review.assemble(variant, players, game.seed, game.options, record, looks)
    per_turn = seconds / max(1, len(looks))
    return {"game": f"{engine.info(variant).name}, {players} players", "turns": len(record),
            "looked": len(looks), "seconds": seconds, "per_turn": per_turn, "at_200": per_turn * GOAL_TURNS,
            "marked": len(found.marked)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.review", description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=None)
    parser.add_argument("--turns", type=int, default=GOAL_TURNS, help="the length of each game (default 200)")
    args = parser.parse_args(argv)
    cases = [c for c in CASES if args.variants is None or c[0] in args.variants]
    print(f"{'game':<28} {'turns':>5} {'looked':>6} {'CPU s':>7} {'s/turn':>7} {'200 turns':>9} {'goal':>5} "
          f"{'marked':>6}")
    within = True
    for variant, players, options in cases:
        row = measure(variant, players, options, args.turns)
        ok = row["at_200"] <= GOAL_SECONDS
        within &= ok
        print(f"{row['game']:<28} {row['turns']:>5} {row['looked']:>6} {row['seconds']:>7.1f} "
              f"{row['per_turn']:>7.3f} {row['at_200']:>8.1f}s {'yes' if ok else 'NO':>5} {row['marked']:>6}")
    print(f"Goal: a {GOAL_TURNS}-turn game reviewed within {GOAL_SECONDS:.0f} s on one core: "
          f"{'met' if within else 'not met'} by every game above.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
