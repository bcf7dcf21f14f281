"""Kutai Pai Sho pictures: the tiles on the round board, the harmony tree as lines with their
values, disharmonies marked, the total and the target in the header, the last placement ringed."""
from __future__ import annotations

from PIL import ImageDraw

from engine.kutai.tiles import FLOWER, LOTUS, TILES  # the tile table: constants only
from engine.view import BoardView

from . import paisho_board as kit
from . import register
from .style import HIGHLIGHT, INK, WHITE, header, result_line, text_centered, to_png

HARMONY = (0, 120, 70)  # a link of the tree
HARMONY_LIGHT = (190, 240, 210)
CLASH = (170, 20, 60)  # a disharmony
_GLYPHS = {"Cu": "cup", "Sp": "spade", "Tw": "twig", "Wh": "wheel", "WL": "lotus"}
OWN_COLOURS = (*kit.OWN_COLOURS, HARMONY, HARMONY_LIGHT, CLASH)
TEXT_PAIRS = (*kit.TEXT_PAIRS, (WHITE, HARMONY), (WHITE, CLASH))


def tile_look(code: str) -> tuple[tuple[int, int, int], str]:
    """(fill, glyph) of a tile: red or white flowers with a sun (Day) or moon (Night)."""
    tile = TILES[code]
    if tile.kind == FLOWER:
        return (kit.RED_TILE if tile.colour == "red" else kit.WHITE_TILE), ("sun" if tile.light == "Day" else "moon")
    if tile.kind == LOTUS:
        return kit.WHITE_TILE, "lotus"
    return kit.PLAIN_TILE, _GLYPHS[code]


def status_line(view: BoardView, names: list[str]) -> str:
    """``view``: a KutaiView (engine.kutai.view)."""
    head = view.header
    if head.outcome is not None:
        return result_line(head, names) + f" \u00b7 Harmony {view.total}"
    return f"{names[head.to_move]} to move \u00b7 Harmony {view.total}, more than {view.target} wins"


def render(view: BoardView, names: list[str] | None = None) -> bytes:
    """The picture of a KutaiView as a PNG; ``names`` label the seats."""
    head = view.header
    names = list(names or [s.label for s in head.seats])
    geo = kit.geometry()
    img = kit.board_layer().copy()
    draw = ImageDraw.Draw(img)
    title = f"Kutai Pai Sho \u00b7 tile {view.placed + 1} of 58" if head.outcome is None else "Kutai Pai Sho"
    chips = [(kit.SEAT_KEYS[s], names[s], f"best {head.seats[s].count('best')}", s == head.to_move, str(s + 1))
             for s in (0, 1)]
    header(draw, title, status_line(view, names), chips, kit.HEADER)
    links = [line for line in view.lines if line.kind == "link"]
    for link in links:
        draw.line((*geo.xy(link.a), *geo.xy(link.b)), fill=HARMONY, width=5)
    for tile in view.tiles:
        fill, glyph = tile_look(tile.kind)
        kit.draw_tile(img, geo, tile.at, tile.label, tile.owner, fill, glyph)
    for link in links:  # the value in the middle of the link, over the tiles
        (x0, y0), (x1, y1) = geo.xy(link.a), geo.xy(link.b)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        if abs(x1 - x0) + abs(y1 - y0) <= kit.SPACING * 1.5:  # neighbours: beside the line
            mx, my = mx + (y1 - y0) * 0.35, my - (x1 - x0) * 0.35
        draw.ellipse((mx - 9, my - 9, mx + 9, my + 9), fill=HARMONY, outline=WHITE, width=2)
        text_centered(draw, (mx, my), str(link.value), 13, WHITE)
    for d in view.lines:  # a cross where the two clashing tiles meet
        if d.kind != "clash":
            continue
        (x0, y0), (x1, y1) = geo.xy(d.a), geo.xy(d.b)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        draw.ellipse((mx - 8, my - 8, mx + 8, my + 8), fill=CLASH, outline=WHITE, width=2)
        draw.line((mx - 4, my - 4, mx + 4, my + 4), fill=WHITE, width=2)
        draw.line((mx - 4, my + 4, mx + 4, my - 4), fill=WHITE, width=2)
    if view.last is not None:
        kit.ring(draw, geo, view.last.to, HIGHLIGHT, 4)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS + ((INK, HIGHLIGHT),))


register("kutai", board=render)
