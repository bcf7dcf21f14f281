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
  in the placement phase, be placed) onto the mirror image of the opponent's, or (on a diagonal
  with Sun and Moon on it) an action of the player puts either tile there (``by_action``); 3 when that square
  is taken, the opponent's tile stands on the diagonal or the own tile is seized; else 2.
- A diagonal's total: Sun + Moon + the cheapest pairs still needed (2 minus the figures scored),
  and how many further kinds are as close as the last pair needed (a second threat).

A player's strength sums over both diagonals ``BASE ** turns`` (more for spare threats) plus a
small gradient per turn saved; the player to move is one turn closer. The win chance is a
logistic function of the difference of strengths. The estimate reads precomputed lines
(``RAYS``, ``LINES``, ...) instead of walking the board.

Search: alpha-beta (random playouts are useless here: random games never score a figure) over
*candidates*. A position has 150-320 legal moves; every one is applied once and the position
after it valued for the mover (a one-ply look: a finished game's reward, else the evaluation),
and only the ``CANDIDATES`` best are searched further (``looks``, cached for the last
``RECENT`` positions, since iterative deepening comes back to them). A win in one is always
first. The levels then differ in depth: easy takes the looks themselves (depth 1), medium
weighs the opponent's best answer to each candidate (depth 2), hard also its own best
follow-up and the opponent's answer to that (depth 4, over fewer candidates below the root:
``HARD_WIDTHS``). A draw is valued a little below even (``contempt``) so that the search
plays on instead of repeating moves. The candidates hold at most ``PER_IDEA`` moves of one idea
(one tile moved or placed, one actor on one target). Hard alone values its horizon with
``forced``: a player with more threats than the opponent can block scores by force.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..ai.search import Root
from ..ai.settings import Settings, per_level
from ..ai.shortlist import ShortlistKnowledge
from .board import DIRS8, ORTHO, PLACEMENT_SQUARES, SQUARES, Square, mirror, on_board, on_d1, on_d2, quarter
from .game import FIGURE_KINDS, QuaternoGame

BASE = 0.35  # how much one turn further away is worth
STEEPNESS = 3.0  # logistic slope of the strength difference
FIGURE_BONUS = 0.05  # a scored figure, beyond the turns it saves
SPARE = 0.3  # each further kind as close as the pairs needed (a second threat)
PROGRESS = 0.01  # per turn saved, however far from the goal (a gradient when every route is long)
MAX_TURNS = 11  # the longest estimate: Sun 3 + Moon 2 + two pairs of 3
CANDIDATES = 8  # moves searched further at each position: the best of the one-ply looks
HARD_WIDTHS = (CANDIDATES, 4, 2, 2)  # hard's candidates searched at plies 0-3 (depth 4)
FORCED = 0.9  # at least this win chance for a player who scores their figures by force (hard)
ACTIONS_NEAR = 0  # pairs an action completes count on a diagonal with the Sun and Moon on it (and in forced)
PER_IDEA = 2  # candidates of one idea at most (one tile placed or moved, one actor on one target)
RECENT = 128  # positions whose looks are kept (iterative deepening comes back to them)
AXES = ("D1", "D2")
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


def _rays() -> dict[Square, tuple[tuple[Square, ...], ...]]:
    out = {}
    for sq in SQUARES:
        rays = []
        for dx, dy in DIRS8:
            ray, q = [], (sq[0] + dx, sq[1] + dy)
            while on_board(q):
                ray.append(q)
                q = (q[0] + dx, q[1] + dy)
            rays.append(tuple(ray))
        out[sq] = tuple(rays)
    return out


# RAYS[sq][d]: the squares from ``sq`` outward in direction DIRS8[d] (d + 4 is the opposite one)
RAYS = _rays()
# LINES[a, b]: for two squares on one line, the direction from a to b and the squares between
LINES: dict[tuple[Square, Square], tuple[int, tuple[Square, ...]]] = {
    (a, b): (d, ray[:i]) for a in SQUARES for d, ray in enumerate(RAYS[a]) for i, b in enumerate(ray)}
AXIS_SQUARES = {"D1": frozenset(sq for sq in SQUARES if on_d1(sq)),
                "D2": frozenset(sq for sq in SQUARES if on_d2(sq))}
