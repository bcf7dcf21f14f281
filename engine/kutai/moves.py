"""The legal-move list of Kutai Pai Sho (docs/rules/kutai.md 4.4): the Centerpiece (one of Player 1's
flowers on i9) first, then every tile the player to move still has on every empty point its colour
allows, in the set's order. It only reads the game."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..paisho.board import CENTRE
from .notation import MOVE_TEXT
from .tiles import ALLOWED, SET, SPECIAL, TILES

if TYPE_CHECKING:  # pragma: no cover
    from .game import KutaiGame


def legal_moves(game: KutaiGame) -> list[str]:
    """Every legal placement of the player to move, canonical."""
    seat = game.to_move
    assert seat is not None  # the game is running: base.Game lists no moves once it is over
    if not game.board:
        return [MOVE_TEXT[c, CENTRE] for c in SET if TILES[c].kind != SPECIAL]
    return [MOVE_TEXT[c, p] for c in SET if c in game.remaining[seat] for p in ALLOWED[c] if p not in game.board]
