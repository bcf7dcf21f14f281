"""The legal-move list of Iroh Pai Sho (docs/rules/iroh.md 2.4.5): every move and capture of the
player's pieces in board order, bringing pieces in at home, Rocks, Knotweeds and ``proclaim``, in
canonical form. It only reads the game."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..paisho.board import ORDER, ORTHOGONAL, POINT_SET, POINTS, name
from .rules import SQUARES, air_reach, is_locked, locked_points
from .tiles import CAPTURABLE, HOME, NATIONS, on_terrain

if TYPE_CHECKING:  # pragma: no cover
    from .game import IrohGame


def legal_moves(game: IrohGame) -> list[str]:
    """Every legal move of the player to move, canonical, in the list's order (2.4.5)."""
    p, board, out = game._to_move, game.board, []
    held = locked_points(game.knotweeds)
    for a, (owner, code) in sorted(board.items(), key=lambda item: ORDER[item[0]]):
        if owner != p or code == "Rk" or is_locked(board, game.knotweeds, a, held):
            continue
        an = name(a)
        if code == "Ai":
            out += [f"{an}-{name(q)}" for q in sorted(air_reach(board, a), key=ORDER.__getitem__)
                    if q not in board]
            continue
        for dx, dy in ORTHOGONAL:
            for k in range(1, game._range(code) + 1):
                q = (a[0] + k * dx, a[1] + k * dy)
                if q not in POINT_SET or not on_terrain(code, q):
                    break
                target = board.get(q)
                if target is None:
                    out.append(f"{an}-{name(q)}")
                elif code == "WL":
                    continue
                else:
                    if target[0] != p and code in CAPTURABLE and target[1] in CAPTURABLE:
                        out.append(f"{an}x{name(q)}")
                    break
    home = HOME[p]
    if home not in board:
        out += [f"{c}@{name(home)}" for c in NATIONS if game.reserve[p][c] > 0]
    if game.reserve[p]["Rk"] > 0:
        out += [f"Rk@{name(q)}" for q in POINTS if q not in board and q not in HOME]
    if game.reserve[p]["Kn"] > 0:
        out += [f"Kn@{name(q)}" for q in POINTS if q in SQUARES and q not in game.knotweeds]
    out.append("proclaim")
    return out
