"""Ancient Pai Sho pictures: the shared board with harmonies and disharmonies drawn along their
lines (with a dot between neighbouring tiles, whose line the tiles hide), drained tiles face
down, the count and target, hand and pile sizes (never the tiles), the discards face up under the
board, the last placement with what its Ship and its move moved; and a small picture of one
player's own hand, for them alone."""
from __future__ import annotations

from collections import Counter

from PIL import Image, ImageDraw

from engine.ancient.view import AncientView
from engine.view import HandView

from . import paisho_board as kit
from . import register
from .geometry import BoardGeometry
from .style import (
    BACKGROUND,
    INK,
    MUTED,
    TEXT,
    WHITE,
    WIDTH,
    Chip,
    Colour,
    Heading,
    Picture,
    canvas,
    font,
    header_layout,
    mover,
    result_line,
    seat_names,
    shorten,
    to_png,
)

HARMONY: Colour = (0, 120, 70)
DISHARMONY: Colour = (190, 30, 60)
OWN_COLOURS = (*kit.OWN_COLOURS, HARMONY, DISHARMONY)
TEXT_PAIRS = (*kit.TEXT_PAIRS, (TEXT, BACKGROUND), (MUTED, BACKGROUND))
STRIP_ROW = 50  # one row of discards under the board
STRIP_LABEL = 150  # room for "alice:" before the tiles


def status_lines(view: AncientView, names: list[str]) -> list[str]:
    head = view.header
    count = f"harmonies {view.harmonies}, exactly {view.target} wins"
    if head.outcome is not None:
        return [result_line(head, names), count]
    return [f"{names[mover(head)]} {head.turn_words}", count]



def chip_text(view: AncientView, seat: int) -> str:
    facts = view.header.seats[seat]
    return f"hand {facts.count('hand')} \u00b7 pile {facts.count('pile')}"


def discard_rows(view: AncientView) -> list[tuple[int, list[tuple[str, int]]]]:
    """The discards by seat: (seat, [(code, how many)]) in the order each code was first
    discarded, as many rows as they need."""
    per_row = (WIDTH - 2 * 16 - STRIP_LABEL) // 66
    rows = []
    for seat in (0, 1):
        counts = Counter(code for s, code in view.discards if s == seat)
        items = list(counts.items())
        for start in range(0, len(items), per_row):
            rows.append((seat, items[start:start + per_row]))
    return rows


def strip_height(rows: list[tuple[int, list[tuple[str, int]]]]) -> int:
    """The height of the band of discards under the board (none without discards)."""
    return 34 + STRIP_ROW * len(rows) if rows else 0


def _discard_strip(img: Image.Image, top: int, rows: list[tuple[int, list[tuple[str, int]]]],
                   names: list[str]) -> None:
    """Draw the band under the board, from ``top``, with each player's discards, face up (public:
    ancient.md 3.2)."""
    pen = ImageDraw.Draw(img)
    pen.text((16, top + 4), "Discards (out of the game)", font=font(20, True), fill=MUTED)
    seen: set[int] = set()
    for i, (seat, items) in enumerate(rows):
        y = top + 34 + i * STRIP_ROW + STRIP_ROW // 2
        if seat not in seen:
            seen.add(seat)
            label = shorten(names[seat], font(20, True), STRIP_LABEL - 16)
            pen.text((16, y), label, font=font(20, True), fill=TEXT, anchor="lm")
        for j, (code, n) in enumerate(items):
            x = 16 + STRIP_LABEL + j * 66
            sprite = kit.tile_sprite(code, seat, kit.flower_rim(code))
            img.paste(sprite, (x, y - sprite.height // 2), sprite)
            if n > 1:
                pen.text((x + sprite.width + 2, y), f"\u00d7{n}", font=font(18, True), fill=TEXT, anchor="lm")


def heading(view: AncientView, names: list[str] | None = None) -> Heading:
    """The header: the turn, who moves (or the result), the harmony count, hand and pile sizes."""
    head = view.header
    names = seat_names(head, names)
    chips = tuple(Chip(kit.SEAT_KEYS[s], names[s], chip_text(view, s), s == head.to_move, str(s + 1)) for s in (0, 1))
    title = f"Ancient Pai Sho \u00b7 turn {view.turn}" if head.outcome is None else "Ancient Pai Sho"
    return Heading(title, tuple(status_lines(view, names)), chips)


def draw(view: AncientView, names: list[str] | None = None) -> Picture:
    """The picture of an AncientView; ``names`` label the seats."""
    names = seat_names(view.header, names)
    rows = discard_rows(view)
    board, top = canvas(heading(view, names), kit.board_layer(), strip_height(rows))
    geo = kit.geometry(top)
    pen = ImageDraw.Draw(board)
    for line in view.lines:
        harmony = line.kind == "harmony"
        pen.line((*geo.xy(line.a), *geo.xy(line.b)), fill=HARMONY if harmony else DISHARMONY,
                 width=5 if harmony else 3)
    marks = kit.mark_turn(pen, geo, view.last, moved=("ship",), main=("move",))
    for tile in view.tiles:
        drained = "drained" in tile.flags
        kit.draw_tile(board, geo, tile.at, tile.label, tile.owner, kit.flower_rim(tile.kind), None,
                      marks.edge(tile.at), kit.DOWN if drained else "")
    for line in view.lines:  # between neighbours the line is under the tiles: a dot halfway shows it
        if max(abs(line.a[0] - line.b[0]), abs(line.a[1] - line.b[1])) == 1:
            harmony = line.kind == "harmony"
            kit.link_dot(pen, geo, line.a, line.b, HARMONY if harmony else DISHARMONY, 7 if harmony else 5)
    if rows:
        _discard_strip(board, top + geo.height, rows, names)
    return Picture(board, top, OWN_COLOURS, TEXT_PAIRS)


def render(view: AncientView, names: list[str] | None = None) -> bytes:
    """The picture of an AncientView as a PNG; ``names`` label the seats."""
    return draw(view, names).png()


def render_hand(hand: HandView) -> bytes:
    """One player's hand: the tiles in canonical order, for that player only."""
    tiles, seat = hand.tiles, hand.seat
    step = kit.TILE_RADIUS * 2 + 12
    width = max(360, 24 + step * max(1, len(tiles)))
    img = Image.new("RGB", (width, 110), BACKGROUND)
    pen = ImageDraw.Draw(img)
    pen.text((12, 8), f"Your hand ({len(tiles)}/{hand.limit})", font=font(22, True), fill=TEXT)
    for i, code in enumerate(tiles):
        sprite = kit.tile_sprite(code, seat, kit.flower_rim(code))
        img.paste(sprite, (12 + i * step, 50), sprite)
    if not tiles:
        pen.text((12, 60), "empty", font=font(20), fill=TEXT)
    return to_png(img, OWN_COLOURS, TEXT_PAIRS + ((WHITE, INK),))


def geometry(view: AncientView, names: list[str] | None = None) -> BoardGeometry:
    """Where the picture of an AncientView draws each point (rendering.geometry)."""
    names = seat_names(view.header, names)
    return kit.board_geometry(header_layout(heading(view, names)).height, strip_height(discard_rows(view)))


def tile(view: AncientView, code: str, seat: int) -> Image.Image:
    """A tile of a hand, as the board shows it."""
    return kit.tile_sprite(code, seat, kit.flower_rim(code))


register("ancient", board=render, hand=render_hand, picture=draw, geometry=geometry, tile=tile)
