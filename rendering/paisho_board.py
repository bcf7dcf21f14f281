"""The round Pai Sho board's picture and the tile drawing kit shared by the four Pai Sho games.

The board (wood, red and white areas, the gates, the grid of lines and the coordinates) is drawn
once and cached; a game's picture copies it and draws its tiles, lines and marks on top, and the
header goes above it (style.compose).

Tiles are read on a phone, where a tile is about 19 px wide: the whole disc is filled with its
owner's colour (player 1 blue, player 2 orange, the Okabe-Ito colours of style.py) and carries
its code in large letters; a rim around it says what kind of tile it is (red or white flower, or
another tile), and a small sun or moon pip where a game has one. The tile the last turn placed
or moved has a yellow rim and a yellow ring, the path it took a yellow line; tiles an ability
moved have a white rim and a white path.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.notation import FILES
from engine.paisho.board import GATES, POINTS, SIZE, Point
from engine.paisho.flowers import FLOWERS, WHITE_FLOWERS
from engine.view import Move

from .geometry import BoardGeometry
from .style import BACKGROUND, HIGHLIGHT, INK, MUTED, PLAYER_COLOURS, WHITE, WIDTH, Colour, blend, font

SPACING = 40  # pixels between two neighbouring points
RADIUS = 9.35  # the board's rim, in point spacings from the centre
LABEL_BAND = 28
LABEL_SIZE = 17

WOOD: Colour = (219, 184, 118)
WOOD_EDGE: Colour = (128, 88, 46)
RED_AREA: Colour = (186, 58, 48)
WHITE_AREA: Colour = (246, 240, 226)
LINE: Colour = (92, 62, 36)

SEAT_KEYS = ("P", "A")  # style.PLAYER_COLOURS keys of player 1 and player 2
TILE_RADIUS = 19
OUTLINE: Colour = (40, 34, 30)  # the thin dark edge of every tile
NOBODY: Colour = (200, 196, 188)  # the fill of a tile that belongs to nobody
# the rim that says a tile's kind
RED_RIM: Colour = (214, 40, 40)
WHITE_RIM: Colour = (255, 255, 255)
PLAIN_RIM: Colour = (84, 84, 90)
FADED: Colour = (150, 144, 138)  # a drained tile's fill is mixed with this
FADE_SHARE = 0.55  # how much of the owner's colour a drained tile keeps
FADED_INK: Colour = (70, 66, 62)  # the code on a drained tile
FACE_DOWN: Colour = (70, 62, 54)
SUN: Colour = (255, 196, 20)
MOON: Colour = (40, 52, 130)
BLOOM: Colour = (214, 64, 176)  # a blooming Lotus
LOCK: Colour = (40, 130, 50)  # a piece held by a Knotweed (Iroh)
LAST, TOUCHED = "last", "touched"  # edges: the last turn's tile, a tile its effects moved
FADE, DOWN = "faded", "down"  # faces: drained (greyed), face down (no code)
DAY, NIGHT = "day", "night"  # faces: Kutai's Day flowers (a light fill), Night flowers (a dark fill, white code)
NIGHT_SKY: Colour = (14, 18, 46)
DAY_SHARE, NIGHT_SHARE = 0.5, 0.45  # how much of the owner's colour a Day / Night flower keeps

# every flat colour of the board and the tiles, and text drawn on a background (PNG palette)
OWN_COLOURS: tuple[Colour, ...] = (WOOD, WOOD_EDGE, RED_AREA, WHITE_AREA, LINE, OUTLINE, NOBODY, RED_RIM,
                                   WHITE_RIM, PLAIN_RIM, FACE_DOWN, SUN, MOON, BLOOM, LOCK,
                                   *(blend(c, FADED, FADE_SHARE) for c in PLAYER_COLOURS.values()))


def face_fill(seat: int | None, face: str) -> Colour:
    """The fill of a tile of ``seat`` with this face: its owner's colour, greyed (drained),
    lighter (a Day flower) or darker (a Night flower)."""
    fill = owner_colour(seat)
    if face == FADE:
        return blend(fill, FADED, FADE_SHARE)
    if face == DAY:
        return blend(fill, WHITE, DAY_SHARE)
    if face == NIGHT:
        return blend(fill, NIGHT_SKY, NIGHT_SHARE)
    return fill
TEXT_PAIRS: tuple[tuple[Colour, Colour], ...] = (
    (INK, PLAYER_COLOURS["P"]), (INK, PLAYER_COLOURS["A"]), (INK, NOBODY), (MUTED, BACKGROUND), (WHITE, RED_AREA),
    (OUTLINE, PLAYER_COLOURS["P"]), (OUTLINE, PLAYER_COLOURS["A"]))


@dataclass(frozen=True)
class Geometry:
    """Where the board sits in its picture (under a header ``top`` pixels high)."""

    cx: int  # pixel centre of i9
    cy: int
    height: int  # the board's part of the picture (the header not counted)
    top: int = 0

    def xy(self, point: Point) -> tuple[int, int]:
        return self.cx + (point[0] - 8) * SPACING, self.cy - (point[1] - 8) * SPACING

    def unit(self, x: float, y: float) -> tuple[float, float]:
        """Board units (i9 = 0, 0; y up) to pixels."""
        return self.cx + x * SPACING, self.cy - y * SPACING

    def between(self, a: Point, b: Point) -> tuple[float, float]:
        """The pixel halfway between two points."""
        (xa, ya), (xb, yb) = self.xy(a), self.xy(b)
        return (xa + xb) / 2, (ya + yb) / 2


def geometry(top: int = 0) -> Geometry:
    """The board's place in a picture whose header is ``top`` pixels high."""
    rim = round(RADIUS * SPACING)
    cy = LABEL_BAND + rim
    return Geometry(WIDTH // 2, top + cy, cy + rim + LABEL_BAND + 4, top)


def board_geometry(top: int, below: int = 0) -> BoardGeometry:
    """The public geometry (rendering.geometry) of a Pai Sho picture whose header is ``top``
    pixels high, with ``below`` more pixels under the board."""
    geo = geometry(top)
    return BoardGeometry(WIDTH, top + geo.height + below, top, SPACING, tuple((p, geo.xy(p)) for p in POINTS),
                         geo.xy((0, 0)))


@lru_cache(maxsize=1)
def board_layer() -> Image.Image:
    """The empty board (copy it before drawing on it)."""
    geo = geometry()
    img = Image.new("RGB", (WIDTH, geo.height), BACKGROUND)
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
    # coordinates: files above and below, ranks left and right beside the wood
    top, bottom = geo.cy - rim - LABEL_BAND // 2 - 3, geo.cy + rim + LABEL_BAND // 2 + 3
    face = font(LABEL_SIZE, True)
    for f in range(SIZE):
        for y_label in (top, bottom):
            draw.text((geo.cx + (f - 8) * SPACING, y_label), FILES[f], font=face, fill=MUTED, anchor="mm")
    for r in range(SIZE):
        rank_y = geo.cy - (r - 8) * SPACING
        half = (RADIUS ** 2 - (r - 8) ** 2) ** 0.5 * SPACING  # where the rank meets the rim
        for x_label in (geo.cx - half - 17, geo.cx + half + 17):
            draw.text((x_label, rank_y), str(r + 1), font=face, fill=MUTED, anchor="mm")
    return img


# ----- tiles -------------------------------------------------------------------------------------
def owner_colour(seat: int | None) -> Colour:
    """The fill of a tile of ``seat`` (player 1 blue, player 2 orange; nobody's: grey)."""
    return NOBODY if seat is None else PLAYER_COLOURS[SEAT_KEYS[seat]]


def _pip(draw: ImageDraw.ImageDraw, pip: str, cx: float, cy: float, r: float, k: int) -> None:
    """A small mark at the tile's upper right, over its rim: a sun or a moon (Kutai's Day and
    Night flowers), a "z" (a dormant flower), a blossom (a blooming Lotus), a green dot with a
    white bar (a piece a Knotweed holds)."""
    draw.ellipse((cx - r - k, cy - r - k, cx + r + k, cy + r + k), fill=OUTLINE)
    if pip == "sun":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SUN)
    elif pip == "moon":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE)
        draw.ellipse((cx - r * 0.55, cy - r * 1.15, cx + r * 1.35, cy + r * 0.75), fill=MOON)
    elif pip == "bloom":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=BLOOM)
        draw.ellipse((cx - r * 0.4, cy - r * 0.4, cx + r * 0.4, cy + r * 0.4), fill=WHITE)
    elif pip == "lock":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=LOCK)
        draw.rectangle((cx - r * 0.55, cy - r * 0.2, cx + r * 0.55, cy + r * 0.2), fill=WHITE)
    elif pip == "z":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK)
        draw.text((cx, cy), "z", font=font(round(r * 1.7), True), fill=WHITE, anchor="mm")


