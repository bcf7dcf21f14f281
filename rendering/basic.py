"""Basic Pai Sho pictures: the shared round board with every tile, harmonies drawn as lines in
their owner's colour (thick for a natural harmony), disharmonies as red lines through the tile
that breaks them, a completed ring in gold, drained tiles greyed, dormant spring flowers tagged,
blooming Lotuses circled (every link also gets a dot halfway, so links between neighbours
show), the last move and what its ability moved; running scores and the Pot
in the header."""
from __future__ import annotations

from PIL import ImageDraw

from engine.view import BoardView, Move

from . import paisho_board as kit
from . import register
from .style import BACKGROUND, HIGHLIGHT, INK, MUTED, TEXT, WHITE, header, result_line, text_centered, to_png

DISHARMONY = (220, 40, 60)
DRAINED = (150, 144, 138)
BLOOM = (214, 64, 176)
GLYPHS = {"Rk": "rock"}  # Basic's Rock is the Earth tile
OWN_COLOURS = (*kit.OWN_COLOURS, DISHARMONY, DRAINED, BLOOM)
TEXT_PAIRS = (*kit.TEXT_PAIRS, (TEXT, BACKGROUND), (INK, DRAINED), (WHITE, INK))


def status_line(view: BoardView, names: list[str]) -> str:
    """``view``: a BasicView (engine.basic.view)."""
    head = view.header
    if head.outcome is not None:
        line = result_line(head, names)
        if view.pot_winner is not None:
            line += f" \u00b7 pot: {names[view.pot_winner]}"
        return line
    goal = view.target_points
    target = f"first to {goal} points" if goal else "no target"
    return f"{names[head.to_move]} {head.turn_words} \u00b7 {target}"


def chip_text(view: BoardView, seat: int) -> str:
    facts = view.header.seats[seat]
    captured = facts.count("captured")
    if view.final:
        return f"{facts.count('final')} final \u00b7 {captured} captured"
    points = facts.count("points")
    return f"{points} point{'' if abs(points) == 1 else 's'} \u00b7 {captured} captured"


def title(view: BoardView) -> str:
    if view.header.outcome is not None:
        return "Basic Pai Sho"
    if view.phase != "main":
        return "Basic Pai Sho \u00b7 setup"
    return f"Basic Pai Sho \u00b7 turn {view.turn} of {view.max_turns}"


def render(view: BoardView, names: list[str] | None = None) -> bytes:
    """The picture of a BasicView (engine.basic.view) as a PNG; ``names`` label the seats."""
    head = view.header
    names = list(names or [s.label for s in head.seats])
    geo = kit.geometry()
    img = kit.board_layer().copy()
    draw = ImageDraw.Draw(img)
    chips = [(kit.SEAT_KEYS[s], names[s], chip_text(view, s), s == head.to_move, str(s + 1)) for s in (0, 1)]
    header(draw, title(view), status_line(view, names), chips, kit.HEADER)
    disharmonies = [line for line in view.lines if line.kind == "disharmony"]
    harmonies = [line for line in view.lines if line.kind == "harmony"]
    for d in disharmonies:
        draw.line((*geo.xy(d.a), *geo.xy(d.b)), fill=DISHARMONY, width=4)
    for h in harmonies:
        colour = kit.PLAYER_COLOURS[kit.SEAT_KEYS[h.owner]]
        draw.line((*geo.xy(h.a), *geo.xy(h.b)), fill=colour, width=8 if h.value == 2 else 4)
    for ring in view.lines:
        if ring.kind == "ring":
            draw.line((*geo.xy(ring.a), *geo.xy(ring.b)), fill=HIGHLIGHT, width=5)
    for tile in view.tiles:
        point, code = tile.at, tile.kind
        fill, glyph = kit.shared_tile_look(code, GLYPHS)
        kit.draw_tile(img, geo, point, tile.label, tile.owner, DRAINED if "drained" in tile.flags else fill, glyph)
        if "dormant" in tile.flags:
            x, y = geo.xy(point)
            draw.ellipse((x + 9, y - 21, x + 21, y - 9), fill=INK)
            text_centered(draw, (x + 15, y - 15), "z", 10, WHITE)
        if "blooming" in tile.flags:
            kit.ring(draw, geo, point, BLOOM, 3)
    # a dot on every link, above the tiles, so a harmony between neighbours shows too
    for d in disharmonies:
        for end in (d.a, d.b):
            _dot(draw, geo, end, d.via, DISHARMONY, 5)
    for h in harmonies:
        _dot(draw, geo, h.a, h.b, kit.PLAYER_COLOURS[kit.SEAT_KEYS[h.owner]], 8 if h.value == 2 else 6)
    _last_move(draw, geo, view.last)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS)


def _dot(draw: ImageDraw.ImageDraw, geo: kit.Geometry, a, b, colour, radius: int) -> None:
    """A round mark halfway between two points, rimmed in white."""
    (xa, ya), (xb, yb) = geo.xy(a), geo.xy(b)
    x, y = (xa + xb) / 2, (ya + yb) / 2
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=WHITE, width=2)


def _last_move(draw: ImageDraw.ImageDraw, geo: kit.Geometry, last: Move | None) -> None:
    """Ring where the last turn acted: the placed tile, the move's ends, what the ability moved."""
    if last is None:
        return
    if last.kind == "spring":
        kit.ring(draw, geo, last.to, HIGHLIGHT, 4)
        for mirrored in last.effects:
            kit.ring(draw, geo, mirrored.to, HIGHLIGHT, 2)
    elif last.kind == "place":
        kit.ring(draw, geo, last.to, HIGHLIGHT, 4)
    elif last.kind in ("move", "ability"):
        if last.kind == "move":
            kit.ring(draw, geo, last.frm, MUTED, 2)
            kit.ring(draw, geo, last.to, HIGHLIGHT, 4)
        else:
            kit.ring(draw, geo, last.actor, HIGHLIGHT, 4)
        for effect in last.effects:
            if effect.kind in ("turn", "shift", "return"):
                kit.ring(draw, geo, effect.frm, MUTED, 2)  # where a tile was turned, pushed or launched from
                if effect.to is not None:
                    kit.ring(draw, geo, effect.to, HIGHLIGHT, 2)


register("basic", board=render)
