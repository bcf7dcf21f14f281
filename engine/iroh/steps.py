"""How an Iroh Pai Sho move is picked in steps (engine.steps): a piece on the board then where it
goes; a piece from the reserve (a nation piece, a Rock, a Knotweed) then its point (a nation piece
has one: the home point) or, for a Knotweed, its square; or ``proclaim``. The pieces are the
canonical move's text: ``h3`` ``-h6``; ``Fi@`` ``i2``; ``Kn@`` ``j6``; ``proclaim``.
"""
from __future__ import annotations

from ..paisho.board import name
from ..steps import Context, Declaration, Part, point, tile_name
from .tiles import NAMES

PIECE = "Which piece?"


class IrohSteps(Declaration):
    def split(self, ctx: Context, move: str) -> tuple[str, ...]:
        if "@" in move:
            code, _, at = move.partition("@")
            return f"{code}@", at
        if move == "proclaim":
            return (move,)
        cut = min(i for i in (move.find("-", 1), move.find("x", 1)) if i > 0)
        return move[:cut], move[cut:]

    def describe(self, ctx: Context, before: tuple[str, ...], piece: str) -> Part:
        if not before:
            if piece == "proclaim":
                return Part("Proclaim your harmonies", (), PIECE, group="Proclaim")
            if piece.endswith("@"):
                code = piece[:-1]
                return Part(f"{NAMES[code]} from your reserve", (), PIECE, tile=code, group="From your reserve")
            at = point(piece)
            return Part(f"{tile_name(ctx, at, NAMES)} on {piece}", (at,), PIECE, group="On the board")
        if before[0].endswith("@"):
            at = point(piece)
            if before[0] == "Kn@":
                corners = (at, (at[0] + 1, at[1]), (at[0], at[1] + 1), (at[0] + 1, at[1] + 1))
                return Part(f"The square {piece}\u2013{name(corners[3])}", corners, "Which square?")
            where = "Where?" if before[0] == "Rk@" else "Bring it in on your home point"
            return Part(piece, (at,), where)
        frm, to = point(before[0]), point(piece[1:])
        label = piece[1:] + (f": capture the {tile_name(ctx, to, NAMES)}" if piece[0] == "x" else "")
        return Part(label, (to,), "Where to?", frm=frm)


STEPS = IrohSteps()
