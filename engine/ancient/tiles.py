"""Ancient Pai Sho's tiles (docs/rules/ancient.md 3.1): its names for the shared tile set
(engine.paisho.flowers), the tiles that never move or are never the Centerpiece, the canonical
order of a hand, and the position's board type."""
from __future__ import annotations

from ..notation import codes_and_names
from ..paisho.board import Point
from ..paisho.flowers import COUNT, FLOWERS, MOVE_TYPE, ORDER, WHITE_FLOWERS, colour, full_set, relation  # noqa: F401

# Ancient's names for the shared tile set (the Rock is the Coin, the Boat the Ship, 3.1).
NAMES = {"Ja": "Jasmine", "Li": "Lily", "WJ": "White Jade", "Ro": "Rose", "Ch": "Chrysanthemum",
         "Rh": "Rhododendron", "Kn": "Knotweed", "Wh": "Wheel", "Rk": "Coin", "Bo": "Ship", "WD": "Dragon",
         "WL": "Lotus"}
ALIASES = {**codes_and_names(NAMES), "sh": "Bo", "co": "Rk"}  # codes, full names (Ship, Coin) and their codes
ONE_TIME = ("Bo", "Kn", "Wh")  # never the Centerpiece (3.3)
IMMOBILE = ("Kn", "Wh", "Rk", "Bo")


Board = dict[Point, list]  # point -> [owner, code, drained]


def sort_hand(hand: list[str]) -> list[str]:
    return sorted(hand, key=ORDER.index)
