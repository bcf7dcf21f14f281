"""How close a player is to a winning set: the score the evaluation compares (``strength``), and
what a home point held by a Knotweed costs its owner (``home_lock``, read at hard's horizon).

A player's score counts the arms its cover holds, those it holds whatever single move the
opponent makes (threats.robust_cover), a spare harmony per arm, for each arm it does not hold the
moves a harmony there would take (``arm_cost``: a free end's partner moving onto a free point
across the midline on its line; pieces in reserve come in at home first), and material.
"""
from __future__ import annotations

from typing import NamedTuple

from ...paisho.board import COLOURS, POINTS, Point
from ..game import IrohGame
from ..moves import straight_reach
from ..rules import ARMS, KNOTWEED_PROOF, corners
from ..tiles import HOME, NATIONS, TERRAIN, on_terrain
from .cover import ARM_QUARTERS, Features, quarter, slots
from .weights import BORROWED, DEPLOYED, HALF, KEPT, LOCKED, MATERIAL, POTENTIAL, ROBUST, SPARE, UNREACHABLE

# The quarters each piece's terrain reaches (red: SW, NE; white: SE, NW; Earth on the wood rim of
# every quarter; Air and Lotus anywhere), read from the terrain rules.
ALLOWED_QUARTERS = {code: tuple(q for q in range(4) if any(quarter(p) == q and on_terrain(code, p) for p in POINTS))
                    for code in (*NATIONS, "WL")}


class Mover(NamedTuple):
    """A piece ``arm_cost`` may move towards a harmony: on the board, or in reserve (then it starts
    at home, after the moves it takes to come in)."""

    point: Point
    reach: int  # the longest move (rules: the game's range_of)
    air: bool  # an Air moves in steps, turning at will
    terrain: str | None  # the colour it must stand on (None: any)
    delay: int  # moves before it starts from ``point``


def movers(game: IrohGame, player: int, f: Features) -> list[Mover]:
    """Every free piece of ``player`` and every type left in reserve (brought in at home first)."""
    home = HOME[player]
    extra = 1 + (home in game.board)
    out = [Mover(y, game.range_of(code), code == "Ai", TERRAIN.get(code), 0) for y, code in f.free]
    out += [Mover(home, game.range_of(code), code == "Ai", TERRAIN.get(code), extra)
            for code in NATIONS if game.reserve[player][code] > 0]
    return out


def moves_into(point: Point, code: str, reach: int, q: int) -> int | None:
    """About how many moves a ``code`` on ``point`` moving at most ``reach`` needs to stand in
    quarter ``q`` (None: its terrain has no point there)."""
    if code not in ALLOWED_QUARTERS or q not in ALLOWED_QUARTERS[code]:
        return None
    x, y = point[0] - 8, point[1] - 8
    east, north = q & 1, q >> 1
    steps = (0 if (x > 0 if east else x < 0) else abs(x) + 1) + (0 if (y > 0 if north else y < 0) else abs(y) + 1)
    return -(-steps // reach)


def arm_cost(arm: str, f: Features, game: IrohGame, player: int, held: set[Point], moving: list[Mover]) -> int:
    """About how many moves ``player`` needs for a harmony across ``arm`` with pieces the cover
    does not use (at least 1): a free end in one of the arm's quarters and another piece moving
    to a free point across the midline on its line (pieces in reserve come in at home first)."""
    qa, qb, axis = ARM_QUARTERS[arm]
    board = game.board
    free = f.free
    best = UNREACHABLE
    for z, zcode in free:
        if quarter(z) not in (qa, qb):
            continue
        earth = zcode == "Ea" and board[z][0] == player
        for slot in slots(game, z, axis, earth, held):
            sx, sy = slot
            colours = COLOURS[slot]
            for y, reach, air, terrain, delay in moving:
                if y == z or (terrain is not None and terrain not in colours):
                    continue
                dx, dy = abs(sx - y[0]), abs(sy - y[1])
                cost = delay + (-(-(dx + dy) // reach) if air else -(-dx // reach) - (-dy // reach))
                if cost < best:
                    best = cost
            if best <= 1:
                return 1
    if best == UNREACHABLE:  # nobody in either quarter yet: two pieces have to get there
        into = [sorted(m for m in (moves_into(p, code, game.range_of(code), q) for p, code in free) if m is not None)
                for q in (qa, qb)]
        if into[0] and into[1]:
            best = min(UNREACHABLE, into[0][0] + into[1][0] + 1)
    return max(best, 1)


def home_lock(game: IrohGame, player: int) -> float:
    """How much of ``LOCKED`` a Knotweed on ``player``'s home point costs (0 if none holds it or
    the reserve has no nation piece): nothing comes in while it stands, so the player must send a
    Fire or the Lotus to one of its corners, or bring in a Fire (rules: either destroys it). The
    nearer the nearest of them is, the less it costs: ``1 - HALF ** moves`` of it (moves counted
    up to 3)."""
    home = HOME[player]
    squares = [sq for sq in game.knotweeds if home in corners(sq)]
    if not squares or not any(game.reserve[player][code] for code in NATIONS):
        return 0.0
    board = game.board
    if home not in board and game.reserve[player]["Fi"]:
        return LOCKED * HALF  # a Fire brought in destroys it at once
    goals = {c for sq in squares for c in corners(sq) if c not in board}
    best = 3
    for a, (owner, code) in board.items():
        if owner != player or code not in KNOTWEED_PROOF:
            continue
        frontier, seen = {a}, {a}
        for moves in range(1, best):
            step: set[Point] = set()
            for b in frontier:
                step.update(q for q, target in straight_reach(board, code, b, game.range_of(code)) if target is None)
            if step & goals:
                best = moves
                break
            frontier = step - seen
            seen |= step
    return LOCKED * (1 - HALF ** best)


def deployed(game: IrohGame, player: int) -> int:
    """How many nation pieces ``player`` has on the board."""
    return sum(1 for owner, code in game.board.values() if owner == player and code in NATIONS)


def strength(game: IrohGame, player: int, f: Features, held: set[Point], robust: int) -> float:
    """How close ``player`` is to a winning set (see the module docstring); higher is closer.
    ``robust``: ``threats.robust_cover`` of the player."""
    score = f.cover + BORROWED * (f.full - f.cover) + ROBUST * robust
    moving = movers(game, player, f) if f.cover < 4 else []
    for arm in ARMS:
        if len(f.solid[arm]) > 1:
            score += SPARE
        if arm not in f.arms:
            score += POTENTIAL * HALF ** arm_cost(arm, f, game, player, held, moving)
    pieces = deployed(game, player)
    reserve = game.reserve[player]
    score += (MATERIAL * (pieces + sum(reserve[c] for c in NATIONS)) + DEPLOYED * pieces
              + KEPT * (reserve["Rk"] + reserve["Kn"]))
    return score
