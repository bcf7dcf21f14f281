"""python -m bench.operations: what the operator's side costs (issue 37), printed, nothing asserted.

- a whole turn through the service with its database calls measured for /metrics, and without
  (the measuring wrapper's cost per turn);
- a checked backup (SQLite's online backup, integrity check, row counts) and a restore of a
  database with N running games (time and size), and a backup taken while turns are committed:
  how much longer those turns take meanwhile;
- /metrics: the time to render every figure;
- with PostgreSQL installed, copy-to of that database into a throwaway cluster (the copy and its
  checks, every game replayed).

``--games N`` (default 1000), ``--quick`` (a few samples: the test suite's smoke run).
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from unittest import mock

from bench import pg_cluster
from bench.__main__ import seed_games
from bot import backup, metrics
from bot.copy_to import copy_to
from bot.restore import restore
from bot.service import GameService, Person
from data import Store


def line(name: str, value: str) -> None:
    print(f"  {name:<58} {value}")


def ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    return (f"{statistics.median(ordered) * 1e3:.2f} / {ordered[int(0.95 * (len(ordered) - 1))] * 1e3:.2f} ms "
            f"(median / p95 of {len(ordered)})")


async def turns(folder: Path, name: str, channels: int, per_game: int) -> list[float]:
    """Turns of PAUSO games through the service on a fresh SQLite file; the time of each."""
    store = await Store.open(str(folder / f"{name}.db"))
    service = GameService(store, rng=random.Random(1))
    alice, bob = Person(1, "alice"), Person(2, "bob")
    taken = []
    for channel in range(1, channels + 1):
        await service.challenge(guild_id=1, channel_id=channel, challenger=alice, opponents=[bob], variant="pauso")
        await service.accept(bob, channel_id=channel)
        rng = random.Random(channel)
        for _ in range(per_game):
            found = service.game_in(channel)
            seat = found[1].to_move if found is not None else None
            if found is None or seat is None:
                break
            move = found[1].random_move(rng)
            start = time.perf_counter()
            await service.move(channel, (alice, bob)[seat], move)
            taken.append(time.perf_counter() - start)
    service.close()
    await store.close()
    return taken


async def turns_during_backups(path: str, folder: Path, moves: int) -> tuple[list[float], list[float], int]:
    """Turns of a Basic Pai Sho game on the file: ``moves`` of them alone, then ``moves`` more while
    backups of the same file are taken one after another; (times alone, times meanwhile, backups)."""
    store = await Store.open(path)
    service = GameService(store, rng=random.Random(2))
    alice, bob = Person(1, "alice"), Person(2, "bob")
    await service.challenge(guild_id=1, channel_id=1, challenger=alice, opponents=[bob], variant="basic")
    await service.accept(bob, channel_id=1)
    rng = random.Random(3)

    async def play(count: int) -> list[float]:
        taken = []
        for _ in range(count):
            row, game = service.game_in(1) or (None, None)
            if game is None or game.to_move is None:
                break
            start = time.perf_counter()
            await service.move(1, (alice, bob)[game.to_move], game.random_move(rng))
            taken.append(time.perf_counter() - start)
        return taken

    alone = await play(moves)
    done, backups = asyncio.Event(), 0

    async def back_up() -> None:
        nonlocal backups
        while not done.is_set():
            await asyncio.to_thread(backup.take, path, str(folder / f"during-{backups}.db"))
            backups += 1

    running = asyncio.create_task(back_up())
    meanwhile = await play(moves)
    done.set()
    await running
    service.close()
    await store.close()
    return alone, meanwhile, backups


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.operations", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="running games in the database (default 1000)")
    parser.add_argument("--quick", action="store_true", help="a few samples only (figures are not measurements)")
    args = parser.parse_args(argv)
    games, channels, per_game = (12, 2, 3) if args.quick else (args.games, 40, 8)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print("Operations (issue 37):" + (" Quick mode: a few samples, not measurements." if args.quick else ""))
        measured = await turns(folder, "measured", channels, per_game)
        with mock.patch("bot.service.metrics.measured", lambda store: store):
            bare = await turns(folder, "bare", channels, per_game)
        line("whole turn, database calls measured", ms(measured))
        line("whole turn, not measured", ms(bare))

        path = str(folder / "many.db")
        await (await Store.open(path)).close()
        seed_games(path, "pauso", 2, games, 100_000, 50)
        start = time.perf_counter()
        snapshot = backup.take(path, str(folder / "backup.db"))
        took = time.perf_counter() - start
        line(f"backup of {games} running games, checked", f"{took:.2f} s, {backup.size_words(snapshot.size)} "
             f"({snapshot.counts['moves']} moves)")
        start = time.perf_counter()
        restore(path, str(folder / "backup.db"))
        line("restore of it", f"{time.perf_counter() - start:.2f} s")
        alone, during, backups = await turns_during_backups(path, folder, 10 if args.quick else 80)
        line("whole turn (Basic Pai Sho) alone", ms(alone))
        line(f"the same, while {backups} backups were taken back to back", ms(during))

        start = time.perf_counter()
        size = len(metrics.exposition())
        line("/metrics rendered", f"{(time.perf_counter() - start) * 1e3:.1f} ms, {size} bytes")

        reason = pg_cluster.unavailable()
        if reason:
            line("copy-to PostgreSQL", f"skipped: {reason}")
            return 0
        with pg_cluster.Cluster() as url:
            copied, seconds = await copy_to(path, url)
            rows = sum(copied.counts.values())
            line(f"copy-to PostgreSQL of {games} games, checked", f"{seconds:.2f} s for {rows} rows ({copied.checked})")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
