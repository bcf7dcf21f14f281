"""Iroh Pai Sho's pieces (docs/rules/iroh.md 2.1-2.4): names as messages say them, how many of each
a player has and holds in reserve at the start, the home points where pieces are brought in, which
pieces may be captured, how far each moves, and the terrain each may stand on."""
from __future__ import annotations

from ..notation import codes_and_names
from ..paisho.board import COLOURS, NEUTRAL, RED, WHITE, Point

NAMES = {"Fi": "Fire", "Wa": "Water", "Ea": "Earth", "Ai": "Air", "WL": "White Lotus", "Rk": "Rock",
         "Kn": "Knotweed"}
BY_LOWER = codes_and_names(NAMES)  # a code or a full name: Fi, Fire, WhiteLotus
TOTAL = {"Fi": 4, "Wa": 4, "Ea": 4, "Ai": 4, "WL": 1, "Rk": 2, "Kn": 3}
START_RESERVE = {"Fi": 2, "Wa": 2, "Ea": 2, "Ai": 2, "Rk": 2, "Kn": 3}
NATIONS = ("Fi", "Wa", "Ea", "Ai")
RESERVE_CODES = ("Fi", "Wa", "Ea", "Ai", "Rk", "Kn")
CAPTURABLE = ("Fi", "Wa", "Ea")
HOME: tuple[Point, Point] = ((8, 1), (8, 15))  # i2, i16
RANGE = {"Wa": 2, "Ea": 3, "WL": 5}  # the longest move; Fire's is an option, everything else's 4
TERRAIN = {"Fi": RED, "Wa": WHITE, "Ea": NEUTRAL}  # Air and the White Lotus go anywhere
TERRAIN_WORDS = {"Fi": "red points", "Wa": "white points", "Ea": "unpainted wood"}


def on_terrain(code: str, point: Point) -> bool:
    terrain = TERRAIN.get(code)
    return terrain is None or terrain in COLOURS[point]
