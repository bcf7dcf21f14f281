"""Replays: a game rebuilt from its stored record, drawn position by position, as an animated GIF
(one frame per turn, the last move marked on each, a caption saying what was played) or as the
picture of one position (the step-through).

The record is replayed through the engine contract (``engine.new_game``, each entry applied as
``engine.replay`` does) and every position is drawn from ``game.view()``, the same public
snapshot the board pictures use: a hidden hand is never in a view, so never in a replay. The
functions here are module-level and take plain values, so the bot can run them in a worker
process.

A GIF is small because its frames share one palette (the game's fixed picture palette, no
dithering) and each frame holds only what changed from the frame before (what Pillow's
``optimize`` does, written here frame by frame so a long game does not hold every frame in
memory); and because it is drawn 440 px wide: a phone shows it about 390 px wide, so it shows
every detail the 800 px pictures show there.
"""
from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from typing import Any

from PIL import GifImagePlugin, Image, ImageChops, ImageDraw

import engine
from engine.view import BoardView

from . import picture_of, render_view
from .style import (
    BACKGROUND,
    HEADER_BG,
    MARGIN,
    TEXT,
    TITLE_BAND,
    TITLE_SIZE,
    WIDTH,
    Colour,
    Picture,
    decode_rgb,
    font,
    quantize,
    shorten,
)

GIF_WIDTH = 440  # a phone shows a replay about 390 px wide; smaller frames, a smaller file
MAX_FRAMES = 121  # a longer game is sampled: the start, the end and turns evenly spread between
FRAME_BYTES = 8 * 1024  # a frame costs about 5 KB (python -m bench.replays): the estimate errs high
FRAME_MS = 900  # how long each turn shows
HOLD_MS = 2500  # the first and the last frame stay longer
_LEAVE = re.compile(r"^(resign|timeout) ([1-9])$")


def positions(variant: str, players: int, seed: int, options: dict[str, Any] | None, record: Sequence[str],
              upto: int | None = None) -> Iterator[BoardView]:
    """The view of the start and of the position after each record entry (up to ``upto``
    entries), replayed from the record."""
    game = engine.new_game(variant, players=players, seed=seed, options=options)
    yield game.view()
    for entry in record[:upto]:
        game.apply_record_entry(entry)
        yield game.view()


def shown_plies(plies: int, most: int = MAX_FRAMES) -> list[int]:
    """The positions a replay shows (0: the start): every one, or ``most`` of them evenly spread,
    the start and the end included."""
    if plies + 1 <= most:
        return list(range(plies + 1))
    return sorted({round(i * plies / (most - 1)) for i in range(most)})


def estimated_size(plies: int) -> int:
    """About how many bytes the replay of a record of ``plies`` entries takes, known before it is
    drawn (on the high side)."""
    return len(shown_plies(plies)) * FRAME_BYTES + 64 * 1024


def caption(ply: int, plies: int, entry: str | None, seat: int | None, names: Sequence[str]) -> str:
    """What a frame's caption says: the start, or the move played and by whom."""
    if entry is None:
        return f"Start \u00b7 {plies} move{'s' if plies != 1 else ''}"
    left = _LEAVE.match(entry.strip().lower())
    if left:
        who = names[int(left.group(2)) - 1]
        what = f"{who} resigned" if left.group(1) == "resign" else f"{who} ran out of time"
    else:
        what = f"{names[seat]} played {entry}" if seat is not None else f"played {entry}"
    return f"Move {ply}/{plies}: {what}"


