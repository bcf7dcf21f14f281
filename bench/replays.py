"""python -m bench.replays: what an animated replay costs per game, for a random game of up to
``--moves`` moves (default 120; a game that ends sooner is replayed whole): the GIF's size and
frames, the time to draw it (in one process, as a worker does) and the time to draw one position
of the step-through at its end. It prints what it measured; it asserts nothing."""
from __future__ import annotations

import argparse
import io
import random
import time

from PIL import Image

import engine
from rendering import replay

PLAYERS = {"pauso": 4}
DISCORD_LIMIT = 10 * 2**20  # a server without boosts takes files up to 10 MiB


def longest_game(variant: str, moves: int, tries: int = 12) -> tuple[int, engine.Game]:
    """A random game of ``moves`` moves, or the longest of a few seeds when games end sooner."""
    best: tuple[int, engine.Game] | None = None
    for seed in range(tries):
        rng = random.Random(seed)
        game = engine.new_game(variant, players=PLAYERS.get(variant, 2), seed=seed)
        while game.outcome is None and len(game.record) < moves:
            game.play(game.random_move(rng))
        if best is None or len(game.record) > len(best[1].record):
            best = (seed, game)
        if len(game.record) >= moves:
            break
    assert best is not None
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.replays")
    parser.add_argument("--moves", type=int, default=120)
    args = parser.parse_args(argv)
    print(f"Replays as GIFs {replay.GIF_WIDTH} px wide; Discord's default upload limit is {DISCORD_LIMIT // 2**20} MiB")
    for variant in engine.VARIANT_IDS:
        seed, game = longest_game(variant, args.moves)
        names = ["alice", "bob", "carol", "dave"][: game.players]
        start = time.perf_counter()
        gif = replay.replay_gif(variant, game.players, seed, None, game.record, names)
        took = time.perf_counter() - start
        start = time.perf_counter()
        replay.position_png(variant, game.players, seed, None, game.record, names, len(game.record))
        position = time.perf_counter() - start
        frames = getattr(Image.open(io.BytesIO(gif)), "n_frames", 1)
        print(f"  {engine.info(variant).name:<16} {len(game.record):4} moves {frames:4} frames "
              f"{len(gif) / 1024:6.0f} KB  drawn in {took:4.1f} s; last position {position * 1e3:4.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
