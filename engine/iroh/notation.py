"""Reading Iroh Pai Sho turns (docs/rules/iroh.md 2.6): a move or capture ``h3-h6`` / ``h3xh4``,
bringing in or placing a piece ``Fi@i2``, ``Rk@e5``, ``Kn@j6`` (a Knotweed names its square by the
lower-left corner), and ``proclaim``. PARSE first, then every named location in the order written
(OFF); whether the turn is legal is the game's business, which also writes the canonical text."""
from __future__ import annotations

import re

from ..base import IllegalMove
from ..paisho import notation as pn
from ..paisho.board import Point
from .tiles import BY_LOWER, RESERVE_CODES

# What a proclamation without a winning set is told (the turn passes).
NO_SET = "No harmony across all four midlines - the turn is over"

EXAMPLES = "h3-h6, Fi@i2, Kn@j6, proclaim"
_PLACE_RE = re.compile(rf"^([a-z]{{2,10}})@({pn.LOCATION})$", re.IGNORECASE | re.ASCII)  # checked below


def read_move(text: str) -> tuple[Point, Point, bool] | None:
    """From, to and whether it was written with x, when ``text`` (whitespace removed) is a move;
    None when it is not written as one; OFF (IllegalMove) when a location names no point."""
    m = pn.MOVE_RE.match(text)
    if not m:
        return None
    return pn.read_point(m.group(1)), pn.read_point(m.group(3)), m.group(2).lower() == "x"


def read_placement(text: str) -> tuple[str, Point]:
    """The piece and point of a placement ``text`` (whitespace removed); PARSE or OFF (IllegalMove)."""
    m = _PLACE_RE.match(text)
    code = BY_LOWER.get(m.group(1).lower()) if m else None
    if m is None or code not in RESERVE_CODES:
        raise IllegalMove(pn.cant_read(text, EXAMPLES))
    return code, pn.read_point(m.group(2))
