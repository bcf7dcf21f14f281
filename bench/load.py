"""python -m bench.load: several bot processes on one PostgreSQL, playing at once.

Starts a throwaway PostgreSQL cluster (or uses ``--url``), then N worker processes (default 4),
each a game service with its own connection pool that plays G games (default 250) in channels
of its own, all games of a process at once: a challenge, its acceptance, some random moves and
a resignation that ends the game rated. The players are one shared pool, so the same player's
rating is updated by games finishing at the same moment in different processes. Prints turns/s,
the turn latency (median, p95) and the checks that nothing was lost or doubled: every move
recorded once with no gaps, every game finished and rated once, each player's rating history
one unbroken chain ending at the stored rating. Not part of CI; asserts nothing, prints.

By default a turn draws no board picture (``--pictures`` draws it): this measures the store
and the service with several processes, not Pillow.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter, defaultdict

import asyncpg

from bench.pg_cluster import Cluster, empty, unavailable
from bot.service import GameService, Person
from bot.workers import InlineWorkers, Workers
from data.postgres import PostgresStore

PLAYERS = 24  # the shared pool of players


def _painters(pictures: bool):
    """Where the load test's pictures are drawn: worker processes as in the bot, or nowhere."""
    class Blank(InlineWorkers):
        async def run(self, fn, *args, **where):
            return b""
    return Workers() if pictures else Blank()


async def _worker(url: str, index: int, games: int, moves: int, pictures: bool, at_once: int = 0) -> dict:
    store = await PostgresStore.open(url, min_size=2, max_size=10)
    service = GameService(store, rng=random.Random(index), painters=_painters(pictures))
    people = [Person(1000 + p, f"p{p}") for p in range(PLAYERS)]
    latencies: list[float] = []
    plies: dict[int, int] = {}
    rng = random.Random(index)
    gate = asyncio.Semaphore(at_once or games)

    async def game(number: int) -> None:
        async with gate:
            await play(number)

    async def play(number: int) -> None:
        channel = (index + 1) * 1_000_000 + number
        a, b = rng.sample(people, 2)
        reply = await service.challenge(guild_id=index + 1, channel_id=channel, challenger=a, opponents=[b],
                                        variant="pauso", options={"board": "round5", "rings": 4})
        await service.accept(b, channel_id=channel)
        seats = {0: a, 1: b}
        for _ in range(moves):
            found = service.game_in(channel)
            if found is None or found[1].to_move is None:
                break
            _, live = found
            assert live.to_move is not None
            mover = seats[live.to_move]
            move = live.copy().random_move(random.Random(rng.random()))
            start = time.perf_counter()
            await service.move(channel, mover, move)
            latencies.append(time.perf_counter() - start)
        if service.game_in(channel) is not None:
            start = time.perf_counter()
            await service.resign(channel, rng.choice((a, b)))
            latencies.append(time.perf_counter() - start)
        assert reply.game_id is not None
        row = await store.get_game(reply.game_id)
        assert row is not None
        plies[row.id] = len(row.moves)

    start = time.perf_counter()
    await asyncio.gather(*(game(n) for n in range(games)))
    wall = time.perf_counter() - start
    service.close()
    await store.close()
    return {"latencies": latencies, "plies": plies, "wall": wall}


def _run_worker(url: str, index: int, games: int, moves: int, pictures: bool, at_once: int, out) -> None:
    result = asyncio.run(_worker(url, index, games, moves, pictures, at_once))
    out.put((index, json.dumps(result)))


def one_chain(steps: list[tuple[float, float]], start: float = 1500.0) -> bool:
    """Whether a player's rating history, (before, after) oldest first, is one chain: the first
    game from the starting rating, each next one from the rating the one before left (a lost or
    doubled update breaks it)."""
    expected = start
    for before, after in steps:
        if before != expected:
            return False
        expected = after
    return bool(steps)


