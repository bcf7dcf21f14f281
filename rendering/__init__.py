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
from .geometry import BoardGeometry
from .style import Picture

# variant id -> render(view, names) -> PNG bytes
_RENDERERS: dict[str, Callable[..., bytes]] = {}
# variant id -> draw(view, names) -> Picture (the drawn picture before encoding: replays use it)
_PICTURES: dict[str, Callable[..., Picture]] = {}
# variant id -> render_hand(hand view) -> PNG bytes (games with hidden hands)
_HAND_RENDERERS: dict[str, Callable[[HandView], bytes]] = {}
# variant id -> preview of a board option before the game starts
_PREVIEWS: dict[str, Callable[[str], bytes]] = {}
# variant id -> geometry(view, names) -> BoardGeometry: where the board picture draws each point
_GEOMETRIES: dict[str, Callable[..., BoardGeometry]] = {}
# variant id -> tile(view, code, seat) -> RGBA image of one tile off the board (hand, reserve)
_TILES: dict[str, Callable[..., Any]] = {}


def register(variant: str, *, board: Callable[..., bytes], hand: Callable[[HandView], bytes] | None = None,
             preview: Callable[[str], bytes] | None = None, picture: Callable[..., Picture] | None = None,
             geometry: Callable[..., BoardGeometry] | None = None, tile: Callable[..., Any] | None = None) -> None:
    """Declare a game's pictures: ``board(view, names)``, and where the game has them, its hand
    picture, the preview of a proposed board, ``picture(view, names)``, the board picture
    before it is encoded (a Picture; replays and the move panel draw with it), ``geometry(view,
    names)``, where that picture draws each board point, and ``tile(view, code, seat)``, one tile
    off the board (an RGBA image: the move panel shows the hand or reserve with it). Each game's
    module here calls this once."""
    _RENDERERS[variant] = board
    _set(_HAND_RENDERERS, variant, hand)
    _set(_PREVIEWS, variant, preview)
    _set(_PICTURES, variant, picture)
    _set(_GEOMETRIES, variant, geometry)
    _set(_TILES, variant, tile)


def _set(table: dict[str, Any], variant: str, value: Any) -> None:
    if value is not None:
        table[variant] = value
    else:
        table.pop(variant, None)


# register's keyword -> the table it fills
_TABLES: dict[str, dict[str, Any]] = {"board": _RENDERERS, "hand": _HAND_RENDERERS, "preview": _PREVIEWS,
                                      "picture": _PICTURES, "geometry": _GEOMETRIES, "tile": _TILES}


def unregister(variant: str) -> None:
    """Forget a game's pictures (for tests that register a game of their own)."""
    for table in _TABLES.values():
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
        out.append((variant, {key: table[variant] for key, table in _TABLES.items() if variant in table}))
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


def geometry_of(view: BoardView, names: list[str] | None = None) -> BoardGeometry | None:
    """Where the picture of a view (``picture_of``, ``render_view``, with the same names) draws
    each board point, for games that declare it, else None."""
    found = _GEOMETRIES.get(view.variant)
    return found(view, names) if found is not None else None


def tile_image(view: BoardView, code: str, seat: int) -> Any:
    """One tile of ``seat`` off the board, as the game draws it (RGBA), or None if the game does
    not declare how."""
    found = _TILES.get(view.variant)
    return found(view, code, seat) if found is not None else None


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
