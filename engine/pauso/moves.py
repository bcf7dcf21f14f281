"""PAUSO's legal moves (docs/rules/pauso.md B4.1): a Ring on any empty card, as text in reading
order of the cards' names, and as the cells themselves for the search path of engine.ai."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .layout import Cell
from .notation import move_text

if TYPE_CHECKING:  # pragma: no cover
    from .game import PausoGame


def legal_moves(game: PausoGame) -> list[str]:
    """Every legal move of the seat to move, as text (none once the game is over)."""
    if game.outcome is not None:
        return []
    return [move_text(cell) for cell in sorted(game.cards) if cell not in game.contents]


def actions(game: PausoGame) -> list[Cell]:
    """Every empty card, for the search (none once the game is over)."""
    if game.outcome is not None:
        return []
    contents = game.contents
    return [cell for cell in game.cards if cell not in contents]
