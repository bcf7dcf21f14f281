"""Reading and writing Quaterno turns (docs/rules/quaterno.md A6.1-A6.2): the grammar, the squares it
names (off-board squares refused as A6.3 orders), and the canonical text of a search action. What
``read_turn`` returns says what the input asks for; whether it is legal is the game's business.

A read turn is a tuple: ``("pass",)``, ``("place", code, square)``, ``("move", a, b, with_x)`` or
``("action", actor, target, destination or None)``.
"""
from __future__ import annotations

import re

from .. import notation
from ..base import IllegalMove
from .board import Square, on_board
from .tiles import TILE_NAMES

SQ = notation.SQUARE_PATTERN
PLACE_RE = re.compile(rf"^([a-zA-Z]+)@({SQ})$")
_MOVE_RE = re.compile(rf"^({SQ})([-xX])({SQ})$")
_ACTION_RE = re.compile(rf"^({SQ})>({SQ})(?:-({SQ}))?$")
HINT = "Moves look like Fa@c1, e6-e9, c5>f5-g5, g4>g6 or pass."

Turn = tuple  # ("pass",) | ("place", code, sq) | ("move", a, b, with_x) | ("action", a, t, d | None)


def sq_name(sq: Square) -> str:
    return notation.square_name(*sq)


def read_square(token: str) -> Square:
    """The square a token names; IllegalMove when it is off the board."""
    sq = notation.parse_square(token)
    if sq is None or not on_board(sq):
        raise IllegalMove(notation.off_board(notation.typed_square(token)))
    return sq


def read_turn(move: str) -> Turn:
    """What ``move`` asks for (A6.1); IllegalMove when it cannot be read or names an off-board square."""
    text = notation.squash(move)
    if text.lower() == "pass":
        return ("pass",)
    m = PLACE_RE.match(text)
    if m:
        sq = read_square(m.group(2))
        code = TILE_NAMES.get(m.group(1).lower())
        if code is None:
            raise IllegalMove(f"'{notation.echo(m.group(1))}' is not a Quaterno tile. Codes: Su Mo Fa An St Co So.")
        return ("place", code, sq)
    m = _MOVE_RE.match(text)
    if m:
        a, b = read_square(m.group(1)), read_square(m.group(3))
        return ("move", a, b, m.group(2).lower() == "x")
    m = _ACTION_RE.match(text)
    if m:
        squares = [read_square(g) if g else None for g in m.groups()]
        return ("action", *squares)
    raise IllegalMove(notation.cant_read(move, HINT))


def turn_text(turn: Turn) -> str:
    """The canonical text (A6.2) of a turn as the search path holds it (``moves.actions``)."""
    if turn[0] == "pass":
        return "pass"
    if turn[0] == "place":
        return f"{turn[1]}@{sq_name(turn[2])}"
    if turn[0] == "move":
        return f"{sq_name(turn[1])}-{sq_name(turn[2])}"
    if turn[3] is None:
        return f"{sq_name(turn[1])}>{sq_name(turn[2])}"
    return f"{sq_name(turn[1])}>{sq_name(turn[2])}-{sq_name(turn[3])}"
