"""The move panel's picture: one step of picking a move (engine.steps), drawn for a phone.

On top, the question and what was chosen so far. Under it the board, cut to the part the step
concerns and enlarged (a region of the board fills the width, so its keys and point names read
at 390 px), with each option's key on its point (beside a tile that stands there), a region's
key in its frame, the points chosen so far ringed in yellow. Under the board a tray holds the
options that are not on the board: tiles of the hand or reserve (drawn as the game draws them),
and words such as "Draw a tile" or "No move". A finished move shows the position after it.

Drawn from a view and a step only (both immutable and picklable: the picture workers draw it);
``panel(view, step, names)`` gives the PNG and where each option's key is (``PanelGeometry``), so
a web page can make the picture touchable.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.notation import square_name
from engine.steps import GROUP, Option, Step
from engine.view import BoardView, Point

from . import geometry_of, picture_of, render_view, tile_image
from .geometry import BoardGeometry
from .style import (
    BACKGROUND,
    HEADER_BG,
    HIGHLIGHT,
    INK,
    MUTED,
    TEXT,
    WHITE,
    WIDTH,
    Colour,
    Picture,
    font,
    shorten,
    to_png,
    wrap,
)

MAX_ZOOM = 3.2  # the most a region of the board is enlarged
MARGIN = 1.1  # board spacings kept around what a step concerns
BADGE_MIN, BADGE_MAX = 17, 36  # a key's disc radius in pixels (at 800 px wide)
CELL_H = 124  # a tray cell's height with a tile; without one it holds three lines of words
EDGE: Colour = (20, 20, 24)
KEY_COLOURS = (HIGHLIGHT, INK, EDGE, WHITE, (60, 60, 66))
KEY_PAIRS = ((INK, HIGHLIGHT), (TEXT, HEADER_BG), (HIGHLIGHT, HEADER_BG), (MUTED, BACKGROUND), (TEXT, BACKGROUND),
             (INK, WHITE), (TEXT, (60, 60, 66)))


@dataclass(frozen=True)
class Target:
    """Where an option can be touched in the panel's picture: its key and a box (x0, y0, x1, y1)."""

    key: str
    box: tuple[int, int, int, int]


@dataclass(frozen=True)
class PanelGeometry:
    """The panel picture's size, the board points it shows (pixel centres) and each option's
    touch target."""

    width: int
    height: int
    points: tuple[tuple[Point, tuple[int, int]], ...]
    targets: tuple[Target, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"width": self.width, "height": self.height,
                "points": {square_name(*p): list(xy) for p, xy in self.points},
                "targets": [{"key": t.key, "box": list(t.box)} for t in self.targets]}


def panel(view: BoardView, step: Step, names: list[str] | None = None) -> tuple[bytes, PanelGeometry]:
    """The PNG of one step of the move panel, drawn on ``view`` (for a finished move: the view of
    the position after it), and where its options are."""
    drawn, geo = _drawn(view, tuple(names) if names is not None else None)
    if drawn is not None and geo is not None:
        image, colours, pairs = drawn.image, drawn.colours, drawn.pairs
        board, board_geo, zoom, box = _board(image, geo, step, view)
    else:  # a game without a board geometry: its own picture, and every option in the tray
        with Image.open(io.BytesIO(render_view(view, names))) as raw:
            board = raw.convert("RGB")
        if board.width != WIDTH:
            board = board.resize((WIDTH, round(board.height * WIDTH / board.width)), Image.Resampling.LANCZOS)
        board_geo, zoom, box, colours, pairs = None, 1.0, (0.0, 0.0, 0.0, 0.0), (), ()
    band = _band(view, step)
    marked = [o for o in step.options if _on_board(o, board_geo)]
    tray = [o for o in step.options if o not in marked]
    tray_img = _tray(view, step, tray)
    out = Image.new("RGB", (WIDTH, band.height + board.height + tray_img.height), BACKGROUND)
    out.paste(band, (0, 0))
    out.paste(board, (0, band.height))
    out.paste(tray_img, (0, band.height + board.height))
    targets: list[Target] = []
    points: tuple[tuple[Point, tuple[int, int]], ...] = ()
    if board_geo is not None:
        def at(point: Point) -> tuple[float, float]:
            x, y = board_geo.locate(point)
            return (x - box[0]) * zoom, (y - box[1]) * zoom + band.height

        spacing = board_geo.spacing * zoom
        targets = _marks(out, view, step, marked, at, spacing)
        shown = []
        for p, (x, y) in board_geo.centres:
            if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
                px, py = at(p)
                shown.append((p, (round(px), round(py))))
        points = tuple(shown)
    targets += [Target(t.key, (t.box[0], t.box[1] + band.height + board.height, t.box[2],
                               t.box[3] + band.height + board.height)) for t in _tray_targets(tray)]
    png = to_png(out, tuple(colours) + KEY_COLOURS, tuple(pairs) + KEY_PAIRS)
    return png, PanelGeometry(out.width, out.height, points, tuple(targets))


