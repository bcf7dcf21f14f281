"""Iroh Pai Sho pictures: the round board with the four midlines, the nation pieces on their
terrain, Knotweeds on their squares and the pieces they hold, the last move, a failed
proclamation in the header, and once the game is over the harmonies (the winning set in bold).

While the game runs no harmony is drawn: finding them is the players' job (iroh.md 2.5)."""
from __future__ import annotations

from PIL import ImageDraw

from engine.view import BoardView

from . import paisho_board as kit
from . import register
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


def status_line(view: BoardView, names: list[str]) -> str:
    """``view``: an IrohView (engine.iroh.view)."""
    head = view.header
    if head.outcome is not None:
        return result_line(head, names)
    text = f"{names[head.to_move]} to move \u00b7 turn {view.turn} of {view.max_turns}"
    note = view.proclaim_note
    if note:
        text = f"{names[view.last.player]} proclaimed: {note[0].lower()}{note[1:]}. " + text
    return text


def _reserve_text(facts) -> str:
    hand = facts.count("Fi") + facts.count("Wa") + facts.count("Ea") + facts.count("Ai")
    return f"hand {hand} \u00b7 Rk {facts.count('Rk')} \u00b7 Kn {facts.count('Kn')}"


def render(view: BoardView, names: list[str] | None = None) -> bytes:
    """The picture of an IrohView as a PNG; ``names`` label the seats."""
    head = view.header
    names = list(names or [s.label for s in head.seats])
    geo = kit.geometry()
    img = kit.board_layer().copy()
    draw = ImageDraw.Draw(img)
    chips = [(kit.SEAT_KEYS[s], names[s], _reserve_text(head.seats[s]), s == head.to_move, str(s + 1)) for s in (0, 1)]
    header(draw, "Iroh Pai Sho", status_line(view, names), chips, kit.HEADER)
    # the four midlines: the arms of the centre cross
    draw.line((*geo.xy((8, 0)), *geo.xy((8, 16))), fill=MIDLINE, width=5)
    draw.line((*geo.xy((0, 8)), *geo.xy((16, 8))), fill=MIDLINE, width=5)
    for arm, (x, y) in ARM_LABEL_AT.items():
        px, py = geo.unit(x, y)
        draw.ellipse((px - 10, py - 10, px + 10, py + 10), fill=MIDLINE)
        text_centered(draw, (px, py), arm, 13, WHITE)
    winners = set(head.outcome.winners) if head.outcome is not None else set()
    for line in view.lines:  # the view holds harmonies only once the game is over
        if line.kind == "harmony":
            draw.line((*geo.xy(line.a), *geo.xy(line.b)), fill=kit.PLAYER_COLOURS[kit.SEAT_KEYS[line.owner]],
                      width=3 if line.owner not in winners else 4)
    for line in view.lines:
        if line.kind == "winning":
            draw.line((*geo.xy(line.a), *geo.xy(line.b)), fill=HARMONY, width=8)
    pieces = [tile for tile in view.tiles if tile.kind != "Kn"]
    for tile in view.tiles:  # a Knotweed: a vine in the middle of its square
        if tile.kind == "Kn":
            sq = tile.at
            cx, cy = geo.unit(sq[0] - 8 + 0.5, sq[1] - 8 + 0.5)
            r = kit.SPACING * 0.32
            draw.line((cx - r, cy - r, cx + r, cy + r), fill=KNOTWEED, width=6)
            draw.line((cx - r, cy + r, cx + r, cy - r), fill=KNOTWEED, width=6)
            draw.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=KNOTWEED)
    last = view.last
    if last is not None and last.frm is not None:
        kit.ring(draw, geo, last.frm, HIGHLIGHT, 2)
    for tile in pieces:
        fill, glyph = LOOK[tile.kind]
        kit.draw_tile(img, geo, tile.at, tile.label, tile.owner, fill, glyph)
        if "locked" in tile.flags:
            x, y = geo.xy(tile.at)
            draw.rectangle((x + 8, y - 20, x + 20, y - 8), fill=KNOTWEED, outline=WHITE, width=2)
    if last is not None and last.to is not None and last.kind != "knotweed":
        kit.ring(draw, geo, last.to, HIGHLIGHT, 4)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS)


register("iroh", board=render)
