"""Reading and writing PAUSO moves (docs/rules/pauso.md B6.1-B6.2): a move names the empty card a
Ring goes to (``R@c3`` or just ``c3``), checked in B6.2's order with its messages."""
from __future__ import annotations

import re
from collections.abc import Container

from .. import notation
from ..base import IllegalMove
from .layout import Cell

READ_HINT = "Place a Ring with R@c3 (or just c3)."
_MOVE_RE = re.compile(rf"^(?:r@)?({notation.SQUARE_PATTERN})$", re.IGNORECASE | re.ASCII)
_OTHER_TILE_RE = re.compile(rf"^([a-zA-Z]+)@({notation.SQUARE_PATTERN})$")


def move_text(cell: Cell) -> str:
    """The canonical form of placing a Ring on ``cell`` (B6.1)."""
    return f"R@{notation.square_name(*cell)}"


def input_forms(move: str) -> tuple[str, ...]:
    """Other ways a player may type the canonical ``move``: lower case, or the square alone."""
    return move.lower(), move[2:]


def read_cell(move: str, width: int, height: int, cards: Container[Cell], contents: Container[Cell]) -> Cell:
    """The empty card a move names (B6.1, B6.2 messages 3-7); IllegalMove otherwise."""
    text = notation.squash(move)
    other = _OTHER_TILE_RE.match(text)
    if other and other.group(1).lower() != "r":
        sq = notation.typed_square(other.group(2))
        raise IllegalMove(f"PAUSO has only Rings: write R@{sq} or {sq}.")
    match = _MOVE_RE.match(text)
    if not match:
        raise IllegalMove(notation.cant_read(move, READ_HINT))
    sq = notation.typed_square(match.group(1))
    cell = notation.parse_square(match.group(1))
    assert cell is not None
    if not (0 <= cell[0] < width and 0 <= cell[1] < height):
        raise IllegalMove(notation.off_board(sq))
    if cell not in cards:
        raise IllegalMove(f"{sq} is a gap: there is no board card there.")
    if cell in contents:
        raise IllegalMove(notation.occupied(sq))
    return cell
