"""Ancient Pai Sho pictures: the shared board with harmonies and disharmonies drawn along their
lines, drained tiles face down, the count and target, hand and pile sizes (never the tiles), the
last placement and move; and a small picture of one player's own hand, for them alone."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.view import BoardView, HandView

from . import paisho_board as kit
from . import register
from .style import BACKGROUND, HIGHLIGHT, INK, TEXT, WHITE, font, header, result_line, to_png

HARMONY = (0, 120, 70)
DISHARMONY = (190, 30, 60)
DRAINED = (88, 78, 68)
OWN_COLOURS = (*kit.OWN_COLOURS, HARMONY, DISHARMONY, DRAINED)
TEXT_PAIRS = (*kit.TEXT_PAIRS, (TEXT, BACKGROUND))


def status_line(view: BoardView, names: list[str]) -> str:
    """``view``: an AncientView (engine.ancient.view)."""
    head = view.header
    count = f"harmonies {view.harmonies}, exactly {view.target} wins"
    if head.outcome is not None:
        return f"{result_line(head, names)} \u00b7 {count}"
    return f"{names[head.to_move]} {head.turn_words} \u00b7 {count}"


def render(view: BoardView, names: list[str] | None = None) -> bytes:
    """The picture of an AncientView as a PNG; ``names`` label the seats."""
    head = view.header
    names = list(names or [s.label for s in head.seats])
    geo = kit.geometry()
    img = kit.board_layer().copy()
    draw = ImageDraw.Draw(img)
    chips = [(kit.SEAT_KEYS[s], names[s], f"hand {facts.count('hand')} \u00b7 pile {facts.count('pile')}",
              s == head.to_move, str(s + 1)) for s, facts in enumerate(head.seats)]
    header(draw, f"Ancient Pai Sho \u00b7 turn {view.turn}" if head.outcome is None else "Ancient Pai Sho",
           status_line(view, names), chips, kit.HEADER)
    for line in view.lines:
        harmony = line.kind == "harmony"
        draw.line((*geo.xy(line.a), *geo.xy(line.b)), fill=HARMONY if harmony else DISHARMONY,
                  width=5 if harmony else 3)
    for tile in view.tiles:
        if "drained" in tile.flags:
            kit.draw_tile(img, geo, tile.at, "", tile.owner, DRAINED, "")
        else:
            fill, glyph = kit.shared_tile_look(tile.kind)
            kit.draw_tile(img, geo, tile.at, tile.label, tile.owner, fill, glyph)
    last = view.last
    if last is not None and last.kind == "place":
        kit.ring(draw, geo, last.to, HIGHLIGHT, 4)
        for effect in last.effects:
            if effect.kind == "ship":
                kit.ring(draw, geo, effect.to, HIGHLIGHT, 2)
            elif effect.kind == "move":
                kit.ring(draw, geo, effect.frm, HIGHLIGHT, 2)
                kit.ring(draw, geo, effect.to, HIGHLIGHT, 4)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS)


def render_hand(hand: HandView) -> bytes:
    """One player's hand: the tiles in canonical order, for that player only."""
    tiles, seat = hand.tiles, hand.seat
    step = kit.TILE_RADIUS * 2 + 12
    width = max(360, 24 + step * max(1, len(tiles)))
    img = Image.new("RGB", (width, 110), BACKGROUND)
    draw = ImageDraw.Draw(img)
    draw.text((12, 8), f"Your hand ({len(tiles)}/{hand.limit})", font=font(18, True), fill=TEXT)
    for i, code in enumerate(tiles):
        fill, glyph = kit.shared_tile_look(code)
        sprite = kit.tile_sprite(code, seat, fill, glyph)
        img.paste(sprite, (12 + i * step, 46), sprite)
    if not tiles:
        draw.text((12, 56), "empty", font=font(16), fill=TEXT)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS + ((WHITE, INK),))


register("ancient", board=render, hand=render_hand)
