"""Iroh Pai Sho pictures: the round board with the four midlines, the nation pieces on their
terrain (each element's rim in its own colour), Knotweeds on their squares and the pieces they
hold, the last move (a Knotweed's square framed), a failed proclamation in the header after who
moves next, each player's reserve, and once the game is over the harmonies (the winning set in
bold).

While the game runs no harmony is drawn: finding them is the players' job (iroh.md 2.5)."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.iroh.view import IrohView
from engine.view import Seat

from . import paisho_board as kit
from . import register
from .geometry import BoardGeometry
from .style import (
    HIGHLIGHT,
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

MIDLINE: Colour = (40, 110, 120)
KNOTWEED: Colour = kit.LOCK
HARMONY: Colour = (0, 120, 70)
RIMS: dict[str, Colour] = {"Fi": (214, 60, 30), "Wa": (40, 150, 220), "Ea": (120, 150, 40), "Ai": kit.WHITE_RIM,
                           "WL": kit.WHITE_RIM, "Rk": kit.PLAIN_RIM}
OWN_COLOURS = (*kit.OWN_COLOURS, MIDLINE, HARMONY, *RIMS.values())
TEXT_PAIRS = (*kit.TEXT_PAIRS, (WHITE, MIDLINE))
ARM_LABEL_AT = {"S": (0.5, -6.5), "E": (6.5, 0.5), "N": (0.5, 6.5), "W": (-6.5, 0.5)}  # board units from i9


def status_lines(view: IrohView, names: list[str]) -> list[str]:
    """Who moves next first; a failed proclamation after it (so it never crowds out the mover)."""
    head = view.header
    if head.outcome is not None:
        return [result_line(head, names)]
    lines = [f"{names[mover(head)]} to move"]
    note = view.proclaim_note
    if note and view.last is not None and view.last.player is not None:
        lines.append(f"{names[view.last.player]} proclaimed: {note[0].lower()}{note[1:]}.")
    return lines



def reserve_text(facts: Seat) -> str:
    """A seat's reserve: its nation pieces, Rocks and Knotweeds not yet placed."""
    nations = facts.count("Fi") + facts.count("Wa") + facts.count("Ea") + facts.count("Ai")
    return f"reserve {nations} \u00b7 Rk {facts.count('Rk')} \u00b7 Kn {facts.count('Kn')}"


def _square(geo: kit.Geometry, sq: tuple[int, int]) -> tuple[float, float, float, float]:
    """The pixel box of the square whose lower-left corner is ``sq``."""
    x0, y1 = geo.xy(sq)
    return x0, y1 - kit.SPACING, x0 + kit.SPACING, y1


def heading(view: IrohView, names: list[str] | None = None) -> Heading:
    """The header: the turn, who moves (then a failed proclamation), each player's reserve."""
    head = view.header
    names = seat_names(head, names)
    chips = tuple(Chip(kit.SEAT_KEYS[s], names[s], reserve_text(head.seats[s]), s == head.to_move, str(s + 1))
                  for s in (0, 1))
    title = f"Iroh Pai Sho \u00b7 turn {view.turn} of {view.max_turns}" if head.outcome is None else "Iroh Pai Sho"
    return Heading(title, tuple(status_lines(view, names)), chips)


def draw(view: IrohView, names: list[str] | None = None) -> Picture:
    """The picture of an IrohView; ``names`` label the seats."""
    head = view.header
    img, top = canvas(heading(view, names), kit.board_layer())
    geo = kit.geometry(top)
    pen = ImageDraw.Draw(img)
    # the four midlines: the arms of the centre cross
    pen.line((*geo.xy((8, 0)), *geo.xy((8, 16))), fill=MIDLINE, width=5)
    pen.line((*geo.xy((0, 8)), *geo.xy((16, 8))), fill=MIDLINE, width=5)
    for arm, (x, y) in ARM_LABEL_AT.items():
        px, py = geo.unit(x, y)
        pen.ellipse((px - 12, py - 12, px + 12, py + 12), fill=MIDLINE)
        text_centered(pen, (px, py), arm, 17, WHITE)
    winners = set(head.outcome.winners) if head.outcome is not None else set()
    for line in view.lines:  # the view holds harmonies only once the game is over
        if line.kind == "harmony":
            pen.line((*geo.xy(line.a), *geo.xy(line.b)), fill=kit.owner_colour(line.owner),
                     width=3 if line.owner not in winners else 4)
    for line in view.lines:
        if line.kind == "winning":
            pen.line((*geo.xy(line.a), *geo.xy(line.b)), fill=HARMONY, width=8)
    last = view.last
    knotweed_turn = last is not None and last.kind in ("knotweed", "knotweed_destroyed")
    if knotweed_turn and last is not None and last.to is not None:  # the square the Knotweed went to
        pen.rectangle(_square(geo, last.to), outline=HIGHLIGHT, width=5)
    for tile in view.tiles:  # a Knotweed: a vine in the middle of its square
        if tile.kind == "Kn":
            x0, y0, x1, y1 = _square(geo, tile.at)
            cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, kit.SPACING * 0.32
            pen.line((cx - r, cy - r, cx + r, cy + r), fill=KNOTWEED, width=7)
            pen.line((cx - r, cy + r, cx + r, cy - r), fill=KNOTWEED, width=7)
            pen.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), fill=KNOTWEED, outline=WHITE, width=2)
    if last is not None and last.kind == "knotweed_destroyed" and last.to is not None:
        x0, y0, x1, y1 = _square(geo, last.to)
        pen.line((x0 + 8, y0 + 8, x1 - 8, y1 - 8), fill=kit.OUTLINE, width=4)
        pen.line((x0 + 8, y1 - 8, x1 - 8, y0 + 8), fill=kit.OUTLINE, width=4)
    marks = kit.mark_turn(pen, geo, None if knotweed_turn else last)
    for tile in view.tiles:
        if tile.kind != "Kn":
            kit.draw_tile(img, geo, tile.at, tile.label, tile.owner, RIMS[tile.kind],
                          "lock" if "locked" in tile.flags else None, marks.edge(tile.at))
    return Picture(img, top, OWN_COLOURS, TEXT_PAIRS)


def render(view: IrohView, names: list[str] | None = None) -> bytes:
    """The picture of an IrohView as a PNG; ``names`` label the seats."""
    return draw(view, names).png()


def geometry(view: IrohView, names: list[str] | None = None) -> BoardGeometry:
    """Where the picture of an IrohView draws each point (rendering.geometry)."""
    return kit.board_geometry(header_layout(heading(view, names)).height)


def tile(view: IrohView, code: str, seat: int) -> Image.Image:
    """A piece of the reserve, as the board shows it (a Knotweed as a round tile with its code)."""
    return kit.tile_sprite(code, seat, RIMS.get(code, KNOTWEED))


register("iroh", board=render, picture=draw, geometry=geometry, tile=tile)
