"""How a Quaterno move is picked in steps (engine.steps). Placement turns: the tile, then its
square. Play turns: a tile of yours, then where it moves or which tile its action reaches (a
target: the action's name says what it does), then, for the actions that move the target
somewhere (Orbit, Draw Near, Push, Place Behind), where it goes. ``pass`` when there is no
other move. The pieces are the canonical move's text: ``Fa@`` ``c1``; ``e6`` ``-e9``;
``f5`` ``>f7`` ``-d7``; ``g4`` ``>g6``.
"""
from __future__ import annotations

import re

from ..steps import Context, Declaration, Part, point
from .tiles import ACTIONS, KINDS

_PLAY = re.compile(r"^([a-k][0-9]+)([->][a-k][0-9]+)(-[a-k][0-9]+)?$")
_VERB = {"Su": "Orbit", "Fa": "Swap with", "An": "Draw near", "St": "Push", "Co": "Place behind"}  # the actions


class QuaternoSteps(Declaration):
    def split(self, ctx: Context, move: str) -> tuple[str, ...]:
        if "@" in move:
            code, _, at = move.partition("@")
            return f"{code}@", at
        play = _PLAY.match(move)
        if play is None:
            return (move,)  # pass
        return tuple(piece for piece in play.groups() if piece)

    def _tile(self, ctx: Context, at: tuple[int, int]) -> str:
        """The tile on a square in words: "your Fan", "the opponent's Moon"."""
        tile = ctx.tiles.get(at)
        if tile is None:
            return "the tile"
        whose = "your" if tile.owner == ctx.seat else "the opponent's"
        return f"{whose} {KINDS.get(tile.kind, tile.kind)}"

    def describe(self, ctx: Context, before: tuple[str, ...], piece: str) -> Part:
        if not before:
            if piece == "pass":
                return Part("Pass (there is no other move)", (), "Your move")
            if piece.endswith("@"):
                code = piece[:-1]
                return Part(KINDS[code], (), "Which tile?", tile=code)
            at = point(piece)
            return Part(f"{KINDS[ctx.tiles[at].kind]} on {piece}", (at,), "Which tile?")
        if before[0].endswith("@"):
            return Part(piece, (point(piece),), "Which square?")
        actor = point(before[0])
        kind = ctx.tiles[actor].kind
        if len(before) == 1:
            to = point(piece[1:])
            prompt = ("Which tile does the Sun orbit?" if kind == "Su" else  # the Sun never moves
                      "Move it, or use its action?" if kind in ACTIONS else "Where to?")
            if piece[0] == "-":
                return Part(f"Move to {piece[1:]}", (to,), prompt, frm=actor)
            return Part(f"{_VERB[kind]} {self._tile(ctx, to)} on {piece[1:]}", (to,), prompt)
        target = point(before[1][1:])
        return Part(f"{piece[1:]}", (point(piece[1:]),), f"Where does {self._tile(ctx, target)} go?", frm=target)


STEPS = QuaternoSteps()
