"""What one move of the opponent can do to a player's harmonies: the arms that hold whatever it
is (``robust_cover``), a fourth arm it cannot stop (``safe_completion``: a fork), the moves that
break a finished set (``breaks``), and the best capture of the player to move (``capture_gain``).

A harmony is hit by: a piece reaching an empty point between its ends or capturing an end
(``reached``), a Rock on a point between (not an Earth's harmony), or a Knotweed on a square with
an end as a corner (rules.knotweed_squares: not where a Fire or Lotus destroys it at once).
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ...paisho.board import Point
from ..game import IrohGame
from ..moves import PROCLAIM, legal_actions, piece_actions, straight_reach
from ..rules import (
    ARMS,
    KNOTWEED_PROOF,
    both_harmonies,
    corners,
    knotweed_squares,
    knotweed_stays,
    knotweeds_left,
    locked_points,
)
from ..tiles import CAPTURABLE, HOME, NATIONS
from .cover import ARM_QUARTERS, Features, Harmonies, Harmony, between, cover, quarter, slots
from .weights import DEPLOYED, END, HANGING, MATERIAL


def reached(game: IrohGame, player: int, targets: set[Point], held: set[Point]) -> set[Point]:
    """The points of ``targets`` that a piece of ``player`` could move to or capture on in one
    move if it were their turn (bringing a piece in at home included); for an Air, every empty
    point within four steps, whether or not tiles bar the way (a few more than it reaches)."""
    board = game.board
    out: set[Point] = set()
    home = HOME[player]
    if home in targets and home not in board and any(game.reserve[player][c] for c in NATIONS):
        out.add(home)
    airs = []
    files = {q[0] for q in targets}
    ranks = {q[1] for q in targets}
    for a, (owner, code) in board.items():
        if owner != player or code == "Rk" or (a in held and code not in KNOTWEED_PROOF):
            continue
        if code == "Ai":
            airs.append(a)
            continue
        if a[0] not in files and a[1] not in ranks:
            continue  # a straight mover reaches only its own rank and file
        for q, target in straight_reach(board, code, a, game.range_of(code)):
            if target is None:
                if q in targets:
                    out.add(q)
            elif (code != "WL" and target[0] != player and code in CAPTURABLE and target[1] in CAPTURABLE
                  and q in targets):
                out.add(q)
    for a in airs:
        out.update(q for q in targets if q not in board and abs(a[0] - q[0]) + abs(a[1] - q[1]) <= 4)
    return out


def robust_cover(game: IrohGame, player: int, f: Features, held: set[Point]) -> int:
    """How many arms ``player``'s harmonies (``f.solid``) still hold after the opponent's best
    single move, if it were the opponent's turn now (4: a winning set that cannot be broken).

    Each harmony is hit as the module docstring says, a Rock or Knotweed only while the opponent
    has one. One move is one of these; the cover is searched again without the harmonies it hits.
    (Not seen: a Fire or Lotus freeing a locked piece between the ends.)"""
    if f.cover == 0:
        return 0
    opp = 1 - player
    board, knotweeds = game.board, game.knotweeds
    reserve = game.reserve[opp]
    rock, weed = reserve["Rk"] > 0, reserve["Kn"] > 0
    hits: dict[Any, list[Harmony]] = {}  # one move of the opponent -> the harmonies it hits
    maybe: dict[Point, list[Harmony]] = {}  # points an opponent's piece may reach
    lockable: dict[Point, list[Any]] = {}  # end -> the Knotweed placements that would lock it
    for arm in ARMS:
        for h in f.solid[arm]:
            a, b = h
            earth = (player, "Ea") in (board[a], board[b])
            for q in between(a, b):
                if q in board:
                    continue
                maybe.setdefault(q, []).append(h)
                if rock and not earth and q not in HOME:
                    hits.setdefault(q, []).append(h)
            for e in h:
                owner, code = board[e]
                if code in CAPTURABLE and owner == player:
                    maybe.setdefault(e, []).append(h)
                if weed and code not in KNOTWEED_PROOF:
                    placements = lockable.get(e)
                    if placements is None:
                        placements = lockable[e] = [("Kn", sq) for sq in knotweed_squares(board, knotweeds, e)]
                    for placement in placements:
                        hits.setdefault(placement, []).append(h)
    if maybe:
        for q in reached(game, opp, set(maybe), held):
            known = hits.setdefault(q, [])
            known.extend(h for h in maybe[q] if h not in known)
    picked = set(f.picked)
    worst = f.cover
    seen: set[frozenset] = set()
    for hit in hits.values():
        if picked.isdisjoint(hit):
            continue
        key = frozenset(hit)
        if key in seen:
            continue
        seen.add(key)
        rest = {arm: [h for h in f.solid[arm] if h not in key] for arm in ARMS}
        worst = min(worst, cover(rest, board, player).held)
        if worst == 0:
            break
    return worst


class Completion(NamedTuple):
    """A harmony across the missing arm that one move would make: a free end, the empty point
    across the midline a piece would move to, and whether it is an Earth's (Rocks do not block it)."""

    end: Point
    slot: Point
    earth: bool


