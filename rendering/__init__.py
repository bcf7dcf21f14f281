"""Board pictures: PNG bytes with Pillow, drawn from a game's view (``game.view()``, engine.view).

A renderer reads only the view, an immutable snapshot, never the game itself: the bot takes the
view under the game's lock and draws it elsewhere (a worker thread, later a worker process)
while the game moves on. ``replay.py`` draws a game's record as an animated GIF, or any one of
its positions, from the views of the replayed game.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

from engine.view import BoardView, HandView

from .chart import rating_chart  # noqa: F401  (profiles)
from .style import Picture

# variant id -> render(view, names) -> PNG bytes
_RENDERERS: dict[str, Callable[..., bytes]] = {}
# variant id -> draw(view, names) -> Picture (the drawn picture before encoding: replays use it)
_PICTURES: dict[str, Callable[..., Picture]] = {}
# variant id -> render_hand(hand view) -> PNG bytes (games with hidden hands)
_HAND_RENDERERS: dict[str, Callable[[HandView], bytes]] = {}
# variant id -> preview of a board option before the game starts
_PREVIEWS: dict[str, Callable[[str], bytes]] = {}


def register(variant: str, *, board: Callable[..., bytes], hand: Callable[[HandView], bytes] | None = None,
             preview: Callable[[str], bytes] | None = None, picture: Callable[..., Picture] | None = None) -> None:
    """Declare a game's pictures: ``board(view, names)``, and where the game has them, its hand
    picture, the preview of a proposed board and ``picture(view, names)``, the board picture
    before it is encoded (a Picture; replays draw their frames with it). Each game's module here
    calls this once."""
    _RENDERERS[variant] = board
    _set(_HAND_RENDERERS, variant, hand)
    _set(_PREVIEWS, variant, preview)
    _set(_PICTURES, variant, picture)


def _set(table: dict[str, Any], variant: str, value: Any) -> None:
    if value is not None:
        table[variant] = value
    else:
        table.pop(variant, None)


def unregister(variant: str) -> None:
    """Forget a game's pictures (for tests that register a game of their own)."""
    tables: tuple[dict[str, Any], ...] = (_RENDERERS, _HAND_RENDERERS, _PREVIEWS, _PICTURES)
    for table in tables:
        table.pop(variant, None)


def plugins() -> tuple[tuple[str, dict[str, Callable[..., Any]]], ...]:
    """The pictures registered from outside this package (an out-of-tree game's), as
    (variant, the keyword arguments ``register`` was given): a worker process started afresh finds
    only this package's own and must be given these (bot/workers.py)."""
    own = f"{__name__}."
    out = []
    for variant, board in sorted(_RENDERERS.items()):
        if getattr(board, "__module__", "").startswith(own):
            continue
        given = {"board": board, "hand": _HAND_RENDERERS.get(variant), "preview": _PREVIEWS.get(variant),
                 "picture": _PICTURES.get(variant)}
        out.append((variant, {key: value for key, value in given.items() if value is not None}))
    return tuple(out)


def render_view(view: BoardView, names: list[str] | None = None) -> bytes:
    """The PNG of a game's view (``game.view()``); ``names`` label the seats in the header."""
    try:
        renderer = _RENDERERS[view.variant]
    except KeyError:
        raise ValueError(f"No renderer for {view.variant!r}") from None
    return renderer(view, names)


def picture_of(view: BoardView, names: list[str] | None = None) -> Picture | None:
    """The drawn picture of a view before encoding, for games that register one, else None."""
    draw = _PICTURES.get(view.variant)
    return draw(view, names) if draw is not None else None


def render(game: Any, names: list[str] | None = None) -> bytes:
    """The PNG of ``game`` as it stands; ``names`` label the seats in the header."""
    if game.variant not in _RENDERERS:
        raise ValueError(f"No renderer for {game.variant!r}")
    return render_view(game.view(), names)


def render_hand_view(hand: HandView) -> bytes:
    """A picture of one player's private tiles (``game.hand_view(seat)``)."""
    try:
        renderer = _HAND_RENDERERS[hand.variant]
    except KeyError:
        raise ValueError(f"{hand.variant!r} has no hidden hands") from None
    return renderer(hand)


def render_hand(game: Any, seat: int) -> bytes:
    """A picture of one player's private tiles (games with hidden hands)."""
    if game.variant not in _HAND_RENDERERS:
        raise ValueError(f"{game.variant!r} has no hidden hands")
    return render_hand_view(game.hand_view(seat))


def render_board_option(variant: str, board: str) -> bytes | None:
    """A picture of a proposed board (games whose board is an option), else None."""
    preview = _PREVIEWS.get(variant)
    return preview(board) if preview else None


def _discover() -> None:
    """Import every module of this package: each game's module registers its pictures."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


_discover()