MIRRORS = {axis: {sq: mirror(axis, sq) for sq in SQUARES} for axis in AXIS_SQUARES}
# AXIS_SIGHT[axis][sq]: the squares of the diagonal on the lines from ``sq`` (where a Moon can land)
AXIS_SIGHT = {axis: {sq: tuple(q for ray in RAYS[sq] for q in ray if q in on) for sq in SQUARES}
              for axis, on in AXIS_SQUARES.items()}


def _to_axis(on: frozenset, sq: Square) -> tuple[tuple[Square, ...], ...]:
    """Each line from ``sq`` that meets the diagonal ``on``, up to its first square of it."""
    out = []
    for ray in RAYS[sq]:
        for i, q in enumerate(ray):
            if q in on:
                out.append(ray[:i + 1])
                break
    return tuple(out)


# CROSSINGS[axis][sq]: the paths from ``sq`` straight onto the diagonal (a Sun's way across)
CROSSINGS = {axis: {sq: _to_axis(on, sq) for sq in SQUARES} for axis, on in AXIS_SQUARES.items()}


def _free(board: dict, squares: tuple[Square, ...]) -> bool:
    """Whether every one of ``squares`` is empty."""
    for q in squares:
        if q in board:
            return False
    return True


def _lands(board: dict, ray: tuple[Square, ...], on: frozenset) -> bool:
    """Whether a tile sliding along ``ray`` (stopping before the first tile) can stop on ``on``."""
    for q in ray:
        if q in board:
            return False
        if q in on:
            return True
    return False


def sun_cost(game: QuaternoGame, p: int, axis: str, seized: frozenset) -> int:
    """Turns until player ``p``'s Sun stands on the diagonal ``axis`` (0 to 3)."""
    board, where, on = game.board, game.where[p], AXIS_SQUARES[axis]
    sun = where["Su"]
    if sun in on:
        return 0
    for kind in ("Fa", "An", "St", "Co"):
        a = where.get(kind)
        if a is None or a in seized:
            continue
        line = LINES.get((a, sun))
        if line is None or not _free(board, line[1]):
            continue
        d, between = line
        if kind == "Fa":
            if a in on:
                return 1
        elif kind == "An":
            if not on.isdisjoint(between):
                return 1
        elif _lands(board, RAYS[sun][d] if kind == "St" else RAYS[a][(d + 4) % 8], on):
            return 1
    for path in CROSSINGS[axis][sun]:  # a straight empty line onto the diagonal
        if _free(board, path):
            return 2
    return 3


def moon_cost(game: QuaternoGame, p: int, axis: str, seized: frozenset) -> int:
    """Turns until player ``p``'s Moon stands on the diagonal ``axis`` (0 to 2)."""
    board = game.board
    moon = game.where[p]["Mo"]
    if moon in AXIS_SQUARES[axis]:
        return 0
    if game.placement_phase or moon in seized:
        return 2
    for q in AXIS_SIGHT[axis][moon]:  # the Moon jumps: any empty square of the diagonal in sight
        if q not in board:
            return 1
    return 2


def pair_costs(game: QuaternoGame, p: int, axis: str, seized: frozenset, kinds: list[str],
               actions: bool = True) -> list[int]:
    """For each of ``kinds``: turns until its two tiles mirror across ``axis`` for player ``p``
    (0 to 3); with ``actions``, 1 also when an action of ``p`` can move either tile onto the
    mirror image of the other (``by_action``)."""
    board, mine, theirs = game.board, game.where[p], game.where[1 - p]
    mirrors, on = MIRRORS[axis], AXIS_SQUARES[axis]
    placing = game.placement_phase
    out: list[int] = []
    actors: list[tuple[str, Square]] | None = None  # own action tiles, found when first needed
    for kind in kinds:
        own, other = mine.get(kind), theirs.get(kind)
        if other is None:
            out.append(2)
            continue
        target = mirrors[other]
        if own == target:
            out.append(0)
        elif other in on:
            out.append(3)
        elif own is None:  # placement phase: place it on the mirror image, if allowed
            out.append(1 if target in _PLACEABLE and target not in board
                       and quarter(target) not in game.controlled(1 - p) else 2)
        elif target in board or own in seized:
            line = LINES.get((own, target)) if kind == "Fa" and own not in seized else None
            out.append(1 if line is not None and _free(board, line[1]) else 3)  # a Fan swaps onto it
        elif placing:
            out.append(2)
        else:
            line = LINES.get((own, target))
            out.append(1 if line is not None and _free(board, line[1]) else 2)
        if out[-1] >= 2 and actions and own is not None and not placing and actors is None:
            actors = [(k, sq) for k in ("Su", "Fa", "An", "St", "Co")
                      if (sq := mine.get(k)) is not None and sq not in seized]
        if out[-1] >= 2 and actors and own is not None and (
                by_action(board, actors, other, mirrors[own], own) or by_action(board, actors, own, target, other)):
            out[-1] = 1
    return out


