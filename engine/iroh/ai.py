"""Iroh Pai Sho knowledge for engine.ai: how close each player is to a winning set, and which
moves are worth searching.

The goal (rules 2.5) is four harmonies, one across each midline arm S, E, N, W, with no piece the
end of two (a Water may be of two), kept through the opponent's reply and then proclaimed. Each
arm joins two quarters of the board (S: south-west and south-east, along a rank; E: south-east
and north-east, along a file; N; W), so a player builds a ring of pieces round the centre.

``strength`` scores a player from the position:

- ``cover``: how many arms the player's harmonies can hold at once under the use rule (4 = a
  winning set), the bulk of the score;
- spare harmonies on an arm (what survives a Rock or a Knotweed on one of them);
- for an arm without a harmony: pieces in both of its quarters, better still on nearly the same
  rank or file (a move or two from a harmony);
- pieces spread over the four quarters, and material (nation pieces on the board or in reserve).

A player to move who holds a winning set wins by proclaiming; one who made a set on the last
move threatens to win unless the mover breaks it, which counts for a lot but not for a win (the
search sees whether it can be broken). The win chance is a logistic function of the difference.

Candidates (``actions``): a player with a winning set only proclaims; otherwise every piece
move and bring-in, but of the hundreds of Rock and Knotweed placements only those that matter
now: Rocks between the ends of the opponent's harmonies (not Earth ones, which Rocks do not
block) or as the far end of one of the player's own Earths; Knotweeds that lock an end of an
opponent's harmony (not on a square a Fire or Lotus would destroy at once). A failed proclaim
(a pass) is left out unless nothing else is possible. Alpha-beta searches them (random
playouts say nothing here: random games never build a set).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..ai.knowledge import Knowledge
from ..paisho.board import POINT_SET, Point
from .game import IrohGame
from .moves import PROCLAIM, legal_actions
from .rules import ARMS, SQUARES, both_harmonies, locked_points
from .tiles import CAPTURABLE, HOME, NATIONS

STEEPNESS = 1.1  # logistic slope of the strength difference
SPARE = 0.25  # each further harmony on an arm (at most one counted)
BOTH_QUARTERS = 0.2  # an arm without harmony with pieces in both its quarters ...
NEAR = 0.2  # ... and on nearly the same line (ranks or files at most NEAR_GAP apart)
NEAR_GAP = 2
SPREAD = 0.05  # per usable end in a quarter (at most two counted)
MATERIAL = 0.04  # per nation piece on the board or in reserve
THREAT = 1.6  # a winning set that the player to move may still break
TEMPO = 0.15  # the player to move
WON = 0.97  # the player to move holds a winning set: proclaiming wins
CAP = 8  # harmonies per arm the cover search looks at

# The arms as (quarter, quarter, axis along which the line runs): quarters 0 SW, 1 SE, 2 NW, 3 NE;
# the ends of a harmony share the coordinate ``1 - axis`` (a rank for S and N, a file for E and W).
ARM_QUARTERS = {"S": (0, 1, 0), "E": (1, 3, 1), "N": (2, 3, 0), "W": (0, 2, 1)}
_ORDER_KIND = {"capture": 0, "place": 1, "move": 2, "enter": 3}


def quarter(point: Point) -> int | None:
    """0 SW, 1 SE, 2 NW, 3 NE; None on a midline (file i or rank 9)."""
    x, y = point
    if x == 8 or y == 8:
        return None
    return (x > 8) + 2 * (y > 8)


def cover(found: dict[str, list[tuple[Point, Point]]], board: dict, player: int) -> int:
    """How many arms ``player``'s harmonies ``found`` can hold at once (4: a winning set)."""
    lists = [found[arm][:CAP] for arm in ARMS]
    uses: dict[Point, int] = {}
    best = 0

    def free(p: Point) -> bool:
        n = uses.get(p, 0)
        return n == 0 or (n == 1 and board[p] == (player, "Wa"))

    def search(i: int, held: int) -> None:
        nonlocal best
        if held + (4 - i) <= best:
            return
        if i == 4:
            best = held
            return
        for a, b in lists[i]:
            if free(a) and free(b):
                uses[a] = uses.get(a, 0) + 1
                uses[b] = uses.get(b, 0) + 1
                search(i + 1, held + 1)
                uses[a] -= 1
                uses[b] -= 1
                if best == 4:
                    return
        search(i + 1, held)

    search(0, 0)
    return best