SPRITE = TILE_RADIUS * 2 + 2  # a tile sprite's side


@lru_cache(maxsize=256)
def _disc(seat: int | None, rim: Colour, edge: str, face: str) -> Image.Image:
    """A tile without its code: edge, rim and fill, drawn four times larger and scaled down."""
    k = 4
    img = Image.new("RGBA", (SPRITE * k, SPRITE * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    c, r = SPRITE * k / 2, TILE_RADIUS * k
    fill = face_fill(seat, face)
    draw.ellipse((c - r, c - r, c + r, c + r), fill={LAST: HIGHLIGHT, TOUCHED: WHITE}.get(edge, OUTLINE))
    r1 = r - (3 * k if edge else 1.5 * k)
    draw.ellipse((c - r1, c - r1, c + r1, c + r1), fill=rim)
    r2 = r1 - 3.5 * k
    draw.ellipse((c - r2, c - r2, c + r2, c + r2), fill=fill)
    if face == DOWN:
        r3 = r2 * 0.7
        draw.ellipse((c - r3, c - r3, c + r3, c + r3), fill=FACE_DOWN)
    return img.resize((SPRITE, SPRITE), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def _code(label: str, ink: Colour, low: bool) -> Image.Image:
    """A tile's code in the largest letters that fit inside its rim (``low``: a little lower,
    under a pip)."""
    size = 20
    while size > 12 and font(size, True, True).getlength(label) > 2 * (TILE_RADIUS - 3):
        size -= 1
    mask = Image.new("L", (SPRITE, SPRITE), 0)
    ImageDraw.Draw(mask).text((SPRITE / 2, SPRITE / 2 + (1.5 if low else 0)), label, font=font(size, True, True),
                              fill=255, anchor="mm")
    img = Image.new("RGBA", (SPRITE, SPRITE), (*ink, 0))
    img.putalpha(mask)
    return img


@lru_cache(maxsize=16)
def _pip_sprite(pip: str) -> Image.Image:
    """A pip at a tile's upper right, drawn four times larger and scaled down."""
    k = 4
    img = Image.new("RGBA", (SPRITE * k, SPRITE * k), (0, 0, 0, 0))
    d = (TILE_RADIUS - 2.5) * k * 0.71
    _pip(ImageDraw.Draw(img), pip, SPRITE * k / 2 + d, SPRITE * k / 2 - d, 5.5 * k, k)
    return img.resize((SPRITE, SPRITE), Image.Resampling.LANCZOS)


@lru_cache(maxsize=1024)
def tile_sprite(label: str, seat: int | None, rim: Colour, pip: str | None = None, edge: str = "",
                face: str = "") -> Image.Image:
    """One round tile: filled with its owner's colour, its code in large letters, its kind's rim,
    a pip (sun, moon, z, bloom, lock); the ``edge`` "last" (yellow) or "touched" (white) marks
    what the last turn moved; the ``face`` "faded" (drained: a greyed fill), "down" (face down:
    no code), "day" or "night" (Kutai: a light fill, or a dark one with a white code). Put together
    from kept parts, so a new combination costs little."""
    img = _disc(seat, rim, edge, face).copy()
    if label and face != DOWN:
        ink = FADED_INK if face == FADE else WHITE if face == NIGHT else INK
        img.alpha_composite(_code(label, ink, pip is not None))
    if pip:
        img.alpha_composite(_pip_sprite(pip))
    return img


def draw_tile(img: Image.Image, geo: Geometry, point: Point, label: str, seat: int | None, rim: Colour,
              pip: str | None = None, edge: str = "", face: str = "") -> None:
    sprite = tile_sprite(label, seat, rim, pip, edge, face)
    x, y = geo.xy(point)
    img.paste(sprite, (x - sprite.width // 2, y - sprite.height // 2), sprite)


def flower_rim(code: str) -> Colour:
    """The rim of one of the tiles Basic and Ancient share: red or white for a flower, dark else."""
    if code in FLOWERS:
        return WHITE_RIM if code in WHITE_FLOWERS else RED_RIM
    return PLAIN_RIM


def ring(draw: ImageDraw.ImageDraw, geo: Geometry, point: Point, colour: Colour, width: int = 4,
         radius: float | None = None) -> None:
    """A ring around a point (where a tile was, a blooming Lotus)."""
    x, y = geo.xy(point)
    r = TILE_RADIUS + 3 if radius is None else radius
    draw.ellipse((x - r, y - r, x + r, y + r), outline=colour, width=width)


def path(draw: ImageDraw.ImageDraw, geo: Geometry, a: Point, b: Point, colour: Colour, width: int) -> None:
    """The line a tile travelled along, with a dark edge so it shows on every area of the board."""
    draw.line((*geo.xy(a), *geo.xy(b)), fill=OUTLINE, width=width + 4)
    draw.line((*geo.xy(a), *geo.xy(b)), fill=colour, width=width)


def link_dot(draw: ImageDraw.ImageDraw, geo: Geometry, a: Point, b: Point, colour: Colour, radius: int) -> None:
    """A round mark halfway between two points, rimmed in white: a link between two neighbours,
    whose line is hidden under the tiles, still shows."""
    x, y = geo.between(a, b)
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=WHITE, width=2)


@dataclass(frozen=True)
class Marks:
    """What the last turn touched: the tiles it placed or moved, and the tiles its effects moved."""

    last: frozenset[Point] = frozenset()
    touched: frozenset[Point] = frozenset()

    def edge(self, point: Point) -> str:
        return LAST if point in self.last else TOUCHED if point in self.touched else ""


def mark_turn(draw: ImageDraw.ImageDraw, geo: Geometry, last: Move | None,
              moved: tuple[str, ...] = ("turn", "shift", "return"), main: tuple[str, ...] = ()) -> Marks:
    """Draw, under the tiles, where the last turn moved things: a yellow path and ring for its own
    move (and for effects of a ``main`` kind: a move that is part of the turn), white ones for
    what it moved besides (effects of a ``moved`` kind); and say which tiles get a yellow or a
    white edge."""
    if last is None:
        return Marks()
    yellow: set[Point] = set()
    white: set[Point] = set()
    steps = [(e.frm, e.to, e.kind in main) for e in last.effects if e.kind in moved or e.kind in main]
    steps.append((last.frm, last.to if last.to is not None else last.actor, True))
    for frm, to, own in steps:
        colour = HIGHLIGHT if own else WHITE
        if frm is not None and to is not None:
            path(draw, geo, frm, to, colour, 6 if own else 3)
        if frm is not None:
            ring(draw, geo, frm, colour, 4 if own else 3, TILE_RADIUS - 3)
        if to is not None:
            (yellow if own else white).add(to)
            if own:
                ring(draw, geo, to, HIGHLIGHT, 5, TILE_RADIUS + 6)
    return Marks(frozenset(yellow), frozenset(white - yellow))
