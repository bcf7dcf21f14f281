"""PAUSO board pictures: cards and gaps, modifier symbols, Rings and Points, the last turn.

A Ring is a thick circle in its colour around a disc of a light tint of it, with its colour's
letter: the disc hides the card's large modifier symbol (the card keeps its small badge in the
corner), so nothing shows through the letter. A Point sits on its Ring as a solid disc.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.notation import FILES
from engine.pauso.layout import parse_layout
from engine.pauso.view import PausoView

from . import register
from .geometry import BoardGeometry
from .style import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    ON_COLOUR,
    PLAYER_COLOURS,
    WIDTH,
    Chip,
    Colour,
    Heading,
    Picture,
    blend,
    canvas,
    compose,
    header_layout,
    mover,
    result_line,
    seat_names,
    text_centered,
)

MARGIN_LEFT, MARGIN_BOTTOM, MARGIN_TOP = 44, 44, 12
CARD: Colour = (243, 235, 221)
CARD_EDGE: Colour = (184, 169, 143)
SYMBOL: dict[str, Colour] = {"+": (46, 125, 50), "-": (183, 28, 28), "^": (110, 84, 60), "v": (110, 84, 60),
                             "<": (110, 84, 60), ">": (110, 84, 60)}
FAINT: dict[str, Colour] = {k: blend(v, CARD, 1 / 3) for k, v in SYMBOL.items()}
PUSH: Colour = (255, 255, 255)
TINT: dict[str, Colour] = {k: blend(v, CARD, 0.3) for k, v in PLAYER_COLOURS.items()}  # inside a Ring
# every flat colour of the picture, and text drawn on a background, for the PNG palette
OWN_COLOURS = (CARD, CARD_EDGE, *SYMBOL.values(), *FAINT.values(), *TINT.values())
TEXT_PAIRS = ((INK, CARD), (CARD, SYMBOL["+"]), (CARD, SYMBOL["-"]), (CARD, SYMBOL["^"]),
              (CARD_EDGE, BACKGROUND), (HIGHLIGHT, CARD), (INK, PUSH), *((INK, t) for t in TINT.values()))


@dataclass(frozen=True)
class Geometry:
    """Where the board sits in the picture."""

    width: int  # in cards
    height: int
    cell: int  # pixels per cell
    left: int  # pixel x of file a's left edge
    top: int  # pixel y of the top rank's top edge
    image_height: int

    def box(self, cell: tuple[int, int]) -> tuple[int, int, int, int]:
        x = self.left + cell[0] * self.cell
        y = self.top + (self.height - 1 - cell[1]) * self.cell
        return x, y, x + self.cell, y + self.cell

    def centre(self, cell: tuple[int, int]) -> tuple[int, int]:
        x0, y0, x1, y1 = self.box(cell)
        return (x0 + x1) // 2, (y0 + y1) // 2


def geometry(width: int, height: int) -> Geometry:
    cell = min(110, (WIDTH - MARGIN_LEFT - 24) // width)
    left = max(MARGIN_LEFT, (WIDTH - width * cell) // 2)
    top = MARGIN_TOP
    return Geometry(width, height, cell, left, top, top + height * cell + MARGIN_BOTTOM)


def _symbol(draw: ImageDraw.ImageDraw, sym: str, cx: float, cy: float, r: float, fill: Colour) -> None:
    """A modifier drawn as a shape: + bar-cross, - bar, arrows as a shaft with a head."""
    w = max(2, r * 0.32)
    if sym in "+-":
        draw.rectangle((cx - r, cy - w, cx + r, cy + w), fill=fill)
        if sym == "+":
            draw.rectangle((cx - w, cy - r, cx + w, cy + r), fill=fill)
        return
    # an arrow pointing right, rotated into place
    pts = [(-r, -w * 0.8), (r * 0.1, -w * 0.8), (r * 0.1, -r * 0.75), (r, 0),
           (r * 0.1, r * 0.75), (r * 0.1, w * 0.8), (-r, w * 0.8)]
    turn = {">": (1, 0, 0, 1), "<": (-1, 0, 0, -1), "^": (0, 1, -1, 0), "v": (0, -1, 1, 0)}[sym]
    a, b, c, d = turn
    draw.polygon([(cx + a * x + b * y, cy + c * x + d * y) for x, y in pts], fill=fill)


@lru_cache(maxsize=64)
def _board_layer(layout: str) -> tuple[Image.Image, Geometry]:
    """The static picture of a board (cards, modifiers, coordinates), drawn once per layout."""
    parsed = parse_layout(layout)
    geo = geometry(parsed.width, parsed.height)
    img = Image.new("RGB", (WIDTH, geo.image_height), BACKGROUND)
    draw = ImageDraw.Draw(img)
    s = geo.cell
    for cell, sym in parsed.cards.items():
        x0, y0, x1, y1 = geo.box(cell)
        draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), radius=max(4, s // 9),
                               fill=CARD, outline=CARD_EDGE, width=2)
        if sym != "o":
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            _symbol(draw, sym, cx, cy, s * 0.3, FAINT[sym])
            bx, by, br = x0 + s * 0.17, y0 + s * 0.17, s * 0.11
            draw.ellipse((bx - br, by - br, bx + br, by + br), fill=SYMBOL[sym])
            _symbol(draw, sym, bx, by, br * 0.68, CARD)
    label = max(17, min(22, s // 3))
    for f in range(parsed.width):
        x = geo.left + f * s + s // 2
        text_centered(draw, (x, geo.top + parsed.height * s + MARGIN_BOTTOM // 2), FILES[f], label, MUTED)
    for r in range(parsed.height):
        y = geo.top + (parsed.height - 1 - r) * s + s // 2
        text_centered(draw, (geo.left - MARGIN_LEFT // 2, y), str(r + 1), label, MUTED)
    return img, geo


@lru_cache(maxsize=256)
def _piece(cell: int, ring: str, point: str | None) -> Image.Image:
    """A Ring (or a Ring under a Point) drawn once per size and colours, pasted where it lies."""
    k = 2
    s = cell * k
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    c = s / 2
    r = s * 0.36
    draw.ellipse((c - r, c - r, c + r, c + r), fill=TINT[ring], outline=PLAYER_COLOURS[ring], width=int(s * 0.11))
    draw.ellipse((c - r, c - r, c + r, c + r), outline=INK, width=k)
    if point is None:
        text_centered(draw, (c, c), ring, int(s * 0.3), INK)
    else:
        p = s * 0.23
        draw.ellipse((c - p, c - p, c + p, c + p), fill=PLAYER_COLOURS[point], outline=INK, width=2 * k)
        text_centered(draw, (c, c), point, int(s * 0.26), ON_COLOUR[point])
        # the Ring's letter at the lower right, on a chip of its colour
        bx, by, br = s * 0.8, s * 0.8, s * 0.11
        draw.ellipse((bx - br, by - br, bx + br, by + br), fill=PLAYER_COLOURS[ring], outline=INK, width=k)
        text_centered(draw, (bx, by), ring, max(11 * k, int(s * 0.15)), ON_COLOUR[ring])
    return img.resize((cell, cell), Image.Resampling.LANCZOS)


def _ring(img: Image.Image, geo: Geometry, cell: tuple[int, int], ring: str, point: str | None) -> None:
    sprite = _piece(geo.cell, ring, point)
    x0, y0 = geo.box(cell)[:2]
    img.paste(sprite, (x0, y0), sprite)


def _push_arrow(draw: ImageDraw.ImageDraw, geo: Geometry, frm: tuple[int, int], to: tuple[int, int]) -> None:
    (x0, y0), (x1, y1) = geo.centre(frm), geo.centre(to)
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / length, dy / length
    sx, sy = x0 + ux * geo.cell * 0.2, y0 + uy * geo.cell * 0.2
    ex, ey = x1 - ux * geo.cell * 0.42, y1 - uy * geo.cell * 0.42
    width = max(4, geo.cell // 14)
    draw.line((sx, sy, ex, ey), fill=INK, width=width + 4)
    draw.line((sx, sy, ex, ey), fill=PUSH, width=width)
    h = geo.cell * 0.16
    head = [(ex + ux * h, ey + uy * h), (ex - uy * h * 0.7, ey + ux * h * 0.7), (ex + uy * h * 0.7, ey - ux * h * 0.7)]
    draw.polygon(head, fill=PUSH, outline=INK)


def status_line(view: PausoView, names: list[str]) -> str:
    head = view.header
    if head.outcome is None:
        seat = mover(head)
        return f"{names[seat]} to move \u00b7 {head.seats[seat].count('supply')} Rings left"
    return result_line(head, names)


def chip_text(view: PausoView, seat: int) -> str:
    facts = view.header.seats[seat]
    score = round(facts.score or 0)
    text = f"{score} Point{'' if score == 1 else 's'}"
    return text + " \u00b7 left the game" if facts.left else text


def heading(view: PausoView, names: list[str] | None = None) -> Heading:
    """The header: the turn, who moves (or the result), each player's Points."""
    head = view.header
    names = seat_names(head, names)
    chips = tuple(Chip(facts.colour or "P", names[s], chip_text(view, s), s == head.to_move)
                  for s, facts in enumerate(head.seats))
    title = f"PAUSO \u00b7 turn {view.turn}" if head.outcome is None else "PAUSO"
    return Heading(title, (status_line(view, names),), chips)


