"""Quaterno knowledge for engine.ai: how many turns each player is from two figures.

A player wins with two figures: their Sun and Moon on one main diagonal (the axis) and, for two
unused kinds, the opponent's tile on the mirror image of their own. ``routes`` estimates, for
each player and each diagonal, the turns still needed:

- Sun: 0 on the diagonal; 1 if one of the player's own actions can put it there now (a Fan on
  the diagonal that reaches it, an Anchor drawing it across, a Stick pushing it, a Compass placing
  it behind); 2 if a straight empty line leads from it onto the diagonal (an action tile has to
  get into place first); else 3. The Sun never moves by itself.
- Moon: 0 on the diagonal; 1 if it can move onto an empty square of it now; else 2.
- Each unused kind: 0 when the pair already mirrors; 1 when the player's own tile can move (or,
  in the placement phase, be placed) onto the mirror image of the opponent's; 3 when that square
  is taken, the opponent's tile stands on the diagonal or the own tile is seized; else 2.
- A diagonal's total: Sun + Moon + the cheapest pairs still needed (2 minus the figures scored),
  and how many further kinds are as close as the last pair needed (a second threat).

A player's strength sums over both diagonals ``BASE ** turns`` (more for spare threats) plus a
small gradient per turn saved; the player to move is one turn closer. The win chance is a
logistic function of the difference of strengths. Alpha-beta searches on top of it (random
playouts are useless here: random games never score a figure), and values a draw a little
below even (``contempt``) so that it plays on instead of repeating moves.
"""
from __future__ import annotations

import math
import threading
import zlib
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from ..ai.knowledge import Knowledge
from .board import DIRS8, ORTHO, PLACEMENT_SQUARES, Square, direction, mirror, on_board, on_d1, on_d2, quarter
from .game import FIGURE_KINDS, QuaternoGame

BASE = 0.35  # how much one turn further away is worth
STEEPNESS = 3.0  # logistic slope of the strength difference
FIGURE_BONUS = 0.05  # a scored figure, beyond the turns it saves
SPARE = 0.3  # each further kind as close as the pairs needed (a second threat)
PROGRESS = 0.01  # per turn saved, however far from the goal (a gradient when every route is long)
MAX_TURNS = 11  # the longest estimate: Sun 3 + Moon 2 + two pairs of 3
CANDIDATES = 10  # moves searched further at each position: the best of the one-ply looks
RECENT = 128  # positions whose looks are kept (iterative deepening comes back to them)
AXES = (("D1", on_d1), ("D2", on_d2))
_PLACEABLE = frozenset(PLACEMENT_SQUARES)


def seized_squares(game: QuaternoGame) -> frozenset[Square]:
    """The squares of every seized tile (A4.6): next to a Soldier of the other player."""
    board, out = game.board, []
    for p in (0, 1):
        soldier = game.where[p].get("So")
        if soldier is None:
            continue
        for dx, dy in ORTHO:
            q = (soldier[0] + dx, soldier[1] + dy)
            tile = board.get(q)
            if tile is not None and tile[0] != p:
                out.append(q)
    return frozenset(out)


def _clear(board: dict, a: Square, u: tuple[int, int], b: Square) -> bool:
    """Whether every square strictly between ``a`` and ``b`` (on the line ``u``) is empty."""
    q = (a[0] + u[0], a[1] + u[1])
    while q != b:
        if q in board:
            return False
        q = (q[0] + u[0], q[1] + u[1])
    return True


def sun_cost(game: QuaternoGame, p: int, on_axis, seized: frozenset) -> int:
    """Turns until player ``p``'s Sun stands on the diagonal ``on_axis`` (0 to 3)."""
    board, where = game.board, game.where[p]
    sun = where["Su"]
    if on_axis(sun):
        return 0
    for kind in ("Fa", "An", "St", "Co"):
        a = where.get(kind)
        if a is None or a in seized:
            continue
        u = direction(a, sun)
        if u is None or not _clear(board, a, u, sun):
            continue
        if kind == "Fa":
            if on_axis(a):
                return 1
        elif kind == "An":
            q = (a[0] + u[0], a[1] + u[1])
            while q != sun:
                if on_axis(q):
                    return 1
                q = (q[0] + u[0], q[1] + u[1])
        else:
            step = u if kind == "St" else (-u[0], -u[1])
            q = (sun[0] + u[0], sun[1] + u[1]) if kind == "St" else (a[0] - u[0], a[1] - u[1])
            while on_board(q) and q not in board:
                if on_axis(q):
                    return 1
                q = (q[0] + step[0], q[1] + step[1])
    return 2 if _sun_can_cross(board, sun, on_axis) else 3


def _sun_can_cross(board: dict, sun: Square, on_axis) -> bool:
    """Whether some straight line leads from the Sun over empty squares onto the diagonal."""
    for dx, dy in DIRS8:
        q = (sun[0] + dx, sun[1] + dy)
        while on_board(q) and q not in board:
            if on_axis(q):
                return True
            q = (q[0] + dx, q[1] + dy)
    return False


