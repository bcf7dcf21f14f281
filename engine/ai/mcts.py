"""Monte Carlo tree search for any number of players (UCT with a reward per seat).

Each node stores the summed reward vector of the playouts through it; a node chooses among its
children by the value *for the seat to move there* (max^n flavour of UCT), so three and four
players, shared wins and seats that left the game need nothing special.

Hidden information: with ``knowledge.determinize`` every iteration starts from a new world
drawn for the searching seat, children are keyed by action, and selection only considers the
children legal in that world, weighting exploration by how often each was available
(information-set MCTS with availability counts).
"""
from __future__ import annotations

import math
import random
from typing import Any

from ..base import Game
from .knowledge import Knowledge
from .search import Budget, Candidate, OutOfBudget, Result, Root
from .settings import Settings


class Node:
    __slots__ = ("action", "seat", "children", "untried", "visits", "avail", "totals")

    def __init__(self, action: Any, seat: int | None, players: int) -> None:
        self.action = action
        self.seat = seat  # who chooses among the children (None: the game is over here)
        self.children: dict[Any, Node] = {}
        self.untried: list[Any] | None = None  # open games: actions not expanded yet (a stack)
        self.visits = 0
        self.avail = 0  # hidden information: iterations in which this node's action was legal
        self.totals = [0.0] * players


def search(game: Game, knowledge: Knowledge, origin: Root, settings: Settings, budget: Budget,
           rng: random.Random) -> Result:
    """Run UCT from ``game`` (for ``origin.seat``, the player to move) until the budget is spent,
    with the exploration and playout length of ``settings``."""
    players = game.players
    seat = origin.seat
    determinize = knowledge.determinize
    hidden = determinize is not None
    root = Node(None, seat, players)
    c = settings.exploration
    iterations = nodes = 0
    while budget.left():
        try:
            budget.spend()
        except OutOfBudget:
            break
        state = determinize(game, seat, rng) if determinize is not None else game.copy()
        node, path = root, [root]
        while state.outcome is None:
            if hidden:
                legal = knowledge.actions(state)
                for a in legal:
                    if a in node.children:
                        node.children[a].avail += 1
                fresh = [a for a in legal if a not in node.children]
                if fresh:
                    action = _first(knowledge, state, fresh, rng, origin)
                    child = node.children[action] = Node(action, None, players)
                    child.avail = 1
                else:
                    child = _select(node, [node.children[a] for a in legal], c, hidden=True)
                    action = child.action
            else:
                if node.untried is None:
                    node.untried = _expansion_order(knowledge, state, knowledge.actions(state), rng, origin)
                if node.untried:
                    action = node.untried.pop()
                    child = node.children[action] = Node(action, None, players)
                else:
                    child = _select(node, list(node.children.values()), c, hidden=False)
                    action = child.action
            state.apply_action(action)
            nodes += 1
            path.append(child)
            if child.visits == 0:  # just expanded: play out from here
                child.seat = state.to_move
                break
            node = child
        reward, steps = _playout(state, knowledge, rng, origin, settings.playout_limit)
        nodes += steps
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for i in range(players):
                totals[i] += reward[i]
        iterations += 1
    ranked = sorted(root.children.values(), key=lambda n: (-n.visits, -_mean(n, seat)))
    return Result([Candidate(n.action, _mean(n, seat), n.visits) for n in ranked if n.visits],
                  iterations=iterations, nodes=nodes)


def _mean(node: Node, seat: int) -> float:
    return node.totals[seat] / node.visits if node.visits else 0.0


def _expansion_order(knowledge: Knowledge, state: Game, actions: list[Any], rng: random.Random,
                     origin: Root) -> list[Any]:
    """The untried actions as a stack: the most promising (or a random one) on top."""
    ordered = knowledge.order(state, actions, origin)
    if ordered is None:
        shuffled = list(actions)
        rng.shuffle(shuffled)
        return shuffled
    return list(reversed(ordered))


def _first(knowledge: Knowledge, state: Game, fresh: list[Any], rng: random.Random, origin: Root) -> Any:
    ordered = knowledge.order(state, fresh, origin)
    return ordered[0] if ordered else rng.choice(fresh)


def _select(node: Node, children: list[Node], c: float, hidden: bool) -> Node:
    seat = node.seat
    assert seat is not None  # only a node of a running game has children to choose from
    log_n = math.log(node.visits) if not hidden else 0.0
    best, best_score = children[0], -math.inf
    for child in children:
        if hidden:
            log_n = math.log(max(child.avail, 1))
        score = child.totals[seat] / child.visits + c * math.sqrt(log_n / child.visits)
        if score > best_score:
            best, best_score = child, score
    return best


def _playout(state: Game, knowledge: Knowledge, rng: random.Random, origin: Root,
             limit: int | None) -> tuple[Any, int]:
    """Play ``state`` on (it is consumed) for at most ``limit`` plies (None: to the end); its
    reward vector (or evaluation, when cut) and the plies played."""
    steps = 0
    while state.outcome is None:
        if limit is not None and steps >= limit:
            return knowledge.evaluate(state, origin), steps
        state.apply_action(knowledge.playout_action(state, rng))
        steps += 1
    return knowledge.reward(state), steps
