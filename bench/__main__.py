"""python -m bench: print what a turn costs per game, and how 1,000 running games behave.

Measures (one process, one core): legal-move generation and play() on mid-game positions,
autocomplete from the stored game, the board PNG, a whole turn through the service with a real
SQLite file, and for 1,000 running games the restart, the replay of each game on its first use,
memory and throughput. It prints what it measured and on what; it asserts nothing (CI never
times anything). ``--quick`` runs every part on a few samples (the test suite's smoke run: its
figures are not measurements).
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import random
import sqlite3
import statistics
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

import engine
import rendering
from bot.service import GameService, Person
from data import Store

TARGETS = {"turn": 25.0, "autocomplete": 10.0, "render": 15.0, "reload": 5.0, "memory": 50.0}


@dataclass(frozen=True)
class Sizes:
    """How many samples each part takes."""

    copies: int = 10  # fresh copies of each position whose legal moves are timed
    tries: int = 20  # random moves drawn per position (the distinct ones are played)
    renders: int = 40  # pictures drawn
    channels: int = 40  # games played through the service, ...
    turns: int = 6  # ... a few turns each
    commits: int = 200  # moves committed per synchronous mode
    distinct: int = 50  # the scale test's games cycle through this many random mid-game records


FULL = Sizes()
QUICK = Sizes(copies=2, tries=4, renders=3, channels=2, turns=3, commits=10, distinct=3)


def stats(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def timed_each(fn, items) -> list[float]:
    """The time of ``fn(item)`` for each item."""
    out = []
    for item in items:
        start = time.perf_counter()
        fn(item)
        out.append(time.perf_counter() - start)
    return out


def mid_game(variant: str, players: int, seed: int) -> engine.Game:
    """A game played by random legal moves to about half its length (a typical position)."""
    rng = random.Random(seed)
    probe = engine.new_game(variant, players=players, seed=seed)
    length = 0
    while probe.outcome is None and length < 400:
        probe.play(probe.random_move(rng))
        length += 1
    game = engine.new_game(variant, players=players, seed=seed)
    for move in probe.record[: max(1, length // 2)]:
        game.play(move)
    return game


def line(name: str, value: str, target: str = "") -> None:
    print(f"  {name:<44} {value:>22}  {target}")


def verdict(value: float, key: str) -> str:
    return f"(target <= {TARGETS[key]:g}: {'ok' if value <= TARGETS[key] else 'MISSED'})"


def bench_engine(variant: str, players: int, positions: int, sizes: Sizes = FULL) -> engine.Game:
    games = [mid_game(variant, players, seed) for seed in range(positions)]
    in_parts = games[0].lists_moves_in_parts
    legal = []
    for g in games:  # each on fresh copies: a game may cache its list
        for fresh in [g.copy() for _ in range(sizes.copies)]:
            start = time.perf_counter()
            fresh.suggest("", 10**9) if in_parts else fresh.legal_moves()
            legal.append(time.perf_counter() - start)
    plays = []
    rng = random.Random(0)
    for g in games:
        for move in {g.random_move(rng) for _ in range(sizes.tries)}:
            fresh = g.copy()
            start = time.perf_counter()
            fresh.play(move)
            plays.append(time.perf_counter() - start)
    med, p95 = stats(legal)
    what = "first parts of the moves (listed part by part)" if in_parts else "legal_moves()"
    line(f"{what} median / p95", f"{med * 1e6:.0f} / {p95 * 1e6:.0f} us")
    med, p95 = stats(plays)
    line("play() median / p95", f"{med * 1e6:.0f} / {p95 * 1e6:.0f} us")
    return games[0]


def bench_render(game: engine.Game, sizes: Sizes = FULL) -> None:
    rendering.render(game)  # the static board layer is cached after the first picture
    samples = timed(lambda: rendering.render(game), sizes.renders)
    med, p95 = stats(samples)
    line("render board PNG median / p95", f"{med * 1e3:.1f} / {p95 * 1e3:.1f} ms", verdict(p95 * 1e3, "render"))
    line("PNG size", f"{len(rendering.render(game)) / 1024:.0f} KB")


def seed_games(path: str, variant: str, players: int, count: int, first_channel: int, distinct_records: int) -> None:
    """``count`` running games, each with a mid-game record (cycling through ``distinct_records``
    random ones), written in one bulk transaction (test data; the service's own writes are measured above)."""
    games, seats, moves = [], [], []
    distinct = [mid_game(variant, players, seed) for seed in range(min(count, distinct_records))]
    for i in range(count):
        seed = i % len(distinct)  # each record is stored with the seed it was played with
        game = distinct[seed]
        gid = i + 1
        games.append((gid, variant, json.dumps(game.options), seed, 1, first_channel + i, "running", 0.0, 0.0))
        seats += [(gid, p, 10_000 + p, f"p{p}", 1) for p in range(players)]
        moves += [(gid, ply, ply % players, move, 0.0) for ply, move in enumerate(game.record)]
    with sqlite3.connect(path) as db:
        db.executemany("INSERT INTO games (id, variant, options, seed, guild_id, channel_id, status, "
                       "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", games)
        db.executemany("INSERT INTO seats (game_id, seat, user_id, name, accepted) VALUES (?, ?, ?, ?, ?)", seats)
        db.executemany("INSERT INTO moves (game_id, ply, seat, move, created_at) VALUES (?, ?, ?, ?, ?)", moves)


async def bench_service(variant: str, players: int, folder: Path, scale: int, sizes: Sizes = FULL) -> None:
    # a whole turn and autocomplete, on a real SQLite file
    store = await Store.open(str(folder / f"{variant}-{players}-turn.db"))
    service = GameService(store, rng=random.Random(1))
    people = [Person(10_000 + p, f"p{p}") for p in range(players)]
    turns, completions = [], []
    for channel in range(1, sizes.channels + 1):
        reply = await service.challenge(guild_id=1, channel_id=channel, challenger=people[0],
                                        opponents=people[1:], variant=variant)
        for p in people[1:]:
            await service.accept(p, game_id=reply.game_id)
        rng = random.Random(channel)
        for _ in range(sizes.turns):
            found = service.game_in(channel)
            if found is None:
                break
            row, game = found
            if game.to_move is None:
                break
            mover = people[game.to_move]
            sample = game.copy().random_move(rng)  # (on a copy: the game stays cold)
            for typed in ("", sample[:1], sample[:4]):  # what a player has typed so far
                start = time.perf_counter()
                service.suggestions(channel, mover.id, typed)
                completions.append(time.perf_counter() - start)
            move = game.random_move(rng)
            start = time.perf_counter()
            await service.move(channel, mover, move)
            turns.append(time.perf_counter() - start)
            if service.game_in(channel) is None:
                break
    med, p95 = stats(completions)
    line("autocomplete (25 choices) median / p95", f"{med * 1e3:.2f} / {p95 * 1e3:.2f} ms",
         verdict(p95 * 1e3, "autocomplete"))
    med, p95 = stats(turns)
    line("whole turn (validate+apply+render+commit)", f"{med * 1e3:.1f} / {p95 * 1e3:.1f} ms",
         verdict(p95 * 1e3, "turn"))
    await store.close()

    if not scale:
        return
    # 1,000 running games: reload time, memory, concurrent turns
    path = str(folder / f"{variant}-{players}-scale.db")
    store = await Store.open(path)  # creates the schema
    await store.close()
    seed_games(path, variant, players, scale, 100_000, sizes.distinct)
    gc.collect()
    store = await Store.open(path)
    service = GameService(store)
    channels = list(range(100_000, 100_000 + scale))
    start = time.perf_counter()
    loaded = await service.reload()
    reload_s = time.perf_counter() - start
    line(f"restart with {loaded} running games", f"{reload_s:.2f} s", verdict(reload_s, "reload"))
    firsts = timed_each(service.game_in, channels)  # each game is replayed on its first use
    med, p95 = stats(firsts)
    line("first use of a game after it (replay) med / p95", f"{med * 1e3:.1f} / {p95 * 1e3:.1f} ms")
    line(f"replay all {loaded} games, one after another", f"{sum(firsts):.2f} s")
    gc.collect()
    tracemalloc.start()
    measured = GameService(store)
    await measured.reload()
    for channel in channels:
        measured.game_in(channel)
    size, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del measured
    per_game = size / max(1, loaded) / 1024
    line("memory per running game (engine + row)", f"{per_game:.1f} KB", verdict(per_game, "memory"))
    rng = random.Random(7)

    async def one_turn(channel: int) -> None:
        found = service.game_in(channel)
        if found is None:
            return
        row, game = found
        if game.to_move is not None:
            await service.move(channel, Person(row.seats[game.to_move].user_id, "p"), game.random_move(rng))

    start = time.perf_counter()
    arriving = channels[:400]
    await asyncio.gather(*(one_turn(c) for c in arriving))
    elapsed = time.perf_counter() - start
    line(f"turns/s, {len(arriving)} moves arriving at once", f"{len(arriving) / elapsed:.0f} turns/s")
    await store.close()


async def bench_durability(folder: Path, commits: int = FULL.commits) -> None:
    """What synchronous=FULL (the store's default: every confirmed move survives a power loss)
    costs per committed move, beside NORMAL (a power loss may lose the last commits)."""
    for mode in ("FULL", "NORMAL"):
        store = await Store.open(str(folder / f"sync-{mode}.db"), synchronous=mode)
        game_id = await store.create_game(variant="pauso", options={}, seed=0, guild_id=1, channel_id=1,
                                          status="running", seats=[(1, "a", True), (2, "b", True)], now=0.0)
        samples = []
        for ply in range(commits):
            start = time.perf_counter()
            await store.add_move(game_id, ply, ply % 2, f"m{ply}", float(ply))
            samples.append(time.perf_counter() - start)
        await store.close()
        med, p95 = stats(samples)
        name = f"commit of a move, synchronous={mode}" + (" (default)" if mode == "FULL" else "")
        line(f"{name} med / p95", f"{med * 1e3:.2f} / {p95 * 1e3:.2f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="running games for the scale test (default 1000; quick: 12)")
    parser.add_argument("--positions", type=int, help="mid-game positions per game (default 20; quick: 2)")
    parser.add_argument("--quick", action="store_true",
                        help="every part on a few samples: a smoke run whose figures are not measurements")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    games = args.games if args.games is not None else 12 if args.quick else 1000
    positions = args.positions if args.positions is not None else 2 if args.quick else 20
    print(f"Pai Sho Bot benchmark on {platform.node()}: {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}")
    print(f"Games: {', '.join(engine.VARIANT_IDS)}. Board pictures {rendering.style.WIDTH} px wide.")
    if args.quick:
        print("Quick mode: a few samples of each part (a smoke run; these figures are not measurements).")
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        print("\nThe store (a real SQLite file in a temporary folder)")
        asyncio.run(bench_durability(Path(tmp), sizes.commits))
        for variant in engine.VARIANT_IDS:
            info = engine.info(variant)
            for players in sorted({info.min_players, info.max_players}):
                print(f"\n{info.name}, {players} players")
                game = bench_engine(variant, players, positions, sizes)
                bench_render(game, sizes)
                scale = games if players == info.max_players else 0
                asyncio.run(bench_service(variant, players, Path(tmp), scale, sizes))
    print(f"\nDone in {time.perf_counter() - began:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
