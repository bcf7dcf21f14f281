"""python -m bench.search: what the AI's search costs per game (one process, one core).

From mid-game positions (random records cut halfway, as in ``python -m bench``) it measures:
``copy()``; random playouts to the end through the public contract (``legal_moves()`` +
``play()``) and through the search path (``legal_actions()`` + ``apply_action()``, and
``random_action()`` in games that draw a random move without listing them all); nodes/s, each
node a copy of the position with one action applied; the game's evaluation; and the hard level's
own search (its nodes per second). Rates are per second of CPU time of this process, so that
other work on the machine does not lower them. It prints what it measured; it asserts nothing.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

import engine
from bench.__main__ import mid_game
from engine import ai

CASES = (("basic", 2), ("ancient", 2), ("iroh", 2), ("kutai", 2), ("quaterno", 2), ("pauso", 2), ("pauso", 3),
         ("pauso", 4))


def rate(fn, seconds: float) -> tuple[float, int]:
    """Calls of ``fn`` per second over about ``seconds`` (and the calls made); ``fn`` returns
    how many units it did."""
    units = calls = 0
    start = time.process_time()
    while True:
        units += fn()
        calls += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return units / elapsed, calls


def public_playout(game, rng) -> int:
    g = game.copy()
    while g.outcome is None:
        g.play(rng.choice(g.legal_moves()))
    return 1


def fast_playout(game, rng) -> int:
    g = game.copy()
    while g.outcome is None:
        g.apply_action(rng.choice(g.legal_actions()))
    return 1


def random_action_playout(game, rng) -> int:
    g = game.copy()
    while g.outcome is None:
        g.apply_action(g.random_action(rng))
    return 1


def expand(game) -> int:
    actions = game.legal_actions()
    for action in actions:
        child = game.copy()
        child.apply_action(action)
    return len(actions)


def expand_public(game) -> int:
    moves = game.legal_moves()
    for move in moves:
        game.copy().play(move)
    return len(moves)


def line(name: str, value: str) -> None:
    print(f"  {name:<46} {value:>16}")


def parts_playout(game, rng) -> int:
    """A playout of the game's own random player (games whose move list comes in parts)."""
    g = game.copy()
    while g.outcome is None:
        g.play(g.random_move(rng))
    return 1


def parts_fast_playout(game, rng) -> int:
    knowledge = ai.knowledge_for(game.variant)
    g = game.copy()
    while g.outcome is None:
        g.apply_action(knowledge.playout_action(g, rng))
    return 1


def expand_candidates(game) -> int:
    actions = ai.knowledge_for(game.variant).actions(game)
    for action in actions:
        child = game.copy()
        child.apply_action(action)
    return len(actions)


def expand_candidates_public(game) -> int:
    moves = [game.action_text(a) for a in ai.knowledge_for(game.variant).actions(game)]
    for move in moves:
        game.copy().play(move)
    return len(moves)


def mean_rate_over(games: list) -> Callable[[Callable[[engine.Game], int], float], float]:
    """``mean_rate(work, span)``: the mean over ``games`` of how many units of ``work`` a second
    gets done (each game measured for ``span`` seconds)."""
    def mean_rate(work: Callable[[engine.Game], int], span: float) -> float:
        return sum(rate(lambda g=g: work(g), span)[0] for g in games) / len(games)
    return mean_rate


def bench_parts(games: list, positions: int, seconds: float) -> None:
    """Games with huge move lists (``lists_moves_in_parts``): the playouts are the game's random
    player (``random_move`` + ``play``) against the same player on the search path (the AI's
    ``playout_action`` + ``apply_action``), and a node is one of the AI's candidate turns,
    played from its text or applied as an action; ``copy()`` is compared with the generic deep
    copy (``Game._clone``) it replaces."""
    per = seconds / positions
    rng = random.Random(0)
    mean_rate = mean_rate_over(games)

    line("copy() per second: generic deep copy", f"{mean_rate(lambda g: (engine.Game._clone(g), 1)[1], per / 2):,.0f}")
    line("copy() per second", f"{mean_rate(lambda g: (g.copy(), 1)[1], per / 2):,.0f}")
    line("playouts/s via random_move() + play()", f"{mean_rate(lambda g: parts_playout(g, rng), per):,.1f}")
    line("playouts/s via playout_action() + apply_action()",
         f"{mean_rate(lambda g: parts_fast_playout(g, rng), per):,.1f}")
    line("nodes/s via copy() + play(move), candidates", f"{mean_rate(expand_candidates_public, per):,.0f}")
    line("nodes/s via copy() + apply_action(), candidates", f"{mean_rate(expand_candidates, per):,.0f}")
    actions = ai.knowledge_for(games[0].variant).actions
    line("candidate lists/s (knowledge.actions)", f"{mean_rate(lambda g: (actions(g), 1)[1], per / 2):,.0f}")