async def _check(url: str, expected_plies: dict[int, int]) -> list[str]:
    """The checks that nothing was lost or doubled, read back from the database."""
    conn = await asyncpg.connect(url)
    try:
        lines = []
        games = await conn.fetch("SELECT id, status FROM games")
        moves = {r["game_id"]: (r["n"], r["top"]) for r in
                 await conn.fetch("SELECT game_id, count(*) AS n, max(ply) AS top FROM moves GROUP BY game_id")}
        finished = sum(r["status"] == "finished" for r in games)
        lost = [gid for gid, n in expected_plies.items() if moves.get(gid, (0, -1))[0] != n]
        gaps = [gid for gid, (n, top) in moves.items() if top + 1 != n]
        lines.append(f"games: {len(games)} stored, {finished} finished; moves: "
                     f"{sum(n for n, _ in moves.values())} stored for {sum(expected_plies.values())} played; "
                     f"games whose record differs from what was played: {len(lost)}; with gaps: {len(gaps)}")
        history = await conn.fetch("SELECT game_id, user_id, before, after, mu FROM rating_history "
                                   "ORDER BY at, game_id")
        per_game = Counter(r["game_id"] for r in history)
        lines.append(f"rated games: {len(per_game)} of {finished} finished; games rated other than once per player: "
                     f"{sum(1 for n in per_game.values() if n != 2)}")
        played = Counter(r["user_id"] for r in await conn.fetch(
            "SELECT s.user_id FROM seats s JOIN games g ON g.id = s.game_id WHERE g.status = 'finished'"))
        ratings = {r["user_id"]: r for r in await conn.fetch("SELECT * FROM ratings")}
        chains: dict[int, list] = defaultdict(list)
        for r in history:
            chains[r["user_id"]].append(r)
        broken = [uid for uid, entries in chains.items()
                  if not one_chain([(e["before"], e["after"]) for e in entries])
                  or entries[-1]["mu"] != ratings[uid]["mu"]
                  or not ratings[uid]["games"] == len(entries) == played[uid]
                  or ratings[uid]["wins"] + ratings[uid]["draws"] + ratings[uid]["losses"] != ratings[uid]["games"]]
        lines.append(f"players: {len(ratings)}; rating updates {len(history)} for {sum(played.values())} "
                     f"seats in finished games; players whose games, history chain and rating disagree: "
                     f"{len(broken)}")
        return lines
    finally:
        await conn.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a postgresql:// URL to use (default: a throwaway cluster)")
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--games", type=int, default=250, help="games per process, all at once")
    parser.add_argument("--moves", type=int, default=6, help="random moves per game before the resignation")
    parser.add_argument("--pictures", action="store_true", help="draw the board picture of every turn")
    parser.add_argument("--at-once", type=int, default=0,
                        help="games in play at a time per process (default: all of its games)")
    args = parser.parse_args(argv)

    cluster = None
    url = args.url
    if url is None:
        reason = unavailable()
        if reason:
            print(f"No PostgreSQL: {reason}", file=sys.stderr)
            return 1
        cluster = Cluster()
        url = cluster.start()
    try:
        asyncio.run(empty(url))

        async def migrate() -> None:
            await (await PostgresStore.open(url)).close()
        asyncio.run(migrate())
        context = multiprocessing.get_context("spawn")
        out = context.Queue()
        workers = [context.Process(target=_run_worker, args=(url, i, args.games, args.moves, args.pictures,
                                                                  args.at_once, out))
                   for i in range(args.processes)]
        start = time.perf_counter()
        for w in workers:
            w.start()
        results = dict(out.get() for _ in workers)
        for w in workers:
            w.join()
        wall = time.perf_counter() - start
        latencies: list[float] = []
        plies: dict[int, int] = {}
        for index in sorted(results):
            r = json.loads(results[index])
            latencies += r["latencies"]
            plies.update({int(k): v for k, v in r["plies"].items()})
            print(f"process {index}: {len(r['plies'])} games, {len(r['latencies'])} turns in {r['wall']:.1f} s")
        ordered = sorted(latencies)
        p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
        print(f"{args.processes} processes x {args.games} games, {args.at_once or args.games} at a time per process, "
              f"{args.moves} moves + a resignation each, "
              f"pictures {'on' if args.pictures else 'off'}, PostgreSQL "
              f"{'throwaway cluster (fsync off)' if cluster else 'at --url'}")
        playing = max(json.loads(r)["wall"] for r in results.values())
        print(f"turns: {len(latencies)} in {playing:.1f} s of play (the slowest process; {wall:.1f} s with "
              f"starting the processes) = {len(latencies) / playing:.0f} turns/s")
        print(f"turn latency median {statistics.median(ordered) * 1e3:.1f} ms, p95 {p95 * 1e3:.1f} ms "
              f"(from sending a turn to its reply, waiting behind the other games' turns included)")
        for line in asyncio.run(_check(url, plies)):
            print(line)
    finally:
        if cluster is not None:
            cluster.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
