"""The moves Iroh's search looks at when no set of the opponent has to be broken (``building``),
and the order it tries them in (``order_key``).

Every piece move and bring-in is a candidate, but of the hundreds of Rock and Knotweed placements
only those that matter now: Rocks between the ends of the opponent's harmonies (not Earth ones,
which Rocks do not block) or as the far end of one of the player's own Earths; Knotweeds that
lock an end of an opponent's harmony or an opponent's piece standing between the ends of what
would be an own harmony (``blockers``), where they stay (not on a square a Fire or Lotus destroys
at once). A failed proclaim (a pass) is left out unless nothing else is possible.
"""
from __future__ import annotations

from typing import Any

from ...paisho.board import POINT_SET, Point
from ..game import IrohGame
from ..moves import PROCLAIM, legal_actions
from ..rules import ARMS, KNOTWEED_PROOF, both_harmonies, knotweed_squares
from ..tiles import CAPTURABLE, HOME, NATIONS
from .cover import Harmonies, between, quarter

# Pieces brought in, most mobile first: a tie between bring-ins goes to the piece that gets off the
# home point most easily (an Air or Earth steps aside; a Fire or Water leaves only along the midline).
ENTER_ORDER = ("Ai", "Ea", "Wa", "Fi")
# The order of the kinds of move: captures, placements, moves, then bring-ins.
ORDER_KIND = {"capture": 0, "place": 1, "move": 2, "enter": 3}


def building(game: IrohGame, held: set[Point], both: tuple[Harmonies, Harmonies]) -> list[Any]:
    """The candidates of the player to move when no set of the opponent has to be broken
    (``both``: each player's harmonies; ``held``: the locked points)."""
    p = game.seat_to_move
    theirs = both[1 - p]
    rocks: set[Point] = set()
    weeds: set[Point] = set()
    board = game.board
    if game.reserve[p]["Rk"] > 0:
        for arm in ARMS:
            for a, b in theirs[arm]:
                if (1 - p, "Ea") not in (board[a], board[b]):
                    rocks.update(q for q in between(a, b) if q not in board and q not in HOME)
        rocks |= earth_rock_points(game, p, held)
    if game.reserve[p]["Kn"] > 0:
        ends = {e for arm in ARMS for h in theirs[arm] for e in h if board[e][1] not in KNOTWEED_PROOF}
        ends |= blockers(game, p, held, both[p])
        for e in ends:
            weeds.update(knotweed_squares(board, game.knotweeds, e))
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


def earth_rock_points(game: IrohGame, player: int, held: set[Point]) -> set[Point]:
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


def blockers(game: IrohGame, player: int, held: set[Point], found: Harmonies) -> set[Point]:
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
                out.update(q for q in between(a, b) if q in lockable)
    return out


def order_key(game: IrohGame, action: Any) -> float:
    """Where ``action`` comes in the search's order (lower first): captures, placements, moves,
    then bring-ins with the most mobile piece first (``ENTER_ORDER``). Of moves it values the same,
    the search keeps the first, so an Air or Earth, which can step off the home point, comes in
    before a Fire or Water, which can leave it only along the midline and may be stuck there."""
    if action == PROCLAIM:
        return -1
    first, second = action
    if isinstance(first, str):
        if first in NATIONS:
            return ORDER_KIND["enter"] + ENTER_ORDER.index(first) / len(ENTER_ORDER)
        return ORDER_KIND["place"]
    target = game.board.get(second)
    return ORDER_KIND["capture" if target is not None and target[1] in CAPTURABLE else "move"]