@lru_cache(maxsize=8)
def _drawn(view: BoardView, names: tuple[str, ...] | None) -> tuple[Picture | None, BoardGeometry | None]:
    """The board picture of a view and its geometry, kept for the next steps of the same position
    (never drawn on: the panel cuts a copy out of it)."""
    drawn = picture_of(view, list(names) if names is not None else None)
    if drawn is None:
        return None, None
    return drawn, geometry_of(view, list(names) if names is not None else None)


def render_panel(view: BoardView, step: Step, names: list[str] | None = None) -> bytes:
    """The PNG of one step of the move panel (see ``panel``)."""
    return panel(view, step, names)[0]


# ----- the board, cut to what the step concerns --------------------------------------------------
def _on_board(option: Option, geo: BoardGeometry | None) -> bool:
    return geo is not None and bool(option.points) and all(geo.has(p) for p in option.points)


def _interest(step: Step, geo: BoardGeometry) -> list[Point]:
    points = [p for o in step.options if _on_board(o, geo) for p in (o.area or o.points)]
    points += [p for p in step.picked if geo.has(p)]
    return points


def _board(image: Image.Image, geo: BoardGeometry, step: Step,
           view: BoardView) -> tuple[Image.Image, BoardGeometry, float, tuple[float, float, float, float]]:
    """The board part of the picture, cut around what the step concerns and enlarged; the zoom and
    the box cut (in the picture's pixels)."""
    top, bottom = geo.top, geo.height
    points = _interest(step, geo)
    full = (0.0, float(top), float(WIDTH), float(bottom))
    if not points or step.done:
        x0, y0, x1, y1 = full
    else:
        xs = [geo.locate(p)[0] for p in points]
        ys = [geo.locate(p)[1] for p in points]
        pad = geo.spacing * MARGIN
        x0, x1 = min(xs) - pad, max(xs) + pad
        y0, y1 = min(ys) - pad, max(ys) + pad
        least = geo.spacing * 5
        x0, x1 = _widen(x0, x1, max(least, (y1 - y0) * 0.8), 0, WIDTH)
        y0, y1 = _widen(y0, y1, max(least, (x1 - x0) * 0.6), top, bottom)
    zoom = min(MAX_ZOOM, WIDTH / (x1 - x0))
    if zoom < 1.2:  # hardly larger: keep the whole width, only cut the height
        x0, x1, zoom = 0.0, float(WIDTH), 1.0
    else:  # the cut is as wide as the picture at this zoom (the marks are placed at it)
        x0, x1 = _widen(x0, x1, WIDTH / zoom, 0, WIDTH)
        width = round(WIDTH / zoom)
        x0 = min(round(x0), WIDTH - width)
        x1 = x0 + width
        zoom = WIDTH / (x1 - x0)
    crop = image.crop((round(x0), round(y0), round(x1), round(y1)))
    size = (WIDTH, max(1, round((y1 - y0) * zoom)))
    if zoom != 1.0:
        crop = crop.resize(size, Image.Resampling.LANCZOS)
    return crop, geo, zoom, (x0, y0, x1, y1)


def _widen(lo: float, hi: float, least: float, floor: float, ceiling: float) -> tuple[float, float]:
    """The span lo..hi widened evenly to at least ``least``, kept within floor..ceiling."""
    if hi - lo < least:
        grow = (least - (hi - lo)) / 2
        lo, hi = lo - grow, hi + grow
    if lo < floor:
        hi, lo = min(ceiling, hi + floor - lo), floor
    if hi > ceiling:
        lo, hi = max(floor, lo - (hi - ceiling)), ceiling
    return lo, hi


