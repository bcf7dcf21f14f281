"""Basic Pai Sho's tiles and special points (docs/rules/basic.md 1.1-1.2): names as messages say
them, the kinds of tile and how they move, the five ports, and the colour rule."""
from __future__ import annotations

from ..notation import codes_and_names
from ..paisho.board import COLOURS, RED, WHITE, Point
from ..paisho.flowers import FLOWERS, WHITE_FLOWERS

NAMES = {"Ja": "Jasmine", "Li": "Lily", "WJ": "White Jade", "Ro": "Rose", "Ch": "Chrysanthemum",
         "Rh": "Rhododendron", "Kn": "Knotweed", "Wh": "Wheel", "Rk": "Rock", "Bo": "Boat",
         "WD": "White Dragon", "WL": "White Lotus"}
BY_LOWER = codes_and_names(NAMES)  # a code or a full name: Ro, Rose, WhiteLotus
NON_FLOWERS = ("Kn", "Wh", "Rk", "Bo")
SPECIAL = ("WD", "WL")
# straight movers and their range (None: any distance)
STRAIGHT = {"Ja": 3, "Ro": 3, "WJ": 5, "Rh": 5, "WD": 6, "Wh": None}
L_MOVERS = ("Li", "Ch")

HOME = ((8, 0), (8, 16))  # by seat: P1's Home port i1, P2's i17
WEST, EAST, MID = (0, 8), (16, 8), (8, 8)
PORTS = frozenset({*HOME, WEST, EAST, MID})


def forbidden(code: str, point: Point) -> str | None:
    """The colour a basic flower may not stand on at ``point`` ('red' / 'white'), or None (1.2)."""
    if code not in FLOWERS:
        return None
    other = RED if code in WHITE_FLOWERS else WHITE
    return other if COLOURS[point] == {other} else None


def on_own_colour(code: str, point: Point) -> bool:
    """A red flower on red without white, a white flower on white without red (1.2)."""
    colours = COLOURS[point]
    mine, other = (WHITE, RED) if code in WHITE_FLOWERS else (RED, WHITE)
    return mine in colours and other not in colours
