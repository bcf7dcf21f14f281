"""Fitting text into Discord's limits: the one place that knows how long a message, an embed or
an autocomplete choice may be, and how a text too long for one is cut; and names as plain text
again where Markdown is not read (pictures, records, thread names)."""
from __future__ import annotations

import re

MESSAGE_LIMIT = 2000  # characters in a message's content
EMBED_LIMIT = 4096  # characters in an embed's description
CHOICE_LIMIT = 100  # characters in an autocomplete choice's name or value
MOVE_INPUT_LIMIT = 100  # what /move accepts (the longest move of any game is under 40)
OPTIONS_INPUT_LIMIT = 400  # what a challenge's options accept (the largest board layout fits)
ELLIPSIS = "\u2026"


def fit(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` as it is when it fits in ``limit`` characters; else cut at a line break or a space
    near the end where there is one, with an ellipsis, so it is never refused as too long."""
    if len(text) <= limit:
        return text
    cut = text[: limit - len(ELLIPSIS)]
    for mark in ("\n", " "):
        at = cut.rfind(mark)
        if at >= limit * 3 // 4:
            cut = cut[:at]
            break
    return cut.rstrip() + ELLIPSIS


_ESCAPED = re.compile(r"\\([\\*_`~|>#<\[\]()-])")


def plain_name(text: str) -> str:
    """A name (or a text holding names) as plain text: the Markdown escapes that Discord names get
    in the bot's messages (cogs.replies.safe_name) removed, for places that do not read Markdown."""
    return _ESCAPED.sub(r"\1", text)


plain_text = plain_name  # a whole record or list of moves, with the names in it