def bench_game(variant: str, players: int, positions: int, seconds: float) -> None:
    games = [mid_game(variant, players, seed) for seed in range(positions)]
    if type(games[0]).lists_moves_in_parts and variant in ai.variants():
        bench_parts(games, positions, seconds)
        knowledge = ai.knowledge_for(variant)
        evaluations = mean_rate_over(games)(lambda g: (knowledge.evaluate(g), 1)[1], seconds / positions / 2)
        line("evaluations/s", f"{evaluations:,.0f}")
        found = [ai.analyse(g, "hard", seed=i) for i, g in enumerate(games)]
        nodes = sum(f.result.nodes for f in found)
        took = sum(f.cpu_seconds for f in found)
        line(f"hard search ({knowledge.settings['hard'].search}): nodes/s", f"{nodes / max(took, 1e-9):,.0f}")
        line("hard search: CPU seconds per move (mean)", f"{took / len(found):.2f}")
        return
    per = seconds / positions
    rng = random.Random(0)
    mean_rate = mean_rate_over(games)

    line("copy() per second", f"{mean_rate(lambda g: (g.copy(), 1)[1], per / 2):,.0f}")
    line("playouts/s via legal_moves() + play()", f"{mean_rate(lambda g: public_playout(g, rng), per):,.1f}")
    line("nodes/s via copy() + play(move)", f"{mean_rate(expand_public, per):,.0f}")
    has_fast = type(games[0]).legal_actions is not engine.Game.legal_actions
    if hasattr(engine.Game, "legal_actions"):
        what = "" if has_fast else " (default: the public path)"
        line(f"playouts/s via legal_actions() + apply_action(){what}",
             f"{mean_rate(lambda g: fast_playout(g, rng), per):,.1f}")
        line(f"nodes/s via copy() + apply_action(){what}", f"{mean_rate(expand, per):,.0f}")
    if hasattr(games[0], "random_action"):  # games that draw a random move without the list
        line("playouts/s via random_action() + apply_action()",
             f"{mean_rate(lambda g: random_action_playout(g, rng), per):,.1f}")
    if variant in ai.variants():
        knowledge = ai.knowledge_for(variant)
        line("evaluations/s", f"{mean_rate(lambda g: (knowledge.evaluate(g), 1)[1], per / 2):,.0f}")
        found = [ai.analyse(g, "hard", seed=i) for i, g in enumerate(games)]
        nodes = sum(f.result.nodes for f in found)
        took = sum(f.cpu_seconds for f in found)
        line(f"hard search ({found[0].search}): nodes/s", f"{nodes / took:,.0f}")
        line("hard search: CPU seconds per move (mean)", f"{took / len(found):.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.search", description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=4, help="mid-game positions per game")
    parser.add_argument("--seconds", type=float, default=4.0, help="measuring time per figure and game")
    parser.add_argument("--variants", nargs="+", default=None, help="games to measure (default: all)")
    args = parser.parse_args(argv)
    run(args.positions, args.seconds, args.variants)
    return 0


def run(positions: int = 4, seconds: float = 4.0, variants: list[str] | None = None) -> None:
    """Print the search figures of every game with an AI player (and PAUSO per player count)."""
    print("\nAI search (bench.search): one core, mid-game positions")
    for variant, players in CASES:
        if variant not in engine.VARIANT_IDS or (variants and variant not in variants):
            continue
        print(f"\n{engine.info(variant).name}, {players} players")
        bench_game(variant, players, positions, seconds)


if __name__ == "__main__":
    sys.exit(main())
