"""Reading and writing Ancient Pai Sho turns (docs/rules/ancient.md 3.6): the placement grammar
(``Ja@i5``, the Ship's ``Bo@m9-m5``, the Wheel's ``Wh@j10>cw3``) with an optional move after a
comma, PARSE first and then every named location in the order written (OFF), and the canonical
text of a placement. Whether a turn is legal is the game's business."""
from __future__ import annotations

import re

from ..base import IllegalMove
from ..paisho import notation as pn
from ..paisho.board import Point, name
from .tiles import ALIASES

EXAMPLES = "draw, Ja@i5, Rh@k7,k7-k5, Bo@m9-m5, Wh@j10>cw3"
BARE_MOVE = "A move comes after a placement: write T@loc,from-to"
SHIP_FORM = "The Ship moves a tile: write Bo@<the tile's point>-<an empty point>"
LOC = pn.LOCATION
_PLACE_RE = re.compile(rf"^([a-z]+)@({LOC})(?:-({LOC})|>(cw|ccw)([0-9]+))?$", re.IGNORECASE | re.ASCII)

MovePart = tuple[Point, Point, bool]  # from, to, written with x


class Placement:
    """A parsed placement: tile, point, and the Ship's destination or the Wheel's turn."""

    def __init__(self, code: str, at: Point, dest: Point | None = None, turn: int = 0) -> None:
        self.code, self.at, self.dest, self.turn = code, at, dest, turn

    def text(self) -> str:
        if self.dest is not None:
            return f"{self.code}@{name(self.at)}-{name(self.dest)}"
        if self.turn:
            return f"{self.code}@{name(self.at)}>cw{self.turn}"
        return f"{self.code}@{name(self.at)}"


def read_code(token: str) -> str:
    """The tile a code or alias names (``sh`` is the Ship); PARSE (IllegalMove) otherwise."""
    code = ALIASES.get(token.lower())
    if code is None:
        raise IllegalMove(pn.cant_read(token, EXAMPLES))
    return code


def parse_placement(text: str) -> tuple[Placement, MovePart | None]:
    """The placement and the move after it that ``text`` (whitespace removed) asks for."""
    head, comma, tail = text.partition(",")
    if pn.MOVE_RE.match(head) and not comma:
        raise IllegalMove(BARE_MOVE)
    m = _PLACE_RE.match(head)
    code = ALIASES.get(m.group(1).lower()) if m else None
    move = pn.MOVE_RE.match(tail) if comma else None
    if m is None or code is None or (comma and move is None):
        raise IllegalMove(pn.cant_read(text, EXAMPLES))
    at_tok, dest_tok, way, k = m.group(2), m.group(3), m.group(4), m.group(5)
    written = f"{code}@{at_tok.lower()}"
    if dest_tok and code != "Bo":
        shown = pn.echo(f"{written}-{dest_tok.lower()}")
        raise IllegalMove(f"Only the Ship is written with a destination ({shown})")
    if way and code != "Wh":
        shown = pn.echo(f"{written}>{way.lower()}{k}")
        raise IllegalMove(f"Only the Wheel is written with a rotation ({shown})")
    if code == "Bo" and not dest_tok:
        raise IllegalMove(SHIP_FORM)
    turn = 0
    if way:
        if len(k) != 1 or k not in "1234567":
            raise IllegalMove(pn.cant_read(text, EXAMPLES))
        turn = int(k) if way.lower() == "cw" else 8 - int(k)
    tokens = [at_tok] + ([dest_tok] if dest_tok else []) + ([move.group(1), move.group(3)] if move else [])
    points = [pn.read_point(token) for token in tokens]
    place = Placement(code, points[0], points[1] if dest_tok else None, turn)
    move_part = (points[-2], points[-1], move.group(2).lower() == "x") if move else None
    return place, move_part
