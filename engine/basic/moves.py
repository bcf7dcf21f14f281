"""The legal-move list of Basic Pai Sho (docs/rules/basic.md 1.4): the choice, the spring flowers,
then every placement, move, move with the moved Wheel's or Boat's ability, and ability on its own,
in canonical form and the list's order; and the other ways a player may type a move, for suggest.

Generation only reads the game: abilities after a move are judged on a board of their own.
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ..paisho.board import ORDER, POINT_SET, POINTS, SURROUNDING, Point, name
from ..paisho.flowers import FLOWERS
from ..paisho.flowers import ORDER as TILE_ORDER
from .harmony import Board, drained_points, is_drained
from .movement import NOT_LAUNCHED, move_fault, reach, rotations, shift_fault
from .notation import Ability, ability_text
from .placement import entry_ports, placement_spots
from .tiles import NON_FLOWERS

if TYPE_CHECKING:  # pragma: no cover
    from .game import BasicGame


def legal_moves(game: BasicGame) -> list[str]:
    """Every legal move of the player to move, canonical, in the list's order (1.4)."""
    p = game.seat_to_move
    if game.phase == "choose":
        return ["choose move", "choose place"]
    if game.phase == "spring":
        return [f"{code}@{name(q)}" for code in FLOWERS if code not in game.spring_used[p]
                for q in POINTS if game.spring_fault(p, code, q) is None]
    board = game.board
    drained = drained_points(board)
    out = []
    for code in TILE_ORDER:
        if game.reserve[p][code] and game.place_fault(p, code, None) is None:
            spots = entry_ports(code, p) if code in FLOWERS else placement_spots(code, p)
            out += [f"{code}@{name(q)}" for q in spots if q not in board]
    mine = sorted((q for q, tile in board.items() if tile[0] == p), key=ORDER.__getitem__)
    for a in mine:
        code = board[a][1]
        if code in ("Kn", "Rk") or a in drained:
            continue
        for b in sorted(reach(a, code), key=lambda q: ORDER.get(q, -1)):
            if b not in POINT_SET or move_fault(board, drained, p, a, b, False) is not None:
                continue
            text = f"{name(a)}{'x' if b in board else '-'}{name(b)}"
            out.append(text)
            if code in ("Wh", "Bo"):
                out += [f"{text},{ability}" for ability in abilities_after_move(board, p, a, b)]
    for w in mine:
        if board[w][1] in ("Wh", "Bo") and w not in drained:
            out += abilities(board, p, w, moved=False)
    return list(dict.fromkeys(out)) or ["pass"]


def abilities_after_move(board: Board, p: int, a: Point, b: Point) -> list[str]:
    """The abilities the Wheel or Boat from ``a`` may use once it stands on ``b`` (canonical text)."""
    return [ability_text(ability) for ability in ability_options_after_move(board, p, a, b)]


def abilities(board: Board, p: int, w: Point, moved: bool) -> list[str]:
    """Every legal ability of the (undrained) Wheel or Boat on ``w`` (canonical text)."""
    return [ability_text(ability) for ability in ability_options(board, p, w, moved)]


def ability_options_after_move(board: Board, p: int, a: Point, b: Point) -> list[Ability]:
    """The abilities the Wheel or Boat from ``a`` may use once it stands on ``b``, judged on a
    board of its own: the game's board is never touched (a picture may be drawn from it in
    another thread meanwhile)."""
    target = board.get(b)
    if target is not None and target[1] in NON_FLOWERS:
        return []  # mutual removal
    board = dict(board)  # the tiles are shared and only read
    board[b] = board.pop(a)
    if is_drained(board, b):
        return []
    return ability_options(board, p, b, moved=True)


def ability_options(board: Board, p: int, w: Point, moved: bool) -> list[Ability]:
    """Every legal ability of the (undrained) Wheel or Boat on ``w``; launch parts in board order
    of their targets, as ``ability_text`` writes them."""
    if board[w][1] == "Wh":
        return [Ability("rotate", w, k) for k in rotations(board, w)]
    out = []
    near = sorted((t for t in SURROUNDING[w] if t in board), key=ORDER.__getitem__)
    for t in near:
        d = (2 * t[0] - w[0], 2 * t[1] - w[1])
        if d in POINT_SET and shift_fault(board, p, [(w, t, d)], moved)[0] is None:
            out.append(Ability("shifts", w, 0, ((w, t, d),)))
    if moved:
        return out
    own = [t for t in near if board[t][0] == p and board[t][1] not in NOT_LAUNCHED and board[t][1] != "Rk"]
    for size in (1, 2, 3):
        for group in combinations(own, size):
            for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                for k in range(1, 6):
                    parts = [(w, t, (t[0] + dx * k, t[1] + dy * k)) for t in group]
                    if all(d in POINT_SET for _, _, d in parts):
                        fault, kind = shift_fault(board, p, parts, moved)
                        if fault is None:
                            out.append(Ability("shifts", w, 0, tuple(parts)))
    return list(dict.fromkeys(out))  # a one-tile launch 1 point away is the push already listed


def input_forms(move: str) -> tuple[str, ...]:
    """The lower-case forms a player may type for ``move``: a capture may be typed with '-' too
    (m6-m5 for m6xm5)."""
    low = move.lower()
    return (low, low.replace("x", "-")) if "x" in low else (low,)
