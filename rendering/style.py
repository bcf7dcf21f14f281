"""The visual language every board picture shares: palette, fonts, header, PNG encoding.

Player colours follow the Okabe-Ito palette, which colour-blind players can tell apart; every
piece is also marked with its letter, so colour is never the only cue.
"""
from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

WIDTH = 800  # the width of every posted picture, in pixels

BACKGROUND = (43, 45, 49)
TEXT = (236, 236, 240)
MUTED = (160, 163, 170)
HIGHLIGHT = (255, 214, 10)
INK = (25, 25, 30)

# Player colours by letter (PAUSO's colours; other games map their players onto these).
PLAYER_COLOURS: dict[str, tuple[int, int, int]] = {
    "P": (86, 126, 230),   # Periwinkle: blue
    "A": (230, 159, 0),    # Apricot: orange
    "M": (0, 158, 115),    # Mint: bluish green
    "L": (240, 228, 66),   # Lemon: yellow
}
# Text drawn on a disc of that colour: dark on light colours, white on dark ones.
ON_COLOUR: dict[str, tuple[int, int, int]] = {"P": (255, 255, 255), "A": INK, "M": (255, 255, 255), "L": INK}

_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A scalable font: DejaVu where the system has it, Pillow's built-in font otherwise."""
    try:
        return ImageFont.truetype(_FONT_FILES[bold], size)
    except OSError:
        return ImageFont.load_default(size)


def text_centered(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
                  fill, bold: bool = True, stroke: int = 0, stroke_fill=None) -> None:
    draw.text(xy, text, font=font(size, bold), fill=fill, anchor="mm",
              stroke_width=stroke, stroke_fill=stroke_fill)


def header(draw: ImageDraw.ImageDraw, title: str, status: str,
           chips: list[tuple[str, str, str, bool]], height: int) -> None:
    """The header band: a title, a status line, and one chip per player.

    ``chips`` holds (colour letter, label, score text, is_to_move[, mark]): the disc shows the
    mark (the letter by default); the player to move gets a highlighted frame.
    """
    draw.rectangle((0, 0, WIDTH, height), fill=(32, 34, 37))
    draw.text((20, 14), title, font=font(22, True), fill=TEXT)
    draw.text((20, 44), status, font=font(20), fill=HIGHLIGHT)
    if not chips:
        return
    x = 20
    chip_w = min(370, (WIDTH - 40) // len(chips) - 8)
    y = height - 42
    for letter, label, score, to_move, *mark in chips:
        colour = PLAYER_COLOURS[letter]
        if to_move:
            draw.rounded_rectangle((x - 4, y - 4, x + chip_w, y + 34), radius=8, outline=HIGHLIGHT, width=3)
        draw.ellipse((x, y, x + 30, y + 30), fill=colour)
        text_centered(draw, (x + 15, y + 15), mark[0] if mark else letter, 17, ON_COLOUR[letter])
        draw.text((x + 38, y + 15), f"{label} {score}", font=font(18, True), fill=TEXT, anchor="lm")
        x += chip_w + 12


def result_line(head, names: list[str]) -> str:
    """The header's line for a finished game: who won and why (``head``: an engine.view.Header)."""
    out = head.outcome
    why = head.reason_words
    if len(out.winners) == head.players:
        return f"Game over: a draw ({why})"
    verb = "win" if len(out.winners) > 1 else "wins"
    return f"Game over: {' and '.join(names[w] for w in out.winners)} {verb} ({why})"


HEADER_BG = (32, 34, 37)
WHITE = (255, 255, 255)
Colour = tuple[int, int, int]


def _blends(fg: Colour, bg: Colour, steps: int = 8) -> list[Colour]:
    return [tuple(round(b + (f - b) * k / steps) for f, b in zip(fg, bg)) for k in range(1, steps)]


@lru_cache(maxsize=16)
def _palette(colours: tuple[Colour, ...], pairs: tuple[tuple[Colour, Colour], ...]) -> Image.Image:
    """A fixed palette: the picture's flat colours plus the anti-aliasing shades of its text."""
    base = [BACKGROUND, HEADER_BG, TEXT, MUTED, HIGHLIGHT, INK, WHITE, *PLAYER_COLOURS.values(), *colours]
    shades = [(TEXT, HEADER_BG), (HIGHLIGHT, HEADER_BG), (MUTED, BACKGROUND), (TEXT, BACKGROUND)]
    shades += [(ON_COLOUR[k], c) for k, c in PLAYER_COLOURS.items()] + list(pairs)
    entries = list(dict.fromkeys(base + [b for fg, bg in shades for b in _blends(fg, bg)]))[:256]
    palette = Image.new("P", (1, 1))
    flat = [v for rgb in entries for v in rgb]
    palette.putpalette(flat + flat[:3] * (256 - len(entries)))
    return palette


def to_png(image: Image.Image, colours: tuple[Colour, ...] = (),
           pairs: tuple[tuple[Colour, Colour], ...] = ()) -> bytes:
    """Encode for posting: mapped onto a fixed palette (``colours`` are the picture's own flat
    colours, ``pairs`` its text-on-background combinations), which makes a small PNG fast."""
    indexed = image.quantize(palette=_palette(colours, pairs), dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, format="PNG", compress_level=3)
    return out.getvalue()