def safe_completion(game: IrohGame, player: int, f: Features, held: set[Point]) -> bool:
    """Whether ``player``, to move with three arms held, can make a harmony across the fourth with
    one move of a piece the three do not use, such that the opponent could not break the new
    harmony with one move either (as ``robust_cover`` judges it). With three arms that no single
    move breaks, this is a set the opponent cannot stop: a fork."""
    missing = [arm for arm in ARMS if arm not in f.arms]
    if len(missing) != 1:
        return False
    qa, qb, axis = ARM_QUARTERS[missing[0]]
    board, knotweeds = game.board, game.knotweeds
    theirs = (1 - player, "WL")
    completions: list[Completion] = []
    for z, zcode in f.free:
        if quarter(z) not in (qa, qb) or board[z] == theirs:
            continue
        earth = zcode == "Ea" and board[z][0] == player
        completions += [Completion(z, s, earth) for s in slots(game, z, axis, earth, held)]
    if not completions:
        return False
    wanted = {c.slot for c in completions}
    free = {p for p, code in f.free if board[p][0] == player}
    arrivals: dict[Point, list[tuple[Point, str]]] = {}  # slot -> (from, code) of each piece that can get there
    for a, b in piece_actions(game):
        if b in wanted and a in free:
            arrivals.setdefault(b, []).append((a, board[a][1]))
    if not arrivals:
        return False
    opp = 1 - player
    reserve = game.reserve[opp]
    rock, weed = reserve["Rk"] > 0, reserve["Kn"] > 0
    lines = {(c.end, c.slot): between(c.end, c.slot) for c in completions if c.slot in arrivals}
    targets = {q for (z, s), gaps in lines.items() for q in (z, s, *gaps)}
    reach = reached(game, opp, targets, held)
    for z, s, earth in completions:
        for a, code in arrivals.get(s, ()):
            if a == z:
                continue
            gaps = lines[(z, s)]
            if s in reach or any(q in reach for q in gaps):
                continue
            if z in reach and board[z][1] in CAPTURABLE:
                continue
            if rock and not (earth or code == "Ea") and any(q not in HOME for q in gaps):
                continue
            if weed and ((board[z][1] not in KNOTWEED_PROOF and knotweed_squares(board, knotweeds, z))
                         or (code not in KNOTWEED_PROOF and knotweed_squares(board, knotweeds, s))):
                continue
            return True
    return False


def breaker_candidates(game: IrohGame, found: Harmonies) -> list[Any]:
    """The moves of the player to move that could touch a harmony in ``found`` (the opponent's):
    onto or off an end or a point between the ends (blocks, captures, the Lotus moving away), a
    Rock there, a Knotweed with such a corner, and a Fire or Lotus freeing a locked piece (which
    then blocks again). A superset of the moves that break one."""
    critical: set[Point] = set()
    for arm in ARMS:
        for a, b in found[arm]:
            critical.add(a)
            critical.add(b)
            critical.update(between(a, b))
    board = game.board
    held = locked_points(game.knotweeds) if game.knotweeds else set()
    out = []
    for action in legal_actions(game):
        if action == PROCLAIM:
            continue
        first, second = action
        if first == "Kn":
            if any(c in critical for c in corners(second)):
                out.append(action)
        elif second in critical or first in critical:
            out.append(action)
        elif second in held and (first == "Fi" or (not isinstance(first, str) and board[first][1] in KNOTWEED_PROOF)):
            out.append(action)
    return out


def breaks(game: IrohGame, owner: int, found: Harmonies) -> list[Any]:
    """The moves of the player to move after which ``owner`` (the other player, whose harmonies
    are ``found``) no longer holds a winning set, tried on the board alone."""
    board, knotweeds = game.board, game.knotweeds
    p = game.seat_to_move
    out = []
    for action in breaker_candidates(game, found):
        first, second = action
        after, weeds = dict(board), knotweeds
        if first == "Kn":
            if not knotweed_stays(board, second):
                continue  # destroyed at once: changes nothing
            weeds = knotweeds | {second}
        elif first == "Rk":
            after[second] = (p, "Rk")
        else:
            if isinstance(first, str):
                after[second] = (p, first)
                code = first
            else:
                after[second] = after.pop(first)
                code = after[second][1]
            if code in KNOTWEED_PROOF and knotweeds:
                weeds = knotweeds_left(knotweeds, second)
        held = locked_points(weeds) if weeds else set()
        if cover(both_harmonies(after, weeds, held)[owner], after, owner).held < 4:
            out.append(action)
    return out


def capture_gain(game: IrohGame, player: int, theirs: Features, held: set[Point]) -> float:
    """What the best capture ``player`` (to move) has is worth to them: the captured piece's
    material (``MATERIAL`` + ``DEPLOYED``), more (``END``) if the piece ends one of the opponent's
    harmonies in their cover; 0 without a capture."""
    board = game.board
    best = 0.0
    for a, (owner, code) in board.items():
        if owner != player or code not in CAPTURABLE or (a in held and code != "Fi"):
            continue
        for q, target in straight_reach(board, code, a, game.range_of(code)):
            if target is not None and target[0] != player and target[1] in CAPTURABLE:
                gain = HANGING * (MATERIAL + DEPLOYED) + (END if theirs.uses.get(q) else 0.0)
                if gain > best:
                    best = gain
    return best