def moon_cost(game: QuaternoGame, p: int, on_axis, seized: frozenset) -> int:
    """Turns until player ``p``'s Moon stands on the diagonal ``on_axis`` (0 to 2)."""
    board = game.board
    moon = game.where[p]["Mo"]
    if on_axis(moon):
        return 0
    if game.placement_phase or moon in seized:
        return 2
    for dx, dy in DIRS8:
        q = (moon[0] + dx, moon[1] + dy)
        while on_board(q):
            if on_axis(q) and q not in board:
                return 1
            q = (q[0] + dx, q[1] + dy)
    return 2


def pair_cost(game: QuaternoGame, p: int, kind: str, axis: str, on_axis, seized: frozenset) -> int:
    """Turns until the two tiles of ``kind`` mirror across ``axis`` for player ``p`` (0 to 3)."""
    board = game.board
    own, other = game.where[p].get(kind), game.where[1 - p].get(kind)
    if other is None:
        return 2
    target = mirror(axis, other)
    if own == target:
        return 0
    if on_axis(other):
        return 3
    if own is None:  # placement phase: place it on the mirror image, if allowed
        if target in _PLACEABLE and target not in board and quarter(target) not in game.controlled(1 - p):
            return 1
        return 2
    if target in board or own in seized:
        return 3
    if game.placement_phase:
        return 2
    u = direction(own, target)
    return 1 if u is not None and _clear(board, own, u, target) else 2


def routes(game: QuaternoGame, p: int, seized: frozenset | None = None) -> list[tuple[int, int]]:
    """For each diagonal: (turns player ``p`` still needs for two figures, how many unused kinds
    are as close as the last pair needed); an estimate."""
    if seized is None:
        seized = seized_squares(game)
    need = 2 - game.figures(p)
    out = []
    free = [k for k in FIGURE_KINDS if k not in game.used]
    for axis, on_axis in AXES:
        costs = sorted(pair_cost(game, p, k, axis, on_axis, seized) for k in free)
        if len(costs) < need:
            out.append((MAX_TURNS, 0))
            continue
        pairs = sum(costs[:need])
        ways = sum(1 for c in costs if c <= costs[need - 1])
        out.append((sun_cost(game, p, on_axis, seized) + moon_cost(game, p, on_axis, seized) + pairs, ways - need))
    return out


class QuaternoKnowledge(Knowledge[QuaternoGame]):
    """Alpha-beta over the best one-ply candidates, on the turns-to-two-figures estimate."""

    search = "alphabeta"
    # alpha-beta nodes: easy looks one ply deep (the candidates' own values), medium weighs the
    # opponent's best answer to each candidate (depth 2: CANDIDATES * (CANDIDATES + 2) nodes),
    # hard also its own best follow-up (depth 3), as far as its budget goes.
    budgets = {"easy": CANDIDATES, "medium": CANDIDATES * (CANDIDATES + 2), "hard": 700}
    max_depth = 3
    contempt = 0.05

    def __init__(self) -> None:
        self._recent: OrderedDict[tuple, list[tuple[float, Any]]] = OrderedDict()
        self._lock = threading.Lock()  # the bot may think in several threads at once

    def strength(self, game: QuaternoGame, p: int, seized: frozenset) -> float:
        """How close player ``p`` (0 = Player 1) is to winning; higher is closer."""
        lead = 1 if game.mover == p else 0
        total = FIGURE_BONUS * game.figures(p)
        for turns, spare in routes(game, p, seized):
            total += BASE ** max(0, turns - lead) * (1 + SPARE * spare) + PROGRESS * (MAX_TURNS - turns)
        return total

    def evaluate(self, game: QuaternoGame) -> Sequence[float]:
        seized = seized_squares(game)
        diff = self.strength(game, 0, seized) - self.strength(game, 1, seized)
        first = 1 / (1 + math.exp(-STEEPNESS * diff))  # internal player 0 = Player 1
        values = [0.0, 0.0]
        values[game.seat(0)] = first
        values[game.seat(1)] = 1 - first
        return values

    def looks(self, game: QuaternoGame) -> list[tuple[float, Any]]:
        """Every legal action with the value of the position after it for the mover (a finished
        game's reward, else the evaluation), best first. The last ``RECENT`` positions' answers
        are kept: iterative deepening asks for the same positions again."""
        key = (game.seed, game.start_position, tuple(sorted(game.options.items())), tuple(game.record))
        with self._lock:
            found = self._recent.get(key)
            if found is not None:
                self._recent.move_to_end(key)
        if found is None:
            found = self._looks(game)
            with self._lock:
                self._recent[key] = found
                while len(self._recent) > RECENT:
                    self._recent.popitem(last=False)
        return found

    def _looks(self, game: QuaternoGame) -> list[tuple[float, Any]]:
        seat = game.to_move
        assert seat is not None
        found = []
        for action in game._actions():
            child = game.copy()
            child._apply_action(action)
            value = (self.reward(child) if child.outcome is not None else self.evaluate(child))[seat]
            found.append((value, action))
        # ties (common: most quiet moves change no route) in an order fixed by the moves
        # themselves, not the list's, so no corner of the board or tile is preferred
        found.sort(key=lambda pair: (-pair[0], zlib.crc32(repr(pair[1]).encode())))
        return found

    def actions(self, game: QuaternoGame) -> list[Any]:
        if game.outcome is not None:
            return []
        return [action for _, action in self.looks(game)[:CANDIDATES]]

    def order(self, game: QuaternoGame, actions: list[Any]) -> list[Any]:
        return actions  # the looks give them best first


KNOWLEDGE = QuaternoKnowledge()
