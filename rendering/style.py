"""The visual language every board picture shares: palette, fonts, the header, composing a picture
and encoding it.

Pictures are drawn 800 px wide and read on phones, where Discord shows them about 390 px wide:
every text is at least 16 px here (8 px there), the header's lines wrap instead of running off
the edge, and long names are shortened with an ellipsis. Player colours follow the Okabe-Ito
palette, which colour-blind players can tell apart; every player is also marked by a number or
letter, so colour is never the only cue.
"""
from __future__ import annotations

import io
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from engine.view import Header

WIDTH = 800  # the width of every posted picture, in pixels

Colour = tuple[int, int, int]

BACKGROUND: Colour = (43, 45, 49)
HEADER_BG: Colour = (32, 34, 37)
TEXT: Colour = (236, 236, 240)
MUTED: Colour = (160, 163, 170)
HIGHLIGHT: Colour = (255, 214, 10)
INK: Colour = (25, 25, 30)
WHITE: Colour = (255, 255, 255)

# Player colours by letter (PAUSO's colours; other games map their players onto these).
PLAYER_COLOURS: dict[str, Colour] = {
    "P": (86, 126, 230),   # Periwinkle: blue
    "A": (230, 159, 0),    # Apricot: orange
    "M": (0, 158, 115),    # Mint: bluish green
    "L": (240, 228, 66),   # Lemon: yellow
}
# Text drawn on a disc of that colour: dark on light colours, white on dark ones.
ON_COLOUR: dict[str, Colour] = {"P": WHITE, "A": INK, "M": WHITE, "L": INK}

_FONT_FILES = {(False, False): "DejaVuSans.ttf", (True, False): "DejaVuSans-Bold.ttf",
               (False, True): "DejaVuSansCondensed.ttf", (True, True): "DejaVuSansCondensed-Bold.ttf"}
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# header text sizes (px at 800 wide; about half that on a phone)
TITLE_SIZE, STATUS_SIZE, NAME_SIZE, FACTS_SIZE = 28, 24, 23, 21
MARGIN = 16  # the header's left and right margin
TITLE_BAND = 12 + TITLE_SIZE + 8  # the header's top band, which holds the title alone
STATUS_LINES = 4  # the most lines the status takes


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False, condensed: bool = False) -> Font:
    """A scalable font: DejaVu where the system has it, Pillow's built-in font otherwise."""
    try:
        return ImageFont.truetype(_FONT_FILES[bold, condensed], size)
    except OSError:
        return ImageFont.load_default(size)


def text_centered(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
                  fill: Colour, bold: bool = True, stroke: int = 0, stroke_fill: Colour | None = None,
                  condensed: bool = False) -> None:
    draw.text(xy, text, font=font(size, bold, condensed), fill=fill, anchor="mm",
              stroke_width=stroke, stroke_fill=stroke_fill)


def clean(text: str) -> str:
    """``text`` without control, format and unassigned characters (a name may hold them; the font
    cannot draw them), each run of white space one space."""
    kept = "".join(ch if not unicodedata.category(ch).startswith(("C", "Z")) else " " for ch in text)
    return " ".join(kept.split())


def text_width(text: str, face: Font) -> float:
    return face.getlength(text)


