"""Basic Pai Sho pictures: the shared round board with every tile, harmonies drawn as lines in
their owner's colour (thick for a natural harmony), disharmonies as red lines through the tile
that breaks them, a completed ring in gold, drained tiles greyed, dormant spring flowers with a
"z" pip, blooming Lotuses with a blossom pip and a ring (every link also gets a dot halfway, so
links between neighbours show), the last move and what its ability moved; running scores and
the Pot in the header."""
from __future__ import annotations

from PIL import Image, ImageDraw

from engine.basic.view import BasicView

from . import paisho_board as kit
from . import register
from .geometry import BoardGeometry
from .style import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    TEXT,
    WHITE,
    Chip,
    Colour,
    Heading,
    Picture,
    blend,
    canvas,
    header_layout,
    mover,
    result_line,
    seat_names,
)

DISHARMONY: Colour = (220, 40, 60)
OWN_COLOURS = (*kit.OWN_COLOURS, DISHARMONY)
FADED_FILLS = tuple(blend(kit.owner_colour(seat), kit.FADED, kit.FADE_SHARE) for seat in (0, 1))
TEXT_PAIRS = (*kit.TEXT_PAIRS, (TEXT, BACKGROUND), (WHITE, INK), *((kit.FADED_INK, fill) for fill in FADED_FILLS))


def status_lines(view: BasicView, names: list[str]) -> list[str]:
    """Who moves (or the result) and what the game is played to."""
    head = view.header
    if head.outcome is not None:
        pot = [f"The Pot goes to {names[view.pot_winner]}."] if view.pot_winner is not None else []
        return [result_line(head, names), *pot]
    goal = view.target_points
    target = f"first to {goal} points" if goal else "no target"
    if view.phase == "choose":
        return [f"{names[mover(head)]} {head.turn_words}", target]
    return [f"{names[mover(head)]} {head.turn_words} \u00b7 {target}"]



def chip_text(view: BasicView, seat: int) -> str:
    facts = view.header.seats[seat]
    captured = facts.count("captured")
    if view.final:
        return f"{facts.count('final')} final \u00b7 {captured} captured"
    points = facts.count("points")
    return f"{points} point{'' if abs(points) == 1 else 's'} \u00b7 {captured} captured"


def title(view: BasicView) -> str:
    if view.header.outcome is not None:
        return "Basic Pai Sho"
    if view.phase != "main":
        return "Basic Pai Sho \u00b7 setup"
    return f"Basic Pai Sho \u00b7 turn {view.turn} of {view.max_turns}"


def heading(view: BasicView, names: list[str] | None = None) -> Heading:
    """The header: the turn, who moves (or the result and the Pot), each player's points."""
    head = view.header
    names = seat_names(head, names)
    chips = tuple(Chip(kit.SEAT_KEYS[s], names[s], chip_text(view, s), s == head.to_move, str(s + 1)) for s in (0, 1))
    return Heading(title(view), tuple(status_lines(view, names)), chips)


def draw(view: BasicView, names: list[str] | None = None) -> Picture:
    """The picture of a BasicView; ``names`` label the seats."""
    img, top = canvas(heading(view, names), kit.board_layer())
    geo = kit.geometry(top)
    pen = ImageDraw.Draw(img)
    disharmonies = [line for line in view.lines if line.kind == "disharmony"]
    harmonies = [line for line in view.lines if line.kind == "harmony"]
    for d in disharmonies:
        pen.line((*geo.xy(d.a), *geo.xy(d.b)), fill=DISHARMONY, width=4)
    for h in harmonies:
        colour = kit.owner_colour(h.owner)
        pen.line((*geo.xy(h.a), *geo.xy(h.b)), fill=colour, width=8 if h.value == 2 else 4)
    for ring in view.lines:
        if ring.kind == "ring":
            pen.line((*geo.xy(ring.a), *geo.xy(ring.b)), fill=HIGHLIGHT, width=5)
    marks = kit.mark_turn(pen, geo, view.last, ("turn", "shift", "return", "mirror"))
    for tile in view.tiles:
        if "blooming" in tile.flags:
            kit.ring(pen, geo, tile.at, kit.BLOOM, 5, kit.TILE_RADIUS + 3)
    for tile in view.tiles:
        pip = "z" if "dormant" in tile.flags else "bloom" if "blooming" in tile.flags else None
        kit.draw_tile(img, geo, tile.at, tile.label, tile.owner, kit.flower_rim(tile.kind), pip,
                      marks.edge(tile.at), kit.FADE if "drained" in tile.flags else "")
    # a dot on every link, above the tiles, so a harmony between neighbours shows too
    for d in disharmonies:
        for end in (d.a, d.b):
            if d.via is not None:
                kit.link_dot(pen, geo, end, d.via, DISHARMONY, 5)
    for h in harmonies:
        kit.link_dot(pen, geo, h.a, h.b, kit.owner_colour(h.owner), 7 if h.value == 2 else 6)
    return Picture(img, top, OWN_COLOURS, TEXT_PAIRS)


def render(view: BasicView, names: list[str] | None = None) -> bytes:
    """The picture of a BasicView (engine.basic.view) as a PNG; ``names`` label the seats."""
    return draw(view, names).png()


def geometry(view: BasicView, names: list[str] | None = None) -> BoardGeometry:
    """Where the picture of a BasicView draws each point (rendering.geometry)."""
    return kit.board_geometry(header_layout(heading(view, names)).height)


def tile(view: BasicView, code: str, seat: int) -> Image.Image:
    """A tile of the reserve, as the board shows it."""
    return kit.tile_sprite(code, seat, kit.flower_rim(code))


register("basic", board=render, picture=draw, geometry=geometry, tile=tile)
