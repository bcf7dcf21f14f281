"""Kutai Pai Sho pictures: the tiles on the round board (a flower's Day or Night is its sun or moon
pip, so its code loses that letter: DCh shows as Ch with a sun; the rim is the flower's colour),
the harmony tree as lines with their values, disharmonies marked, the total and the target in
the header, the last placement ringed.

A value badge never sits on a tile: a link's badge goes halfway along it, and a link between two
neighbours (whose midpoint is the gap between their tiles) puts it beside the gap, in the middle
of a grid square, where no tile can stand, with a short tick into the gap."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.kutai.tiles import FLOWER, TILES  # the tile table: constants only
from engine.kutai.view import KutaiView
from engine.view import Line

from . import paisho_board as kit
from . import register
from .geometry import BoardGeometry
from .style import (
    WHITE,
    Chip,
    Colour,
    Heading,
    Picture,
    canvas,
    header_layout,
    mover,
    result_line,
    seat_names,
    text_centered,
)

HARMONY: Colour = (0, 120, 70)  # a link of the tree
CLASH: Colour = (170, 20, 60)  # a disharmony
BADGE = 11  # a badge's radius
LIGHT_FILLS = tuple(kit.face_fill(seat, face) for seat in (0, 1) for face in (kit.DAY, kit.NIGHT))
OWN_COLOURS = (*kit.OWN_COLOURS, HARMONY, CLASH, *LIGHT_FILLS)
TEXT_PAIRS = (*kit.TEXT_PAIRS, (WHITE, HARMONY), (WHITE, CLASH), *((kit.INK, fill) for fill in LIGHT_FILLS[::2]),
              *((WHITE, fill) for fill in LIGHT_FILLS[1::2]))


def tile_look(code: str) -> tuple[str, Colour, str | None, str]:
    """(label, rim, pip, face) of a tile: a flower's name code on its colour's rim, a Day flower
    light with a sun, a Night flower dark with a white code and a moon (so Day and Night read at
    phone size by the whole tile, not only by the pip); the Lotus and the special tiles keep their
    codes."""
    tile = TILES[code]
    if tile.kind == FLOWER:
        rim = kit.RED_RIM if tile.colour == "red" else kit.WHITE_RIM
        day = tile.light == "Day"
        return code[1:], rim, "sun" if day else "moon", kit.DAY if day else kit.NIGHT
    return code, kit.WHITE_RIM if code == "WL" else kit.PLAIN_RIM, None, ""


def status_lines(view: KutaiView, names: list[str]) -> list[str]:
    head = view.header
    if head.outcome is not None:
        return [result_line(head, names), f"Harmony {view.total}"]
    return [f"{names[mover(head)]} to move \u00b7 Harmony {view.total}, more than {view.target} wins"]



def badge_spots(lines: tuple[Line, ...] | list[Line]) -> list[tuple[Line, tuple[float, float]]]:
    """Where each link's value (and each clash's cross) goes, in board units from i9: halfway
    along a longer line (over empty points: a link is a clear line of sight); beside the gap of
    two neighbours, in the middle of a grid square; never two in one place while another spot
    is free."""
    used: set[tuple[float, float]] = set()
    out = []
    for line in lines:
        (ax, ay), (bx, by) = line.a, line.b
        mx, my = (ax + bx) / 2 - 8, (ay + by) / 2 - 8
        dx, dy = bx - ax, by - ay
        if max(abs(dx), abs(dy)) == 1 and 0 in (dx, dy):  # orthogonal neighbours: to one side
            px, py = -dy / 2, dx / 2
            candidates = [(mx + px, my + py), (mx - px, my - py)]
        elif max(abs(dx), abs(dy)) == 1:  # diagonal neighbours: the midpoint is a square's middle
            candidates = [(mx, my), (mx + dx, my), (mx - dx, my)]
        else:
            candidates = [(mx, my)]
        spot = next((c for c in candidates if c not in used), candidates[0])
        used.add(spot)
        out.append((line, spot))
    return out


@lru_cache(maxsize=64)
def _badge_sprite(colour: Colour, text: str) -> Image.Image:
    """A value badge (or, without text, a clash's cross) drawn once."""
    k, size = 4, (2 * BADGE + 2) * 4
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    pen = ImageDraw.Draw(img)
    c, r = size / 2, BADGE * k
    pen.ellipse((c - r, c - r, c + r, c + r), fill=WHITE)
    pen.ellipse((c - r + 2 * k, c - r + 2 * k, c + r - 2 * k, c + r - 2 * k), fill=colour)
    if text:
        text_centered(pen, (c, c + k), text, 16 * k, WHITE)
    else:  # a clash: a white cross
        pen.line((c - 5 * k, c - 5 * k, c + 5 * k, c + 5 * k), fill=WHITE, width=3 * k)
        pen.line((c - 5 * k, c + 5 * k, c + 5 * k, c - 5 * k), fill=WHITE, width=3 * k)
    return img.resize((2 * BADGE + 2, 2 * BADGE + 2), Image.Resampling.LANCZOS)


def _badge(img: Image.Image, pen: ImageDraw.ImageDraw, geo: kit.Geometry, line: Line, spot: tuple[float, float],
           colour: Colour, text: str) -> None:
    x, y = geo.unit(*spot)
    mx, my = geo.between(line.a, line.b)
    if 4 < (mx - x) ** 2 + (my - y) ** 2 < (kit.SPACING * 0.8) ** 2:  # a tick into the gap between the tiles
        pen.line((x, y, (x + mx) / 2, (y + my) / 2), fill=colour, width=4)
    sprite = _badge_sprite(colour, text)
    img.paste(sprite, (round(x) - sprite.width // 2, round(y) - sprite.height // 2), sprite)


def heading(view: KutaiView, names: list[str] | None = None) -> Heading:
    """The header: the tile count, who moves (or the result), the Harmony, each player's best."""
    head = view.header
    names = seat_names(head, names)
    chips = tuple(Chip(kit.SEAT_KEYS[s], names[s], f"best {head.seats[s].count('best')}", s == head.to_move,
                       str(s + 1)) for s in (0, 1))
    title = f"Kutai Pai Sho \u00b7 tile {view.placed + 1} of 58" if head.outcome is None else "Kutai Pai Sho"
    return Heading(title, tuple(status_lines(view, names)), chips)


def draw(view: KutaiView, names: list[str] | None = None) -> Picture:
    """The picture of a KutaiView; ``names`` label the seats."""
    img, top = canvas(heading(view, names), kit.board_layer())
    geo = kit.geometry(top)
    pen = ImageDraw.Draw(img)
    links = [line for line in view.lines if line.kind == "link"]
    for link in links:
        pen.line((*geo.xy(link.a), *geo.xy(link.b)), fill=HARMONY, width=5)
    marks = kit.mark_turn(pen, geo, view.last)
    for tile in view.tiles:
        label, rim, pip, face = tile_look(tile.kind)
        kit.draw_tile(img, geo, tile.at, label, tile.owner, rim, pip, marks.edge(tile.at), face)
    for line, spot in badge_spots([line for line in view.lines if line.kind in ("link", "clash")]):
        if line.kind == "link":
            _badge(img, pen, geo, line, spot, HARMONY, str(line.value))
        else:
            _badge(img, pen, geo, line, spot, CLASH, "")
    return Picture(img, top, OWN_COLOURS, TEXT_PAIRS)


def render(view: KutaiView, names: list[str] | None = None) -> bytes:
    """The picture of a KutaiView as a PNG; ``names`` label the seats."""
    return draw(view, names).png()


def geometry(view: KutaiView, names: list[str] | None = None) -> BoardGeometry:
    """Where the picture of a KutaiView draws each point (rendering.geometry)."""
    return kit.board_geometry(header_layout(heading(view, names)).height)


def tile(view: KutaiView, code: str, seat: int) -> Image.Image:
    """A tile not yet placed, as the board shows it."""
    label, rim, pip, face = tile_look(code)
    return kit.tile_sprite(label, seat, rim, pip, face=face)


register("kutai", board=render, picture=draw, geometry=geometry, tile=tile)
