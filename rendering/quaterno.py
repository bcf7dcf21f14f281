"""Quaterno pictures: the 11 x 11 board with its four quarters and two main diagonals, tiles with a
drawn glyph and their code, seized tiles, the last move and an action's path, the quarters each
player controls and the legal squares during placement, figures scored and each aligned axis."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.notation import FILES
from engine.quaterno.board import CENTRE, SIZE, on_diagonal, quarter
from engine.view import BoardView, Seat

from . import register
from .style import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    ON_COLOUR,
    PLAYER_COLOURS,
    WHITE,
    WIDTH,
    header,
    result_line,
    text_centered,
    to_png,
)

HEADER = 124
MARGIN = 40
CELL = (WIDTH - 2 * MARGIN) // SIZE  # 65
LEFT = (WIDTH - SIZE * CELL) // 2
TOP = HEADER + 14
IMAGE_HEIGHT = TOP + SIZE * CELL + MARGIN
SEAT_KEYS = ("P", "A")  # Player 1 blue, Player 2 orange (style.PLAYER_COLOURS)

QUARTER_TINT = {"south": (236, 224, 200), "north": (236, 224, 200), "west": (214, 226, 214),
                "east": (214, 226, 214)}
DIAGONAL_TINT = (196, 184, 160)
CENTRE_TINT = (170, 150, 120)
GRID = (120, 104, 80)
SEIZED = (200, 30, 60)
OWN_COLOURS = (*QUARTER_TINT.values(), DIAGONAL_TINT, CENTRE_TINT, GRID, SEIZED)
TEXT_PAIRS = ((MUTED, BACKGROUND), (INK, HIGHLIGHT), (WHITE, SEIZED))


def box(sq) -> tuple[int, int, int, int]:
    x = LEFT + sq[0] * CELL
    y = TOP + (SIZE - 1 - sq[1]) * CELL
    return x, y, x + CELL, y + CELL


def centre(sq) -> tuple[int, int]:
    x0, y0, x1, y1 = box(sq)
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
        text_centered(draw, (centre((i, 0))[0], TOP + SIZE * CELL + MARGIN // 2), FILES[i], 16, MUTED)
        text_centered(draw, (LEFT - MARGIN // 2 + 4, centre((0, i))[1]), str(i + 1), 16, MUTED)
    return img


def _glyph(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, ink, bg) -> None:
    """A small drawn symbol of each kind, above its code."""
    w = max(2, int(r * 0.25))
    if kind == "Su":
        draw.ellipse((cx - r * 0.45, cy - r * 0.45, cx + r * 0.45, cy + r * 0.45), fill=ink)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7), (-0.7, -0.7)):
            draw.line((cx + dx * r * 0.65, cy + dy * r * 0.65, cx + dx * r, cy + dy * r), fill=ink,
                      width=max(1, w // 2))
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
    """A round tile in its owner's colour with a glyph and the code (drawn large, scaled down)."""
    k = 4
    size = CELL * k
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    key = SEAT_KEYS[player]
    c, r = size / 2, size * 0.42
    draw.ellipse((c - r, c - r, c + r, c + r), fill=PLAYER_COLOURS[key], outline=INK, width=2 * k)
    ink = ON_COLOUR[key]
    _glyph(draw, kind, c, c - r * 0.38, r * 0.3, ink, PLAYER_COLOURS[key])
    text_centered(draw, (c, c + r * 0.33), kind, int(r * 0.55), ink)
    return img.resize((CELL, CELL), Image.Resampling.LANCZOS)


def _arrow(draw: ImageDraw.ImageDraw, frm, to, colour) -> None:
    (x0, y0), (x1, y1) = centre(frm), centre(to)
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / length, dy / length
    ex, ey = x1 - ux * CELL * 0.3, y1 - uy * CELL * 0.3
    draw.line((x0, y0, ex, ey), fill=INK, width=9)
    draw.line((x0, y0, ex, ey), fill=colour, width=5)
    h = CELL * 0.2
    draw.polygon([(ex + ux * h, ey + uy * h), (ex - uy * h * 0.6, ey + ux * h * 0.6),
                  (ex + uy * h * 0.6, ey - ux * h * 0.6)], fill=colour, outline=INK)


