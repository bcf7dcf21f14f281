"""python -m bench.worst: the worst cases of autocomplete and replay, built here from random games.

Autocomplete: for every game, a crowded position (Ancient: a board of 76-96 tiles with a Knotweed,
Wheel, Ship, Dragon and Lotus in the mover's hand, the case where a turn has millions of forms;
the other games: the position of a few long random games with the most legal moves). On it,
sample moves are typed keystroke by keystroke on a fresh copy of the game (as the service keeps
one game between keystrokes), timing ``suggest`` at every prefix length: p50 / p95 per length.

Replay: for every game the longest random record of a few seeds (options that let a game run
long; Kutai, PAUSO and Ancient end sooner than 300 turns whatever the options), and the time per
turn of ``engine.replay`` at ply 10, 100 and 300.

Times are the CPU time of the measuring thread (``time.thread_time``): on a shared machine the
wall clock also counts other processes' time slices (spikes of 5-15 ms on a loaded two-core box).
It prints what it measured; it asserts nothing. ``--tiny`` is a quick run for the test suite.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

import engine
from engine.ancient import moves as ancient_moves
from engine.ancient.placement import after_placement

# Options under which a random game runs as long as its rules let it.
LONG = {"basic": {"max_turns": 10000, "target_points": 0}, "ancient": {"target": 30, "max_turns": 10000},
        "iroh": {"max_turns": 10000}, "kutai": {"target": 200}, "quaterno": {"move_limit": 500},
        "pauso": {"rings": 12}}
PLAYERS = {"pauso": 4}
SPECIALS = ("Kn", "Wh", "Bo", "WD", "WL")  # Ancient's tiles whose placements multiply a turn
PLIES = (10, 100, 300)
BUDGET_MS = 10.0


def random_record(variant: str, seed: int, most: int) -> engine.Game:
    """A random game under the LONG options, at most ``most`` record entries long."""
    rng = random.Random(seed)
    game = engine.new_game(variant, players=PLAYERS.get(variant, 2), seed=seed, options=LONG.get(variant))
    while game.outcome is None and len(game.record) < most:
        game.play(game.random_move(rng))
    return game


def ancient_worst(seeds: int) -> engine.Game:
    """A crowded Ancient board (76-96 tiles, the most met) with every special tile in the mover's
    hand. The first player avoids placing special tiles here, so that they stay in hand."""
    best: Any = None
    for seed in range(seeds):
        rng = random.Random(seed)
        game: Any = engine.new_game("ancient", seed=seed, options=LONG["ancient"])
        while game.outcome is None:
            p = game.to_move
            board = game.board
            if (p == 0 and game.phase == "play" and not game.pending
                    and 76 <= len(board) <= 96 and (best is None or len(board) > len(best.board))):
                on_board = [v[1] for v in board.values() if v[0] == p]
                if all(on_board.count(c) <= 2 for c in SPECIALS):
                    best = with_specials(game, p)
            for _ in range(20):
                move = game.random_move(rng)
                if p != 0 or not move.startswith(tuple(f"{c}@" for c in SPECIALS)):
                    break
            game.play(move)
    assert best is not None, "no crowded Ancient position found"
    return best


def with_specials(game: Any, p: int) -> engine.Game:
    """``game``'s position with the mover's hand replaced by one of each special tile (the pile
    gives those tiles up, so no tile is counted twice)."""
    pile = list(game.piles[p])
    for code in SPECIALS:
        if code in pile:
            pile.remove(code)
    parts = []
    for part in game.position().split("; "):
        key = part.partition(":")[0]
        if key == f"P{p + 1} hand":
            part = f"{key}: " + " ".join(SPECIALS)
        elif key == f"P{p + 1} pile":
            part = f"{key}: " + " ".join(pile)
        parts.append(part)
    return engine.load("ancient", "; ".join(parts), options=LONG["ancient"])


def crowded(variant: str, seeds: int, most: int) -> engine.Game:
    """The position with the most legal moves met in a few long random games."""
    if variant == "ancient":
        return ancient_worst(seeds)
    best, size = None, -1
    for seed in range(seeds):
        rng = random.Random(seed)
        game = engine.new_game(variant, players=PLAYERS.get(variant, 2), seed=seed, options=LONG.get(variant))
        while game.outcome is None and len(game.record) < most:
            n = len(game.legal_moves())
            if n > size:
                best, size = game.copy(), n
            game.play(game.random_move(rng))
    assert best is not None
    return best


def targets(game: Any, count: int, rng: random.Random) -> list[str]:
    """Moves to type: random legal moves, and in Ancient one turn per tile in hand (placement and
    a move after it when one may follow)."""
    out = []
    if game.variant == "ancient":
        p = game.to_move
        for code in dict.fromkeys(game.hands[p]):
            options = list(ancient_moves.placements(game, p, [code]))
            if options:
                place = rng.choice(options)
                board, _ = after_placement(game.board, game.hands[p], p, place)
                follow = ancient_moves.moves(board, p)
                out.append(place.text() + ("," + rng.choice(follow) if follow else ""))
    while len(out) < count:
        out.append(game.copy().random_move(rng))
    return out


def time_keystrokes(game: engine.Game, typed: list[str]) -> dict[int, list[float]]:
    """Seconds of ``suggest`` per prefix length, typing each move key by key on a fresh copy."""
    by_length: dict[int, list[float]] = {}
    for move in typed:
        fresh = game.copy()
        for k in range(len(move) + 1):
            start = time.thread_time()
            fresh.suggest(move[:k])
            by_length.setdefault(k, []).append(time.thread_time() - start)
    return by_length


def p50_p95(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def bench_autocomplete(variant: str, seeds: int, most: int, count: int) -> None:
    game: Any = crowded(variant, seeds, most)
    if variant == "ancient":
        where = f"{len(game.board)} tiles, hand {' '.join(game.hands[game.to_move])}"
    else:
        where = f"{len(game.legal_moves())} legal moves"
    typed = targets(game, count, random.Random(1))
    by_length = time_keystrokes(game, typed)
    everything = [s for samples in by_length.values() for s in samples]
    p50, p95 = p50_p95(everything)
    verdict = "ok" if p95 * 1e3 <= BUDGET_MS else "MISSED"
    print(f"  autocomplete on the crowded position ({where}), {len(typed)} moves typed key by key: "
          f"all keystrokes p50 / p95 {p50 * 1e3:.2f} / {p95 * 1e3:.2f} ms (budget {BUDGET_MS:g}: {verdict})")
    cells = []
    for k in sorted(by_length):
        p50, p95 = p50_p95(by_length[k])
        cells.append(f"{k:>2}: {p50 * 1e3:6.2f} /{p95 * 1e3:6.2f}")
    for row in range(0, len(cells), 4):
        print("    prefix length " + "   ".join(cells[row:row + 4]))


def bench_replay(variant: str, seeds: int, most: int, repeat: int) -> None:
    longest = max((random_record(variant, seed, most) for seed in range(seeds)), key=lambda g: len(g.record))
    record, players, seed = longest.record, longest.players, longest.seed
    cells = []
    for ply in PLIES:
        if ply > len(record):
            cells.append(f"ply {ply}: n/a")
            continue
        best = min(_replay_time(variant, record[:ply], players, seed) for _ in range(repeat))
        cells.append(f"ply {ply}: {best / ply * 1e3:.3f} ms/turn")
    if len(record) < most:  # the game ends sooner: its whole record too
        best = min(_replay_time(variant, record, players, seed) for _ in range(repeat))
        cells.append(f"whole record ({len(record)} entries, its longest random game): "
                     f"{best / len(record) * 1e3:.3f} ms/turn")
    print(f"  replay per turn  {'   '.join(cells)}")


def _replay_time(variant: str, record: list[str], players: int, seed: int) -> float:
    start = time.thread_time()
    engine.replay(variant, record, players=players, seed=seed, options=LONG.get(variant))
    return time.thread_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.worst", description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="a quick run (for the tests)")
    parser.add_argument("--games", default=",".join(engine.VARIANT_IDS), help="the games to measure, comma-separated")
    args = parser.parse_args(argv)
    seeds, most, count, repeat = (1, 40, 2, 1) if args.tiny else (4, 400, 12, 3)
    print("Worst cases (CPU time): autocomplete p50 / p95 in ms per prefix length; replay time per turn")
    for variant in args.games.split(","):
        print(f"\n{engine.info(variant).name}")
        bench_autocomplete(variant, 1 if args.tiny else seeds, most, count)
        bench_replay(variant, seeds, PLIES[-1] if not args.tiny else 10, repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
