"""python -m bench.puzzles: mine puzzles from the AI's own games, offline, into each game's package.

For each game (PAUSO with two and with three players) it plays AI games (hard against medium, hard
against hard, and in the longer games mostly games where a weaker level plays: see ``WEAKER``;
seats alternating; a few random plies first so that the openings vary) and
looks at every position of them, and at the positions after the other moves the AI considered at
each turn (the mistakes a player might have made there), for a puzzle: a win in 1, a defence or
a win in 2, each proved by the exact checks of engine.puzzles.solve (every move tried, every reply
answered) within a node budget. The AI's own value of a position screens the costlier checks. A
puzzle is kept when it passes ``engine.puzzles.verify`` again at four times the budget (and, for a
game with hidden tiles, the same check over re-deals of what the solver cannot see); it is tagged
with its themes and given a difficulty from how often the easy and medium levels find the answer.

The puzzles go to ``engine/<game>/puzzles.jsonl`` (``--out DIR`` writes ``DIR/<game>.jsonl``
instead), merged with those already there, after every game, so a stopped run loses nothing.
It prints what it did per game: games played, positions looked at, puzzles by kind, the time.

    nice -n 10 .venv/bin/python -m bench.puzzles --minutes 15 --target 70
    .venv/bin/python -m bench.puzzles --variants quaterno --minutes 1   # one game, a short run
    .venv/bin/python -m bench.puzzles --smoke --out /tmp/p              # the test suite's run

Not run in CI (a smoke test runs it on a tiny budget). Run it with ``nice -n 10``: one process.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, cast

import engine
from bench.puzzle_checks import Settings, checked, look, make_puzzle
from engine import ai, puzzles
from engine.base import Game
from engine.puzzles import DEFENCE, WIN1, WIN2, Puzzle, Solver
from engine.puzzles.model import FILE

# The long round-board games between hard players take minutes each and leave few single winning
# moves: most of their puzzles come from games where a weaker level plays (its slips are the
# positions a player meets), one game in six is hard against medium. Measured on Basic: 2 puzzles in
# 10 minutes with hard against medium or itself, 9 in 4 minutes with these matchups.
WEAKER = (("medium", "easy"), ("easy", "medium"), ("easy", "easy"), ("medium", "easy"), ("easy", "medium"),
          ("hard", "medium"))

CONFIGS: tuple[Settings, ...] = (
    Settings("basic", kinds=(WIN1, DEFENCE), themes=("capture", "scoring", "harmony"), budget=40_000,
             scale=0.3, win_from=0.85, defence_below=0.15, matchups=WEAKER, self_play=False, per_game=6),
    Settings("ancient", kinds=(WIN1,), themes=("harmony", "capture"), budget=400_000, hidden=True, scale=0.5,
             win_from=0.9, matchups=WEAKER, self_play=False, per_game=6),
    Settings("iroh", kinds=(DEFENCE, WIN2), themes=("harmony", "capture"), budget=60_000, win2_budget=80_000,
             scale=0.3, win_from=0.85, defence_below=0.15, matchups=WEAKER, self_play=False, per_game=6),
    # Hard players keep the total out of the other's reach until many placements pass the target at
    # once; the single winning placements come from weaker play, so weaker matchups take turns here.
    Settings("kutai", kinds=(WIN1,), themes=("harmony",), budget=60_000, scale=0.6,
             matchups=(("hard", "medium"), ("medium", "easy"), ("easy", "medium"), ("easy", "easy")), self_play=False,
             near=lambda game: cast(Any, game).total >= cast(Any, game).options["target"] - 12),
    Settings("quaterno", themes=("figure",), budget=60_000, win2_budget=40_000, scale=0.3,
             win_from=0.85, defence_below=0.3, matchups=WEAKER, self_play=False, per_game=6),
    Settings("pauso", 2, themes=("scoring",), budget=60_000, win2_budget=60_000, scale=0.3),
    Settings("pauso", 3, themes=("scoring",), budget=60_000, win2_budget=60_000, scale=0.3,
             matchups=(("hard", "medium", "medium"), ("medium", "hard", "medium"), ("medium", "medium", "hard"))),
)


@dataclass
class Tally:
    games: int = 0
    positions: int = 0
    nodes: int = 0
    found: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0


def target_file(variant: str, out: Path | None) -> Path:
    if out is not None:
        return out / f"{variant}.jsonl"
    package = engine.info(variant).game.__module__.rpartition(".")[0]
    return Path(sys.modules[package].__file__ or "").parent / FILE


def read(path: Path) -> dict[str, Puzzle]:
    if not path.is_file():
        return {}
    found = (Puzzle.from_json(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    return {p.id: p for p in found}


def write(path: Path, kept: dict[str, Puzzle]) -> None:
    """All puzzles of one game, easiest first (ties by id), one JSON object a line."""
    path.parent.mkdir(parents=True, exist_ok=True)
    ordered = sorted(kept.values(), key=lambda p: (p.players, p.rating, p.id))
    scratch = path.with_suffix(".tmp")
    scratch.write_text("".join(p.to_json() + "\n" for p in ordered), encoding="utf-8")
    scratch.replace(path)


def screened(settings: Settings, game: Game) -> tuple[str, ...]:
    """The kinds worth checking in a position, by the game's evaluation for its mover."""
    if settings.near is not None and not settings.near(game):
        return ()
    if settings.win_from is None and settings.defence_below is None:
        return settings.kinds
    seat = game.to_move
    assert seat is not None  # positions of running games only
    value = ai.knowledge_for(game.variant).evaluate(game)[seat]
    kept = []
    for kind in settings.kinds:
        limit = settings.defence_below if kind == DEFENCE else settings.win_from
        if limit is None or (value <= limit if kind == DEFENCE else value >= limit):
            kept.append(kind)
    return tuple(kept)