def _chip_text(view: BoardView, seat: int) -> str:
    kinds = view.header.seats[seat].words  # the figures that seat's player scored
    n = len(kinds)
    return f"{n} figure{'s' if n != 1 else ''}" + (f" ({' '.join(kinds)})" if kinds else "")


def _key(facts: Seat) -> str:
    """The colour of a seat: its player's (Player 1 blue, Player 2 orange), whichever seat they sit in."""
    return SEAT_KEYS[facts.number - 1]


def status_line(view: BoardView, names: list[str]) -> str:
    """``view``: a QuaternoView (engine.quaterno.view)."""
    head = view.header
    if head.outcome is not None:
        return result_line(head, names)
    who = names[head.to_move]
    if view.placement_phase:
        return f"{who} to place (turn {view.turn} of 10)"
    return f"{who} to move \u00b7 turn {view.turn}"


def render(view: BoardView, names: list[str] | None = None) -> bytes:
    """The picture of a QuaternoView as a PNG (names are by seat)."""
    head = view.header
    seats = head.seats
    names = list(names or [s.label for s in seats])
    img = board_layer().copy()
    draw = ImageDraw.Draw(img)
    chips = [(_key(seats[s]), names[s], _chip_text(view, s), s == head.to_move, str(seats[s].number)) for s in (0, 1)]
    header(draw, "Quaterno", status_line(view, names), chips, HEADER)
    # each aligned player's axis, in their colour
    for line in view.lines:
        if line.kind == "axis":
            facts = seats[line.owner]
            offset = 3 if facts.number == 1 else -3
            (x0, y0), (x1, y1) = centre(line.a), centre(line.b)
            draw.line((x0 + offset, y0, x1 + offset, y1), fill=PLAYER_COLOURS[_key(facts)], width=6)
    if view.placement_phase and head.outcome is None:
        for facts in sorted(seats, key=lambda f: f.number):  # quarters each player controls: a bar along its edge
            for q in view.controlled[facts.seat]:
                _quarter_bar(draw, q, PLAYER_COLOURS[_key(facts)])
        for spot in view.spots:
            cx, cy = centre(spot.at)
            draw.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=GRID)
    last = view.last
    if last is not None and last.kind != "pass":
        for sq in (last.frm, last.to):
            if sq is not None:
                draw.rectangle(box(sq), outline=HIGHLIGHT, width=4)
        if last.actor is not None:
            x0, y0, x1, y1 = box(last.actor)
            draw.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=HIGHLIGHT, width=2)
    for tile in view.tiles:
        sq = tile.at
        sprite = tile_sprite(tile.kind, seats[tile.owner].number - 1)
        img.paste(sprite, box(sq)[:2], sprite)
        if "seized" in tile.flags:
            x0, y0, x1, y1 = box(sq)
            draw.rectangle((x1 - 20, y0 + 2, x1 - 2, y0 + 20), fill=SEIZED, outline=WHITE, width=2)
            draw.line((x1 - 16, y0 + 6, x1 - 6, y0 + 16), fill=WHITE, width=2)
    if last is not None and last.frm is not None:
        if last.kind == "swap":
            _arrow(draw, last.actor, last.frm, HIGHLIGHT)
        _arrow(draw, last.frm, last.to, WHITE)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS)


def _quarter_bar(draw: ImageDraw.ImageDraw, q: str, colour) -> None:
    x0, y0 = LEFT, TOP
    x1, y1 = LEFT + SIZE * CELL, TOP + SIZE * CELL
    t = 8
    bar = {"south": (x0 + CELL, y1 - t, x1 - CELL, y1), "north": (x0 + CELL, y0, x1 - CELL, y0 + t),
           "west": (x0, y0 + CELL, x0 + t, y1 - CELL), "east": (x1 - t, y0 + CELL, x1, y1 - CELL)}[q]
    draw.rectangle(bar, fill=colour)


register("quaterno", board=render)
