"""Board pictures: engine state -> PNG bytes with Pillow. Reads game state, never changes it."""
from __future__ import annotations

from typing import Any, Callable

from . import ancient, basic, iroh, kutai, pauso, quaterno
from .chart import rating_chart  # noqa: F401  (profiles)

# variant id -> render(game, names) -> PNG bytes
_RENDERERS: dict[str, Callable[..., bytes]] = {"basic": basic.render, "ancient": ancient.render, "iroh": iroh.render, "kutai": kutai.render, "quaterno": quaterno.render, "pauso": pauso.render}
# variant id -> preview of a board option before the game starts (None: nothing to preview)
_PREVIEWS: dict[str, Callable[[str], bytes]] = {"pauso": pauso.render_layout}


def render(game: Any, names: list[str] | None = None) -> bytes:
    """The PNG of ``game`` as it stands; ``names`` label the seats in the header."""
    try:
        renderer = _RENDERERS[game.variant]
    except KeyError:
        raise ValueError(f"No renderer for {game.variant!r}") from None
    return renderer(game, names)


def render_hand(game: Any, seat: int) -> bytes:
    """A picture of one player's private tiles (games with hidden hands)."""
    if game.variant != "ancient":
        raise ValueError(f"{game.variant!r} has no hidden hands")
    return ancient.render_hand(game, seat)


def render_board_option(variant: str, board: str) -> bytes | None:
    """A picture of a proposed board (games whose board is an option), else None."""
    preview = _PREVIEWS.get(variant)
    return preview(board) if preview else None