def draw(view: PausoView, names: list[str] | None = None) -> Picture:
    """The picture of a PausoView: header with turn and scores, board, Rings and Points, the last
    turn."""
    base, geo = _board_layer(view.layout)
    img, top = canvas(heading(view, names), base)
    geo = replace(geo, top=geo.top + top)
    pen = ImageDraw.Draw(img)
    last = view.last
    if last is not None and last.to is not None:
        x0, y0, x1, y1 = geo.box(last.to)
        pen.rounded_rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), radius=max(4, geo.cell // 9),
                              outline=HIGHLIGHT, width=6)
    pieces: dict[tuple[int, int], list[str | None]] = {}  # cell -> [Ring colour, Point colour or None]
    for tile in view.tiles:
        if tile.kind == "ring":
            pieces[tile.at] = [tile.label, None]
        else:
            pieces[tile.at][1] = tile.label
    for cell, (ring, point) in pieces.items():
        if ring is not None:
            _ring(img, geo, cell, ring, point)
    if last is not None:
        for effect in last.effects:
            if effect.kind in ("move", "point") and effect.frm is not None and effect.to is not None:
                _push_arrow(pen, geo, effect.frm, effect.to)
    return Picture(img, top, OWN_COLOURS, TEXT_PAIRS)


def render(view: PausoView, names: list[str] | None = None) -> bytes:
    """The picture of a PausoView as a PNG."""
    return draw(view, names).png()


