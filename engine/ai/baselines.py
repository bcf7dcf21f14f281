"""Two fixed opponents the arena measures the levels against.

``random``: a uniformly random legal move (``Game.random_move``), seeded like the AI.
``greedy``: an immediate win if there is one, else the move whose position the game's
``Knowledge.evaluate`` likes best for the mover after one ply (ties broken at random). With
hidden information it looks at one world drawn for its seat.
"""
from __future__ import annotations

from ..base import Game
from .player import seeded_rng
from .registry import knowledge_for
from .search import Root

BASELINES = ("random", "greedy")


def random_move(game: Game, seed: int = 0) -> str:
    return game.copy().random_move(seeded_rng(game, "random", seed))


def greedy_move(game: Game, seed: int = 0) -> str:
    knowledge = knowledge_for(game.variant)
    rng = seeded_rng(game, "greedy", seed)
    seat = game.to_move
    if seat is None:
        raise ValueError("The game is over: there is no move to choose.")
    determinize = knowledge.determinize
    world = determinize(game, seat, rng) if determinize is not None else game.copy()
    root = Root(seat, len(world.record))
    best, best_value = [], -1.0
    for action in knowledge.actions(world):
        child = world.copy()
        child.apply_action(action)
        if child.outcome is not None:
            if child.outcome.winners == (seat,):
                return world.action_text(action)
            value = knowledge.reward(child)[seat]
        else:
            value = knowledge.evaluate(child, root)[seat]
        if value > best_value + 1e-12:
            best, best_value = [action], value
        elif value > best_value - 1e-12:
            best.append(action)
    return world.action_text(rng.choice(best))


def baseline_move(name: str, game: Game, seed: int = 0) -> str:
    """The move of baseline ``name`` ("random" or "greedy")."""
    if name == "random":
        return random_move(game, seed)
    if name == "greedy":
        return greedy_move(game, seed)
    raise ValueError(f"Unknown baseline '{name}'. Baselines: {', '.join(BASELINES)}.")
