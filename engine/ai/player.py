"""choose_move: check the request, run the game's search with the level's settings, apply the level.

``analyse`` is ``choose_move`` with everything it found (ranked moves, nodes, time); the arena
and the search benchmark use it. ``budget_scale`` multiplies the level's budget (tiny budgets for
smoke runs), and ``knowledge`` searches with other knowledge than the game's; neither is part of
the public contract.
"""
from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass
from typing import Any

from ..base import Game
from . import alphabeta, mcts
from .knowledge import Knowledge
from .levels import Level
from .levels import level as level_named
from .registry import knowledge_for
from .search import Budget, Candidate, Result, Root


@dataclass
class Analysis:
    """The chosen move and how the search got there."""

    move: str
    level: str
    search: str  # "mcts", "alphabeta", "forced" (a single legal move) or "overlook" (see Knowledge)
    result: Result
    seconds: float  # wall-clock time of the search
    cpu_seconds: float  # CPU time of this thread: the cost on one core, whatever else runs
    slipped: bool  # the level took a near-best move instead of the best


def seeded_rng(game: Game, tag: str, seed: int) -> random.Random:
    """A generator fixed by the game's record, ``tag`` and ``seed`` (the same on any machine)."""
    text = "\n".join([game.variant, str(game.players), tag, str(seed), *game.record])
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def analyse(game: Game, level: str = "hard", seed: int = 0, time_limit: float | None = None,
            budget_scale: float = 1.0, knowledge: Knowledge | None = None) -> Analysis:
    """``choose_move`` with what the search found (see the module docstring). ``knowledge``:
    search with this instead of the game's own (a review after the end sees every tile with it)."""
    knowledge = knowledge or knowledge_for(game.variant)
    chosen_level = level_named(level)
    if game.outcome is not None or game.to_move is None:
        raise ValueError("The game is over: there is no move to choose.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("The seed must be a whole number.")
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
                                   or not time_limit > 0):
        raise ValueError("time_limit must be a positive number of seconds, or None.")
    started, cpu_started = time.perf_counter(), time.thread_time()
    seat = game.to_move
    rng = seeded_rng(game, chosen_level.name, seed)
    root = game.copy()
    origin = Root(seat, len(root.record))
    actions = knowledge.actions(root)
    settings = knowledge.settings_for(root, chosen_level.name)
    kind: str = settings.search
    blind = None
    if len(actions) > 1 and settings.overlook and rng.random() < settings.overlook:
        blind = knowledge.overlooking(root, chosen_level.name, rng)
    if len(actions) == 1:
        result, kind = Result([Candidate(actions[0], 0.5, 0)]), "forced"
    elif blind is not None:
        result, kind = Result([Candidate(blind, 0.5, 0)]), "overlook"
    else:
        settings = settings.scaled(budget_scale)
        budget = Budget(settings.budget, started + time_limit if time_limit is not None else None)
        if kind == "alphabeta":
            result = alphabeta.search(root, knowledge, origin, settings, budget, rng)
        else:
            result = mcts.search(root, knowledge, origin, settings, budget, rng)
        if not result.ranked:  # not even one iteration: any legal move
            result.ranked = [Candidate(rng.choice(actions), 0.5, 0, False)]
        result.ranked = knowledge.settle(root, chosen_level.name, result.ranked)
    action, slipped = _pick(result.ranked, settings.level, rng)
    return Analysis(root.action_text(action), chosen_level.name, kind, result,
                    time.perf_counter() - started, time.thread_time() - cpu_started, slipped)


def _pick(ranked: list[Candidate], level: Level, rng: random.Random) -> tuple[Any, bool]:
    """The best move, or with the level's slip chance a near-best one."""
    best = ranked[0]
    if level.slip and rng.random() < level.slip:
        near = [c for c in ranked[1:level.choices + 1] if c.exact and c.value >= best.value - level.margin]
        if near:
            return rng.choice(near).action, True
    return best.action, False


def choose_move(game: Game, level: str = "hard", seed: int = 0, time_limit: float | None = None) -> str:
    """A canonical legal move for ``game.to_move`` (see engine.ai)."""
    return analyse(game, level, seed, time_limit).move
