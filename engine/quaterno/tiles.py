"""Quaterno's tiles (docs/rules/quaterno.md A1, A3, A4.1): the seven kinds and their names, which kinds make
figures, which act and how their action is called, where the Suns and Moons start, and how long the
placement phase lasts."""
from __future__ import annotations

from .board import Square

KINDS = {"Su": "Sun", "Mo": "Moon", "Fa": "Fan", "An": "Anchor", "St": "Stick", "Co": "Compass", "So": "Soldier"}
FIGURE_KINDS = ("Fa", "An", "St", "Co", "So")
ACTIONS = {"Su": "Orbit", "Fa": "Swap", "An": "Draw Near", "St": "Push", "Co": "Place Behind"}
START: tuple[dict[str, Square], dict[str, Square]] = ({"Su": (5, 4), "Mo": (4, 5)}, {"Su": (5, 6), "Mo": (6, 5)})
PLACEMENT_TURNS = 10
TILE_NAMES = {**{c.lower(): c for c in KINDS}, **{n.lower(): c for c, n in KINDS.items()}}  # code or name -> code
