"""Quaterno pictures: the 11 x 11 board with its four quarters and two main diagonals, tiles in
their owner's colour with a large drawn glyph and their code, seized tiles, the last move framed
with an arrow that stops at the moved tile's edge (its code stays readable), an action's actor,
the quarters each player controls and the legal squares during placement, figures scored and
each aligned axis."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.notation import FILES
from engine.quaterno.board import CENTRE, SIZE, on_diagonal, quarter
from engine.quaterno.view import QuaternoView
from engine.view import Seat

from . import register
from .geometry import BoardGeometry
from .style import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    ON_COLOUR,
    PLAYER_COLOURS,
    WHITE,
    WIDTH,
    Chip,
    Colour,
    Heading,
    Picture,
    canvas,
    font,
    header_layout,
    mover,
    result_line,
    seat_names,
    text_centered,
)

LEFT = 34  # room for the rank numbers
CELL = (WIDTH - LEFT - 8) // SIZE  # 69
TOP = 10
BOTTOM = 34  # room for the file letters
IMAGE_HEIGHT = TOP + SIZE * CELL + BOTTOM  # the board's part of the picture, under the header
TILE_R = CELL * 0.44
SEAT_KEYS = ("P", "A")  # Player 1 blue, Player 2 orange (style.PLAYER_COLOURS)

QUARTER_TINT: dict[str | None, Colour] = {"south": (236, 224, 200), "north": (236, 224, 200),
                                          "west": (214, 226, 214), "east": (214, 226, 214)}
DIAGONAL_TINT: Colour = (196, 184, 160)
CENTRE_TINT: Colour = (170, 150, 120)
GRID: Colour = (120, 104, 80)
SEIZED: Colour = (200, 30, 60)
OWN_COLOURS = (*QUARTER_TINT.values(), DIAGONAL_TINT, CENTRE_TINT, GRID, SEIZED)
TEXT_PAIRS = ((MUTED, BACKGROUND), (INK, HIGHLIGHT), (WHITE, SEIZED), (WHITE, PLAYER_COLOURS["P"]),
              (INK, PLAYER_COLOURS["A"]))


def box(sq: tuple[int, int], top: int = 0) -> tuple[int, int, int, int]:
    """The pixel box of a square, under a header ``top`` pixels high."""
    x = LEFT + sq[0] * CELL
    y = top + TOP + (SIZE - 1 - sq[1]) * CELL
    return x, y, x + CELL, y + CELL


def centre(sq: tuple[int, int], top: int = 0) -> tuple[int, int]:
    x0, y0, x1, y1 = box(sq, top)
    return (x0 + x1) // 2, (y0 + y1) // 2


@lru_cache(maxsize=1)
def board_layer() -> Image.Image:
    img = Image.new("RGB", (WIDTH, IMAGE_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(img)
    for f in range(SIZE):
        for r in range(SIZE):
            sq = (f, r)
            fill = CENTRE_TINT if sq == CENTRE else DIAGONAL_TINT if on_diagonal(sq) else QUARTER_TINT[quarter(sq)]
            draw.rectangle(box(sq), fill=fill, outline=GRID)
    # the two main diagonals through the square centres
    draw.line((*centre((0, 0)), *centre((SIZE - 1, SIZE - 1))), fill=GRID, width=2)
    draw.line((*centre((0, SIZE - 1)), *centre((SIZE - 1, 0))), fill=GRID, width=2)
    # the placement band's inner edge (at least 4 from the centre)
    x0, y0, _, _ = box((2, 8))
    _, _, x1, y1 = box((8, 2))
    draw.rectangle((x0, y0, x1, y1), outline=GRID, width=3)
    for i in range(SIZE):
        text_centered(draw, (centre((i, 0))[0], TOP + SIZE * CELL + BOTTOM // 2), FILES[i], 19, MUTED)
        text_centered(draw, (LEFT // 2, centre((0, i))[1]), str(i + 1), 19, MUTED)
    return img


def _glyph(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, ink: Colour, bg: Colour) -> None:
    """A drawn symbol of each kind, above its code."""
    w = max(2, int(r * 0.25))
    if kind == "Su":
        draw.ellipse((cx - r * 0.45, cy - r * 0.45, cx + r * 0.45, cy + r * 0.45), fill=ink)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7), (-0.7, -0.7)):
            draw.line((cx + dx * r * 0.65, cy + dy * r * 0.65, cx + dx * r, cy + dy * r), fill=ink,
                      width=max(1, w // 2 + 1))
    elif kind == "Mo":
        draw.ellipse((cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8), fill=ink)
        draw.ellipse((cx - r * 0.3, cy - r * 1.0, cx + r * 1.0, cy + r * 0.5), fill=bg)  # the crescent
    elif kind == "Fa":
        draw.pieslice((cx - r, cy - r * 0.6, cx + r, cy + r * 1.4), 200, 340, fill=ink)
    elif kind == "An":
        draw.line((cx, cy - r, cx, cy + r * 0.8), fill=ink, width=w)
        draw.arc((cx - r * 0.8, cy - r * 0.2, cx + r * 0.8, cy + r), 20, 160, fill=ink, width=w)
        draw.line((cx - r * 0.5, cy - r * 0.55, cx + r * 0.5, cy - r * 0.55), fill=ink, width=w)
    elif kind == "St":
        draw.line((cx - r * 0.9, cy + r * 0.7, cx + r * 0.9, cy - r * 0.7), fill=ink, width=w + 1)
    elif kind == "Co":
        draw.ellipse((cx - r * 0.85, cy - r * 0.85, cx + r * 0.85, cy + r * 0.85), outline=ink,
                     width=max(1, w // 2 + 1))
        draw.polygon([(cx, cy - r * 0.75), (cx + r * 0.25, cy), (cx, cy + r * 0.75), (cx - r * 0.25, cy)], fill=ink)
    elif kind == "So":
        draw.polygon([(cx - r * 0.75, cy - r * 0.8), (cx + r * 0.75, cy - r * 0.8), (cx + r * 0.75, cy),
                      (cx, cy + r * 0.9), (cx - r * 0.75, cy)], fill=ink)


@lru_cache(maxsize=32)
def tile_sprite(kind: str, player: int) -> Image.Image:
    """A round tile in its owner's colour with a large glyph and the code (drawn large, scaled down)."""
    k = 4
    size = CELL * k
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    key = SEAT_KEYS[player]
    c, r = size / 2, TILE_R * k
    draw.ellipse((c - r, c - r, c + r, c + r), fill=PLAYER_COLOURS[key], outline=INK, width=2 * k)
    ink = ON_COLOUR[key]
    _glyph(draw, kind, c, c - r * 0.36, r * 0.36, ink, PLAYER_COLOURS[key])
    draw.text((c, c + r * 0.4), kind, font=font(21 * k, True, True), fill=ink, anchor="mm")
    return img.resize((CELL, CELL), Image.Resampling.LANCZOS)


