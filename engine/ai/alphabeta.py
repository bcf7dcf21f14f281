"""Alpha-beta search for two-player games: iterative deepening on a fixed node budget.

Values are win chances of the searching seat (0..1) from ``knowledge.horizon`` at the horizon (by
default ``knowledge.evaluate``) and ``knowledge.reward`` at the end of a game; a win found sooner
scores a little higher (and a loss later a little less low), so the search plays for the quickest
win and the longest resistance. Turn order is read from the game (``to_move``), not assumed to alternate.

Move ordering: the previous iteration's root ranking, then per ply a killer move and the
history heuristic on top of ``knowledge.order``. Each completed iteration gives exact values
for every root move within ``margin`` of the best (the rest are cut off, marked inexact), which
is what a level needs to choose a near-best move. When the budget runs out inside an iteration,
the root moves that iteration finished are kept if it finished the first (previous best) one.
How deep and how wide it looks is the level's ``Settings`` (settings.py): the deepest
iteration (``max_depth``) and how many actions it searches at each ply (``widths``: e.g. every
candidate at the root, fewer below).

Hidden information: ``knowledge.determinize`` draws ``Settings.samples`` worlds for the
searching seat; each gets an equal share of the budget and the root values are averaged.
"""
from __future__ import annotations

import math
import random
from typing import Any

from ..base import Game
from .knowledge import Knowledge
from .search import Budget, Candidate, OutOfBudget, Result, Root
from .settings import Settings

SOONER = 1e-3  # bonus per ply for a win found sooner


class _Searcher:
    def __init__(self, knowledge: Knowledge, root: Root, settings: Settings, budget: Budget) -> None:
        self.knowledge = knowledge
        self.root = root
        self.seat = root.seat
        self.horizon = settings.horizon  # value the horizon by knowledge.horizon (else by the evaluation)
        self.widths = settings.widths  # how many actions are searched at each ply (past its end: all)
        self.contempt = settings.contempt
        self.budget = budget
        self.killers: dict[int, Any] = {}
        self.history: dict[Any, int] = {}

    def leaf(self, game: Game, ply: int) -> float:
        if game.outcome is not None:
            value = self.knowledge.reward(game)[self.seat]
            if len(game.outcome.winners) > 1:
                return value - self.contempt  # a draw: worth a little less than even
            if value > 0.5:
                return value + SOONER * (100 - ply)
            if value < 0.5:
                return value - SOONER * (100 - ply)
            return value
        if self.horizon:
            return self.knowledge.horizon(game, self.seat, self.root)
        return self.knowledge.evaluate(game, self.root)[self.seat]

    def ordered(self, game: Game, ply: int) -> list[Any]:
        actions = self.knowledge.actions(game)
        ranked = self.knowledge.order(game, actions, self.root)
        if ranked is not None:
            actions = ranked
        if ply < len(self.widths):
            actions = actions[:self.widths[ply]]
        history = self.history
        if history:
            actions = sorted(actions, key=lambda a: -history.get(a, 0))
        killer = self.killers.get(ply)
        if killer is not None and killer in actions:
            actions.remove(killer)
            actions.insert(0, killer)
        return actions

    def value(self, game: Game, depth: int, alpha: float, beta: float, ply: int) -> float:
        if depth == 0 or game.outcome is not None:
            return self.leaf(game, ply)
        maximising = game.to_move == self.seat
        best = -math.inf if maximising else math.inf
        for action in self.ordered(game, ply):
            self.budget.spend()
            child = game.copy()
            child.apply_action(action)
            v = self.value(child, depth - 1, alpha, beta, ply + 1)
            if maximising:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                self.killers[ply] = action
                self.history[action] = self.history.get(action, 0) + depth * depth
                break
        return best

    def root_moves(self, game: Game, actions: list[Any], depth: int, margin: float,
             done: list[Candidate]) -> None:
        """Search every root move to ``depth``; append each finished one to ``done``."""
        best = -math.inf
        for action in actions:
            self.budget.spend()
            child = game.copy()
            child.apply_action(action)
            floor = best - margin if best > -math.inf else -math.inf
            v = self.value(child, depth - 1, floor, math.inf, 1)
            exact = v > floor
            done.append(Candidate(action, v, depth, exact))
            if v > best:
                best = v


def _deepen(game: Game, knowledge: Knowledge, root: Root, settings: Settings, budget: Budget,
            margin: float) -> Result:
    searcher = _Searcher(knowledge, root, settings, budget)
    order = searcher.ordered(game, 0)
    ranked: list[Candidate] = []
    depth_done = 0
    for depth in range(1, settings.max_depth + 1):
        done: list[Candidate] = []
        try:
            searcher.root_moves(game, order, depth, margin, done)
        except OutOfBudget:
            if done and (not ranked or done[0].action == ranked[0].action):
                finished = {c.action for c in done}
                ranked = _rank(done + [c for c in ranked if c.action not in finished])
            break
        ranked = _rank(done)
        depth_done = depth
        order = [c.action for c in ranked]
        if ranked[0].value > 1.0 or all(c.value < 0.0 for c in ranked):
            break  # a forced win found, or every move loses by force: deeper changes nothing
    if not ranked:  # not even one root move finished: take them in order, unvalued
        ranked = [Candidate(a, 0.5, 0, False) for a in order]
    return Result(ranked, iterations=depth_done, nodes=budget.used, depth=depth_done)


def _rank(candidates: list[Candidate]) -> list[Candidate]:
    return sorted(candidates, key=lambda c: (not c.exact, -c.value, -c.weight))


def search(game: Game, knowledge: Knowledge, root: Root, settings: Settings, budget: Budget,
           rng: random.Random) -> Result:
    """Alpha-beta from ``game`` for ``root.seat`` (the player to move) within ``budget``, as
    ``settings`` say: how deep, how wide, how the horizon is valued, and (hidden information) in
    how many worlds."""
    margin = settings.level.margin
    determinize = knowledge.determinize
    if determinize is None:
        return _deepen(game, knowledge, root, settings, budget, margin)
    samples = max(1, settings.samples)
    totals: dict[Any, list[float]] = {}
    used = depth = 0
    for i in range(samples):
        share = Budget((budget.limit - used) // (samples - i), budget.deadline)
        world = determinize(game, root.seat, rng)
        result = _deepen(world, knowledge, root, settings, share, max(margin, settings.world_margin))
        used += share.used
        depth = max(depth, result.depth)
        for c in result.ranked:
            entry = totals.setdefault(c.action, [0.0, 0.0, 1.0])
            entry[0] += c.value
            entry[1] += 1
            entry[2] = min(entry[2], 1.0 if c.exact else 0.0)
    ranked = [Candidate(a, v / n, n, bool(exact)) for a, (v, n, exact) in totals.items()]
    ranked.sort(key=lambda c: (-c.weight, not c.exact, -c.value))
    budget.used = used
    return Result(ranked, iterations=samples, nodes=used, depth=depth)
