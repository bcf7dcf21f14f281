"""Pai Sho notation and messages shared by the four round-board games (docs/rules/paisho-board.md
0.4): the location and move grammar, the refusals several games word alike, and the pieces of the
test-position formats they share.

Whitespace is removed and letters are matched case-insensitively. In a location slot any token
of one letter and digits is a location; if it names no point it is refused with
``<loc> is off the board`` (lower case). The message texts are part of the rules (tests compare
them), so they live here once.
"""
from __future__ import annotations

import re

from .. import notation as core
from ..base import IllegalMove
from .board import NAMES, Point

LOCATION = r"[a-zA-Z][0-9]+"  # what is read as a location (it may still be off the board)
MOVE_RE = re.compile(rf"^({LOCATION})([-xX])({LOCATION})$")  # a move or capture: from, - or x, to

OVER = "The game is over"
NO_PASS = "You have a legal move; you cannot pass"

squash = core.squash
echo = core.echo


def wheel_turn(k: int) -> str:
    """A Wheel's turn of ``k`` eighths clockwise (``cw<k>``) in words: 1-4 clockwise, 5-7 as 3-1
    counter-clockwise (the move panel's options)."""
    return f"{k} clockwise" if k <= 4 else f"{8 - k} counter-clockwise"


def cant_read(text: str, examples: str) -> str:
    """PARSE: the input with whitespace removed, case kept (shortened by ``echo``)."""
    return f'I can\'t read "{echo(squash(text))}". Examples: {examples}'


def off_board(token: str) -> str:
    return f"{echo(token.lower())} is off the board"


def empty(loc: str) -> str:
    return f"{loc} is empty"


def not_yours(tile: str, loc: str) -> str:
    return f"The {tile} on {loc} is not yours"


def none_left(tile: str) -> str:
    return f"You have no {tile} left to place"


def occupied(loc: str) -> str:
    return f"{loc} is occupied"


# ----- refusals of a move that several games word alike ----------------------------------------
def cannot_move(tile: str) -> str:
    return f"{tile} cannot move"


def not_straight(tile: str) -> str:
    return f"{tile} moves in a straight line along a rank or file"


def too_far(tile: str, most: int) -> str:
    return f"{tile} can move at most {most} points"


def passes_over(tile: str, loc: str) -> str:
    return f"{tile} cannot pass over the tile on {loc}"


def no_l_path(tile: str, loc: str) -> str:
    return f"{tile} has no clear L-shaped path to {loc}"


def nothing_to_capture(loc: str) -> str:
    return f"There is nothing to capture on {loc}"


def leaves_board(tile: str) -> str:
    """A tile a Wheel's turn would carry off the board."""
    return f"{tile} would leave the board"


def point_of(token: str) -> Point | None:
    """The point a location token names, or None when it names no point (``q1``, ``e05``)."""
    return NAMES.get(token.lower())


def is_location(token: str) -> bool:
    return re.fullmatch(LOCATION, token) is not None


def read_point(token: str) -> Point:
    """The point a location token names; OFF (IllegalMove) when it names none."""
    point = point_of(token)
    if point is None:
        raise IllegalMove(off_board(token))
    return point


# A location token in running text: not the tail of a word such as "cw3" (a Wheel's turn); a
# capture's "x" may come right before it (m6xm5).
_TOKEN_IN_TEXT = re.compile(rf"(?<![a-wyzA-WYZ]){LOCATION}")


def check_points(text: str) -> None:
    """Refuse the first location token in ``text`` that names no point (checked before OVER, 0.4)."""
    for token in _TOKEN_IN_TEXT.findall(text):
        read_point(token)


def record_reason(reason: str) -> str:
    """The game record's word for an end reason (0.6 writes a resignation as ``resign``)."""
    return {"resignation": "resign"}.get(reason, reason)


def result_head(outcome) -> dict:
    """The fields every Pai Sho result object starts with (0.6): outcome, winner (1-based), reason."""
    if len(outcome.winners) == 2:
        return {"outcome": "draw", "winner": None, "reason": record_reason(outcome.reason)}
    return {"outcome": "win", "winner": outcome.winners[0] + 1, "reason": record_reason(outcome.reason)}


# ----- test positions ------------------------------------------------------------------------------
def position_parts(position: str) -> list[tuple[str, str]]:
    """The ``key: value`` parts of a test position, split on ``;`` or new lines (keys lower-cased,
    inner spaces collapsed)."""
    parts = []
    for part in re.split(r"[;\n]", position):
        if not part.strip():
            continue
        key, sep, value = part.partition(":")
        if not sep:
            raise ValueError(f"Unexpected '{part.strip()}' in the position.")
        parts.append((" ".join(key.split()).lower(), value))
    return parts


def position_seat(value: str) -> int:
    """The seat a ``to_move: P1`` line names (0 or 1)."""
    if value.strip().upper() not in ("P1", "P2"):
        raise ValueError("to_move must be P1 or P2.")
    return int(value.strip()[1]) - 1


def named_twice(loc: str) -> str:
    return f"{loc} is named twice."


def unexpected(key: str, value: str) -> str:
    return f"Unexpected '{key}: {value.strip()}' in the position."


def too_many(seat: int, most: int, tile: str) -> str:
    return f"P{seat + 1} has more than {most} {tile} tiles."
