"""How many arms a player's harmonies hold at once: the cover, and what the evaluation reads of
one player in one position (``Features``).

An arm (S, E, N, W) joins two quarters of the board (S: south-west and south-east, along a rank;
E: south-east and north-east, along a file; N; W). A winning set holds all four at once, no piece
the end of two harmonies (a Water may be of two): ``cover`` searches for the most arms the
harmonies can hold together under that rule.
"""
from __future__ import annotations

from typing import NamedTuple

from ...paisho.board import POINT_SET, Point
from ..game import IrohGame
from ..rules import ARMS, KNOTWEED_PROOF
from ..tiles import NATIONS
from .weights import CAP, SLOTS

Harmony = tuple[Point, Point]  # the two ends, earlier end first
Harmonies = dict[str, list[Harmony]]  # per arm

# The arms as (quarter, quarter, axis along which the line runs): quarters 0 SW, 1 SE, 2 NW, 3 NE;
# the ends of a harmony share the coordinate ``1 - axis`` (a rank for S and N, a file for E and W).
ARM_QUARTERS = {"S": (0, 1, 0), "E": (1, 3, 1), "N": (2, 3, 0), "W": (0, 2, 1)}


class Cover(NamedTuple):
    """The best choice of harmonies, one per arm, that a player's pieces can hold at once."""

    held: int  # how many arms (4: a winning set)
    arms: list[str]  # which arms the first best choice holds
    uses: dict[Point, int]  # how often it uses each end
    picked: list[Harmony]  # its harmonies


def quarter(point: Point) -> int | None:
    """0 SW, 1 SE, 2 NW, 3 NE; None on a midline (file i or rank 9)."""
    x, y = point
    if x == 8 or y == 8:
        return None
    return (x > 8) + 2 * (y > 8)


def between(a: Point, b: Point) -> list[Point]:
    """The points strictly between ``a`` and ``b`` (on one rank or file)."""
    if a[0] == b[0]:
        lo, hi = sorted((a[1], b[1]))
        return [(a[0], y) for y in range(lo + 1, hi)]
    lo, hi = sorted((a[0], b[0]))
    return [(x, a[1]) for x in range(lo + 1, hi)]


def cover(found: Harmonies, board: dict, player: int) -> Cover:
    """How many arms ``player``'s harmonies ``found`` can hold at once (4: a winning set), which
    arms the first best choice holds, how often it uses each end, and its harmonies."""
    lists = [found[arm][:CAP] for arm in ARMS]
    uses: dict[Point, int] = {}
    chosen: list[str] = []
    picked: list[Harmony] = []
    best = Cover(0, [], {}, [])

    def free(p: Point) -> bool:
        n = uses.get(p, 0)
        return n == 0 or (n == 1 and board[p] == (player, "Wa"))

    def search(i: int) -> None:
        nonlocal best
        if len(chosen) + (4 - i) <= best.held:
            return
        if i == 4:
            best = Cover(len(chosen), list(chosen), {p: n for p, n in uses.items() if n}, list(picked))
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
                if best.held == 4:
                    return
        search(i + 1)

    search(0)
    return best


def without_borrowed_lotus(found: Harmonies, board: dict, player: int) -> Harmonies:
    """``found`` without the harmonies that end on the opponent's White Lotus (``found`` itself
    when there are none)."""
    theirs = (1 - player, "WL")
    if not any(board[e] == theirs for arm in ARMS for h in found[arm] for e in h):
        return found
    return {arm: [h for h in found[arm] if board[h[0]] != theirs and board[h[1]] != theirs] for arm in ARMS}


class Features:
    """What the evaluation and the candidate list read of one player in one position."""

    __slots__ = ("found", "solid", "full", "cover", "arms", "uses", "picked", "pieces", "free")

    def __init__(self, game: IrohGame, player: int, held: set[Point], found: Harmonies) -> None:
        board = game.board
        self.found = found
        # ``full``: arms held counting harmonies with the opponent's Lotus (what a proclamation
        # counts); the rest reads ``solid`` ones only: the opponent moves its Lotus away at will.
        solid = without_borrowed_lotus(found, board, player)
        self.solid = solid
        self.cover, self.arms, self.uses, self.picked = cover(solid, board, player)
        self.full = self.cover if solid is found else cover(found, board, player).held
        # The pieces that may still become harmony ends (not locked): (point, code).
        self.pieces = [(p, code) for p, (owner, code) in board.items()
                       if (code == "WL" or (owner == player and code in NATIONS))
                       and (p not in held or code in KNOTWEED_PROOF)]
        # The pieces the cover leaves free to make further harmonies (a Water may serve twice).
        uses = self.uses
        self.free = [(p, code) for p, code in self.pieces
                     if not uses.get(p) or (uses[p] == 1 and code == "Wa" and board[p][0] == player)]


def slots(game: IrohGame, z: Point, axis: int, earth: bool, held: set[Point]) -> list[Point]:
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
            if (q in held and piece[1] not in KNOTWEED_PROOF) or (earth and piece[1] == "Rk"):
                continue  # transparent
            break
        if (q[axis] - 8) * step > 0:
            out.append(q)
    return out