def arrow_ends(frm: tuple[int, int], to: tuple[int, int],
               top: int = 0) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where an arrow from ``frm`` to ``to`` starts and where its tip touches the edge of the tile on
    ``to`` (so its head never covers that tile's code)."""
    (x0, y0), (x1, y1) = centre(frm, top), centre(to, top)
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / length, dy / length
    stop = TILE_R + 1
    return (x0 + ux * CELL * 0.12, y0 + uy * CELL * 0.12), (x1 - ux * stop, y1 - uy * stop)


def _arrow(draw: ImageDraw.ImageDraw, frm: tuple[int, int], to: tuple[int, int], colour: Colour, top: int,
           side: float = 0) -> None:
    """An arrow from square to square, ``side`` pixels to its left (two arrows of a swap)."""
    (sx, sy), (tx, ty) = arrow_ends(frm, to, top)
    dx, dy = tx - sx, ty - sy
    length = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / length, dy / length
    sx, sy, tx, ty = sx + uy * side, sy - ux * side, tx + uy * side, ty - ux * side
    h = CELL * 0.26
    bx, by = tx - ux * h, ty - uy * h  # the base of the head
    draw.line((sx, sy, bx, by), fill=INK, width=11)
    draw.line((sx, sy, bx, by), fill=colour, width=6)
    head = [(tx, ty), (bx - uy * h * 0.6, by + ux * h * 0.6), (bx + uy * h * 0.6, by - ux * h * 0.6)]
    draw.polygon(head, fill=colour, outline=INK, width=2)


def chip_text(view: QuaternoView, seat: int) -> str:
    kinds = view.header.seats[seat].words  # the figures that seat's player scored
    n = len(kinds)
    return f"{n} figure{'s' if n != 1 else ''}" + (f" ({' '.join(kinds)})" if kinds else "")


def _key(facts: Seat) -> str:
    """The colour of a seat: its player's (Player 1 blue, Player 2 orange), whichever seat they sit in."""
    return SEAT_KEYS[facts.number - 1]


def status_line(view: QuaternoView, names: list[str]) -> str:
    head = view.header
    if head.outcome is not None:
        return result_line(head, names)
    who = names[mover(head)]
    if view.placement_phase:
        return f"{who} to place (turn {view.turn} of 10)"
    return f"{who} to move \u00b7 turn {view.turn}"


def heading(view: QuaternoView, names: list[str] | None = None) -> Heading:
    """The header: who places or moves (or the result) and the figures each player scored."""
    head = view.header
    seats = head.seats
    names = seat_names(head, names)
    chips = tuple(Chip(_key(seats[s]), names[s], chip_text(view, s), s == head.to_move, str(seats[s].number))
                  for s in (0, 1))
    return Heading("Quaterno", (status_line(view, names),), chips)


def draw(view: QuaternoView, names: list[str] | None = None) -> Picture:
    """The picture of a QuaternoView (names are by seat)."""
    head = view.header
    seats = head.seats
    img, top = canvas(heading(view, names), board_layer())
    pen = ImageDraw.Draw(img)
    # each aligned player's axis, in their colour
    for line in view.lines:
        if line.kind == "axis" and line.owner is not None:
            facts = seats[line.owner]
            offset = 3 if facts.number == 1 else -3
            (x0, y0), (x1, y1) = centre(line.a, top), centre(line.b, top)
            pen.line((x0 + offset, y0, x1 + offset, y1), fill=PLAYER_COLOURS[_key(facts)], width=6)
    if view.placement_phase and head.outcome is None:
        for facts in sorted(seats, key=lambda f: f.number):  # quarters each player controls: a bar along its edge
            for q in view.controlled[facts.seat]:
                _quarter_bar(pen, q, PLAYER_COLOURS[_key(facts)], top)
        for spot in view.spots:
            cx, cy = centre(spot.at, top)
            pen.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=GRID)
    last = view.last
    if last is not None and last.kind != "pass":
        for sq in (last.frm, last.to):
            if sq is not None:
                pen.rectangle(box(sq, top), outline=HIGHLIGHT, width=5)
        if last.actor is not None:
            x0, y0, x1, y1 = box(last.actor, top)
            pen.rectangle((x0 + 5, y0 + 5, x1 - 5, y1 - 5), outline=HIGHLIGHT, width=3)
    for tile in view.tiles:
        if tile.owner is None:
            continue
        sq = tile.at
        sprite = tile_sprite(tile.kind, seats[tile.owner].number - 1)
        img.paste(sprite, box(sq, top)[:2], sprite)
        if "seized" in tile.flags:
            x0, y0, x1, y1 = box(sq, top)
            pen.rectangle((x1 - 22, y0 + 2, x1 - 2, y0 + 22), fill=SEIZED, outline=WHITE, width=2)
            pen.line((x1 - 18, y0 + 6, x1 - 6, y0 + 18), fill=WHITE, width=3)
    if last is not None and last.frm is not None and last.to is not None:
        swap = last.kind == "swap" and last.actor is not None
        if swap and last.actor is not None:
            _arrow(pen, last.actor, last.frm, HIGHLIGHT, top, 9)
        _arrow(pen, last.frm, last.to, WHITE, top, 9 if swap else 0)
    return Picture(img, top, OWN_COLOURS, TEXT_PAIRS)


