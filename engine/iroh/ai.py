"""Iroh Pai Sho knowledge for engine.ai: how close each player is to a winning set that the
opponent cannot break, and which moves are worth searching.

The goal (rules 2.5) is four harmonies, one across each midline arm S, E, N, W, with no piece the
end of two (a Water may be of two), kept through the opponent's reply and then proclaimed. Each
arm joins two quarters of the board (S: south-west and south-east, along a rank; E: south-east
and north-east, along a file; N; W), so a player builds a ring of pieces round the centre. A set
only wins if the opponent cannot break it with one move, so what counts is how many arms hold
whatever the opponent does next.

``strength`` scores a player from the position:

- ``cover``: how many arms the player's own harmonies can hold at once under the use rule (4 = a
  winning set); a harmony ending on the opponent's White Lotus counts a quarter (they move it
  away at will);
- ``robust_cover``: how many arms still hold after the opponent's best single move (a piece
  moving between the ends or capturing one, a Rock between the ends while they have one, a
  Knotweed locking an end while they have one), counted on top of the cover;
- a spare harmony on an arm;
- for an arm without a harmony: the moves needed to get a free end's partner onto a free point
  across the midline on its line (pieces in reserve come in at home first);
- material (nation pieces), more for those on the board than in reserve, and Rocks and
  Knotweeds still in reserve.

Certainties, checked first: a player to move with a winning set wins by proclaiming (``WON``); a
set the opponent just made that no move of the player to move breaks is lost (``SURE``); a player
to move whose three arms no move breaks and who can add the fourth so that no move breaks it
either (``safe_completion``: a fork) is as good as won (``FORCED``). Otherwise the win chance is a
logistic function of the difference of the scores, kept below those certainties.

Repetition: the record is public, so the search tells the knowledge (``Root.plies``) how many of
its moves were really played; a move that brings the board back to a position this game has
already seen counts against the player who made it (``REPEAT``). Without it hard and greedy went
round in circles until the turn limit.

Candidates (``actions``): a player with a winning set only proclaims; one facing a set only the
moves that break it (``breaks``, tried on the board); otherwise every piece move and bring-in,
but of the hundreds of Rock and Knotweed placements only those that matter now: Rocks between
the ends of the opponent's harmonies (not Earth ones, which Rocks do not block) or as the far end
of one of the player's own Earths; Knotweeds that lock an end of an opponent's harmony or an
opponent's piece standing between the ends of what would be an own harmony (``_blockers``; not
on a square a Fire or Lotus would destroy at once). A failed proclaim (a pass) is left out unless
nothing else is possible. Alpha-beta searches them (random playouts say nothing here: random
games never build a set), in the order ``order`` gives: captures, placements, moves, then
bring-ins with the most mobile piece first (``ENTER_ORDER``). Of moves it values the same, the
search keeps the first, so an Air or Earth, which can step off the home point, comes in before a
Fire or Water, which can leave it only along the midline and may be stuck there.

Hard's horizon (``horizon``; the greedy baseline and the other levels keep ``evaluate``) reads
five things more: the best capture of the player to move counts as made (``capture_gain``: a
double attack wins a piece, which a one-ply player does not see coming); Rocks and Knotweeds
in reserve count more (``HOARD``: kept for the end game, where a Knotweed on a piece that steps
between the ends of a harmony makes it transparent again, while the opponent has spent theirs);
each nation piece on the board counts more (``DEPLOY``: a piece in reserve makes no harmony
and breaks none, so bringing one in gains and losing one on the board costs that much more); a
home point held by a Knotweed while nation pieces wait in reserve counts against its owner
(``LOCKED``, ``home_lock``: nothing comes in until a Fire or the Lotus on a corner destroys the
Knotweed; it costs less the nearer the nearest of them is, and a Fire in reserve can come in onto
an empty home point and destroy it at once); and a position the game has already seen is valued
closer to a draw (``CIRCLE``) instead of counting against the player who moved into it: a
repetition the opponent is forced into is no gain for the player ahead, who must find something
new rather than go round in circles.

Levels (``OVERLOOK``, engine/ai/levels.py): any search that sees the opponent's set breaks it,
so easy and medium would defend as well as hard and a player could only beat them with a fork.
Instead, with a chance per turn, they do not look at the opponent's harmonies and play the
candidate that best builds their own (``overlooking``), as a person who misses a set does.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, cast

from ..ai.knowledge import Knowledge
from ..ai.memo import Memo
from ..ai.search import Root
from ..ai.settings import Settings, per_level
from ..paisho.board import COLOURS, ORTHOGONAL, POINT_SET, Point
from .game import IrohGame
from .moves import PROCLAIM, legal_actions, piece_actions, straight_reach
from .rules import ARMS, SQUARES, both_harmonies, corners, locked_points
from .tiles import CAPTURABLE, HOME, NATIONS, TERRAIN

Harmonies = dict[str, list[tuple[Point, Point]]]

STEEPNESS = 1.1  # logistic slope of the strength difference
SPARE = 0.2  # each further harmony on an arm (at most one counted)
ROBUST = 0.8  # each arm the player holds whatever single move the opponent makes
BORROWED = 0.25  # an arm held only with the opponent's White Lotus (it can move away at will)
REPEAT = 1.2  # a move back into a position this game has already seen (the player who made it)
POTENTIAL = 0.6  # an arm the cover does not hold: POTENTIAL * HALF ** (moves to a harmony there)
HALF = 0.5
UNREACHABLE = 8
SLOTS = 3  # points across the midline looked at per end
MATERIAL = 0.04  # per nation piece on the board or in reserve
DEPLOYED = 0.08  # per nation piece on the board (one in reserve makes no harmony)
KEPT = 0.12  # per Rock or Knotweed in reserve (kept for when it breaks a set or opens a line)
THREAT = 1.6  # a winning set that the player to move may still break
TEMPO = 0.15  # the player to move
WON = 0.97  # the player to move holds a winning set: proclaiming wins
SURE = 0.96  # the other player holds a winning set that no move breaks
FORCED = 0.95  # the player to move holds three arms no move breaks and can add a fourth that way
ESTIMATE = 0.94  # estimates stay inside (1 - ESTIMATE, ESTIMATE), below what is certain
CAP = 8  # harmonies per arm the cover search looks at
HANGING = 1.0  # share of a capturable piece's material counted at the horizon for the player to move
HOARD = 0.3  # more per Rock or Knotweed in reserve at the horizon (kept for the end game)
CIRCLE = 0.5  # at the horizon, a position this game has seen is this much closer to a draw
DEPLOY = 0.3  # more per nation piece on the board at the horizon (pieces in reserve make no harmony)
END = 0.3  # more for a capturable piece that ends a harmony of the opponent's cover
LOCKED = 0.6  # at the horizon, less for a home point held by a Knotweed while pieces wait in reserve
# The chance per turn that a level does not look at the opponent's harmonies (``overlooking``):
# a defender that sees every set can only lose to a fork, so without it easy was as hard to beat
# as hard (rules 2.5: seeing the opponent's harmonies is the player's own job).
OVERLOOK = {"easy": 0.6, "medium": 0.25}
# The chance that a level playing ``overlooking`` still sees a winning set of the opponent's: one
# just made (then it searches and breaks it) or one its own move would complete (it plays another
# move): medium builds as often as it overlooks but rarely misses a finished set.
NOTICE = {"easy": 0.0, "medium": 0.8}

# The arms as (quarter, quarter, axis along which the line runs): quarters 0 SW, 1 SE, 2 NW, 3 NE;
# the ends of a harmony share the coordinate ``1 - axis`` (a rank for S and N, a file for E and W).
ARM_QUARTERS = {"S": (0, 1, 0), "E": (1, 3, 1), "N": (2, 3, 0), "W": (0, 2, 1)}
# The quarters each piece's terrain reaches (red: SW, NE; white: SE, NW; Earth on the wood rim
# of every quarter; Air and Lotus anywhere) and how far it moves in one turn.
ALLOWED_QUARTERS = {"Fi": (0, 3), "Wa": (1, 2), "Ea": (0, 1, 2, 3), "Ai": (0, 1, 2, 3), "WL": (0, 1, 2, 3)}
REACH = {"Fi": 3, "Wa": 2, "Ea": 3, "Ai": 4, "WL": 5}
# The positions a game really went through, per game and real record (``IrohKnowledge.history``).
HISTORY: Memo[frozenset] = Memo("Iroh: the positions of a game's real record", 4)
_NONE = (None, "")
# Pieces brought in, most mobile first: a tie between bring-ins goes to the piece that gets off the
# home point most easily (an Air or Earth steps aside; a Fire or Water leaves only along the midline).
ENTER_ORDER = ("Ai", "Ea", "Wa", "Fi")
_ORDER_KIND = {"capture": 0, "place": 1, "move": 2, "enter": 3}


def quarter(point: Point) -> int | None:
    """0 SW, 1 SE, 2 NW, 3 NE; None on a midline (file i or rank 9)."""
    x, y = point
    if x == 8 or y == 8:
        return None
    return (x > 8) + 2 * (y > 8)


def cover(found: Harmonies, board: dict, player: int) -> tuple[int, list[str], dict, list[tuple[Point, Point]]]:
    """How many arms ``player``'s harmonies ``found`` can hold at once (4: a winning set), which
    arms the first best choice holds, how often it uses each end, and its harmonies."""
    lists = [found[arm][:CAP] for arm in ARMS]
    uses: dict[Point, int] = {}
    chosen: list[str] = []
    picked: list[tuple[Point, Point]] = []
    best: list[Any] = [0, [], {}, []]

    def free(p: Point) -> bool:
        n = uses.get(p, 0)
        return n == 0 or (n == 1 and board[p] == (player, "Wa"))

    def search(i: int) -> None:
        if len(chosen) + (4 - i) <= best[0]:
            return
        if i == 4:
            best[:] = [len(chosen), list(chosen), {p: n for p, n in uses.items() if n}, list(picked)]
            return
        for h in lists[i]:
            a, b = h
            if free(a) and free(b):
                uses[a] = uses.get(a, 0) + 1
                uses[b] = uses.get(b, 0) + 1
                chosen.append(ARMS[i])
                picked.append(h)
                search(i + 1)
                picked.pop()
                chosen.pop()
                uses[a] -= 1
                uses[b] -= 1
                if best[0] == 4:
                    return
        search(i + 1)

    search(0)
    return best[0], best[1], best[2], best[3]


def _moves_into(point: Point, code: str, q: int) -> int | None:
    """About how many moves a ``code`` on ``point`` needs to stand in quarter ``q`` (None: its
    terrain has no point there)."""
    if code not in ALLOWED_QUARTERS or q not in ALLOWED_QUARTERS[code]:
        return None
    x, y = point[0] - 8, point[1] - 8
    east, north = q & 1, q >> 1
    steps = (0 if (x > 0 if east else x < 0) else abs(x) + 1) + (0 if (y > 0 if north else y < 0) else abs(y) + 1)
    reach = REACH[code]
    return -(-steps // reach)


def _without_borrowed_lotus(found: Harmonies, board: dict, player: int) -> Harmonies:
    """``found`` without the harmonies that end on the opponent's White Lotus (``found`` itself
    when there are none)."""
    theirs = (1 - player, "WL")
    if not any(board[e] == theirs for arm in ARMS for h in found[arm] for e in h):
        return found
    return {arm: [h for h in found[arm] if board[h[0]] != theirs and board[h[1]] != theirs] for arm in ARMS}


def reached(game: IrohGame, player: int, targets: set[Point], held: set[Point]) -> set[Point]:
    """The points of ``targets`` that a piece of ``player`` could move to or capture on in one
    move if it were their turn (bringing a piece in at home included); for an Air, every empty
    point within four steps, whether or not tiles bar the way (a few more than it reaches)."""
    board = game.board
    fire = game.range_of("Fi")
    out: set[Point] = set()
    home = HOME[player]
    if home in targets and home not in board and any(game.reserve[player][c] for c in NATIONS):
        out.add(home)
    airs = []
    files = {q[0] for q in targets}
    ranks = {q[1] for q in targets}
    for a, (owner, code) in board.items():
        if owner != player or code == "Rk" or (a in held and code != "WL" and code != "Fi"):
            continue
        if code == "Ai":
            airs.append(a)
            continue
        if a[0] not in files and a[1] not in ranks:
            continue  # a straight mover reaches only its own rank and file
        terrain = TERRAIN.get(code)
        reach = fire if code == "Fi" else REACH[code]
        for dx, dy in ORTHOGONAL:
            for k in range(1, reach + 1):
                q = (a[0] + k * dx, a[1] + k * dy)
                if q not in POINT_SET or (terrain is not None and terrain not in COLOURS[q]):
                    break
                target = board.get(q)
                if target is None:
                    if q in targets:
                        out.add(q)
                elif code == "WL":
                    continue
                else:
                    if target[0] != player and code in CAPTURABLE and target[1] in CAPTURABLE and q in targets:
                        out.add(q)
                    break
    for a in airs:
        out.update(q for q in targets if q not in board and abs(a[0] - q[0]) + abs(a[1] - q[1]) <= 4)
    return out


def robust_cover(game: IrohGame, player: int, f: Features, held: set[Point]) -> int:
    """How many arms ``player``'s harmonies (``f.solid``) still hold after the opponent's best
    single move, if it were the opponent's turn now (4: a winning set that cannot be broken).

    Each harmony is hit by: a piece of the opponent reaching an empty point between its ends or
    capturing an end (``reached``), a Rock on a point between (while the opponent has one; not an
    Earth's harmony), a Knotweed on a square with an end as corner (while they have one, and no
    Fire or Lotus stands on it). One move is one of these; the cover is searched again without
    the harmonies it hits. (Not seen: a Fire or Lotus freeing a locked piece between the ends.)"""
    if f.cover == 0:
        return 0
    opp = 1 - player
    board, knotweeds = game.board, game.knotweeds
    reserve = game.reserve[opp]
    rock, weed = reserve["Rk"] > 0, reserve["Kn"] > 0
    hits: dict[Any, list[tuple[Point, Point]]] = {}
    maybe: dict[Point, list[tuple[Point, Point]]] = {}  # points an opponent's piece may reach
    lockable: dict[Point, list[Any]] = {}  # end -> the Knotweed squares that would lock it
    for arm in ARMS:
        for h in f.solid[arm]:
            a, b = h
            earth = (player, "Ea") in (board[a], board[b])
            for q in _between(a, b):
                if q in board:
                    continue
                maybe.setdefault(q, []).append(h)
                if rock and not earth and q not in HOME:
                    hits.setdefault(q, []).append(h)
            for e in h:
                owner, code = board[e]
                if code in CAPTURABLE and owner == player:
                    maybe.setdefault(e, []).append(h)
                if weed and code not in ("Fi", "WL"):
                    squares = lockable.get(e)
                    if squares is None:
                        squares = lockable[e] = [
                            ("Kn", sq) for sq in ((e[0] - 1, e[1] - 1), (e[0], e[1] - 1), (e[0] - 1, e[1]), e)
                            if sq in SQUARES and sq not in knotweeds and not any(
                                board.get(c, _NONE)[1] in ("Fi", "WL") for c in corners(sq))]
                    for token in squares:
                        hits.setdefault(token, []).append(h)
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
        worst = min(worst, cover(rest, board, player)[0])
        if worst == 0:
            break
    return worst


class Features:
    """What the evaluation and the candidate list read of one player in one position."""

    __slots__ = ("found", "solid", "full", "cover", "arms", "uses", "picked", "pieces", "free")

    def __init__(self, game: IrohGame, player: int, held: set[Point], found: Harmonies) -> None:
        board = game.board
        self.found = found
        # ``full``: arms held counting harmonies with the opponent's Lotus (what a proclamation
        # counts); the rest reads ``solid`` ones only: the opponent moves its Lotus away at will.
        solid = _without_borrowed_lotus(found, board, player)
        self.solid = solid
        self.cover, self.arms, self.uses, self.picked = cover(solid, board, player)
        self.full = self.cover if solid is found else cover(found, board, player)[0]
        # The pieces that may still become harmony ends (not locked): (point, code).
        self.pieces = [(p, code) for p, (owner, code) in board.items()
                       if (code == "WL" or (owner == player and code in NATIONS))
                       and (p not in held or code in ("Fi", "WL"))]
        # The pieces the cover leaves free to make further harmonies (a Water may serve twice).
        uses = self.uses
        self.free = [(p, code) for p, code in self.pieces
                     if not uses.get(p) or (uses[p] == 1 and code == "Wa" and board[p][0] == player)]


def _slots(game: IrohGame, z: Point, axis: int, earth: bool, held: set[Point]) -> list[Point]:
    """Empty points across the midline from end ``z`` along ``axis`` where a piece would make a
    harmony with it (the nearest SLOTS of them)."""
    board = game.board
    out: list[Point] = []
    step = 1 if z[axis] < 8 else -1
    x, y = z
    while len(out) < SLOTS:
        if axis == 0:
            x += step
        else:
            y += step
        q = (x, y)
        if q not in POINT_SET:
            break
        piece = board.get(q)
        if piece is not None:
            if (q in held and piece[1] not in ("Fi", "WL")) or (earth and piece[1] == "Rk"):
                continue  # transparent
            break
        if (q[axis] - 8) * step > 0:
            out.append(q)
    return out


def _lockable(game: IrohGame, e: Point) -> bool:
    """A Knotweed could lock the piece on ``e``: a free square with ``e`` as a corner and no Fire or
    Lotus on any corner."""
    board, knotweeds = game.board, game.knotweeds
    return any(sq in SQUARES and sq not in knotweeds and not any(
        board.get(c, _NONE)[1] in ("Fi", "WL") for c in corners(sq))
        for sq in ((e[0] - 1, e[1] - 1), (e[0], e[1] - 1), (e[0] - 1, e[1]), e))


def safe_completion(game: IrohGame, player: int, f: Features, held: set[Point]) -> bool:
    """Whether ``player``, to move with three arms held, can make a harmony across the fourth with
    one move of a piece the three do not use, such that the opponent could not break the new
    harmony with one move either (as ``robust_cover`` judges it). With three arms that no single
    move breaks, this is a set the opponent cannot stop: a fork."""
    missing = [arm for arm in ARMS if arm not in f.arms]
    if len(missing) != 1:
        return False
    qa, qb, axis = ARM_QUARTERS[missing[0]]
    board = game.board
    theirs = (1 - player, "WL")
    pairs = []
    for z, zcode in f.free:
        if quarter(z) not in (qa, qb) or board[z] == theirs:
            continue
        earth = zcode == "Ea" and board[z][0] == player
        pairs += [(z, s, earth) for s in _slots(game, z, axis, earth, held)]
    if not pairs:
        return False
    slots = {s for _, s, _ in pairs}
    free = {p for p, code in f.free if board[p][0] == player}
    arrivals: dict[Point, list[tuple[Point, str]]] = {}
    for a, b in piece_actions(game):
        if b in slots and a in free:
            arrivals.setdefault(b, []).append((a, board[a][1]))
    if not arrivals:
        return False
    opp = 1 - player
    reserve = game.reserve[opp]
    rock, weed = reserve["Rk"] > 0, reserve["Kn"] > 0
    lines = {(z, s): _between(z, s) for z, s, _ in pairs if s in arrivals}
    targets = {q for (z, s), gaps in lines.items() for q in (z, s, *gaps)}
    reach = reached(game, opp, targets, held)
    for z, s, earth in pairs:
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
            if weed and ((board[z][1] not in ("Fi", "WL") and _lockable(game, z))
                         or (code not in ("Fi", "WL") and _lockable(game, s))):
                continue
            return True
    return False


def movers(game: IrohGame, player: int, f: Features) -> list[tuple[Point, int, bool, str | None, int]]:
    """What ``arm_cost`` moves: (point, reach, is Air, terrain, moves before it starts) of every
    free piece and of every type left in reserve (brought in at home first)."""
    home = HOME[player]
    extra = 1 + (home in game.board)
    out = [(y, REACH[code], code == "Ai", TERRAIN.get(code), 0) for y, code in f.free]
    out += [(home, REACH[code], code == "Ai", TERRAIN.get(code), extra)
            for code in NATIONS if game.reserve[player][code] > 0]
    return out


def arm_cost(arm: str, f: Features, game: IrohGame, player: int, held: set[Point],
             movers: list[tuple[Point, int, bool, str | None, int]]) -> int:
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
        for slot in _slots(game, z, axis, earth, held):
            sx, sy = slot
            colours = COLOURS[slot]
            for y, reach, air, terrain, cost in movers:
                if y == z or (terrain is not None and terrain not in colours):
                    continue
                dx, dy = abs(sx - y[0]), abs(sy - y[1])
                cost += -(-(dx + dy) // reach) if air else -(-dx // reach) - (-dy // reach)
                if cost < best:
                    best = cost
            if best <= 1:
                return 1
    if best == UNREACHABLE:  # nobody in either quarter yet: two pieces have to get there
        into = [sorted(m for m in (_moves_into(p, code, q) for p, code in free) if m is not None)
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
        if owner != player or code not in ("Fi", "WL"):
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
    ``robust``: ``robust_cover`` of the player."""
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


