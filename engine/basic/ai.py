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

At the horizon, when it is the searcher's turn again (hard's depth-2 leaves), the search looks one
turn further at the searcher's *threats* only (``horizon``, ``threats``): its captures and the
plain moves that make, block or free a harmony (``shaping`` finds them on the board without
applying the other moves), each applied and evaluated. A plan that needs two own turns (a tile
brought into line now, the harmony made next turn; a clashing tile brought within reach) is then
worth something before it is complete, which a one-ply player never sees. This is search, not
evaluation: the greedy baseline keeps the plain ``evaluate``.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, cast

from ..ai.search import Root
from ..ai.settings import Settings, per_level
from ..ai.shortlist import ShortlistKnowledge
from ..base import Game
from ..paisho.board import ORTHOGONAL, POINT_SET, POINTS, Point, chebyshev
from ..paisho.flowers import FLOWERS, RELATIONS
from .actions import plain_moves
from .game import BasicGame
from .moves import ability_options_after_move
from .tiles import PORTS, SPECIAL

FLOW = 4.0  # turns of the present flow of points counted in the projection
SCALE = 6.0  # final-count points per e-fold of the win-chance odds
CANDIDATES = 8  # moves searched further at each position
LINED = 0.3  # a pair of own flowers in harmony on one line, not (yet) facing: a harmony to come
EARLY = 0.25  # weight of the tiles' final count (Pot, protected, dead) at the start of the game


PROTECTABLE = frozenset(FLOWERS) | frozenset(SPECIAL)
# the points a White Lotus on a point protects (1.5): within 3 points (Chebyshev), not its own
NEAR = {q: frozenset(r for r in POINTS if r != q and chebyshev(q, r) <= 3) for q in POINTS}


def projections(game: BasicGame) -> tuple[float, float]:
    """An estimate of each player's final count (see the module docstring)."""
    tiles = [0, 0]
    lotuses: tuple[list[Point], list[Point]] = ([], [])
    flowers: tuple[list[Point], list[Point]] = ([], [])
    lines: tuple[dict[int, list[str]], dict[int, list[str]]] = ({}, {})  # basic flowers by rank and file
    for q, (owner, code, _) in game.board.items():
        tiles[owner] += 1
        if code in PROTECTABLE:
            flowers[owner].append(q)
            if code == "WL":
                lotuses[owner].append(q)
            elif code in FLOWERS and q not in PORTS:
                lines[owner].setdefault(q[1], []).append(code)
                lines[owner].setdefault(17 + q[0], []).append(code)
    live = game.live_garden
    # the tiles' count only decides at the end: early on, a tile on the board is a harmony to come
    target, limit = game.options["target_points"], game.options["max_turns"]
    progress = max(game.main_turns / limit, max(game.running) / target if target else 0.0)
    weight = EARLY + (1 - EARLY) * min(1.0, progress)
    out = []
    for seat in (0, 1):
        other = 1 - seat
        protected = 0
        if lotuses[seat]:
            covered: set[Point] = set()
            for lotus in lotuses[seat]:
                covered |= NEAR[lotus]  # within 3 points of a Lotus, the Lotus itself left out
            protected = len(covered.intersection(flowers[seat]))
        flow = 0.0
        if live is not None:
            flow = (live.gain[seat] - live.cost[other]) * (FLOW + (0.5 if game.seat_to_move == seat else 0.0))
        count = sum(game.pot[other].values()) + 2 * protected - tiles[seat]
        lined = sum(1 for codes in lines[seat].values() if len(codes) > 1
                    for i, a in enumerate(codes) for b in codes[i + 1:] if RELATIONS[a, b] == "H")
        out.append(game.running[seat] + flow + weight * count + LINED * lined)
    return out[0], out[1]


# each point's four rays (north, east, south, west): the points beyond it in that direction
RAYS = {q: tuple(tuple(r for r in ((q[0] + k * df, q[1] + k * dr) for k in range(1, 17)) if r in POINT_SET)
                 for df, dr in ORTHOGONAL) for q in POINTS}


