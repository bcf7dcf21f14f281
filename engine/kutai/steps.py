"""How a Kutai Pai Sho move is picked in steps (engine.steps): the tile (by its full name, Day or
Night included: "Night Maple"), then its point. While more than 25 tiles are left the tiles come
in three groups first: the Day flowers, the Night flowers, the Lotus and the special tiles. The
pieces are the canonical move's text: ``NMa@`` ``i9``.
"""
from __future__ import annotations

from ..steps import Context, Declaration, Part, point
from .tiles import FLOWER, TILES

TILE, WHERE = "Which tile?", "Where?"


class KutaiSteps(Declaration):
    def split(self, ctx: Context, move: str) -> tuple[str, ...]:
        code, _, at = move.partition("@")
        return f"{code}@", at

    def describe(self, ctx: Context, before: tuple[str, ...], piece: str) -> Part:
        if not before:
            tile = TILES[piece[:-1]]
            group = f"{tile.light} flowers" if tile.kind == FLOWER else "Lotus and special tiles"
            return Part(tile.name, (), TILE, tile=tile.code, group=group)
        if not ctx.tiles:
            return Part(f"{piece} (the Centerpiece)", (point(piece),), WHERE)
        return Part(piece, (point(piece),), WHERE)


STEPS = KutaiSteps()