def render_layout(layout: str, title: str = "Proposed board") -> bytes:
    """A board proposal (B2.4): the empty board with its canonical layout and card count."""
    parsed = parse_layout(layout)
    base, _ = _board_layer(parsed.canonical())
    status = (parsed.canonical(), f"{parsed.width} x {parsed.height}, {len(parsed.cards)} cards")
    return compose(Heading(title, status), base, OWN_COLOURS, TEXT_PAIRS).png()


def board_geometry(view: PausoView, names: list[str] | None = None) -> BoardGeometry:
    """Where the picture of a PausoView draws each card (rendering.geometry)."""
    base, geo = _board_layer(view.layout)
    top = header_layout(heading(view, names)).height
    geo = replace(geo, top=geo.top + top)
    cards = parse_layout(view.layout).cards
    return BoardGeometry(WIDTH, top + base.height, top, geo.cell,
                         tuple((cell, geo.centre(cell)) for cell in sorted(cards, key=lambda c: (-c[1], c[0]))),
                         geo.centre((0, 0)), "square")


def tile(view: PausoView, code: str, seat: int) -> Image.Image:
    """A Ring of the supply, as the board shows it."""
    return _piece(96, view.header.seats[seat].colour or "P", None)


register("pauso", board=render, preview=render_layout, picture=draw, geometry=board_geometry, tile=tile)
