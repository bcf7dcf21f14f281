"""Quaterno's legal moves (docs/rules/quaterno.md A4.8): the placements of the placement phase and
the movements and actions of the play phase in A4.8's order (pass when there is none), as the
tuples the search path plays (``notation.read_turn``'s shapes, a Swap's destination None) and as
their canonical texts.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .board import DIRS8, PLACEMENT_SQUARES, dist, on_board, quarter, ring
from .notation import Turn, turn_text
from .tiles import ACTIONS, FIGURE_KINDS

if TYPE_CHECKING:  # pragma: no cover
    from .game import QuaternoGame


def legal_moves(game: QuaternoGame) -> list[str]:
    """Every legal move of the player to move, as text: the canonical texts of ``actions``."""
    return [turn_text(turn) for turn in actions(game)]


def actions(game: QuaternoGame) -> list[Turn]:
    """The legal moves as turns (``notation.Turn``) for the search, pass when there is none."""
    if game.outcome is not None:
        return []
    p, board = game.mover, game.board
    if game.placement_phase:
        closed = game.controlled(1 - p)
        squares = [sq for sq in PLACEMENT_SQUARES if sq not in board and quarter(sq) not in closed]
        return [("place", code, sq) for code in FIGURE_KINDS if game.square_of(p, code) is None
                for sq in squares]
    out: list[Turn] = []
    for a, (owner, kind) in list(board.items()):
        if owner != p or game.seizer(a) is not None:
            continue
        if kind != "Su":
            for dx, dy in DIRS8:
                q = (a[0] + dx, a[1] + dy)
                while 0 <= q[0] < 11 and 0 <= q[1] < 11:
                    if q not in board:
                        out.append(("move", a, q, False))
                    elif kind != "Mo":
                        break
                    q = (q[0] + dx, q[1] + dy)
        if kind not in ACTIONS:
            continue
        for dx, dy in DIRS8:
            t = (a[0] + dx, a[1] + dy)
            while 0 <= t[0] < 11 and 0 <= t[1] < 11 and t not in board:
                t = (t[0] + dx, t[1] + dy)
            if not on_board(t):
                continue
            n = dist(a, t)
            if kind == "Su":
                out += [("action", a, t, q) for q in ring(a, n) if q not in board]
            elif kind == "Fa":
                out.append(("action", a, t, None))
            elif kind == "An":
                out += [("action", a, t, (a[0] + i * dx, a[1] + i * dy)) for i in range(1, n)]
            else:
                step = (dx, dy) if kind == "St" else (-dx, -dy)
                q = (t[0] + dx, t[1] + dy) if kind == "St" else (a[0] - dx, a[1] - dy)
                while on_board(q) and q not in board:
                    out.append(("action", a, t, q))
                    q = (q[0] + step[0], q[1] + step[1])
    return out or [("pass",)]
