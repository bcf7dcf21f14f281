"""How a PAUSO move is picked in steps (engine.steps): a Ring from the supply (the only tile, so
taken at once), then the empty card it goes on, with the card's modifier in its label. The
pieces are the canonical move's text: ``R@`` ``c3``.
"""
from __future__ import annotations

from ..steps import Context, Declaration, Part, point
from .layout import parse_layout

CARD_WORDS = {"+": "Plus card", "-": "Minus card", "^": "arrow up", "v": "arrow down", "<": "arrow left",
              ">": "arrow right"}


class PausoSteps(Declaration):
    def split(self, ctx: Context, move: str) -> tuple[str, ...]:
        code, _, at = move.partition("@")
        return f"{code}@", at

    def describe(self, ctx: Context, before: tuple[str, ...], piece: str) -> Part:
        if not before:
            return Part("A Ring from your supply", (), "Which tile?", tile="R")
        at = point(piece)
        cards = ctx.extra.get("cards")
        if cards is None:
            cards = ctx.extra["cards"] = parse_layout(ctx.game.options["board"]).cards
        words = CARD_WORDS.get(cards.get(at, "o"))
        return Part(f"{piece} ({words})" if words else piece, (at,), "Which card?")


STEPS = PausoSteps()
