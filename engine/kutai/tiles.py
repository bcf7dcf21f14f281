"""Kutai Pai Sho's tiles (docs/rules/kutai.md 4.1), the colour rule of where each may be placed
(4.2) with its refusal, and the link value of two tiles (4.5.1).

Each player has the same 29 tiles: 24 coloured flowers (12 flowers, each in a Day and a Night
version), the four special tiles (Cup, Spade, Twig, Wheel) and a White Lotus.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..paisho.board import COLOURS, NEUTRAL, POINTS, RED, WHITE, Point, name

FLOWER, LOTUS, SPECIAL = "flower", "lotus", "special"


@dataclass(frozen=True)
class Tile:
    code: str  # canonical capitalisation: DMa, Cu, WL
    name: str  # full name: Day Maple, Cup, White Lotus
    kind: str  # FLOWER, LOTUS or SPECIAL
    flower: str = ""  # the flower's name without Day/Night (coloured flowers only)
    colour: str = ""  # red / white (coloured flowers only)
    light: str = ""  # Day / Night
    season: str = ""  # Winter / Spring / Summer / Autumn
    points: int = 0


# flower code, name, colour, season, points (4.1)
_FLOWERS = (
    ("CB", "Cherry Blossom", "red", "Spring", 2),
    ("Ch", "Chrysanthemum", "red", "Summer", 2),
    ("Ir", "Iris", "red", "Spring", 1),
    ("Ma", "Maple", "red", "Autumn", 3),
    ("Pe", "Peony", "red", "Summer", 1),
    ("Rh", "Rhododendron", "red", "Winter", 3),
    ("Pi", "Pine", "white", "Winter", 1),
    ("Ja", "Jasmine", "white", "Winter", 2),
    ("Ws", "Wisteria", "white", "Spring", 3),
    ("Li", "Lily", "white", "Summer", 3),
    ("Cl", "Clover", "white", "Autumn", 1),
    ("Wl", "Willow", "white", "Autumn", 2),
)

_tiles: list[Tile] = []
for _code, _name, _colour, _season, _points in _FLOWERS:
    for _light in ("Day", "Night"):
        _tiles.append(Tile(_light[0] + _code, f"{_light} {_name}", FLOWER, _name, _colour, _light,
                           _season, _points))
_tiles += [
    Tile("Cu", "Cup", SPECIAL, points=2),
    Tile("Sp", "Spade", SPECIAL, points=1),
    Tile("Tw", "Twig", SPECIAL, points=3),
    Tile("Wh", "Wheel", SPECIAL, points=2),
    Tile("WL", "White Lotus", LOTUS),
]

# One player's set, in the order the legal-move list and the pictures use.
TILES: dict[str, Tile] = {t.code: t for t in _tiles}
SET: tuple[str, ...] = tuple(TILES)
BY_LOWER: dict[str, Tile] = {code.lower(): tile for code, tile in TILES.items()}
TILES_PER_PLAYER = len(SET)  # 29


def allowed(tile: Tile, point: Point) -> bool:
    """The colour rule of 4.2 (the Centerpiece on i9 is exempt)."""
    colours = COLOURS[point]
    if tile.kind == FLOWER:
        return tile.colour in colours or NEUTRAL in colours
    if tile.kind == LOTUS:
        return RED in colours or WHITE in colours
    return NEUTRAL in colours


def colour_words(point: Point) -> str:
    """The colour set as refusals name it: red, white, red and white, or yellow."""
    colours = COLOURS[point]
    if NEUTRAL in colours and len(colours) == 1:
        return "yellow"
    return " and ".join(c for c in (RED, WHITE) if c in colours)


def colour_refusal(tile: Tile, point: Point) -> str:
    where = f"({name(point)} is {colour_words(point)})"
    if tile.kind == FLOWER:
        return (f"{tile.flower} (a {tile.colour} flower) may only be placed on a point with some "
                f"{tile.colour} or yellow {where}")
    if tile.kind == LOTUS:
        return f"White Lotus may only be placed on a point with some red or white {where}"
    return f"{tile.name} may only be placed on a point with some yellow {where}"


# Every tile's allowed points, computed once.
ALLOWED: dict[str, tuple[Point, ...]] = {c: tuple(p for p in POINTS if allowed(TILES[c], p)) for c in SET}


def shared(a: Tile, b: Tile) -> int:
    """How many of colour, light and season two coloured flowers share."""
    return (a.colour == b.colour) + (a.light == b.light) + (a.season == b.season)


def _special_value(special: Tile, other: Tile) -> int:
    if other.kind != FLOWER:
        return 0
    if special.code == "Tw":
        return 1
    if special.code == "Cu":
        return 2 if (other.light, other.season) in (("Day", "Spring"), ("Night", "Winter")) else 0
    if special.code == "Wh":
        return 2 if (other.light, other.season) in (("Day", "Autumn"), ("Night", "Summer")) else 0
    return 0


def _value(a: Tile, b: Tile) -> int:
    if "Sp" in (a.code, b.code):
        return 0
    if a.kind == LOTUS or b.kind == LOTUS:
        other = b if a.kind == LOTUS else a
        return other.points if other.kind != LOTUS else 0
    if a.kind == SPECIAL:
        return _special_value(a, b)
    if b.kind == SPECIAL:
        return _special_value(b, a)
    if a.flower == b.flower:
        return 0
    return shared(a, b)


# The link value of every pair of codes (4.5.1), symmetric.
VALUE: dict[tuple[str, str], int] = {(a, b): _value(TILES[a], TILES[b]) for a in SET for b in SET}


def value(a: str, b: str) -> int:
    return VALUE[a, b]