def position_key(game: IrohGame) -> tuple[frozenset, frozenset, int]:
    """What makes two positions of one game the same: the tiles, the Knotweeds, who is to move."""
    return frozenset(game.board.items()), frozenset(game.knotweeds), game.seat_to_move


def _positions(game: IrohGame, plies: int) -> frozenset:
    """The ``position_key`` of every position of the game's first ``plies`` moves (the start
    included), replayed from its record."""
    if game.start_position is not None:
        past = IrohGame.from_position(game.start_position, getattr(game, "load_options", None))
    else:
        past = IrohGame(2, 0, game.options)
    keys = {position_key(past)}
    for move in game.record[:plies]:
        past.play(move)
        keys.add(position_key(past))
    return frozenset(keys)


def _breaker_candidates(game: IrohGame, found: Harmonies) -> list[Any]:
    """The moves of the player to move that could touch a harmony in ``found`` (the opponent's):
    onto or off an end or a point between the ends (blocks, captures, the Lotus moving away), a
    Rock there, a Knotweed with such a corner, and a Fire or Lotus freeing a locked piece (which
    then blocks again). A superset of the moves that break one."""
    critical: set[Point] = set()
    for arm in ARMS:
        for a, b in found[arm]:
            critical.add(a)
            critical.add(b)
            critical.update(_between(a, b))
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
        elif second in held and (first == "Fi" or (not isinstance(first, str) and board[first][1] in ("Fi", "WL"))):
            out.append(action)
    return out


