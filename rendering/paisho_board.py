"""The round Pai Sho board's picture and the tile drawing kit shared by the four Pai Sho games.

The board (wood, red and white areas, the gates, the grid of lines and the coordinates) is drawn
once and cached; a game's picture copies it and draws its tiles, lines and marks on top. Tiles are
round: the fill says what kind of tile it is, the rim whose it is (player 1 blue, player 2 orange,
the Okabe-Ito colours of style.py), and each carries a drawn glyph and its code.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.notation import FILES
from engine.paisho.board import GATES, POINTS, SIZE, Point
from engine.paisho.flowers import FLOWERS, MOVE_TYPE, WHITE_FLOWERS

from .style import BACKGROUND, INK, MUTED, PLAYER_COLOURS, WIDTH, text_centered

HEADER = 124
SPACING = 40  # pixels between two neighbouring points
RADIUS = 9.35  # the board's rim, in point spacings from the centre
LABEL_BAND = 26

WOOD = (219, 184, 118)
WOOD_EDGE = (128, 88, 46)
RED_AREA = (186, 58, 48)
WHITE_AREA = (246, 240, 226)
LINE = (92, 62, 36)

SEAT_KEYS = ("P", "A")  # style.PLAYER_COLOURS keys of player 1 and player 2
TILE_RADIUS = 19
RED_TILE = (240, 170, 160)
WHITE_TILE = (255, 255, 255)
PLAIN_TILE = (225, 222, 214)
SUN = (230, 140, 0)
MOON = (60, 70, 140)

# every flat colour of the board and the tiles, and text drawn on a background (PNG palette)
OWN_COLOURS = (WOOD, WOOD_EDGE, RED_AREA, WHITE_AREA, LINE, RED_TILE, WHITE_TILE, PLAIN_TILE, SUN, MOON)
TEXT_PAIRS = ((INK, RED_TILE), (INK, WHITE_TILE), (INK, PLAIN_TILE), (MUTED, BACKGROUND), (LINE, WOOD))


@dataclass(frozen=True)
class Geometry:
    """Where the board sits in the picture."""

    cx: int  # pixel centre of i9
    cy: int
    image_height: int

    def xy(self, point: Point) -> tuple[int, int]:
        return self.cx + (point[0] - 8) * SPACING, self.cy - (point[1] - 8) * SPACING

    def unit(self, x: float, y: float) -> tuple[float, float]:
        """Board units (i9 = 0, 0; y up) to pixels."""
        return self.cx + x * SPACING, self.cy - y * SPACING


def geometry() -> Geometry:
    rim = round(RADIUS * SPACING)
    cy = HEADER + LABEL_BAND + rim
    return Geometry(WIDTH // 2, cy, cy + rim + LABEL_BAND + 4)


@lru_cache(maxsize=1)
def board_layer() -> Image.Image:
    """The empty board under an empty header band (copy it before drawing on it)."""
    geo = geometry()
    img = Image.new("RGB", (WIDTH, geo.image_height), BACKGROUND)
    draw = ImageDraw.Draw(img)
    rim = RADIUS * SPACING
    draw.ellipse((geo.cx - rim - 5, geo.cy - rim - 5, geo.cx + rim + 5, geo.cy + rim + 5), fill=WOOD_EDGE)
    draw.ellipse((geo.cx - rim, geo.cy - rim, geo.cx + rim, geo.cy + rim), fill=WOOD)
    # the central diamond: red at bottom-left and top-right, white at top-left and bottom-right
    for (sx, sy), colour in (((1, 1), RED_AREA), ((-1, -1), RED_AREA), ((-1, 1), WHITE_AREA), ((1, -1), WHITE_AREA)):
        draw.polygon([geo.unit(0, 0), geo.unit(7 * sx, 0), geo.unit(0, 7 * sy)], fill=colour)
    # the gates: small red triangles at the rim of the wood
    for gate in GATES:
        gx, gy = gate[0] - 8, gate[1] - 8
        ux, uy = gx / 8, gy / 8  # outward unit vector
        px, py = -uy, ux
        tip = geo.unit(gx * 0.9, gy * 0.9)
        base = [geo.unit(gx + ux * 1.2 + px * 0.9, gy + uy * 1.2 + py * 0.9),
                geo.unit(gx + ux * 1.2 - px * 0.9, gy + uy * 1.2 - py * 0.9)]
        draw.polygon([tip, *base], fill=RED_AREA)
    draw.ellipse((geo.cx - rim - 5, geo.cy - rim - 5, geo.cx + rim + 5, geo.cy + rim + 5), outline=WOOD_EDGE, width=6)
    # the grid: every rank and file from its first to its last point
    for line in range(SIZE):
        on_rank = [p for p in POINTS if p[1] == line]
        on_file = [p for p in POINTS if p[0] == line]
        for run in (on_rank, on_file):
            draw.line((*geo.xy(run[0]), *geo.xy(run[-1])), fill=LINE, width=2)
    for p in POINTS:
        x, y = geo.xy(p)
        draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=LINE)
    # coordinates: files above and below, ranks left and right
    top, bottom = geo.cy - rim - LABEL_BAND // 2 - 4, geo.cy + rim + LABEL_BAND // 2 + 4
    for f in range(SIZE):
        x = geo.cx + (f - 8) * SPACING
        text_centered(draw, (x, top), FILES[f], 15, MUTED)
        text_centered(draw, (x, bottom), FILES[f], 15, MUTED)
    for r in range(SIZE):
        y = geo.cy - (r - 8) * SPACING
        # beside the wood where the rank meets the rim
        half = (RADIUS ** 2 - (r - 8) ** 2) ** 0.5 * SPACING
        text_centered(draw, (geo.cx - half - 16, y), str(r + 1), 15, MUTED)
        text_centered(draw, (geo.cx + half + 16, y), str(r + 1), 15, MUTED)
    return img


# ----- tiles -------------------------------------------------------------------------------------
def _glyph(draw: ImageDraw.ImageDraw, glyph: str, cx: float, cy: float, r: float) -> None:
    """A small drawn mark above the code: sun, moon, lotus, wheel, cup, spade, twig, fire, water,
    earth, air, rock, coin, or a flower's move type (three dots, five dots, an L)."""
    w = max(2, int(r * 0.28))
    if glyph == "sun":
        draw.ellipse((cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6), fill=SUN)
    elif glyph == "moon":
        draw.ellipse((cx - r * 0.7, cy - r * 0.7, cx + r * 0.7, cy + r * 0.7), fill=MOON)
        draw.ellipse((cx - r * 0.3, cy - r * 0.9, cx + r * 0.9, cy + r * 0.5), fill=WHITE_TILE)
    elif glyph == "lotus":
        for dx in (-0.7, 0, 0.7):
            draw.ellipse((cx + dx * r - r * 0.45, cy - r * 0.8, cx + dx * r + r * 0.45, cy + r * 0.7),
                         outline=INK, width=max(1, w // 2), fill=WHITE_TILE)
    elif glyph == "wheel":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=INK, width=w)
        draw.line((cx - r, cy, cx + r, cy), fill=INK, width=w)
        draw.line((cx, cy - r, cx, cy + r), fill=INK, width=w)
    elif glyph == "cup":
        draw.chord((cx - r, cy - r * 1.2, cx + r, cy + r * 0.8), 0, 180, fill=INK)
    elif glyph == "spade":
        draw.polygon([(cx, cy - r), (cx + r * 0.8, cy + r * 0.6), (cx - r * 0.8, cy + r * 0.6)], fill=INK)
    elif glyph == "fire":
        draw.polygon([(cx, cy - r * 1.1), (cx + r * 0.8, cy + r * 0.8), (cx - r * 0.8, cy + r * 0.8)], fill=INK)
    elif glyph == "water":
        for dy in (-0.45, 0.35):
            draw.arc((cx - r, cy + dy * r - r * 0.5, cx, cy + dy * r + r * 0.5), 200, 340, fill=INK, width=w)
            draw.arc((cx, cy + dy * r - r * 0.5, cx + r, cy + dy * r + r * 0.5), 20, 160, fill=INK, width=w)
    elif glyph == "earth":
        draw.polygon([(cx - r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy - r * 0.8), (cx, cy + r * 0.9)], fill=INK)
        draw.line((cx - r * 0.9, cy, cx + r * 0.9, cy), fill=INK, width=max(1, w // 2))
    elif glyph == "air":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=INK, width=max(1, w // 2 + 1))
        draw.line((cx - r * 0.7, cy, cx + r * 0.7, cy), fill=INK, width=max(1, w // 2 + 1))
    elif glyph == "rock":
        draw.polygon([(cx - r, cy + r * 0.6), (cx - r * 0.5, cy - r * 0.7), (cx + r * 0.4, cy - r * 0.8),
                      (cx + r, cy + r * 0.6)], fill=INK)
    elif glyph in ("three", "five"):
        n = 3 if glyph == "three" else 5
        for i in range(n):
            x = cx + (i - (n - 1) / 2) * r * 0.55
            draw.ellipse((x - r * 0.22, cy - r * 0.22, x + r * 0.22, cy + r * 0.22), fill=INK)
    elif glyph == "ell":
        draw.line((cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy - r * 0.6), fill=INK, width=w)
        draw.line((cx + r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.7), fill=INK, width=w)
    elif glyph == "coin":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK)
        draw.rectangle((cx - r * 0.35, cy - r * 0.35, cx + r * 0.35, cy + r * 0.35), fill=PLAIN_TILE)
    elif glyph == "twig":
        draw.line((cx - r, cy + r * 0.7, cx + r, cy - r * 0.7), fill=INK, width=w)
        draw.line((cx, cy, cx + r * 0.2, cy - r * 0.9), fill=INK, width=w)


@lru_cache(maxsize=512)
def tile_sprite(code: str, seat: int, fill: tuple[int, int, int], glyph: str) -> Image.Image:
    """One round tile, drawn four times larger and scaled down for smooth edges."""
    k = 4
    size = (TILE_RADIUS * 2 + 2) * k
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    c, r = size / 2, TILE_RADIUS * k
    draw.ellipse((c - r, c - r, c + r, c + r), fill=PLAYER_COLOURS[SEAT_KEYS[seat]])
    inner = r - 4.5 * k
    draw.ellipse((c - inner, c - inner, c + inner, c + inner), fill=fill)
    _glyph(draw, glyph, c, c - inner * 0.5, inner * 0.34)
    text_centered(draw, (c, c + inner * 0.28), code, int(11.5 * k if len(code) > 2 else 13 * k), INK)
    return img.resize((TILE_RADIUS * 2 + 2, TILE_RADIUS * 2 + 2), Image.Resampling.LANCZOS)


# The twelve tiles Basic and Ancient share: flowers white or red with a mark for how they move,
# the other tiles plain with a drawn emblem (a game may draw its own emblem for a tile).
SHARED_GLYPHS = {"Kn": "twig", "Wh": "wheel", "Rk": "coin", "Bo": "water", "WD": "fire", "WL": "lotus"}


def shared_tile_look(code: str, glyphs: dict[str, str] | None = None) -> tuple[tuple[int, int, int], str]:
    """Fill and glyph of one of the shared tiles (engine.paisho.flowers)."""
    if code in FLOWERS:
        fill = WHITE_TILE if code in WHITE_FLOWERS else RED_TILE
        return fill, {3: "three", 5: "five", "L": "ell"}[MOVE_TYPE[code]]
    return PLAIN_TILE, {**SHARED_GLYPHS, **(glyphs or {})}[code]


def draw_tile(img: Image.Image, geo: Geometry, point: Point, code: str, seat: int,
              fill: tuple[int, int, int], glyph: str) -> None:
    sprite = tile_sprite(code, seat, fill, glyph)
    x, y = geo.xy(point)
    img.paste(sprite, (x - sprite.width // 2, y - sprite.height // 2), sprite)


def ring(draw: ImageDraw.ImageDraw, geo: Geometry, point: Point, colour, width: int = 4) -> None:
    """A ring around a tile (the last placement, a selected point)."""
    x, y = geo.xy(point)
    r = TILE_RADIUS + 4
    draw.ellipse((x - r, y - r, x + r, y + r), outline=colour, width=width)
