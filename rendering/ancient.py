"""Ancient Pai Sho pictures: the shared board with harmonies and disharmonies drawn along their
lines, drained tiles face down, the count and target, hand and pile sizes (never the tiles), the
last placement and move; and a small picture of one player's own hand, for them alone."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.ancient.game import AncientGame
from engine.ancient.tiles import line_pairs

from . import paisho_board as kit
from .style import BACKGROUND, HIGHLIGHT, INK, TEXT, WHITE, font, header, result_line, to_png

HARMONY = (0, 120, 70)
DISHARMONY = (190, 30, 60)
DRAINED = (88, 78, 68)
OWN_COLOURS = (*kit.OWN_COLOURS, HARMONY, DISHARMONY, DRAINED)
TEXT_PAIRS = (*kit.TEXT_PAIRS, (TEXT, BACKGROUND))


def status_line(game: AncientGame, names: list[str]) -> str:
    count = f"harmonies {game.count}, exactly {game.target} wins"
    if game.outcome is not None:
        return f"{result_line(game, names)} \u00b7 {count}"
    return f"{names[game.to_move]} {game.turn_words()} \u00b7 {count}"


def render(game: AncientGame, names: list[str] | None = None) -> bytes:
    names = list(names or ["P1", "P2"])
    geo = kit.geometry()
    img = kit.board_layer().copy()
    draw = ImageDraw.Draw(img)
    chips = [(kit.SEAT_KEYS[s], names[s], f"hand {len(game.hands[s])} \u00b7 pile {len(game.piles[s])}",
              s == game.to_move, str(s + 1)) for s in (0, 1)]
    header(draw, f"Ancient Pai Sho \u00b7 turn {game.turns + 1}" if game.outcome is None else "Ancient Pai Sho",
           status_line(game, names), chips, kit.HEADER)
    for a, b, kind in line_pairs(game.board):
        draw.line((*geo.xy(a), *geo.xy(b)), fill=HARMONY if kind == "H" else DISHARMONY, width=5 if kind == "H" else 3)
    last = game.last if game.last and game.last.get("kind") == "place" else None
    for point, (seat, code, drained) in game.board.items():
        if drained:
            kit.draw_tile(img, geo, point, "", seat, DRAINED, "")
        else:
            fill, glyph = kit.shared_tile_look(code)
            kit.draw_tile(img, geo, point, code, seat, fill, glyph)
    if last:
        place = last["place"]
        kit.ring(draw, geo, place.at, HIGHLIGHT, 4)
        if place.dest is not None:
            kit.ring(draw, geo, place.dest, HIGHLIGHT, 2)
        if last["move"]:
            a, b, _ = last["move"]
            kit.ring(draw, geo, a, HIGHLIGHT, 2)
            kit.ring(draw, geo, b, HIGHLIGHT, 4)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS)


def render_hand(game: AncientGame, seat: int) -> bytes:
    """One player's hand: the tiles in canonical order, for that player only."""
    hand = game.hands[seat]
    step = kit.TILE_RADIUS * 2 + 12
    width = max(360, 24 + step * max(1, len(hand)))
    img = Image.new("RGB", (width, 110), BACKGROUND)
    draw = ImageDraw.Draw(img)
    draw.text((12, 8), f"Your hand ({len(hand)}/{game.hand_size})", font=font(18, True), fill=TEXT)
    for i, code in enumerate(hand):
        fill, glyph = kit.shared_tile_look(code)
        sprite = kit.tile_sprite(code, seat, fill, glyph)
        img.paste(sprite, (12 + i * step, 46), sprite)
    if not hand:
        draw.text((12, 56), "empty", font=font(16), fill=TEXT)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS + ((WHITE, INK),))