class Features:
    """What the evaluation and the candidate list read of one player in one position."""

    __slots__ = ("found", "cover", "ends")

    def __init__(self, game: IrohGame, player: int, held: set[Point],
                 found: dict[str, list[tuple[Point, Point]]]) -> None:
        board = game.board
        self.found = found
        self.cover = cover(self.found, board, player)
        ends: list[list[Point]] = [[], [], [], []]
        for p, (owner, code) in board.items():
            if code == "WL" or (owner == player and code in NATIONS):
                q = quarter(p)
                if q is not None and (p not in held or code in ("Fi", "WL")):
                    ends[q].append(p)
        self.ends = ends


def strength(game: IrohGame, player: int, f: Features) -> float:
    """How close ``player`` is to a winning set (see the module docstring); higher is closer."""
    score = float(f.cover)
    for arm in ARMS:
        n = len(f.found[arm])
        if n > 1:
            score += SPARE
        elif n == 0:
            qa, qb, axis = ARM_QUARTERS[arm]
            a_ends, b_ends = f.ends[qa], f.ends[qb]
            if a_ends and b_ends:
                score += BOTH_QUARTERS
                line = 1 - axis
                gap = min(abs(a[line] - b[line]) for a in a_ends for b in b_ends)
                if gap <= NEAR_GAP:
                    score += NEAR * (NEAR_GAP + 1 - gap) / (NEAR_GAP + 1)
    score += SPREAD * sum(min(len(e), 2) for e in f.ends)
    pieces = sum(1 for owner, code in game.board.values() if owner == player and code in NATIONS)
    score += MATERIAL * (pieces + sum(game.reserve[player][c] for c in NATIONS))
    return score


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


class IrohKnowledge(Knowledge):
    """Alpha-beta on how close each player is to four harmonies."""

    search = "alphabeta"
    budgets = {"easy": 150, "medium": 1200, "hard": 6000}
    max_depth = 4
    contempt = 0.05

    def features(self, game: IrohGame) -> tuple[Features, Features]:
        held = locked_points(game.knotweeds) if game.knotweeds else set()
        both = both_harmonies(game.board, game.knotweeds, held)
        return Features(game, 0, held, both[0]), Features(game, 1, held, both[1])

    def evaluate(self, game: IrohGame) -> Sequence[float]:
        feats = self.features(game)
        mover = game._to_move
        if feats[mover].cover == 4:
            values = [0.0, 0.0]
            values[mover], values[1 - mover] = WON, 1 - WON
            return values
        scores = [strength(game, p, feats[p]) for p in (0, 1)]
        scores[mover] += TEMPO
        if feats[1 - mover].cover == 4:
            scores[1 - mover] += THREAT
        first = 1 / (1 + math.exp(-STEEPNESS * (scores[0] - scores[1])))
        return [first, 1 - first]

    def actions(self, game: IrohGame) -> list[Any]:
        if game.outcome is not None:
            return []
        p = game._to_move
        held = locked_points(game.knotweeds) if game.knotweeds else set()
        both = both_harmonies(game.board, game.knotweeds, held)
        if cover(both[p], game.board, p) == 4:
            return [PROCLAIM]
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

    def order(self, game: IrohGame, actions: list[Any]) -> list[Any]:
        board = game.board

        def kind(action: Any) -> int:
            if action == PROCLAIM:
                return -1
            first, second = action
            if isinstance(first, str):
                return _ORDER_KIND["enter" if first in NATIONS else "place"]
            target = board.get(second)
            return _ORDER_KIND["capture" if target is not None and target[1] in CAPTURABLE else "move"]

        return sorted(actions, key=kind)


KNOWLEDGE = IrohKnowledge()