def _first(board: dict, ray: tuple[Point, ...], a: Point, b: Point, mover: list) -> list | None:
    """The first tile along ``ray`` that is not a Boat (Boats are transparent) once ``mover`` has
    gone from ``a`` to ``b``; None if there is none or it stands on a port (blocks, never pairs)."""
    for r in ray:
        tile = mover if r == b else None if r == a else board.get(r)
        if tile is not None and tile[1] != "Bo":
            return None if r in PORTS else tile
    return None


def _pair(one: list | None, two: list | None, owner: int) -> bool:
    """Whether two facing tiles are basic flowers of ``owner`` in harmony."""
    return (one is not None and two is not None and one[0] == two[0] == owner
            and RELATIONS.get((one[1], two[1])) == "H")


def shaping(board: dict, seat: int, action: Any) -> bool:
    """Whether a plain move of a basic flower of ``seat`` changes a harmony on the lines it
    touches: it faces an own flower it harmonises with, comes between two opponent flowers in
    harmony, or leaves from between two own flowers in harmony. A quick filter read off the
    board (the move is not applied): the evaluation then says what it is worth."""
    if action[0] != "move" or action[3] is not None:
        return False
    a, b = action[1], action[2]
    tile = board[a]
    if tile[1] not in FLOWERS or b in PORTS:
        return False
    mover = [seat, tile[1], False]
    north, east, south, west = (_first(board, ray, a, b, mover) for ray in RAYS[b])
    if any(_pair(mover, t, seat) for t in (north, east, south, west)):
        return True
    if _pair(north, south, 1 - seat) or _pair(east, west, 1 - seat):
        return True
    north, east, south, west = (_first(board, ray, a, b, mover) for ray in RAYS[a])
    return _pair(north, south, seat) or _pair(east, west, seat)


def threats(game: BasicGame) -> list[Any]:
    """The moves of the player to move that the search looks at beyond its horizon: captures,
    and plain moves that make, block or free a harmony (``shaping``)."""
    board, seat = game.board, game.seat_to_move
    out = []
    for action in plain_moves(game):
        _, a, b, _ = action
        if b in board:
            out.append(action)
            if board[a][1] in ("Wh", "Bo"):  # one that survives its capture may use its ability
                out += [("move", a, b, ability) for ability in ability_options_after_move(board, seat, a, b)]
        elif shaping(board, seat, action):
            out.append(action)
    return out


class BasicKnowledge(ShortlistKnowledge[Game]):
    """Alpha-beta over the best one-ply candidates, on the projected final count."""

    candidates = CANDIDATES
    # Budgets in alpha-beta nodes: easy looks one ply deep (the candidates themselves); medium also
    # checks its first choice against every answer of the opponent (a refuted first choice falls
    # behind the others); hard weighs the opponent's best answer to each of its candidates (depth
    # 2). Only hard looks at its threats at the horizon. Medium searches its first choice alone to
    # depth 2 and compares it with the others' one-ply values: a threat look there lifts the first
    # choice above them, so it was seldom refuted (medium-easy fell from 0.717 to 0.594).
    settings = per_level(Settings(search="alphabeta", max_depth=2),
                         easy={"budget": CANDIDATES, "horizon": False},
                         medium={"budget": 2 * CANDIDATES + 1, "horizon": False},
                         hard={"budget": CANDIDATES * (CANDIDATES + 2)})

    def evaluate(self, game: Game, root: Root | None = None) -> Sequence[float]:
        mine, theirs = projections(cast(BasicGame, game))
        diff = mine - theirs
        first = 1 / (1 + math.exp(-max(-60.0, min(60.0, diff / SCALE))))
        return (first, 1 - first)

    def horizon(self, game: Game, seat: int, root: Root | None = None) -> float:
        """The searcher's value at the horizon: when it is the searcher's turn there, the better
        of the position as it stands and its best *threat* (``threats``: a capture, or a move that
        makes, blocks or frees a harmony), which matures on the turn after the horizon where the
        one-ply look cannot see it. The opponent's threats are not looked at: depth 2 already
        plays the opponent's answer to each candidate."""
        value = self.evaluate(game)[seat]
        if game.to_move != seat:
            return value
        for action in threats(cast(BasicGame, game)):
            child = game.copy()
            child.apply_action(action)
            value = max(value, (self.reward(child) if child.outcome is not None else self.evaluate(child))[seat])
        return value


KNOWLEDGE = BasicKnowledge()
