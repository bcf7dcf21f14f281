"""PAUSO's pieces (docs/rules/pauso.md B1, B5.1): the Rings' four colours as messages name them, and
what a Point scores on each kind of card (a plus card 2, a minus card -1, every other card 1)."""
from __future__ import annotations

COLOUR_NAMES = {"P": "Periwinkle", "A": "Apricot", "M": "Mint", "L": "Lemon"}
POINT_VALUE = {"+": 2, "-": -1}  # every other card: +1


def point_value(card: str) -> int:
    """What a Point scores on a card of symbol ``card``."""
    return POINT_VALUE.get(card, 1)