def by_action(board: dict, actors: list[tuple[str, Square]], t: Square, d: Square, keep: Square) -> bool:
    """Whether one of ``actors`` (a player's action tiles, kind and square, none seized) can put
    the tile on ``t`` onto the square ``d`` with its action now (A4.5), the tile on ``keep``
    staying: Swap when the Fan stands on ``d`` (and is not that tile), else ``d`` empty and
    Orbit (same ring), Draw Near (between), Push (beyond) or Place Behind (behind the Compass)."""
    for kind, a in actors:
        if a == t:
            continue
        line = LINES.get((a, t))
        if line is None or not _free(board, line[1]):
            continue  # the actor does not reach the tile
        if kind == "Fa":
            if a == d and a != keep:
                return True
            continue
        if d in board:
            continue
        u, between = line
        if kind == "Su":
            if max(abs(d[0] - a[0]), abs(d[1] - a[1])) == max(abs(t[0] - a[0]), abs(t[1] - a[1])):
                return True
        elif kind == "An":
            if d in between:
                return True
        else:
            start = t if kind == "St" else a
            way = LINES.get((start, d))
            if way is not None and way[0] == (u if kind == "St" else (u + 4) % 8) and _free(board, way[1]):
                return True
    return False


def routes(game: QuaternoGame, p: int, seized: frozenset | None = None) -> list[tuple[int, int]]:
    """For each diagonal: (turns player ``p`` still needs for two figures, how many unused kinds
    are as close as the last pair needed); an estimate."""
    if seized is None:
        seized = seized_squares(game)
    need = 2 - game.figures(p)
    free = [k for k in FIGURE_KINDS if k not in game.used]
    if len(free) < need:
        return [(MAX_TURNS, 0), (MAX_TURNS, 0)]
    out = []
    for axis in AXES:
        apart = sun_cost(game, p, axis, seized) + moon_cost(game, p, axis, seized)
        costs = sorted(pair_costs(game, p, axis, seized, free, apart <= ACTIONS_NEAR))
        last = costs[need - 1]
        ways = sum(1 for c in costs if c <= last)
        pairs = costs[0] + last if need == 2 else last
        out.append((apart + pairs, ways - need))
    return out


def breakable(game: QuaternoGame, p: int, seized: frozenset) -> bool:
    """Whether the opponent of ``p`` has an action tile (not seized) that reaches ``p``'s Sun or
    Moon, so that one of their actions may take it off the diagonal (a rough test)."""
    board, theirs, mine = game.board, game.where[1 - p], game.where[p]
    targets = (mine["Su"], mine["Mo"])
    for kind in ("Su", "Fa", "An", "St", "Co"):
        a = theirs.get(kind)
        if a is None or a in seized:
            continue
        for t in targets:
            line = LINES.get((a, t))
            if line is not None and _free(board, line[1]):
                return True
    return False


def forced(game: QuaternoGame, p: int, seized: frozenset) -> bool:
    """Whether player ``p`` scores the figures still needed by force: more threats than the
    opponent can block, one block per turn (a threat: a kind whose own tile can move onto the
    mirror image of the opponent's now, with Sun and Moon on the diagonal). The player to move
    scores one figure per turn, so they need ``2 * need - 1`` threats, the other player
    ``2 * need``; the player to move may also align their Sun and Moon with pairs that already
    mirror (every one of them scores at once). Not forced when the opponent can reach the Sun or
    Moon with an action (it may take it off the diagonal), unless the player to move wins at
    once."""
    need = 2 - game.figures(p)
    free = [k for k in FIGURE_KINDS if k not in game.used]
    if need <= 0 or len(free) < need:
        return False
    moving = game.mover == p
    for axis in AXES:
        apart = sun_cost(game, p, axis, seized) + moon_cost(game, p, axis, seized)
        if apart > (1 if moving else 0):
            continue
        costs = pair_costs(game, p, axis, seized, free)
        ready = costs.count(0) if apart else 0  # pairs that already mirror score as the player aligns
        threats = costs.count(1)
        if moving and ready + min(threats, 1 - apart) >= need:
            return True  # one move wins
        left = need - ready
        needed = 2 * left - (1 if moving and not apart else 0)
        if threats >= needed and not breakable(game, p, seized):
            return True
    return False


