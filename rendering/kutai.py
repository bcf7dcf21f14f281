"""Kutai Pai Sho pictures: the tiles on the round board, the harmony tree as lines with their
values, disharmonies marked, the total and the target in the header, the last placement ringed."""
from __future__ import annotations

from PIL import ImageDraw

from engine.kutai.game import KutaiGame
from engine.kutai.tiles import FLOWER, LOTUS, TILES

from . import paisho_board as kit
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


def status_line(game: KutaiGame, names: list[str]) -> str:
    if game.outcome is not None:
        return result_line(game, names) + f" \u00b7 Harmony {game.total}"
    return f"{names[game.to_move]} to move \u00b7 Harmony {game.total}, more than {game.target} wins"


def render(game: KutaiGame, names: list[str] | None = None) -> bytes:
    """The position as a PNG."""
    names = list(names or ["Player 1", "Player 2"])
    geo = kit.geometry()
    img = kit.board_layer().copy()
    draw = ImageDraw.Draw(img)
    placed = len(game.board)
    title = f"Kutai Pai Sho \u00b7 tile {placed + 1} of 58" if game.outcome is None else "Kutai Pai Sho"
    chips = [(kit.SEAT_KEYS[s], names[s], f"best {game.best[s]}", s == game.to_move, str(s + 1)) for s in (0, 1)]
    header(draw, title, status_line(game, names), chips, kit.HEADER)
    for link in game.harmony.links:
        draw.line((*geo.xy(link.parent), *geo.xy(link.child)), fill=HARMONY, width=5)
    for point, (seat, code) in game.board.items():
        fill, glyph = tile_look(code)
        kit.draw_tile(img, geo, point, code, seat, fill, glyph)
    for link in game.harmony.links:  # the value in the middle of the link, over the tiles
        (x0, y0), (x1, y1) = geo.xy(link.parent), geo.xy(link.child)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        if abs(x1 - x0) + abs(y1 - y0) <= kit.SPACING * 1.5:  # neighbours: beside the line
            mx, my = mx + (y1 - y0) * 0.35, my - (x1 - x0) * 0.35
        draw.ellipse((mx - 9, my - 9, mx + 9, my + 9), fill=HARMONY, outline=WHITE, width=2)
        text_centered(draw, (mx, my), str(link.value), 13, WHITE)
    for d in game.harmony.disharmonies:  # a cross where the two clashing tiles meet
        (x0, y0), (x1, y1) = geo.xy(d.a), geo.xy(d.b)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        draw.ellipse((mx - 8, my - 8, mx + 8, my + 8), fill=CLASH, outline=WHITE, width=2)
        draw.line((mx - 4, my - 4, mx + 4, my + 4), fill=WHITE, width=2)
        draw.line((mx - 4, my + 4, mx + 4, my - 4), fill=WHITE, width=2)
    if game.last is not None:
        kit.ring(draw, geo, game.last, HIGHLIGHT, 4)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS + ((INK, HIGHLIGHT),))
