"""A small rating-history chart for profiles."""
from __future__ import annotations

from PIL import Image, ImageDraw

from .style import BACKGROUND, HIGHLIGHT, MUTED, TEXT, font, to_png

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 64, 20, 44, 30
LINE = (86, 126, 230)
GRID = (70, 73, 80)


def rating_chart(title: str, values: list[float]) -> bytes:
    """``values``: the rating after each game (the first is the start). A line with its range."""
    img = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(img)
    draw.text((LEFT, 12), title, font=font(18, True), fill=TEXT)
    low, high = min(values), max(values)
    if high - low < 40:
        low, high = (low + high) / 2 - 20, (low + high) / 2 + 20
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM

    def y(v: float) -> float:
        return y1 - (v - low) / (high - low) * (y1 - y0)

    for v in (low, (low + high) / 2, high):
        draw.line((x0, y(v), x1, y(v)), fill=GRID, width=1)
        draw.text((x0 - 8, y(v)), f"{round(v)}", font=font(13), fill=MUTED, anchor="rm")
    step = (x1 - x0) / max(1, len(values) - 1)
    points = [(x0 + i * step, y(v)) for i, v in enumerate(values)]
    if len(points) > 1:
        draw.line(points, fill=LINE, width=3)
    px, py = points[-1]
    draw.ellipse((px - 5, py - 5, px + 5, py + 5), fill=HIGHLIGHT)
    draw.text((x0, y1 + 8), f"{len(values) - 1} rated games", font=font(13), fill=MUTED)
    return to_png(img, (LINE, GRID), ((MUTED, BACKGROUND), (TEXT, BACKGROUND)))
