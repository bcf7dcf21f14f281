"""Iroh Pai Sho pictures: the round board with the four midlines, the nation pieces on their
terrain, Knotweeds on their squares and the pieces they hold, the last move, a failed
proclamation in the header, and once the game is over the harmonies (the winning set in bold).

While the game runs no harmony is drawn: finding them is the players' job (iroh.md 2.5)."""
from __future__ import annotations

from PIL import ImageDraw

from engine.iroh.game import NO_SET, IrohGame
from engine.iroh.rules import ARMS, harmonies

from . import paisho_board as kit
from .style import HIGHLIGHT, INK, WHITE, header, result_line, text_centered, to_png

MIDLINE = (40, 110, 120)
KNOTWEED = (40, 130, 50)
HARMONY = (0, 120, 70)
LOOK = {"Fi": ((250, 160, 120), "fire"), "Wa": ((160, 200, 245), "water"), "Ea": ((214, 190, 140), "earth"),
        "Ai": ((240, 240, 248), "air"), "WL": (kit.WHITE_TILE, "lotus"), "Rk": ((170, 170, 170), "rock")}
OWN_COLOURS = (*kit.OWN_COLOURS, MIDLINE, KNOTWEED, HARMONY, *(fill for fill, _ in LOOK.values()))
TEXT_PAIRS = (*kit.TEXT_PAIRS, (WHITE, MIDLINE), (INK, (250, 160, 120)), (INK, (160, 200, 245)),
              (INK, (214, 190, 140)), (INK, (170, 170, 170)))
ARM_LABEL_AT = {"S": (0.5, -6.5), "E": (6.5, 0.5), "N": (0.5, 6.5), "W": (-6.5, 0.5)}  # board units from i9


def status_line(game: IrohGame, names: list[str]) -> str:
    if game.outcome is not None:
        return result_line(game, names)
    text = f"{names[game.to_move]} to move \u00b7 turn {game.turns + 1} of {game.options['max_turns']}"
    if game.last and game.last["kind"] == "proclaim":
        text = f"{names[1 - game.to_move]} proclaimed: {NO_SET[0].lower()}{NO_SET[1:]}. " + text
    return text


def _reserve_text(game: IrohGame, seat: int) -> str:
    r = game.reserve[seat]
    hand = r["Fi"] + r["Wa"] + r["Ea"] + r["Ai"]
    return f"hand {hand} \u00b7 Rk {r['Rk']} \u00b7 Kn {r['Kn']}"


def render(game: IrohGame, names: list[str] | None = None) -> bytes:
    names = list(names or ["Host", "Guest"])
    geo = kit.geometry()
    img = kit.board_layer().copy()
    draw = ImageDraw.Draw(img)
    chips = [(kit.SEAT_KEYS[s], names[s], _reserve_text(game, s), s == game.to_move, str(s + 1)) for s in (0, 1)]
    header(draw, "Iroh Pai Sho", status_line(game, names), chips, kit.HEADER)
    # the four midlines: the arms of the centre cross
    draw.line((*geo.xy((8, 0)), *geo.xy((8, 16))), fill=MIDLINE, width=5)
    draw.line((*geo.xy((0, 8)), *geo.xy((16, 8))), fill=MIDLINE, width=5)
    for arm, (x, y) in ARM_LABEL_AT.items():
        px, py = geo.unit(x, y)
        draw.ellipse((px - 10, py - 10, px + 10, py + 10), fill=MIDLINE)
        text_centered(draw, (px, py), arm, 13, WHITE)
    if game.outcome is not None:  # the harmonies, shown only once nobody can use the hint
        winners = set(game.outcome.winners)
        for seat in (0, 1):
            found = harmonies(game.board, game.knotweeds, seat)
            for arm in ARMS:
                for a, b in found[arm]:
                    draw.line((*geo.xy(a), *geo.xy(b)), fill=kit.PLAYER_COLOURS[kit.SEAT_KEYS[seat]],
                              width=3 if seat not in winners else 4)
        for a, b, _ in game.harmonies:
            draw.line((*geo.xy(a), *geo.xy(b)), fill=HARMONY, width=8)
    for sq in game.knotweeds:  # a vine in the middle of its square
        cx, cy = geo.unit(sq[0] - 8 + 0.5, sq[1] - 8 + 0.5)
        r = kit.SPACING * 0.32
        draw.line((cx - r, cy - r, cx + r, cy + r), fill=KNOTWEED, width=6)
        draw.line((cx - r, cy + r, cx + r, cy - r), fill=KNOTWEED, width=6)
        draw.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=KNOTWEED)
    last = game.last
    if last and last.get("from") is not None:
        kit.ring(draw, geo, last["from"], HIGHLIGHT, 2)
    for point, (seat, code) in game.board.items():
        fill, glyph = LOOK[code]
        kit.draw_tile(img, geo, point, code, seat, fill, glyph)
        if game.locked(point):
            x, y = geo.xy(point)
            draw.rectangle((x + 8, y - 20, x + 20, y - 8), fill=KNOTWEED, outline=WHITE, width=2)
    if last and last.get("to") is not None and last["kind"] != "knotweed":
        kit.ring(draw, geo, last["to"], HIGHLIGHT, 4)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS)