def _drawn(view: BoardView, names: list[str]) -> Picture:
    """A view's picture before encoding. A game that registers only a PNG renderer: its picture
    decoded, centred on the full width under an empty band for the caption."""
    drawn = picture_of(view, names)
    if drawn is not None:
        return drawn
    image = decode_rgb(render_view(view, names))
    if image.width > WIDTH:
        image = image.resize((WIDTH, round(image.height * WIDTH / image.width)), Image.Resampling.BOX)
    canvas = Image.new("RGB", (WIDTH, TITLE_BAND + image.height), BACKGROUND)
    canvas.paste(HEADER_BG, (0, 0, WIDTH, TITLE_BAND))
    canvas.paste(image, ((WIDTH - image.width) // 2, TITLE_BAND))
    return Picture(canvas, TITLE_BAND)


def _frame(drawn: Picture, header: int, body: int, text: str) -> Image.Image:
    """One frame: the picture with its header and body padded to the tallest of the game (so the
    board never jumps), the caption in place of the title (the message names the game; what
    changes from frame to frame then sits in one band)."""
    img = drawn.image
    frame = Image.new("RGB", (WIDTH, header + body), BACKGROUND)
    frame.paste(img.crop((0, 0, WIDTH, drawn.header)), (0, 0))
    if header > drawn.header:
        frame.paste(HEADER_BG, (0, drawn.header, WIDTH, header))
    frame.paste(img.crop((0, drawn.header, WIDTH, img.height)), (0, header))
    frame.paste(HEADER_BG, (0, 0, WIDTH, TITLE_BAND))
    face = font(TITLE_SIZE, True)
    ImageDraw.Draw(frame).text((MARGIN, 12), shorten(text, face, WIDTH - 2 * MARGIN), font=face, fill=TEXT)
    return frame


def replay_gif(variant: str, players: int, seed: int, options: dict[str, Any] | None, record: Sequence[str],
               names: Sequence[str], seats: Sequence[int] | None = None, *, width: int = GIF_WIDTH,
               frame_ms: int = FRAME_MS, hold_ms: int = HOLD_MS) -> bytes:
    """An animated GIF of a game from its record: the start, then one frame per record entry (at
    most MAX_FRAMES frames: a longer game is sampled, ``shown_plies``), each
    with the last move marked and a caption (``seats``: who played each entry, as stored; else
    the player to move before it). Frames are drawn twice (first only to learn the tallest
    header and board, so no frame's board jumps) and written one by one, so a long game needs
    the memory of two frames, not of all of them."""
    names = list(names)
    shown = set(shown_plies(len(record)))
    every = list(positions(variant, players, seed, options, record))
    views = [view for ply, view in enumerate(every) if ply in shown]
    header = body = 0
    colours: dict[Colour, None] = {}
    pairs: dict[tuple[Colour, Colour], None] = {}
    for view in views:  # the tallest header and board, and every colour, for one shared palette
        drawn = _drawn(view, names)
        header, body = max(header, drawn.header), max(body, drawn.image.height - drawn.header)
        colours.update(dict.fromkeys(drawn.colours))
        pairs.update(dict.fromkeys(drawn.pairs))
    plies = len(record)
    writer = GifWriter()
    for ply, view in enumerate(every):
        if ply not in shown:
            continue
        drawn = _drawn(view, names)
        entry = record[ply - 1] if ply else None
        seat = (seats[ply - 1] if seats is not None and ply - 1 < len(seats)
                else every[ply - 1].header.to_move if ply else None)
        frame = _frame(drawn, header, body, caption(ply, plies, entry, seat, names))
        if width != WIDTH:
            frame = frame.resize((width, round(frame.height * width / WIDTH)), Image.Resampling.BOX)
        writer.add(quantize(frame, tuple(colours), tuple(pairs)), hold_ms if ply in (0, plies) else frame_ms)
    return writer.finish()


class GifWriter:
    """Writes an animated GIF frame by frame: every frame on one global palette (the first
    frame's), each after the first cut to the box of what changed, the unchanged pixels in it
    transparent (the palette's last entry, which pictures leave unused), shown over the frame
    before (disposal 1), looping for ever."""

    TRANSPARENT = 255

    def __init__(self) -> None:
        self.out = io.BytesIO()
        self.previous: Image.Image | None = None

    def add(self, frame: Image.Image, duration_ms: int) -> None:
        """Add a frame (mode P, on the same palette as the first)."""
        if self.previous is None:
            palette = bytes(frame.getpalette() or [])[:768].ljust(768, b"\0")
            width, height = frame.size
            self.out.write(b"GIF89a" + _u16(width) + _u16(height) + bytes((0xF7, 0, 0)) + palette)
            self.out.write(b"!\xff\x0bNETSCAPE2.0\x03\x01" + _u16(0) + b"\x00")  # loop for ever
            self._write(frame, (0, 0), duration_ms, None)
        else:
            changed = ImageChops.difference(_indices(self.previous), _indices(frame)).point(lambda v: 255 if v else 0)
            box = changed.getbbox()
            if box is None:  # nothing changed: a frame of one transparent pixel keeps the timing
                box = (0, 0, 1, 1)
            part = frame.crop(box)
            part.paste(self.TRANSPARENT, mask=ImageChops.invert(changed.crop(box)))
            self._write(part, box[:2], duration_ms, self.TRANSPARENT)
        self.previous = frame

    def _write(self, part: Image.Image, offset: tuple[int, int], duration_ms: int, transparent: int | None) -> None:
        params: dict[str, Any] = {"duration": duration_ms, "disposal": 1}
        if transparent is not None:
            params["transparency"] = transparent
        for chunk in GifImagePlugin.getdata(part, offset, **params):
            self.out.write(chunk)

    def finish(self) -> bytes:
        self.out.write(b";")
        return self.out.getvalue()


def _u16(value: int) -> bytes:
    return value.to_bytes(2, "little")


def _indices(frame: Image.Image) -> Image.Image:
    """A P frame's palette indices as a greyscale image (to compare frames index by index)."""
    return Image.frombytes("L", frame.size, frame.tobytes())


def position_png(variant: str, players: int, seed: int, options: dict[str, Any] | None, record: Sequence[str],
                 names: Sequence[str], ply: int) -> bytes:
    """The board picture of the position after ``ply`` record entries (0: the start)."""
    if not 0 <= ply <= len(record):
        raise ValueError(f"There is no position {ply}: the game has {len(record)} moves.")
    *_, view = positions(variant, players, seed, options, record, ply)
    return render_view(view, list(names))
