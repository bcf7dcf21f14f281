"""Reading and writing Kutai Pai Sho turns (docs/rules/kutai.md 4.6): a turn places one tile,
``DMa@i9``; PARSE first, then OFF (4.4 checks 1-2). The canonical text of every placement is
computed once."""
from __future__ import annotations

import re

from ..base import IllegalMove
from ..paisho import notation as pn
from ..paisho.board import POINTS, Point, name
from .tiles import BY_LOWER, SET, Tile

EXAMPLES = "DMa@i9, Sp@h2, WL@l12"
PLACE_RE = re.compile(rf"^([a-z]+)@({pn.LOCATION})$", re.IGNORECASE | re.ASCII)

# The text of every placement, computed once.
MOVE_TEXT: dict[tuple[str, Point], str] = {(c, p): f"{c}@{name(p)}" for c in SET for p in POINTS}


def read_placement(move: str) -> tuple[Tile, Point]:
    """The tile and point a placement names: PARSE, then OFF (4.4 checks 1-2)."""
    match = PLACE_RE.match(pn.squash(move))
    tile = BY_LOWER.get(match.group(1).lower()) if match else None
    if match is None or tile is None:
        raise IllegalMove(pn.cant_read(move, EXAMPLES))
    return tile, pn.read_point(match.group(2))