def breaks(game: IrohGame, owner: int, found: Harmonies) -> list[Any]:
    """The moves of the player to move after which ``owner`` (the other player, whose harmonies
    are ``found``) no longer holds a winning set, tried on the board alone."""
    board, knotweeds = game.board, game.knotweeds
    p = game.seat_to_move
    out = []
    for action in _breaker_candidates(game, found):
        first, second = action
        after, weeds = dict(board), knotweeds
        if first == "Kn":
            if any(board.get(c, (None, ""))[1] in ("Fi", "WL") for c in corners(second)):
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
            if code in ("Fi", "WL") and knotweeds:
                weeds = {sq for sq in knotweeds if second not in corners(sq)}
        held = locked_points(weeds) if weeds else set()
        if cover(both_harmonies(after, weeds, held)[owner], after, owner)[0] < 4:
            out.append(action)
    return out


def _between(a: Point, b: Point) -> list[Point]:
    """The points strictly between ``a`` and ``b`` (on one rank or file)."""
    if a[0] == b[0]:
        lo, hi = sorted((a[1], b[1]))
        return [(a[0], y) for y in range(lo + 1, hi)]
    lo, hi = sorted((a[0], b[0]))
    return [(x, a[1]) for x in range(lo + 1, hi)]


def _earth_rock_points(game: IrohGame, player: int, held: set[Point]) -> set[Point]:
    """Empty points where a Rock would be the far end of a harmony of one of ``player``'s Earths."""
    board, out = game.board, set()
    for p, piece in board.items():
        if piece != (player, "Ea") or p in held or quarter(p) is None:
            continue
        for axis in (0, 1):
            step = 1 if p[axis] < 8 else -1
            q = list(p)
            while True:
                q[axis] += step
                point = (q[0], q[1])
                if point not in POINT_SET:
                    break
                crossed = (point[axis] - 8) * step > 0
                if point in board:
                    if point in held or board[point][1] == "Rk":
                        continue  # transparent for an Earth's harmony
                    break
                if crossed and point not in HOME:
                    out.add(point)
    return out


