"""PAUSO board layouts (rules B2.2, B2.3, B6.3): presets, parsing, the canonical form.

A layout describes which cells hold a card and of what type; a *position* layout may also
carry a Ring colour and a Point colour on each card (test positions only). Cells are
``(file, rank)``, 0-based, rank 0 at the bottom.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..notation import echo, normalise

PRESETS: dict[str, str] = {
    "square4": "4o/4o/4o/4o",
    "square5": "5o/5o/5o/5o/5o",
    "square6": "6o/6o/6o/6o/6o/6o",
    "square7": "7o/7o/7o/7o/7o/7o/7o",
    "donut": "5o/5o/2o.2o/5o/5o",
    "round5": ".3o/5o/5o/5o/.3o",
    "bonus": "-3o-/o+o+o/5o/o+o+o/-3o-",
    "whirlpool": "5o/o2>vo/o^ovo/o^2<o/5o",
    "conveyor": "6o/6o/o4>o/6o/6o",
}
DEFAULT_PRESET = {2: "square5", 3: "square6", 4: "square7"}

CARD_SYMBOLS = "o+-^v<>"
CARD_NAMES = {"o": "plain", "+": "plus", "-": "minus", "^": "up", "v": "down", "<": "left", ">": "right"}
ARROWS = {"^": (0, 1), "v": (0, -1), "<": (-1, 0), ">": (1, 0)}
COLOURS = "PAML"
MAX_SIDE = 12
MIN_CARDS = 4

_FENCE_RE = re.compile(r"^```[A-Za-z0-9_+-]*[ \t]*\r?\n?(.*?)\r?\n?```$", re.DOTALL)
_WORD_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
_SPACE_RE = re.compile(r"\s+")
_DIGITS = "0123456789"  # our digits only: str.isdigit() also accepts superscripts and other scripts


class LayoutError(ValueError):
    """A layout that cannot be used; the message is for the player."""


Cell = tuple[int, int]


@dataclass
class Layout:
    """A parsed layout: its bounding box, its cards and (positions only) their Rings and Points."""

    width: int
    height: int
    cards: dict[Cell, str]
    contents: dict[Cell, tuple[str, str | None]] = field(default_factory=dict)

    def canonical(self) -> str:
        return format_layout(self.width, self.height, self.cards, self.contents)


def unknown_board(word: str) -> str:
    return f"Unknown board '{echo(word)}'. Presets: {', '.join(PRESETS)}."


def format_layout(width: int, height: int, cards: dict[Cell, str],
                  contents: dict[Cell, tuple[str, str | None]] | None = None) -> str:
    """The canonical form: rows top to bottom joined by '/', runs written as count + token."""
    contents = contents or {}
    rows = []
    for rank in range(height - 1, -1, -1):
        tokens = []
        for file in range(width):
            sym = cards.get((file, rank))
            if sym is None:
                tokens.append(".")
            else:
                ring, point = contents.get((file, rank), (None, None))
                tokens.append(sym + (ring or "") + (point or ""))
        while tokens and tokens[-1] == ".":
            tokens.pop()
        out, i = [], 0
        while i < len(tokens):
            j = i
            while j < len(tokens) and tokens[j] == tokens[i]:
                j += 1
            out.append(tokens[i] if j - i == 1 else f"{j - i}{tokens[i]}")
            i = j
        rows.append("".join(out))
    return "/".join(rows)


def _strip_wrapping(text: str) -> str:
    text = text.strip()
    # only a text that ends with a fence is tried (a fence left open makes the pattern backtrack)
    fence = _FENCE_RE.match(text) if len(text) >= 6 and text.endswith("```") else None
    if fence:
        return fence.group(1).strip()
    if len(text) >= 2 and text[0] == "`" and text[-1] == "`" and "`" not in text[1:-1]:
        return text[1:-1].strip()
    return text


def parse_layout(text: str, allow_colours: bool = False) -> Layout:
    """Parse a board layout (or, with ``allow_colours``, a position layout); LayoutError if bad."""
    body = _strip_wrapping(normalise(text))
    if body.lower() in PRESETS:
        body = PRESETS[body.lower()]
    if "/" in body:
        rows = body.split("/")
    else:
        rows = body.replace("\r\n", "\n").split("\n")
    single_word = bool(_WORD_RE.match(body))

    grid: list[list[tuple[str, str | None, str | None] | None]] = []
    for r, raw in enumerate(rows, start=1):
        row = _SPACE_RE.sub("", raw)
        cells: list[tuple[str, str | None, str | None] | None] = []
        i = 0
        while i < len(row):
            count = 1
            if row[i] in _DIGITS:
                j = i
                while j < len(row) and row[j] in _DIGITS:
                    j += 1
                digits = row[i:j]
                if digits[0] == "0" or len(digits) > 2 or int(digits) > MAX_SIDE:
                    raise LayoutError(f"A count must be between 1 and {MAX_SIDE} (row {r}).")
                if j == len(row):
                    raise LayoutError(f"A count must be followed by a cell (row {r}).")
                count, i = int(digits), j
            ch = row[i].lower()
            i += 1
            if ch == ".":
                if i < len(row) and row[i].upper() in COLOURS:
                    raise LayoutError(f"A gap cannot hold a ring (row {r}).")
                cells.extend([None] * count)
                continue
            if ch not in CARD_SYMBOLS:
                if single_word:
                    raise LayoutError(unknown_board(body))
                raise LayoutError(f"Unexpected '{echo(row[i - 1])}' in row {r} of the layout.")
            colours: list[str] = []
            while len(colours) < 2 and i < len(row) and row[i].upper() in COLOURS:
                colours.append(row[i].upper())
                i += 1
            ring = colours[0] if colours else None
            point = colours[1] if len(colours) > 1 else None
            cells.extend([(ch, ring, point)] * count)
        grid.append(cells)

    has_colour = any(c is not None and c[1] is not None for row in grid for c in row)
    if has_colour and not allow_colours:
        raise LayoutError("A board layout cannot contain rings or points; use o + - ^ v < > and . only.")
    occupied = [(r, f) for r, row in enumerate(grid) for f, c in enumerate(row) if c is not None]
    if not occupied:
        raise LayoutError("The layout has no cards.")
    top = min(r for r, _ in occupied)
    bottom = max(r for r, _ in occupied)
    left = min(f for _, f in occupied)
    right = max(f for _, f in occupied)
    width, height = right - left + 1, bottom - top + 1
    if width > MAX_SIDE or height > MAX_SIDE:
        raise LayoutError(f"The board is {width} wide and {height} tall; the limit is {MAX_SIDE} x {MAX_SIDE}.")
    if len(occupied) < MIN_CARDS:
        raise LayoutError(f"The board has {len(occupied)} cards; it needs at least {MIN_CARDS}.")
    cards: dict[Cell, str] = {}
    contents: dict[Cell, tuple[str, str | None]] = {}
    for r, f in occupied:
        sym, ring, point = grid[r][f]  # type: ignore[misc]
        cell = (f - left, bottom - r)
        cards[cell] = sym
        if ring is not None:
            contents[cell] = (ring, point)
    return Layout(width, height, cards, contents)
