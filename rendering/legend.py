"""A game's legend picture (/rules, the console's rules): every kind of tile with its code and name,
as each player's tile looks on the board, and how the last move is marked. Every tile and the move
are cut out of the game's own board pictures of real positions (engine.legend finds them), so the
legend shows exactly what the pictures draw; a kind no position showed is drawn as the game draws
a tile off the board (its hand or reserve)."""
from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.legend import Legend, sample

from . import geometry_of, picture_of, tile_image
from .style import BACKGROUND, HEADER_BG, MUTED, TEXT, WIDTH, Colour, font, paste_text, text_width

CELL = 56  # a tile's picture in the legend, in pixels
ROW = CELL + 12
COLUMNS = 2  # entries side by side
PAD = 16
LAST_WIDTH = 360  # the last move's picture
GREY: Colour = (70, 72, 78)


def _crop(image: Image.Image, centre: tuple[float, float], half: float, size: int, top: int = 0) -> Image.Image:
    """A square of the picture around ``centre``, kept below ``top`` (the header) and inside it."""
    half = min(half, (image.height - top) / 2, image.width / 2)
    x = min(max(centre[0], half), image.width - half)
    y = min(max(centre[1], top + half), image.height - half)
    box = (round(x - half), round(y - half), round(x + half), round(y + half))
    return image.crop(box).resize((size, size), Image.Resampling.LANCZOS)


class _Cutter:
    """Pictures of the legend's positions, drawn once each, and tiles cut out of them."""

    def __init__(self, legend: Legend) -> None:
        self.legend = legend
        self._drawn: dict[int, tuple[Image.Image, object]] = {}

    def picture(self, index: int) -> tuple[Image.Image, object]:
        if index not in self._drawn:
            view = self.legend.views[index]
            drawn, geo = picture_of(view), geometry_of(view)
            if drawn is None or geo is None:
                raise ValueError(f"{view.variant} draws no board picture with a geometry")
            self._drawn[index] = (drawn.image.convert("RGB"), geo)
        return self._drawn[index]

    def tile(self, code: str, seat: int | None) -> Image.Image | None:
        seen = self.legend.seen(code, seat)
        if seen is not None:
            image, geo = self.picture(seen.view)
            at = (seen.point[0] + 0.5, seen.point[1] + 0.5) if seen.square else seen.point  # between four points
            half = geo.spacing * (0.5 if geo.shape == "square" else 0.62)  # type: ignore[attr-defined]
            return _crop(image, geo.locate(at), half, CELL)  # type: ignore[attr-defined]
        if seat is None or not self.legend.views:
            return None
        sprite = tile_image(self.legend.views[0], code, seat)  # never on the board in the sample: off-board look
        if sprite is None:
            return None
        out = Image.new("RGB", (CELL, CELL), BACKGROUND)
        sprite = sprite.convert("RGBA")
        sprite.thumbnail((CELL - 8, CELL - 8))
        out.paste(sprite, ((CELL - sprite.width) // 2, (CELL - sprite.height) // 2), sprite)
        return out

    def last_move(self) -> Image.Image | None:
        index = self.legend.last
        if index is None:
            return None
        view = self.legend.views[index]
        if view.last is None or not view.last.touched:
            return None
        image, geo = self.picture(index)
        spots = [geo.locate(p) for p in view.last.touched]  # type: ignore[attr-defined]
        xs, ys = [x for x, _ in spots], [y for _, y in spots]
        half = max(max(xs) - min(xs), max(ys) - min(ys)) / 2 + geo.spacing * 1.6  # type: ignore[attr-defined]
        centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        return _crop(image, centre, half, LAST_WIDTH, geo.top)  # type: ignore[attr-defined]


def draw_legend(legend: Legend) -> Image.Image:
    """The legend picture of a game's sample positions."""
    cut = _Cutter(legend)
    owned = [(code, name) for code, name in legend.tiles if legend.seen(code, None) is None]
    nobodys = [(code, name) for code, name in legend.tiles if legend.seen(code, None) is not None]
    entries = [(code, name, (0, 1)) for code, name in owned] + [(code, name, (None,)) for code, name in nobodys]
    rows = -(-len(entries) // COLUMNS)
    last = cut.last_move()
    head = 124
    height = head + rows * ROW + PAD + (LAST_WIDTH + 60 if last is not None else 0)
    img = Image.new("RGB", (WIDTH, height), BACKGROUND)
    pen = ImageDraw.Draw(img)
    pen.rectangle((0, 0, WIDTH, head - 10), fill=HEADER_BG)
    paste_text(img, (PAD, 12), f"{legend.name}: what the pictures show", 28, True, TEXT)
    paste_text(img, (PAD, 52), "Every tile with its code and name, as it looks on the board:", 19, False, MUTED)
    paste_text(img, (PAD, 78), f"on the left {legend.labels[0]}'s, on the right {legend.labels[1]}'s.", 19, False,
               MUTED)
    column = (WIDTH - 2 * PAD) // COLUMNS
    name_face = font(20)
    for n, (code, name, seats_shown) in enumerate(entries):
        x0 = PAD + (n % COLUMNS) * column
        y0 = head + (n // COLUMNS) * ROW
        x = x0
        for seat in seats_shown:
            picture = cut.tile(code, seat)
            if picture is not None:
                img.paste(picture, (x, y0))
            else:
                pen.rectangle((x, y0, x + CELL, y0 + CELL), outline=GREY, width=2)
            x += CELL + 6
        label = f"{code}  {name}" + ("  (nobody's)" if seats_shown == (None,) else "")
        room = x0 + column - x - 8
        while text_width(label, name_face) > room and len(label) > 4:
            label = label[:-2] + "\u2026"
        paste_text(img, (x + 4, y0 + CELL // 2 - 12), label, 20, False, TEXT)
    if last is not None:
        y = head + rows * ROW + PAD
        paste_text(img, (PAD, y), "The last move is marked like this:", 20, True, TEXT)
        img.paste(last, ((WIDTH - LAST_WIDTH) // 2, y + 36))
    return img


@lru_cache(maxsize=8)
def legend_png(variant: str) -> bytes | None:
    """The PNG of a game's legend (made once per process: it depends on nothing but the game); None
    for a game that names no tiles or draws no board geometry."""
    legend = sample(variant)
    if not legend.tiles or not legend.views or geometry_of(legend.views[0]) is None:
        return None
    out = io.BytesIO()
    draw_legend(legend).save(out, format="PNG", optimize=True)
    return out.getvalue()
