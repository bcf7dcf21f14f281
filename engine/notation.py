"""The notation core shared by every game: square names, input clean-up and common messages.

Squares are written file letter + rank number (``e4``): files a.. from the left, ranks 1.. from
the bottom, as the first player sees the board. Internally a square is ``(file, rank)`` with both
0-based. Every game builds its own move grammar on these pieces so that all six games read and
write squares and report the same situations with the same words.

Input is read in two steps (docs/decisions.md, "Input"): ``normalise`` forgives what Unicode calls
the same text (NFKC: fullwidth ``ｃ３`` is ``c3``), then every grammar reads ASCII only (patterns
use explicit ``[A-Za-z0-9]`` classes, and re.ASCII wherever case is ignored), so other look-alike
letters and digits are simply unreadable. A message that repeats what the player typed shows it
through ``echo``: at most 40 characters, control characters replaced.
"""
from __future__ import annotations

import re
import unicodedata

FILES = "abcdefghijklmnopqrstuvwxyz"

# A square as typed: one letter and one or two digits (case and surrounding spaces ignored).
SQUARE_PATTERN = r"[a-zA-Z][0-9]{1,2}"
_SQUARE_RE = re.compile(rf"^{SQUARE_PATTERN}$")
_SPACE_RE = re.compile(r"\s+")
ECHO_LENGTH = 40
_HIDDEN = ("Cc", "Cs")  # control characters and lone surrogates never go into a message

GAME_OVER = "The game is over."
NOT_YOUR_TURN = "It is not your turn."


_NOT_READ = ("<super>", "<sub>", "<circle>", "<fraction>")  # look like digits, mean something else


def normalise(text: str) -> str:
    """What the player typed, in Unicode's compatibility form (NFKC): fullwidth letters, digits and
    signs, ligatures and signs such as the Kelvin sign become plain ASCII. Superscript, subscript,
    circled and fraction forms stay as they are (so ``²`` is refused, never read as ``2``)."""
    if text.isascii():
        return text
    return "".join(c if unicodedata.decomposition(c).startswith(_NOT_READ) else unicodedata.normalize("NFKC", c)
                   for c in text)


def squash(text: str) -> str:
    """The input with all whitespace removed (moves ignore whitespace)."""
    return _SPACE_RE.sub("", text)


def codes_and_names(names: dict[str, str]) -> dict[str, str]:
    """How a player may name a tile: its code or its full name, any case, spaces left out
    (``ro``, ``rose``, ``whitelotus``) -> the code."""
    return {**{squash(name).lower(): code for code, name in names.items()}, **{c.lower(): c for c in names}}


def echo(text: str) -> str:
    """Typed text as a message repeats it: the first 40 characters and "…" when longer, with
    control characters and lone surrogates shown as U+FFFD."""
    short = text if len(text) <= ECHO_LENGTH else text[:ECHO_LENGTH] + "\u2026"
    if short.isascii() and short.isprintable():
        return short
    return "".join("\ufffd" if unicodedata.category(c) in _HIDDEN else c for c in short)


def square_name(file: int, rank: int) -> str:
    """``(2, 0)`` -> ``"c1"``."""
    return f"{FILES[file]}{rank + 1}"


def parse_square(text: str) -> tuple[int, int] | None:
    """``"C3"`` -> ``(2, 2)``; ``"b0"`` -> ``(1, -1)`` (off every board); not a square -> None."""
    if not _SQUARE_RE.match(text):
        return None
    return FILES.index(text[0].lower()), int(text[1:]) - 1


def typed_square(text: str) -> str:
    """How to name a typed square back to the player: lower case, rank without leading zeros."""
    square = parse_square(text)
    assert square is not None, f"typed_square needs a square, not {text!r}"
    file, rank = square
    return f"{FILES[file]}{rank + 1}"


def off_board(square: str) -> str:
    return f"{echo(square)} is off the board."


def occupied(square: str) -> str:
    return f"{square} is occupied."


def cant_read(text: str, hint: str = "") -> str:
    message = f"I can't read '{echo(text.strip())}'."
    return f"{message} {hint}" if hint else message