def shorten(text: str, face: Font, width: float) -> str:
    """``text`` as it fits in ``width`` pixels: whole, or cut with an ellipsis."""
    if text_width(text, face) <= width:
        return text
    while text and text_width(text + "\u2026", face) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def wrap(text: str, face: Font, width: float, max_lines: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` pixels at spaces (a word too long for a
    line is shortened); the last line ends with an ellipsis when the text needs more lines."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if text_width(trial, face) <= width:
            current = trial
            continue
        if current:
            lines.append(current)
        current = word if text_width(word, face) <= width else shorten(word, face, width)
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = shorten(lines[-1] + " \u2026", face, width)
    return lines


@dataclass(frozen=True)
class Chip:
    """One player in the header: a disc in their colour with their mark, their name and facts."""

    colour: str  # a PLAYER_COLOURS key
    name: str
    facts: str  # e.g. "3 points \u00b7 2 captured"
    to_move: bool = False
    mark: str = ""  # the text on the disc (default: the colour letter)


@dataclass(frozen=True)
class Heading:
    """What a picture's header says: the title, the status paragraphs (the first says who moves or
    the result; the others add notes) and one chip per player."""

    title: str
    status: tuple[str, ...]
    chips: tuple[Chip, ...] = ()


@dataclass(frozen=True)
class Line:
    """One line of header text where it is drawn (x, y: its top left) and how wide it is."""

    text: str
    size: int
    bold: bool
    colour: Colour
    x: float
    y: float
    width: float


@dataclass(frozen=True)
class HeaderLayout:
    """Where everything in the header goes: its height, its lines of text, its chips' boxes."""

    height: int
    lines: tuple[Line, ...]
    chips: tuple[tuple[Chip, tuple[int, int, int, int]], ...] = field(default=())


CHIP_H, CHIP_GAP, DISC_R = 62, 12, 19


def header_layout(heading: Heading) -> HeaderLayout:
    """Where a header's parts go: the title, the status (at most STATUS_LINES lines, the first
    paragraph first) and the chips, two to a row. Nothing is wider than the picture: lines wrap
    and names are shortened."""
    title, chips = clean(heading.title), heading.chips
    status = [clean(paragraph) for paragraph in heading.status]
    inner = WIDTH - 2 * MARGIN
    lines: list[Line] = []
    y = 12.0
    face = font(TITLE_SIZE, True)
    text = shorten(title, face, inner)
    lines.append(Line(text, TITLE_SIZE, True, TEXT, MARGIN, y, text_width(text, face)))
    y = TITLE_BAND + 2
    face = font(STATUS_SIZE)
    left = STATUS_LINES
    for paragraph in (p for p in status if p):
        if left <= 0:
            break
        for text in wrap(paragraph, face, inner, left):
            lines.append(Line(text, STATUS_SIZE, False, HIGHLIGHT, MARGIN, y, text_width(text, face)))
            y += STATUS_SIZE + 7
            left -= 1
    y += 6
    boxes = []
    columns = 1 if len(chips) == 1 else 2
    chip_w = (inner - (columns - 1) * CHIP_GAP) // columns
    for i, chip in enumerate(chips):
        x0 = MARGIN + (i % columns) * (chip_w + CHIP_GAP)
        y0 = round(y) + (i // columns) * (CHIP_H + 8)
        boxes.append((chip, (x0, y0, x0 + chip_w, y0 + CHIP_H)))
        text_x = x0 + 12 + 2 * DISC_R + 12
        room = x0 + chip_w - 10 - text_x
        for text, size, bold, colour, dy in ((clean(chip.name), NAME_SIZE, True, TEXT, 5),
                                             (clean(chip.facts), FACTS_SIZE, False, TEXT, 33)):
            face = font(size, bold)
            text = shorten(text, face, room)
            lines.append(Line(text, size, bold, colour, text_x, y0 + dy, text_width(text, face)))
    if chips:
        rows = (len(chips) + columns - 1) // columns
        y += rows * (CHIP_H + 8) - 8
    return HeaderLayout(round(y) + 12, tuple(lines), tuple(boxes))


@lru_cache(maxsize=512)
def text_mask(text: str, size: int, bold: bool) -> tuple[Image.Image, tuple[int, int]]:
    """The anti-aliased mask of a text and where it sits from the text's top left (kept: names,
    titles and most facts come back turn after turn)."""
    face = font(size, bold)
    left, top, right, bottom = face.getbbox(text)
    mask = Image.new("L", (max(1, int(right - left)), max(1, int(bottom - top))), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255)
    return mask, (int(left), int(top))


def paste_text(img: Image.Image, xy: tuple[float, float], text: str, size: int, bold: bool, colour: Colour) -> None:
    """Draw a text at ``xy`` (its top left, as ImageDraw.text) through its kept mask."""
    mask, (dx, dy) = text_mask(text, size, bold)
    img.paste(colour, (round(xy[0]) + dx, round(xy[1]) + dy), mask)


@lru_cache(maxsize=64)
def _chip_disc(colour: str, mark: str) -> Image.Image:
    """A player's disc with their mark (RGBA, drawn once)."""
    size = 2 * DISC_R + 2
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.ellipse((0, 0, size - 1, size - 1), fill=PLAYER_COLOURS[colour])
    text_centered(draw, (size / 2, size / 2), mark, 21, ON_COLOUR[colour])
    return img


def draw_header(img: Image.Image, layout: HeaderLayout) -> None:
    """Draw a laid-out header at the top of ``img``."""
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, WIDTH, layout.height - 1), fill=HEADER_BG)
    for chip, (x0, y0, _, y1) in layout.chips:
        disc = _chip_disc(chip.colour, chip.mark or chip.colour)
        cx, cy = x0 + 12 + DISC_R, (y0 + y1) // 2
        if chip.to_move:  # a ring round the disc (small: a replay's frames differ in few pixels)
            r = DISC_R + 6
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=HIGHLIGHT, width=4)
        img.paste(disc, (cx - disc.width // 2, cy - disc.height // 2), disc)
    for line in layout.lines:
        paste_text(img, (line.x, line.y), line.text, line.size, line.bold, line.colour)


@dataclass(frozen=True)
class Picture:
    """A drawn picture before encoding: the RGB image, the height of its header band, and the flat
    colours and text-on-background pairs its palette needs (see ``to_png``)."""

    image: Image.Image
    header: int
    colours: tuple[Colour, ...] = ()
    pairs: tuple[tuple[Colour, Colour], ...] = ()

    def png(self) -> bytes:
        return to_png(self.image, self.colours, self.pairs)


def canvas(heading: Heading, layer: Image.Image, below: int = 0) -> tuple[Image.Image, int]:
    """A picture to draw on: its header, then ``layer`` (a kept empty board, copied here), then
    ``below`` more pixels; and the header's height, where the board starts. One image per picture
    (a board drawn apart and pasted under its header would need two at once)."""
    layout = header_layout(heading)
    img = Image.new("RGB", (WIDTH, layout.height + layer.height + below), BACKGROUND)
    img.paste(layer, (0, layout.height))
    draw_header(img, layout)
    return img, layout.height


def compose(heading: Heading, body: Image.Image, colours: tuple[Colour, ...] = (),
            pairs: tuple[tuple[Colour, Colour], ...] = ()) -> Picture:
    """A picture: the header over ``body`` (drawn at the full width)."""
    img, top = canvas(heading, body)
    return Picture(img, top, colours, pairs)


def result_line(head: Header, names: Sequence[str]) -> str:
    """The header's line for a finished game: who won and why."""
    out = head.outcome
    if out is None:
        return ""
    why = head.reason_words
    if len(out.winners) == head.players:
        return f"Game over: a draw ({why})"
    verb = "win" if len(out.winners) > 1 else "wins"
    return f"Game over: {' and '.join(names[w] for w in out.winners)} {verb} ({why})"


def seat_names(head: Header, names: Sequence[str] | None) -> list[str]:
    """The names to write for the seats: those given, else the rules' labels (P1, Host, ...)."""
    return list(names or [s.label for s in head.seats])


def mover(head: Header) -> int:
    """The seat to move of a running game's header."""
    if head.to_move is None:
        raise ValueError("The game is over: nobody is to move")
    return head.to_move


def _blends(fg: Colour, bg: Colour, steps: int = 8) -> list[Colour]:
    out: list[Colour] = []
    for k in range(1, steps):
        r, g, b = (round(c0 + (c1 - c0) * k / steps) for c1, c0 in zip(fg, bg))
        out.append((r, g, b))
    return out


def blend(a: Colour, b: Colour, share_of_a: float) -> Colour:
    """The colour ``share_of_a`` of the way from ``b`` to ``a``."""
    r, g, bl = (round(y + (x - y) * share_of_a) for x, y in zip(a, b))
    return r, g, bl


RESERVED = 1  # palette entries kept free (a GIF's transparent colour)


@lru_cache(maxsize=16)
def palette(colours: tuple[Colour, ...], pairs: tuple[tuple[Colour, Colour], ...]) -> Image.Image:
    """A fixed palette: the picture's flat colours plus the anti-aliasing shades of its text; the
    last entry is left free."""
    base = [BACKGROUND, HEADER_BG, TEXT, MUTED, HIGHLIGHT, INK, WHITE, *PLAYER_COLOURS.values(), *colours]
    shades = [(TEXT, HEADER_BG), (HIGHLIGHT, HEADER_BG), (MUTED, BACKGROUND), (TEXT, BACKGROUND)]
    shades += [(ON_COLOUR[k], c) for k, c in PLAYER_COLOURS.items()] + list(pairs)
    entries = list(dict.fromkeys(base + [b for fg, bg in shades for b in _blends(fg, bg)]))[:256 - RESERVED]
    image = Image.new("P", (1, 1))
    flat = [v for rgb in entries for v in rgb]
    image.putpalette(flat + flat[:3] * (256 - len(entries)))
    image.info["entries"] = len(entries)
    return image


def quantize(image: Image.Image, colours: tuple[Colour, ...] = (),
             pairs: tuple[tuple[Colour, Colour], ...] = ()) -> Image.Image:
    """``image`` mapped onto its fixed palette, without dithering."""
    return image.quantize(palette=palette(colours, pairs), dither=Image.Dither.NONE)


def decode_rgb(png: bytes) -> Image.Image:
    """A PNG's pixels as an RGB image."""
    with Image.open(io.BytesIO(png)) as img:
        return img.convert("RGB")


def to_png(image: Image.Image, colours: tuple[Colour, ...] = (),
           pairs: tuple[tuple[Colour, Colour], ...] = ()) -> bytes:
    """Encode for posting: mapped onto a fixed palette (``colours`` are the picture's own flat
    colours, ``pairs`` its text-on-background combinations), which makes a small PNG fast."""
    out = io.BytesIO()
    quantize(image, colours, pairs).save(out, format="PNG", compress_level=3)
    return out.getvalue()
