"""The chart of a reviewed game: each seat's winning chance (0-100 %) after every turn as the AI
saw it, one line per seat in the player colours (each line also labelled with its name at its
end, so colour is never the only cue), and the marked turns as numbered flags."""
from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from .style import BACKGROUND, HIGHLIGHT, INK, MUTED, PLAYER_COLOURS, TEXT, font, shorten, to_png

WIDTH, HEIGHT = 800, 340
LEFT, RIGHT, TOP, BOTTOM = 56, 110, 46, 34
GRID = (70, 73, 80)
ORDER = "PAML"  # the seats' colours, seat by seat (a game's own colours are the header's business)


def review_chart(title: str, chances: Sequence[Sequence[float]], names: Sequence[str], marked: Sequence[int]
                 ) -> bytes:
    """``chances[i][seat]``: each seat's chance in the position after ``i`` record entries (the first
    is the start); ``marked``: the plies of the marked turns (the move of ply p leads from position p
    to p + 1)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(img)
    draw.text((LEFT, 12), shorten(title, font(18, True), WIDTH - LEFT - 16), font=font(18, True), fill=TEXT)
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM
    last = max(1, len(chances) - 1)

    def x(ply: float) -> float:
        return x0 + ply / last * (x1 - x0)

    def y(value: float) -> float:
        return y1 - min(1.0, max(0.0, value)) * (y1 - y0)

    for value in (0.0, 0.5, 1.0):
        draw.line((x0, y(value), x1, y(value)), fill=GRID, width=1)
        draw.text((x0 - 8, y(value)), f"{round(value * 100)}%", font=font(14), fill=MUTED, anchor="rm")
    for number, ply in enumerate(marked, start=1):
        px = x(ply + 1)
        draw.line((px, y0, px, y1), fill=HIGHLIGHT, width=1)
        draw.ellipse((px - 10, y0 - 22, px + 10, y0 - 2), fill=HIGHLIGHT)
        draw.text((px, y0 - 12), str(number), font=font(14, True), fill=INK, anchor="mm")
    seats = len(chances[0]) if chances else 0
    for seat in range(seats):
        colour = PLAYER_COLOURS[ORDER[seat % len(ORDER)]]
        points = [(x(i), y(c[seat])) for i, c in enumerate(chances)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=3)
        end_x, end_y = points[-1]
        label = shorten(names[seat] if seat < len(names) else f"Player {seat + 1}", font(14, True), RIGHT - 16)
        draw.text((end_x + 8, end_y + (seat - (seats - 1) / 2) * 16), label, font=font(14, True), fill=colour,
                  anchor="lm")
    draw.text((x0, y1 + 10), f"{len(chances) - 1} turns \u00b7 winning chance as the AI saw it", font=font(14),
              fill=MUTED)
    colours = tuple(PLAYER_COLOURS[c] for c in ORDER) + (GRID, HIGHLIGHT)
    return to_png(img, colours, ((MUTED, BACKGROUND), (TEXT, BACKGROUND), (INK, HIGHLIGHT)))
