"""Basic Pai Sho knowledge for engine.ai: a static evaluation of the goal, candidate moves, and
alpha-beta on top.

The game is won on the final count when it ends (at the target score, the turn limit, a ring
around the centre or a player's last flowers): running points, plus the opponent's tiles in the
Pot, plus protected flowers, minus dead tiles. ``projection`` estimates each player's final count:

- running points now, plus ``FLOW`` turns of the present flow: the player's harmonies (they tick
  at the end of each own turn) less the opponent's disharmonies (they cost the player at the end
  of each opponent turn), the flow of the player to move counting in full for the tick it is
  about to take;
- the opponent's tiles in the Pot, the protected flowers, less the dead tiles (1.5).

The win chance is a logistic function of the difference of projections. A ring, the target or the
flowers rule ends the game: the search sees those as finished games (``reward``).

Moves: several hundred per turn, from a few dozen tiles, and random playouts are slow and
meaningless, so the search is alpha-beta over *candidates*: every legal move is applied once and
the position after it evaluated for the mover (a one-ply look), and only the ``CANDIDATES`` best
are searched further. The arena's greedy baseline plays the best of those one-ply looks; hard
also weighs the opponent's best answer to each of its candidates (depth 2).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..ai.knowledge import Knowledge
from ..paisho.board import Point
from ..paisho.flowers import FLOWERS
from .game import BasicGame
from .tiles import SPECIAL

FLOW = 3.0  # turns of the present flow of points counted in the projection
SCALE = 6.0  # final-count points per e-fold of the win-chance odds
CANDIDATES = 10  # moves searched further at each position


PROTECTABLE = frozenset(FLOWERS) | frozenset(SPECIAL)


def projections(game: BasicGame) -> tuple[float, float]:
    """An estimate of each player's final count (see the module docstring)."""
    tiles = [0, 0]
    lotuses: tuple[list[Point], list[Point]] = ([], [])
    flowers: tuple[list[Point], list[Point]] = ([], [])
    for q, (owner, code, _) in game.board.items():
        tiles[owner] += 1
        if code in PROTECTABLE:
            flowers[owner].append(q)
            if code == "WL":
                lotuses[owner].append(q)
    live = game._live
    out = []
    for seat in (0, 1):
        other = 1 - seat
        protected = 0
        if lotuses[seat]:
            for x, y in flowers[seat]:
                for lx, ly in lotuses[seat]:
                    if abs(lx - x) <= 3 and abs(ly - y) <= 3 and (lx, ly) != (x, y):
                        protected += 1
                        break
        flow = 0.0
        if live is not None:
            flow = (live.gain[seat] - live.cost[other]) * (FLOW + (0.5 if game._to_move == seat else 0.0))
        out.append(game.running[seat] + flow + sum(game.pot[other].values()) + 2 * protected - tiles[seat])
    return out[0], out[1]


class BasicKnowledge(Knowledge):
    """Alpha-beta over the best one-ply candidates, on the projected final count."""

    search = "alphabeta"
    # alpha-beta nodes: easy looks one ply deep; medium weighs the opponent's answers to its best
    # few candidates, hard to all of its candidates (depth 2, every candidate searched).
    budgets = {"easy": CANDIDATES, "medium": CANDIDATES + 3 * (CANDIDATES + 1),
               "hard": CANDIDATES * (CANDIDATES + 2)}
    max_depth = 2

    def evaluate(self, game: BasicGame) -> Sequence[float]:
        mine, theirs = projections(game)
        diff = mine - theirs
        first = 1 / (1 + math.exp(-max(-60.0, min(60.0, diff / SCALE))))
        return (first, 1 - first)

    def looks(self, game: BasicGame) -> list[tuple[float, Any]]:
        """Every legal action with the value of the position after it for the mover, best first
        (ties in the list's order)."""
        seat = game.to_move
        assert seat is not None
        found = []
        for action in game._actions():
            child = game.copy()
            child._apply_action(action)
            value = (self.reward(child) if child.outcome is not None else self.evaluate(child))[seat]
            found.append((value, action))
        found.sort(key=lambda pair: -pair[0])
        return found

    def actions(self, game: BasicGame) -> list[Any]:
        return [action for _, action in self.looks(game)[:CANDIDATES]]


KNOWLEDGE = BasicKnowledge()