def render(view: QuaternoView, names: list[str] | None = None) -> bytes:
    """The picture of a QuaternoView as a PNG (names are by seat)."""
    return draw(view, names).png()


def _quarter_bar(draw: ImageDraw.ImageDraw, q: str, colour: Colour, top: int) -> None:
    x0, y0 = LEFT, top + TOP
    x1, y1 = LEFT + SIZE * CELL, top + TOP + SIZE * CELL
    t = 8
    bar = {"south": (x0 + CELL, y1 - t, x1 - CELL, y1), "north": (x0 + CELL, y0, x1 - CELL, y0 + t),
           "west": (x0, y0 + CELL, x0 + t, y1 - CELL), "east": (x1 - t, y0 + CELL, x1, y1 - CELL)}[q]
    draw.rectangle(bar, fill=colour)


def geometry(view: QuaternoView, names: list[str] | None = None) -> BoardGeometry:
    """Where the picture of a QuaternoView draws each square (rendering.geometry)."""
    top = header_layout(heading(view, names)).height
    squares = tuple(((f, r), centre((f, r), top)) for r in range(SIZE) for f in range(SIZE))
    return BoardGeometry(WIDTH, top + IMAGE_HEIGHT, top, CELL, squares, centre((0, 0), top), "square")


def tile(view: QuaternoView, code: str, seat: int) -> Image.Image:
    """A tile not yet placed, as the board shows it (in its player's colour)."""
    return tile_sprite(code, view.header.seats[seat].number - 1)


register("quaterno", board=render, picture=draw, geometry=geometry, tile=tile)