def positions(game: Game, analysis: ai.Analysis, settings: Settings) -> list[Game]:
    """The position itself and the positions after the other moves the search considered."""
    out = [game]
    for candidate in analysis.result.ranked[1:]:
        if len(out) > settings.alternatives:
            break
        child = game.copy()
        if child.action_text(candidate.action) == analysis.move:
            continue
        child.apply_action(candidate.action)
        if child.outcome is None:
            out.append(child)
    return out


def play_and_mine(settings: Settings, index: int, kept: dict[str, Puzzle], seen: set[str], tally: Tally,
                  deadline: float, say: Any) -> None:
    """One AI game of ``settings``; its puzzles go into ``kept``."""
    game = engine.new_game(settings.variant, players=settings.players, seed=index)
    rng = random.Random(f"puzzles|{settings.variant}|{settings.players}|{index}")
    for _ in range(rng.randint(*settings.opening)):
        if game.outcome is not None:
            return
        game.play(game.random_move(rng))
    levels = settings.matchups[index % len(settings.matchups)]
    if settings.self_play and index % 3 == 2:
        levels = ("hard",) * settings.players  # every third game: hard against itself
    solver = Solver(settings.budget)
    found_here: list[str] = []
    while game.outcome is None and time.monotonic() < deadline:
        seat = game.to_move
        assert seat is not None  # a running game has a seat to move
        analysis = ai.analyse(game, levels[seat % len(levels)], seed=index * 1000 + len(game.record),
                              budget_scale=settings.scale)
        for position in positions(game, analysis, settings):
            key = puzzles.puzzle_id(position.variant, position.players, position.seed,
                                    position.to_dict()["options"] or {}, position.record)
            if key in seen or len(found_here) >= settings.per_game:
                continue
            seen.add(key)
            tally.positions += 1
            before = solver.nodes
            kinds = screened(settings, position)
            looked = look(position, replace(settings, kinds=kinds), solver) if kinds else None
            tally.nodes += solver.nodes - before
            if looked is None:
                continue
            kind, solution, legal = looked
            if any(kept[k].solution[0] == solution[0] and kept[k].record[:-4] == position.record[:-4]
                   for k in found_here):
                continue  # the same idea a few plies away in the same game
            source = f"{'-'.join(levels)} game {index}, ply {len(position.record)}"
            puzzle = make_puzzle(position, kind, solution, legal, settings, source)
            if not checked(puzzle, settings, solver):
                say(f"  dropped {puzzle.id}: it did not pass the check again")
                continue
            kept[puzzle.id] = puzzle
            found_here.append(puzzle.id)
            tally.found[kind] = tally.found.get(kind, 0) + 1
            say(f"  {puzzle.id} {kind} {' '.join(solution)} ({', '.join(puzzle.tags)}; rating {puzzle.rating})")
        game.play(analysis.move)
    tally.games += 1


def mine(settings: Settings, minutes: float, target: int, first_seed: int, out: Path | None,
         say: Any = print) -> Tally:
    """Mine one game (and player count) until ``target`` of its puzzles exist or time is up."""
    path = target_file(settings.variant, out)
    kept = read(path)
    seen = set(kept)
    tally = Tally()
    started = time.monotonic()
    deadline = started + minutes * 60

    def count() -> int:
        return sum(1 for p in kept.values() if p.players == settings.players)
    index = first_seed
    while time.monotonic() < deadline and count() < target:
        play_and_mine(settings, index, kept, seen, tally, deadline, say)
        write(path, kept)
        index += 1
    tally.seconds = time.monotonic() - started
    say(f"{engine.info(settings.variant).name}, {settings.players} players: {tally.games} games, "
        f"{tally.positions} positions, {tally.nodes} nodes, new puzzles "
        f"{', '.join(f'{k} {n}' for k, n in sorted(tally.found.items())) or 'none'}; "
        f"{count()} in {path} ({tally.seconds / 60:.1f} min)")
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.puzzles", description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=None, help="games to mine (default: all)")
    parser.add_argument("--players", nargs="+", type=int, default=None, help="PAUSO player counts (default: 2 3)")
    parser.add_argument("--minutes", type=float, default=15.0, help="time per game and player count")
    parser.add_argument("--target", type=int, default=70, help="stop a game once it has this many puzzles")
    parser.add_argument("--first-seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--out", type=Path, default=None, help="write DIR/<game>.jsonl instead of the packages")
    parser.add_argument("--smoke", action="store_true", help="tiny budgets, one game each (the test suite's run)")
    args = parser.parse_args(argv)
    chosen = [s for s in CONFIGS if (args.variants is None or s.variant in args.variants)
              and (args.players is None or s.players in args.players)]
    if not chosen:
        parser.error("no game matches --variants / --players")
    total = time.monotonic()
    for settings in chosen:
        if args.smoke:
            settings = replace(settings, budget=2000, win2_budget=500, scale=0.02, alternatives=1)
        minutes = 0.05 if args.smoke else args.minutes
        mine(settings, minutes, 1 if args.smoke else args.target, args.first_seed, args.out)
    print(f"Mining took {(time.monotonic() - total) / 60:.1f} min.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