# ----- keys on the board -----------------------------------------------------------------------
@lru_cache(maxsize=256)
def _badge(key: str, radius: int, chosen: bool = False) -> Image.Image:
    """A key in a yellow disc with a dark edge (drawn four times larger and scaled down)."""
    k = 4
    size = (2 * radius + 4) * k
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    pen = ImageDraw.Draw(img)
    c, r = size / 2, radius * k
    pen.ellipse((c - r - 2 * k, c - r - 2 * k, c + r + 2 * k, c + r + 2 * k), fill=EDGE)
    pen.ellipse((c - r, c - r, c + r, c + r), fill=WHITE if chosen else HIGHLIGHT)
    pen.text((c, c + 0.5 * k), key, font=font(round(radius * 1.35 * k), True), fill=INK, anchor="mm")
    return img.resize((2 * radius + 4, 2 * radius + 4), Image.Resampling.LANCZOS)


def _marks(img: Image.Image, view: BoardView, step: Step, options: list[Option], at: Any,
           spacing: float) -> list[Target]:
    """Draw the picked points' rings, the regions' frames, arrows and every option's key; return
    the keys' touch targets."""
    pen = ImageDraw.Draw(img)
    occupied = {tile.at for tile in view.tiles}
    for p in step.picked:
        x, y = at(p)
        r = spacing * 0.56
        pen.ellipse((x - r - 3, y - r - 3, x + r + 3, y + r + 3), outline=EDGE, width=9)
        pen.ellipse((x - r, y - r, x + r, y + r), outline=HIGHLIGHT, width=6)
    targets = []
    radius = round(min(BADGE_MAX, max(BADGE_MIN, spacing * 0.44)))
    for option in options:  # regions: a frame with the key in the middle
        if option.kind == GROUP and option.area is not None:
            (ax, ay), (bx, by) = at(option.area[0]), at(option.area[1])
            half = spacing * 0.47
            box = (min(ax, bx) - half, min(ay, by) - half, max(ax, bx) + half, max(ay, by) + half)
            pen.rectangle(box, outline=EDGE, width=8)
            pen.rectangle((box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2), outline=HIGHLIGHT, width=4)
            big = round(min(BADGE_MAX + 8, max(radius, min(box[2] - box[0], box[3] - box[1]) * 0.3)))
            sprite = _badge(option.key, big)
            cx, cy = _free_spot(box, big, [at(p) for p in occupied | set(step.picked)])
            img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)
            targets.append(Target(option.key, (round(box[0]), round(box[1]), round(box[2]), round(box[3]))))
    for option in options:  # what an option brings from elsewhere: an arrow to its point
        if option.kind != GROUP and option.frm is not None and option.frm not in step.picked:
            (fx, fy), (tx, ty) = at(option.frm), at(option.points[0])
            pen.line((fx, fy, tx, ty), fill=EDGE, width=9)
            pen.line((fx, fy, tx, ty), fill=WHITE, width=4)
    placed: dict[Point, int] = {}
    caption = spacing >= 70
    beside = round(min(BADGE_MAX, max(BADGE_MIN, spacing * 0.3)))
    for option in options:
        if option.kind == GROUP:
            continue
        point = option.points[0]
        x, y = at(point)
        r = radius
        on_tile = point in occupied and point not in step.picked
        if on_tile:  # the tile stays in sight, ringed; its key beside it, where no tile stands
            ring = spacing * 0.5
            pen.ellipse((x - ring - 2, y - ring - 2, x + ring + 2, y + ring + 2), outline=EDGE, width=7)
            pen.ellipse((x - ring, y - ring, x + ring, y + ring), outline=HIGHLIGHT, width=3)
            x, y, r = x + spacing * 0.5, y - spacing * 0.5, beside
        nth = placed.get(point, 0)
        placed[point] = nth + 1
        x += nth * (2 * r + 4)
        sprite = _badge(option.key, r)
        img.paste(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)), sprite)
        if caption and not on_tile:
            name = square_name(*point)
            face = font(max(16, round(r * 0.75)), True)
            pen.text((x, y + r + 4), name, font=face, fill=WHITE, anchor="mt", stroke_width=3, stroke_fill=EDGE)
        targets.append(Target(option.key, (round(x - r), round(y - r), round(x + r), round(y + r))))
    return targets


