"""PAUSO board pictures: cards and gaps, modifier symbols, Rings and Points, the last turn."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.notation import FILES
from engine.pauso.layout import parse_layout
from engine.view import BoardView

from . import register
from .style import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    ON_COLOUR,
    PLAYER_COLOURS,
    TEXT,
    WIDTH,
    font,
    header,
    result_line,
    text_centered,
    to_png,
)

HEADER = 124
MARGIN_LEFT, MARGIN_BOTTOM, MARGIN_TOP = 44, 44, 16
CARD = (243, 235, 221)
CARD_EDGE = (184, 169, 143)
SYMBOL = {"+": (46, 125, 50), "-": (183, 28, 28), "^": (110, 84, 60), "v": (110, 84, 60),
          "<": (110, 84, 60), ">": (110, 84, 60)}
FAINT = {k: tuple((c + 2 * b) // 3 for c, b in zip(v, CARD)) for k, v in SYMBOL.items()}
PUSH = (255, 255, 255)
# every flat colour of the picture, and text drawn on a background, for the PNG palette
OWN_COLOURS = (CARD, CARD_EDGE, *SYMBOL.values(), *FAINT.values())
TEXT_PAIRS = ((INK, CARD), (CARD, SYMBOL["+"]), (CARD, SYMBOL["-"]), (CARD, SYMBOL["^"]),
              (CARD_EDGE, BACKGROUND), (HIGHLIGHT, CARD), (INK, PUSH))


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
    top = HEADER + MARGIN_TOP
    return Geometry(width, height, cell, left, top, top + height * cell + MARGIN_BOTTOM)


def _symbol(draw: ImageDraw.ImageDraw, sym: str, cx: float, cy: float, r: float, fill) -> None:
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
    label = max(14, min(22, s // 3))
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
    img = Image.new("RGBA", (cell, cell), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    c, s = cell / 2, cell
    r = s * 0.34
    draw.ellipse((c - r, c - r, c + r, c + r), outline=PLAYER_COLOURS[ring], width=max(4, int(s * 0.11)))
    if point is None:
        text_centered(draw, (c, c), ring, int(s * 0.3), INK)
        return img
    p = s * 0.22
    draw.ellipse((c - p, c - p, c + p, c + p), fill=PLAYER_COLOURS[point], outline=INK, width=2)
    text_centered(draw, (c, c), point, int(s * 0.26), ON_COLOUR[point])
    text_centered(draw, (s - s * 0.15, s - s * 0.15), ring, max(11, int(s * 0.16)), INK)
    return img


def _ring(img: Image.Image, geo: Geometry, cell, ring: str, point: str | None) -> None:
    sprite = _piece(geo.cell, ring, point)
    x0, y0 = geo.box(cell)[:2]
    img.paste(sprite, (x0, y0), sprite)


def _push_arrow(draw: ImageDraw.ImageDraw, geo: Geometry, frm, to) -> None:
    (x0, y0), (x1, y1) = geo.centre(frm), geo.centre(to)
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / length, dy / length
    sx, sy = x0 + ux * geo.cell * 0.2, y0 + uy * geo.cell * 0.2
    ex, ey = x1 - ux * geo.cell * 0.38, y1 - uy * geo.cell * 0.38
    width = max(3, geo.cell // 16)
    draw.line((sx, sy, ex, ey), fill=INK, width=width + 4)
    draw.line((sx, sy, ex, ey), fill=PUSH, width=width)
    h = geo.cell * 0.16
    head = [(ex + ux * h, ey + uy * h), (ex - uy * h * 0.7, ey + ux * h * 0.7), (ex + uy * h * 0.7, ey - ux * h * 0.7)]
    draw.polygon(head, fill=PUSH, outline=INK)


def status_line(view: BoardView, names: list[str]) -> str:
    """``view``: a PausoView (engine.pauso.view)."""
    head = view.header
    if head.outcome is None:
        seat = head.to_move
        return f"{names[seat]} to move \u00b7 {head.seats[seat].count('supply')} Rings left"
    return result_line(head, names)


def render(view: BoardView, names: list[str] | None = None) -> bytes:
    """The picture of a PausoView as a PNG: header with turn and scores, board, Rings and Points,
    the last turn."""
    head = view.header
    names = list(names or [s.label for s in head.seats])
    base, geo = _board_layer(view.layout)
    img = base.copy()
    draw = ImageDraw.Draw(img)
    chips = [(facts.colour, names[s] + (" (left)" if facts.left else ""), str(facts.score), s == head.to_move)
             for s, facts in enumerate(head.seats)]
    header(draw, f"PAUSO \u00b7 turn {view.turn}" if head.outcome is None else "PAUSO",
           status_line(view, names), chips, HEADER)
    last = view.last
    if last is not None:
        x0, y0, x1, y1 = geo.box(last.to)
        draw.rounded_rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), radius=max(4, geo.cell // 9),
                               outline=HIGHLIGHT, width=5)
    pieces: dict = {}  # cell -> [Ring colour, Point colour or None]
    for tile in view.tiles:
        if tile.kind == "ring":
            pieces[tile.at] = [tile.label, None]
        else:
            pieces[tile.at][1] = tile.label
    for cell, (ring, point) in pieces.items():
        _ring(img, geo, cell, ring, point)
    if last is not None:
        for effect in last.effects:
            if effect.kind in ("move", "point"):
                _push_arrow(draw, geo, effect.frm, effect.to)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS)


def render_layout(layout: str, title: str = "Proposed board") -> bytes:
    """A board proposal (B2.4): the empty board with its canonical layout and card count."""
    base, geo = _board_layer(parse_layout(layout).canonical())
    img = base.copy()
    draw = ImageDraw.Draw(img)
    parsed = parse_layout(layout)
    header(draw, title, f"{parsed.canonical()}  ({len(parsed.cards)} cards)", [], HEADER)
    draw.text((20, 80), f"{parsed.width} x {parsed.height}", font=font(18), fill=TEXT)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS)


register("pauso", board=render, preview=render_layout)