def _blockers(game: IrohGame, player: int, held: set[Point], found: Harmonies) -> set[Point]:
    """The opponent's pieces that a Knotweed could lock (not a Fire or Lotus) standing between
    the ends of what would be a harmony of ``player`` without them (a locked piece does not block)."""
    board = game.board
    lockable = {q for q, (owner, code) in board.items()
                if owner != player and code in ("Wa", "Ea", "Ai") and q not in held}
    if not lockable:
        return set()
    opened = both_harmonies(board, game.knotweeds, held | lockable)[player]
    out: set[Point] = set()
    for arm in ARMS:
        known = set(found[arm])
        for a, b in opened[arm]:
            if (a, b) not in known and a not in lockable and b not in lockable:
                out.update(q for q in _between(a, b) if q in lockable)
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
        terrain = TERRAIN[code]
        reach = game.range_of(code)
        for dx, dy in ORTHOGONAL:
            for k in range(1, reach + 1):
                q = (a[0] + k * dx, a[1] + k * dy)
                if q not in POINT_SET or terrain not in COLOURS[q]:
                    break
                target = board.get(q)
                if target is None:
                    continue
                if target[0] != player and target[1] in CAPTURABLE:
                    gain = HANGING * (MATERIAL + DEPLOYED) + (END if theirs.uses.get(q) else 0.0)
                    if gain > best:
                        best = gain
                break
    return best


