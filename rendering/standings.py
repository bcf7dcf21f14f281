"""A tournament's standings as a table picture: place, player, points, the tie-break (Sonneborn-
Berger in a round robin, Buchholz in a Swiss or table event), and each round's result. Drawn from
plain rows (``Standings``: no engine state, no names with Markdown), 800 px wide like every picture
and readable on a phone; players who withdrew are greyed, the leaders of a final table marked."""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from .style import BACKGROUND, HEADER_BG, HIGHLIGHT, MUTED, TEXT, WIDTH, Colour, font, shorten, to_png

ROW = 38  # a row's height
HEAD = 112  # the title band and the column headings
CELL = 46  # a round's column
MOST_ROUNDS = 7  # round columns shown (the latest ones when there are more)
STRIPE: Colour = (50, 52, 57)
GOLD: Colour = (214, 175, 55)
SIZE = 20


@dataclass(frozen=True)
class StandingRow:
    """One player's line: place ("1", "2=" for a shared place), name (plain text), points and
    tie-break as shown, each round's result ("1", "½", "0", "bye", "+" a forfeit won, "-" not
    played), and whether they withdrew."""

    place: str
    name: str
    points: str
    tiebreak: str
    rounds: tuple[str, ...]
    withdrawn: bool = False
    leader: bool = False


@dataclass(frozen=True)
class Standings:
    title: str  # the tournament's name
    subtitle: str  # e.g. "Swiss, round 3 of 5" or "Final standings"
    tiebreak: str  # the tie-break's column heading ("SB", "Buchholz")
    rows: tuple[StandingRow, ...]


def render_standings(table: Standings) -> bytes:
    """The standings as a PNG."""
    shown = max((len(r.rounds) for r in table.rows), default=0)
    first_round = max(0, shown - MOST_ROUNDS)
    rounds = shown - first_round
    height = HEAD + ROW * max(1, len(table.rows)) + 16
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, WIDTH, HEAD - 40), fill=HEADER_BG)
    draw.text((16, 14), shorten(table.title, font(28, True), WIDTH - 32), font=font(28, True), fill=TEXT)
    draw.text((16, 50), shorten(table.subtitle, font(SIZE), WIDTH - 32), font=font(SIZE), fill=MUTED)
    x_place, x_name = 16, 70
    x_rounds = WIDTH - 16 - rounds * CELL
    x_tiebreak = x_rounds - 20
    x_points = x_tiebreak - 118
    y = HEAD - 32
    bold = font(18, True)
    draw.text((x_place, y), "#", font=bold, fill=MUTED)
    draw.text((x_name, y), "Player", font=bold, fill=MUTED)
    draw.text((x_points, y), "Points", font=bold, fill=MUTED, anchor="ra")
    draw.text((x_tiebreak, y), table.tiebreak, font=bold, fill=MUTED, anchor="ra")
    for k in range(rounds):
        draw.text((x_rounds + k * CELL + CELL // 2, y), f"R{first_round + k + 1}", font=bold, fill=MUTED,
                  anchor="ma")
    name_width = x_points - 90 - x_name
    for i, row in enumerate(table.rows):
        top = HEAD + i * ROW
        if i % 2:
            draw.rectangle((0, top, WIDTH, top + ROW), fill=STRIPE)
        ink = MUTED if row.withdrawn else TEXT
        mid = top + ROW // 2
        if row.leader:
            draw.ellipse((x_place - 6, mid - 15, x_place + 30, mid + 15), fill=GOLD)
        draw.text((x_place + 12, mid), row.place, font=font(SIZE, True), fill=HEADER_BG if row.leader else ink,
                  anchor="mm")
        name = row.name + (" (withdrew)" if row.withdrawn else "")
        draw.text((x_name, mid), shorten(name, font(SIZE), name_width), font=font(SIZE), fill=ink, anchor="lm")
        draw.text((x_points, mid), row.points, font=font(SIZE, True), fill=HIGHLIGHT if row.leader else ink,
                  anchor="rm")
        draw.text((x_tiebreak, mid), row.tiebreak, font=font(SIZE), fill=ink, anchor="rm")
        for k, result in enumerate(row.rounds[first_round:]):
            draw.text((x_rounds + k * CELL + CELL // 2, mid), result, font=font(18, condensed=True), fill=ink,
                      anchor="mm")
    return to_png(img, (STRIPE, GOLD), ((TEXT, STRIPE), (MUTED, STRIPE), (HEADER_BG, GOLD), (HIGHLIGHT, BACKGROUND),
                                         (HIGHLIGHT, STRIPE)))