def _free_spot(box: tuple[float, float, float, float], radius: float,
               taken: list[tuple[float, float]]) -> tuple[float, float]:
    """Where a region's key goes: its middle, or else the first spot along its middle line that
    covers no tile (nor a point chosen so far)."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    for share in (0.5, 0.3, 0.7, 0.15, 0.85):
        cx = x0 + (x1 - x0) * share
        if all((cx - x) ** 2 + (cy - y) ** 2 > (radius * 1.4) ** 2 for x, y in taken):
            return cx, cy
    return (x0 + x1) / 2, cy


# ----- the band on top, the tray under the board ----------------------------------------------------
def _band(view: BoardView, step: Step) -> Image.Image:
    """The question (or, for a finished move, "Play ...?") and what was chosen so far."""
    title = f"Play {step.move}?" if step.done else step.prompt
    lines = [shorten(title, font(34, True), WIDTH - 32)]
    chosen = step.summary
    if step.within and not step.done:
        chosen = f"{chosen} \u00b7 in {step.within}" if chosen else f"In {step.within}"
    small = wrap(chosen, font(24), WIDTH - 120, 2) if chosen else []
    tile = next((c.tile for c in reversed(step.chosen) if c.tile), None)
    sprite = tile_image(view, tile, step.seat) if tile is not None else None
    height = 16 + 42 + (len(small) * 30 if small else 0) + 14
    img = Image.new("RGB", (WIDTH, max(height, 16 + 42 + 14 + (60 if sprite is not None else 0))), HEADER_BG)
    pen = ImageDraw.Draw(img)
    pen.text((16, 14), lines[0], font=font(34, True), fill=HIGHLIGHT)
    x = 16
    if sprite is not None:
        sprite = _scaled(sprite, 56)
        img.paste(sprite, (x, 62), sprite)
        x += sprite.width + 12
    for i, line in enumerate(small):
        pen.text((x, 66 + i * 30), line, font=font(24), fill=TEXT)
    return img


def _scaled(sprite: Any, height: int) -> Image.Image:
    image: Image.Image = sprite
    if image.height == height:
        return image
    return image.resize((round(image.width * height / image.height), height), Image.Resampling.LANCZOS)


def _tray(view: BoardView, step: Step, options: list[Option]) -> Image.Image:
    """The options that are not on the board, three or four to a row: key, tile (if any), label."""
    if not options:
        return Image.new("RGB", (WIDTH, 8), BACKGROUND)
    cells = _cells(len(options))
    img = Image.new("RGB", (WIDTH, cells[-1][3] + 12), BACKGROUND)
    pen = ImageDraw.Draw(img)
    for option, box in zip(options, cells):
        x0, y0, x1, y1 = box
        pen.rounded_rectangle(box, radius=12, fill=(60, 60, 66))
        badge = _badge(option.key, 22)
        img.paste(badge, (x0 + 8, y0 + 8), badge)
        sprite = tile_image(view, option.tile, step.seat) if option.tile is not None else None
        text_x = x0 + 8 + badge.width + 8
        if sprite is not None:
            sprite = _scaled(sprite, 60)
            img.paste(sprite, (text_x, y0 + 6), sprite)
            label_y = y0 + 72
            text_x = x0 + 12
        else:
            label_y = y0 + 14
        lines = wrap(option.label, font(22, True), x1 - text_x - 8, 3 if sprite is None else 2)
        for i, line in enumerate(lines):
            pen.text((text_x, label_y + i * 26), line, font=font(22, True), fill=TEXT)
    return img


def _cells(count: int) -> list[tuple[int, int, int, int]]:
    """The tray's cells: three to a row, four when there are more than nine."""
    gap, columns = 10, 3 if count <= 9 else 4
    width = (WIDTH - 2 * 12 - (columns - 1) * gap) // columns
    return [(12 + (i % columns) * (width + gap), 6 + (i // columns) * CELL_H,
             12 + (i % columns) * (width + gap) + width, 6 + (i // columns) * CELL_H + CELL_H - gap)
            for i in range(count)]


def _tray_targets(options: list[Option]) -> list[Target]:
    return [Target(o.key, box) for o, box in zip(options, _cells(len(options)))]