class IrohKnowledge(Knowledge[IrohGame]):
    """Alpha-beta on how close each player is to four harmonies."""

    settings = per_level(Settings(search="alphabeta", max_depth=4, contempt=0.05),
                         easy={"budget": 100, "horizon": False, "overlook": OVERLOOK["easy"]},
                         medium={"budget": 600, "horizon": False, "overlook": OVERLOOK["medium"]},
                         hard={"budget": 2500})

    def features(self, game: IrohGame, held: set[Point]) -> tuple[Features, Features]:
        both = both_harmonies(game.board, game.knotweeds, held)
        return Features(game, 0, held, both[0]), Features(game, 1, held, both[1])

    def history(self, game: IrohGame, root: Root | None) -> frozenset | None:
        """The positions the game really went through before the search started (its first
        ``root.plies`` moves; None outside a search): the record is public."""
        if root is None:
            return None
        plies = root.plies
        key = (game.start_position, repr(game.options), *game.record[:plies])  # one game's history
        return HISTORY.get(key, lambda: _positions(game, plies))

    def evaluate(self, game: IrohGame, root: Root | None = None) -> Sequence[float]:
        return self.judge(game, False, root)

    def horizon(self, game: IrohGame, seat: int, root: Root | None = None) -> float:
        """Hard's value at its search's horizon (see the module docstring): the evaluation, with
        the best capture of the player to move counted as made (``capture_gain``), Rocks and
        Knotweeds in reserve worth ``HOARD`` more, each nation piece on the board ``DEPLOY`` more,
        a home point held by a Knotweed worth less (``home_lock``), and a position already seen
        closer to a draw. The greedy baseline and the other levels keep the plain ``evaluate``."""
        return self.judge(game, True, root)[seat]

    def judge(self, game: IrohGame, at_horizon: bool, root: Root | None) -> list[float]:
        """The win chances: ``evaluate``, or with ``at_horizon`` hard's ``horizon`` reading."""
        held = locked_points(game.knotweeds) if game.knotweeds else set()
        feats = self.features(game, held)
        mover = game.seat_to_move
        owner = 1 - mover
        values = [0.0, 0.0]
        if feats[mover].full == 4:
            values[mover], values[owner] = WON, 1 - WON
            return values
        robust = [robust_cover(game, p, feats[p], held) for p in (0, 1)]
        if feats[owner].cover == 4 and robust[owner] == 4:
            values[owner], values[mover] = SURE, 1 - SURE
            return values
        if feats[mover].cover == 3 and robust[mover] == 3 and safe_completion(game, mover, feats[mover], held):
            values[mover], values[owner] = FORCED, 1 - FORCED
            return values
        scores = [strength(game, p, feats[p], held, robust[p]) for p in (0, 1)]
        scores[mover] += TEMPO
        if at_horizon:
            scores[mover] += capture_gain(game, mover, feats[owner], held)
            for p in (0, 1):
                scores[p] += HOARD * (game.reserve[p]["Rk"] + game.reserve[p]["Kn"])
                scores[p] += DEPLOY * deployed(game, p)
                if game.knotweeds:
                    scores[p] -= home_lock(game, p)
        if feats[owner].full == 4:
            scores[owner] += THREAT
        past = self.history(game, root)
        repeated = past is not None and position_key(game) in past
        if repeated and not at_horizon:
            scores[owner] -= REPEAT  # went back to a position of this game: going round in circles
        first = 1 - ESTIMATE + (2 * ESTIMATE - 1) / (1 + math.exp(-STEEPNESS * (scores[0] - scores[1])))
        if repeated and at_horizon:  # going round in circles: a step towards the draw at the turn limit
            first = 0.5 + (first - 0.5) * CIRCLE
        return [first, 1 - first]

    def actions(self, game: IrohGame) -> list[Any]:
        if game.outcome is not None:
            return []
        p = game.seat_to_move
        held = locked_points(game.knotweeds) if game.knotweeds else set()
        both = both_harmonies(game.board, game.knotweeds, held)
        if cover(both[p], game.board, p)[0] == 4:
            return [PROCLAIM]
        theirs = both[1 - p]
        if cover(theirs, game.board, 1 - p)[0] == 4:  # only a move that breaks it does not lose
            return breaks(game, 1 - p, theirs) or [PROCLAIM]
        return self._building(game, held, both)

    def _building(self, game: IrohGame, held: set[Point], both: tuple[Harmonies, Harmonies]) -> list[Any]:
        """The candidates of the player to move when no set of the opponent has to be broken."""
        p = game.seat_to_move
        theirs = both[1 - p]
        rocks: set[Point] = set()
        weeds: set[Point] = set()
        board = game.board
        if game.reserve[p]["Rk"] > 0:
            for arm in ARMS:
                for a, b in theirs[arm]:
                    if (1 - p, "Ea") not in (board[a], board[b]):
                        rocks.update(q for q in _between(a, b) if q not in board and q not in HOME)
            rocks |= _earth_rock_points(game, p, held)
        if game.reserve[p]["Kn"] > 0:
            ends = {e for arm in ARMS for h in theirs[arm] for e in h if board[e][1] not in ("Fi", "WL")}
            ends |= _blockers(game, p, held, both[p])
            for e in ends:
                for sq in ((e[0] - 1, e[1] - 1), (e[0], e[1] - 1), (e[0] - 1, e[1]), e):
                    if sq in SQUARES and sq not in game.knotweeds and not any(
                            board.get(c, (None, ""))[1] in ("Fi", "WL")
                            for c in (sq, (sq[0] + 1, sq[1]), (sq[0], sq[1] + 1), (sq[0] + 1, sq[1] + 1))):
                        weeds.add(sq)
        out = []
        for action in legal_actions(game):
            if action == PROCLAIM:
                continue
            code = action[0]
            if code == "Rk":
                if action[1] not in rocks:
                    continue
            elif code == "Kn":
                if action[1] not in weeds:
                    continue
            out.append(action)
        return out or [PROCLAIM]

    def overlooking(self, game: IrohGame, level: str, rng: random.Random) -> Any | None:
        """The move of a player who, this turn, does not look at the opponent's harmonies (a weaker
        level's error, ``OVERLOOK``): of the candidates it would search with no set to break, the
        one that leaves its own position strongest (``strength`` of its own side alone), ties
        broken at random. It still proclaims a set of its own (``actions`` gives only that). A level
        that notices (``NOTICE``, drawn once a turn) sees a set the opponent has finished (then it
        searches and breaks it) and one its own move would finish (it leaves that move out)."""
        p = game.seat_to_move
        held = locked_points(game.knotweeds) if game.knotweeds else set()
        both = both_harmonies(game.board, game.knotweeds, held)
        if cover(both[p], game.board, p)[0] == 4:
            return PROCLAIM
        chance = NOTICE.get(level, 1.0)
        notices = chance > 0 and rng.random() < chance
        if cover(both[1 - p], game.board, 1 - p)[0] == 4 and notices:
            return None  # the set was seen after all: the level searches (and breaks it)
        best, best_key = PROCLAIM, None
        for action in self._building(game, held, both):
            after = cast(IrohGame, game.copy())
            after.apply_action(action)
            if after.outcome is not None:
                return action
            now_held = locked_points(after.knotweeds) if after.knotweeds else set()
            now = both_harmonies(after.board, after.knotweeds, now_held)
            if notices and cover(now[1 - p], after.board, 1 - p)[0] == 4:
                continue  # it sees that this move would complete the opponent's set
            f = Features(after, p, now_held, now[p])
            key = (strength(after, p, f, now_held, robust_cover(after, p, f, now_held)), rng.random())
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best if best_key is not None else None  # every move completes it: the level searches

    def order(self, game: IrohGame, actions: list[Any], root: Root | None = None) -> list[Any]:
        board = game.board

        def kind(action: Any) -> float:
            if action == PROCLAIM:
                return -1
            first, second = action
            if isinstance(first, str):
                if first in NATIONS:
                    return _ORDER_KIND["enter"] + ENTER_ORDER.index(first) / len(ENTER_ORDER)
                return _ORDER_KIND["place"]
            target = board.get(second)
            return _ORDER_KIND["capture" if target is not None and target[1] in CAPTURABLE else "move"]

        return sorted(actions, key=kind)


KNOWLEDGE = IrohKnowledge()
