"""python -m bench.arena: the AI levels against each other and against fixed baselines.

For each game (and PAUSO player count) and each matchup ``A-B`` it plays ``--games`` games and
prints A's wins / draws / losses, its score (a draw counts half) with a 95% Wilson interval,
the Elo difference that score means (with the interval's Elo; a score of 0 or 1 shows as the
clamp -1200 / +1200), and the think time p50 / p95
of every AI level that played (CPU seconds of the search on one core, so that other work on
the machine does not inflate them). Two-player matchups alternate the seats and pair the seeds: game
2k and 2k+1 start from the same opening (``--opening`` random plies) with the seats swapped.
With 3 or 4 players, A sits in one seat (rotating over the games of one seed) and B in all
others; the table then gives A's win share (a shared win counts 1/k) against its fair share 1/n.

Players: the levels (easy, medium, hard) and the baselines ``random`` (a uniformly random legal
move) and ``greedy`` (an immediate win, else the best position after one ply by the game's own
evaluation). Every move depends only on the record and the seeds, so the results do not depend
on ``--jobs`` (only the think times do). It asserts nothing; it is not run in CI (a smoke test
runs it with tiny budgets). ``--first-seed S`` starts at seed S, so a later run adds new games to
an earlier sample (the same ``--games`` from seed 0 would replay the same games).
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import signal
import statistics
import sys
import time
from dataclasses import dataclass, field

import engine
from engine import ai
from engine.ai.baselines import BASELINES, baseline_move

DEFAULT_MATCHUPS = ("hard-random", "hard-greedy", "medium-easy", "hard-medium", "easy-random", "easy-greedy")
MULTI_MATCHUPS = ("hard-greedy", "hard-random", "medium-greedy", "easy-greedy")
Z95 = 1.959964


@dataclass(frozen=True)
class Task:
    """One game of one matchup."""

    variant: str
    players: int
    a: str
    b: str
    index: int  # the game's number in its matchup
    opening: int
    scale: float

    @property
    def pair(self) -> int:
        return self.index // self.players

    @property
    def seat_a(self) -> int:  # A's seat: rotates over the games of one seed
        return self.index % self.players


@dataclass
class GameResult:
    task: Task
    share: float  # A's part of the win: 1, 1/k for a shared win (0.5 for a 2-player draw), 0
    outcome: str  # "win", "draw" (shared), "loss"
    plies: int
    think: dict[str, list[float]] = field(default_factory=dict)  # level -> seconds per move


def play_one(task: Task) -> GameResult:
    """Play one arena game to its end."""
    game = engine.new_game(task.variant, players=task.players, seed=task.pair)
    opening_rng = random.Random(f"arena-opening|{task.variant}|{task.players}|{task.pair}")
    for _ in range(task.opening):
        if game.outcome is not None:
            break
        game.play(game.random_move(opening_rng))
    think: dict[str, list[float]] = {}
    while game.outcome is None:
        seat = game.to_move
        assert seat is not None  # a running game has a seat to move
        who = task.a if seat == task.seat_a else task.b
        seed = task.pair * 10 + seat
        if who in BASELINES:
            move = baseline_move(who, game, seed)
        else:
            found = ai.analyse(game, who, seed, budget_scale=task.scale)
            think.setdefault(who, []).append(found.cpu_seconds)
            move = found.move
        game.play(move)
    winners = game.outcome.winners
    share = 1.0 / len(winners) if task.seat_a in winners else 0.0
    kind = "loss" if share == 0 else "win" if len(winners) == 1 else "draw"
    return GameResult(task, share, kind, len(game.record), think)


def wilson(score: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion ``score`` / ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    denom = 1 + Z95 ** 2 / n
    centre = (p + Z95 ** 2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(p: float) -> float:
    """The Elo difference of an expected score ``p`` (clamped so that 0 and 1 stay finite)."""
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def tasks_for(variant: str, players: int, matchup: str, games: int, opening: int, scale: float,
              first_seed: int = 0) -> list[Task]:
    a, _, b = matchup.partition("-")
    start = first_seed * players  # the games of seed N are numbered from N x players
    return [Task(variant, players, a, b, start + i, opening, scale) for i in range(games)]


def summarise(results: list[GameResult]) -> dict:
    task = results[0].task
    n = len(results)
    wins = sum(r.outcome == "win" for r in results)
    draws = sum(r.outcome == "draw" for r in results)
    losses = n - wins - draws
    score = sum(r.share for r in results)
    low, high = wilson(score, n)
    think: dict[str, list[float]] = {}
    for r in results:
        for level, samples in r.think.items():
            think.setdefault(level, []).extend(samples)
    return {"variant": task.variant, "players": task.players, "matchup": f"{task.a}-{task.b}", "games": n,
            "wins": wins, "draws": draws, "losses": losses, "score": score / n, "low": low, "high": high,
            "plies": statistics.mean(r.plies for r in results), "think": think}


def print_header(players: int) -> None:
    if players == 2:
        print(f"  {'matchup':<14}{'games':>6}{'W':>5}{'D':>5}{'L':>5}{'score':>8}{'95% CI':>15}"
              f"{'Elo':>7}{'Elo 95% CI':>15}{'plies':>7}  think p50/p95 (CPU s)")
    else:
        print(f"  {'matchup':<14}{'games':>6}{'W':>5}{'D':>5}{'L':>5}{'share':>8}{'95% CI':>15}"
              f"{'fair':>7}{'x fair':>8}{'x fair CI':>13}{'plies':>7}  think p50/p95 (CPU s)")


def print_row(row: dict) -> None:
    think = "  ".join(f"{level} {p50:.3f}/{p95:.3f}"
                      for level, (p50, p95) in ((lv, percentiles(s)) for lv, s in row["think"].items()))
    ci = f"[{row['low']:.2f}, {row['high']:.2f}]"
    head = f"  {row['matchup']:<14}{row['games']:>6}{row['wins']:>5}{row['draws']:>5}{row['losses']:>5}"
    if row["players"] == 2:
        elo_ci = f"[{elo(row['low']):+.0f}, {elo(row['high']):+.0f}]"
        print(f"{head}{row['score']:>8.3f}{ci:>15}{elo(row['score']):>+7.0f}{elo_ci:>15}{row['plies']:>7.0f}  {think}")
    else:
        fair = 1 / row["players"]
        ratio_ci = f"[{row['low'] / fair:.2f}, {row['high'] / fair:.2f}]"
        print(f"{head}{row['score']:>8.3f}{ci:>15}{fair:>7.3f}{row['score'] / fair:>8.2f}{ratio_ci:>13}"
              f"{row['plies']:>7.0f}  {think}")


def run(variants: list[str], players_list: list[int], matchups: list[str] | None, games: int,
        opening: int, scale: float, jobs: int, first_seed: int = 0) -> list[dict]:
    """Play every matchup and print its row as soon as it is done; returns the rows."""
    plans = []
    for variant in variants:
        info = engine.info(variant)
        for players in players_list:
            if info.min_players <= players <= info.max_players:
                chosen = matchups or list(DEFAULT_MATCHUPS if players == 2 else MULTI_MATCHUPS)
                plans.append((variant, players, chosen))
    rows = []
    pool = multiprocessing.get_context("spawn").Pool(jobs) if jobs > 1 else None
    try:
        for variant, players, chosen in plans:
            print(f"\n{engine.info(variant).name}, {players} players ({games} games per matchup, "
                  f"{opening} random opening plies, budget x{scale:g}"
                  f"{f', seeds from {first_seed}' if first_seed else ''})")
            print_header(players)
            for matchup in chosen:
                tasks = tasks_for(variant, players, matchup, games, opening, scale, first_seed)
                results = pool.map(play_one, tasks, chunksize=1) if pool else [play_one(t) for t in tasks]
                row = summarise(results)
                print_row(row)
                sys.stdout.flush()
                rows.append(row)
    except BaseException:
        if pool:
            pool.terminate()
        raise
    else:
        if pool:
            pool.close()
            pool.join()
    return rows


def check_matchup(text: str) -> str:
    names = (*ai.LEVELS, *BASELINES)
    a, dash, b = text.partition("-")
    if not dash or a not in ai.LEVELS or b not in names:
        raise argparse.ArgumentTypeError(f"a matchup is LEVEL-OPPONENT, e.g. hard-greedy (levels: "
                                         f"{', '.join(ai.LEVELS)}; opponents also {', '.join(BASELINES)})")
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.arena", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per matchup")
    parser.add_argument("--variants", nargs="+", default=None, help="games (default: every game with an AI)")
    parser.add_argument("--matchups", nargs="+", type=check_matchup, default=None,
                        help=f"e.g. hard-greedy (default 2 players: {' '.join(DEFAULT_MATCHUPS)}; "
                             f"3-4 players: {' '.join(MULTI_MATCHUPS)})")
    parser.add_argument("--players", nargs="+", type=int, default=[2, 3, 4], help="player counts (PAUSO 2-4)")
    parser.add_argument("--budget-scale", type=float, default=1.0, help="multiply every level's budget")
    parser.add_argument("--opening", type=int, default=2, help="random plies before the players take over")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="the first seed of the paired games (a later run with a higher one plays new games "
                             "to add to an earlier sample: --games G --first-seed S plays seeds S to S + G/players)")
    args = parser.parse_args(argv)
    variants = args.variants or list(ai.variants())
    began = time.perf_counter()
    print(f"Arena: {', '.join(variants)}; players {args.players}; {args.games} games per matchup; jobs {args.jobs}")
    run(variants, args.players, args.matchups, args.games, args.opening, args.budget_scale, max(1, args.jobs),
        max(0, args.first_seed))
    print(f"\nDone in {time.perf_counter() - began:.0f} s.")
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a killed run stops its workers too
    sys.exit(main())
