"""Basic Pai Sho pictures: the shared round board with every tile, harmonies drawn as lines in
their owner's colour (thick for a natural harmony), disharmonies as red lines through the tile
that breaks them, a completed ring in gold, drained tiles greyed, dormant spring flowers tagged,
blooming Lotuses circled (every link also gets a dot halfway, so links between neighbours
show), the last move and what its ability moved; running scores and the Pot
in the header."""
from __future__ import annotations

from PIL import ImageDraw

from engine.basic.game import BasicGame

from . import paisho_board as kit
from .style import HIGHLIGHT, INK, MUTED, TEXT, WHITE, BACKGROUND, header, result_line, text_centered, to_png

DISHARMONY = (220, 40, 60)
DRAINED = (150, 144, 138)
BLOOM = (214, 64, 176)
GLYPHS = {"Rk": "rock"}  # Basic's Rock is the Earth tile
OWN_COLOURS = (*kit.OWN_COLOURS, DISHARMONY, DRAINED, BLOOM)
TEXT_PAIRS = (*kit.TEXT_PAIRS, (TEXT, BACKGROUND), (INK, DRAINED), (WHITE, INK))


def status_line(game: BasicGame, names: list[str]) -> str:
    if game.outcome is not None:
        line = result_line(game, names)
        if game.pot_winner is not None:
            line += f" \u00b7 pot: {names[game.pot_winner]}"
        return line
    goal = game.options["target_points"]
    target = f"first to {goal} points" if goal else "no target"
    return f"{names[game.to_move]} {game.turn_words()} \u00b7 {target}"


def chip_text(game: BasicGame, seat: int) -> str:
    captured = sum(game.pot[1 - seat].values())
    if game.tally is not None:
        return f"{game.tally[seat]['final']} final \u00b7 {captured} captured"
    points = game.running[seat]
    return f"{points} point{'' if abs(points) == 1 else 's'} \u00b7 {captured} captured"


def title(game: BasicGame) -> str:
    if game.outcome is not None:
        return "Basic Pai Sho"
    if game.phase != "main":
        return "Basic Pai Sho \u00b7 setup"
    return f"Basic Pai Sho \u00b7 turn {game.main_turns + 1} of {game.options['max_turns']}"


def render(game: BasicGame, names: list[str] | None = None) -> bytes:
    names = list(names or ["P1", "P2"])
    geo = kit.geometry()
    img = kit.board_layer().copy()
    draw = ImageDraw.Draw(img)
    chips = [(kit.SEAT_KEYS[s], names[s], chip_text(game, s), s == game.to_move, str(s + 1)) for s in (0, 1)]
    header(draw, title(game), status_line(game, names), chips, kit.HEADER)
    garden = game.garden()
    harmonies = garden.harmonies()
    disharmonies = garden.disharmonies()
    for d in disharmonies:
        draw.line((*geo.xy(d.a), *geo.xy(d.b)), fill=DISHARMONY, width=4)
    for h in harmonies:
        colour = kit.PLAYER_COLOURS[kit.SEAT_KEYS[h.owner]]
        draw.line((*geo.xy(h.a), *geo.xy(h.b)), fill=colour, width=8 if h.value == 2 else 4)
    if game.outcome is not None and game.outcome.reason == "ring":
        cycle = garden.ring(game.pot_winner, harmonies) or []
        for a, b in zip(cycle, cycle[1:] + cycle[:1]):
            draw.line((*geo.xy(a), *geo.xy(b)), fill=HIGHLIGHT, width=5)
    for point, (seat, code, dormant) in game.board.items():
        fill, glyph = kit.shared_tile_look(code, GLYPHS)
        kit.draw_tile(img, geo, point, code, seat, DRAINED if point in garden.drained else fill, glyph)
        if dormant:
            x, y = geo.xy(point)
            draw.ellipse((x + 9, y - 21, x + 21, y - 9), fill=INK)
            text_centered(draw, (x + 15, y - 15), "z", 10, WHITE)
        if code == "WL" and garden.blooming[seat]:
            kit.ring(draw, geo, point, BLOOM, 3)
    # a dot on every link, above the tiles, so a harmony between neighbours shows too
    for d in disharmonies:
        for end in (d.a, d.b):
            _dot(draw, geo, end, d.x, DISHARMONY, 5)
    for h in harmonies:
        _dot(draw, geo, h.a, h.b, kit.PLAYER_COLOURS[kit.SEAT_KEYS[h.owner]], 8 if h.value == 2 else 6)
    _last_move(draw, geo, game)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS)


def _dot(draw: ImageDraw.ImageDraw, geo: kit.Geometry, a, b, colour, radius: int) -> None:
    """A round mark halfway between two points, rimmed in white."""
    (xa, ya), (xb, yb) = geo.xy(a), geo.xy(b)
    x, y = (xa + xb) / 2, (ya + yb) / 2
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=WHITE, width=2)


def _last_move(draw: ImageDraw.ImageDraw, geo: kit.Geometry, game: BasicGame) -> None:
    """Ring where the last turn acted: the placed tile, the move's ends, what the ability moved."""
    last = game.last
    if not last or game.last_was_leave:
        return
    if last["kind"] == "spring":
        kit.ring(draw, geo, last["at"], HIGHLIGHT, 4)
        kit.ring(draw, geo, last["mirror"], HIGHLIGHT, 2)
    elif last["kind"] == "place":
        kit.ring(draw, geo, last["at"], HIGHLIGHT, 4)
    elif last["kind"] in ("move", "ability"):
        if last["kind"] == "move":
            kit.ring(draw, geo, last["from"], MUTED, 2)
            kit.ring(draw, geo, last["to"], HIGHLIGHT, 4)
        else:
            kit.ring(draw, geo, last["ability"].actor, HIGHLIGHT, 4)
        for source, dest in last["effect"]:
            kit.ring(draw, geo, source, MUTED, 2)  # where a tile was turned, pushed or launched from
            if dest is not None:
                kit.ring(draw, geo, dest, HIGHLIGHT, 2)
