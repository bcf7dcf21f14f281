"""PAUSO knowledge for engine.ai: evaluation, move ordering and the playout policy.

The core of it is ``net_gain``: what placing a Ring on a card scores at once for the mover,
less what it scores for the others. In the first wave every neighbour's bare Ring moves one card
outward, and a Ring that meets a bare Ring two cards away (which never moves in that wave, B4.4)
becomes a Point there; that is exact on boards without Arrows. Later waves (Arrows) are left
out: there it is an estimate.

- ``evaluate``: scores plus a share of what the player to move can gain at once, turned into
  win chances (a softmax over the seats still in the game).
- ``order`` / ``playout_action``: placements by their immediate net gain for the mover; playouts
  take the best one with probability ``GREEDY_PLAYOUT``, a random card otherwise.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..ai.knowledge import Knowledge
from ..ai.memo import Memo
from ..ai.search import Root
from ..ai.settings import Settings, per_level
from .game import PausoGame
from .layout import Cell
from .push import STEPS
from .tiles import POINT_VALUE

GREEDY_PLAYOUT = 0.5  # chance that a playout move is the best immediate gain
TEMPERATURE = 1.5  # score points per e-fold of win chance in ``evaluate``
TEMPO = 0.5  # share of the best immediate gain credited to the player to move
REFERENCE_CARDS = 25  # the board (square5, two players) that hard's budget is given for
# A larger board of n cards gets (REFERENCE_CARDS / n) ** CARD_COST_EXPONENT of the plies. A ply
# costs more on a larger board (the greedy playout move scores every empty card), but measured
# far less than in proportion: with the plies cut in proportion (exponent 1) hard thought 1.86 s
# (p95, CPU) on 25 cards, 1.33 s on 36 and 1.09 s on 49; 0.3 gives square7 (four players) 1.6
# times those plies, measured at 1.39 s p95 (docs/ai/pauso.md).
CARD_COST_EXPONENT = 0.3


Reach = dict[Cell, tuple[tuple[Cell, Cell, int], ...]]
REACH: Memo[Reach] = Memo("PAUSO: the cards one and two steps from each card, per board layout", 32)


def _reach(game: PausoGame) -> Reach:
    """Per card X: (neighbour, card two steps away, a Point's value there) for each direction
    whose far card exists (kept per board layout in ``REACH``)."""
    return REACH.get(game.options["board"], lambda: _reach_table(game.cards))


def _reach_table(cards: dict) -> Reach:
    table = {}
    for (x, y) in cards:
        table[(x, y)] = tuple(((x + dx, y + dy), (x + 2 * dx, y + 2 * dy),
                               POINT_VALUE.get(cards[(x + 2 * dx, y + 2 * dy)], 1))
                              for dx, dy in STEPS if (x + 2 * dx, y + 2 * dy) in cards)
    return table


def net_gains(game: PausoGame, cells: list[Cell], colour: str) -> list[int]:
    """What ``colour`` scores at once by a Ring placed on each of ``cells``, less what the other
    colours score by it (first wave only)."""
    contents, reach = game.contents, _reach(game)
    out = []
    for cell in cells:
        gain = 0
        for near, far, value in reach[cell]:
            ring = contents.get(near)
            if ring is not None and ring[1] is None:
                there = contents.get(far)
                if there is not None and there[1] is None:
                    gain += value if ring[0] == colour else -value
        out.append(gain)
    return out


def net_gain(game: PausoGame, cell: Cell, colour: str) -> int:
    """``net_gains`` of one cell."""
    return net_gains(game, [cell], colour)[0]


def seat_to_move(game: PausoGame) -> int:
    """The seat to move in a running game (the search never asks in a finished one)."""
    seat = game.to_move
    if seat is None:
        raise ValueError("The game is over: nobody is to move.")
    return seat


def best_cells(game: PausoGame, cells: list[Cell]) -> list[Cell]:
    """The cells of ``cells`` with the best immediate net gain for the player to move."""
    gains = net_gains(game, cells, game.colours[seat_to_move(game)])
    top = max(gains)
    return [cell for cell, gain in zip(cells, gains) if gain == top]


class PausoKnowledge(Knowledge[PausoGame]):
    """MCTS for 2 to 4 players with greedy-biased playouts."""

    # The budgets are plies (moves applied in tree and playouts) on a board of ``REFERENCE_CARDS``
    # cards, turned into MCTS iterations by ``settings_for``: a playout from the opening is long,
    # one near the end short, so a fixed number of iterations would think far longer at the start
    # than at the end; and a ply costs about as much as the board has cards (the greedy playout
    # move scores every empty card), so a board larger than that gets fewer plies
    # (``CARD_COST_EXPONENT``).
    settings = per_level(Settings(search="mcts", exploration=0.5),
                         easy={"budget": 1500}, medium={"budget": 6000}, hard={"budget": 36000})

    def settings_for(self, game: PausoGame, level: str) -> Settings:
        declared = self.settings[level]
        cards = len(game.cards)
        empty = sum(1 for cell in game.cards if cell not in game.contents)
        left = max(1, min(sum(game.supply), empty))
        plies = int(declared.budget * (min(REFERENCE_CARDS, cards) / cards) ** CARD_COST_EXPONENT)
        return replace(declared, budget=max(16, plies // left))

    def evaluate(self, game: PausoGame, root: Root | None = None) -> Sequence[float]:
        scores: list[float] = list(game.scores)
        seat = game.to_move
        if seat is not None:
            colour = game.colours[seat]
            best = max(net_gains(game, game.legal_actions(), colour), default=0)
            scores[seat] += TEMPO * max(best, 0)
        return _softmax(scores, game.active)

    def order(self, game: PausoGame, actions: list[Cell], root: Root | None = None) -> list[Cell]:
        gains = net_gains(game, actions, game.colours[seat_to_move(game)])
        return [actions[i] for i in sorted(range(len(actions)), key=lambda i: -gains[i])]

    def playout_action(self, game: PausoGame, rng: random.Random) -> Any:
        cells = game.legal_actions()
        if rng.random() < GREEDY_PLAYOUT:
            return rng.choice(best_cells(game, cells))
        return rng.choice(cells)


def _softmax(scores: list[float], active: list[bool]) -> list[float]:
    """Win chances from scores: seats that left the game get none."""
    top = max(s for s, a in zip(scores, active) if a)
    weights = [math.exp((s - top) / TEMPERATURE) if a else 0.0 for s, a in zip(scores, active)]
    total = sum(weights)
    return [w / total for w in weights]


KNOWLEDGE = PausoKnowledge()