def idea(action: Any) -> tuple:
    """What a turn does, its destination left out: the tile placed, the tile moved, or the actor
    and target of an action."""
    return action[:2] if action[0] != "action" else action[:3]


class QuaternoKnowledge(ShortlistKnowledge[QuaternoGame]):
    """Alpha-beta over the best one-ply candidates, on the turns-to-two-figures estimate."""

    # Budgets in alpha-beta nodes (a node is a searched candidate; each position the search expands
    # also costs one look at all its moves): easy = depth 1, medium = depth 2 (at most
    # CANDIDATES * (CANDIDATES + 2) nodes, what is left starts depth 3 and is mostly discarded),
    # hard = depth 4 over HARD_WIDTHS (the budget caps positions without cut-offs). Hard alone
    # reads a fourth ply: every candidate at the root, fewer below it (a look at every move of
    # each position expanded at ply 3 is what a fourth ply costs), and only hard values the
    # horizon by ``horizon``: it alone sees threats it cannot be stopped from scoring.
    settings = per_level(Settings(search="alphabeta", max_depth=3, contempt=0.05),
                         easy={"budget": CANDIDATES, "horizon": False},
                         medium={"budget": CANDIDATES * (CANDIDATES + 2), "horizon": False},
                         hard={"budget": 700, "max_depth": 4, "widths": HARD_WIDTHS})
    candidates = CANDIDATES
    recent_positions = RECENT

    def strength(self, game: QuaternoGame, p: int, seized: frozenset) -> float:
        """How close player ``p`` (0 = Player 1) is to winning; higher is closer."""
        lead = 1 if game.mover == p else 0
        total = FIGURE_BONUS * game.figures(p)
        for turns, spare in routes(game, p, seized):
            total += BASE ** max(0, turns - lead) * (1 + SPARE * spare) + PROGRESS * (MAX_TURNS - turns)
        return total

    def evaluate(self, game: QuaternoGame, root: Root | None = None) -> Sequence[float]:
        seized = seized_squares(game)
        diff = self.strength(game, 0, seized) - self.strength(game, 1, seized)
        first = 1 / (1 + math.exp(-STEEPNESS * diff))  # internal player 0 = Player 1
        values = [0.0, 0.0]
        values[game.seat(0)] = first
        values[game.seat(1)] = 1 - first
        return values

    def horizon(self, game: QuaternoGame, seat: int, root: Root | None = None) -> float:
        """Hard's value at the horizon: the evaluation, raised towards a win for a player who
        scores the figures still needed by force (``forced``: the player to move first)."""
        value = self.evaluate(game)[seat]
        seized = seized_squares(game)
        mover = game.mover
        for p in (mover, 1 - mover):
            if forced(game, p, seized):
                mine = value if game.seat(p) == seat else 1 - value
                won = FORCED + (1 - FORCED) * mine
                return won if game.seat(p) == seat else 1 - won
        return value

    def actions(self, game: QuaternoGame) -> list[Any]:
        """The best ``CANDIDATES`` looks, at most ``PER_IDEA`` of one idea (``idea``): the
        destinations of one tile or one action are often worth nearly the same, and a shortlist
        of one idea leaves the search no other way (e.g. only moves the opponent can undo)."""
        if game.outcome is not None:
            return []
        out: list[Any] = []
        taken: dict[tuple, int] = {}
        for _, action in self.looks(game):
            key = idea(action)
            if taken.get(key, 0) < PER_IDEA:
                taken[key] = taken.get(key, 0) + 1
                out.append(action)
                if len(out) == CANDIDATES:
                    break
        return out

    def order(self, game: QuaternoGame, actions: list[Any], root: Root | None = None) -> list[Any]:
        return actions  # the looks give them best first


KNOWLEDGE = QuaternoKnowledge()
