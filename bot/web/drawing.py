"""The pictures a board page shows, drawn in a painter (a worker process or thread): the board
with where each of its points is (the renderer's own geometry, so the page makes every point
touchable), one tile off the board (a hand or reserve tile the page offers), and a hand. Module
level functions of views only, so they travel to a worker process by pickle."""
from __future__ import annotations

import io
from typing import Any

import rendering
from engine.view import BoardView


def board(view: BoardView, names: list[str] | None) -> tuple[bytes, dict[str, Any] | None]:
    """The board PNG and its geometry (``BoardGeometry.to_dict``; None for a game without one)."""
    png = rendering.render_view(view, names)
    geometry = rendering.geometry_of(view, names)
    return png, geometry.to_dict() if geometry is not None else None


def tile(view: BoardView, code: str, seat: int) -> bytes | None:
    """One tile of ``seat`` off the board as a PNG, or None where the game does not draw one."""
    image = rendering.tile_image(view, code, seat)
    if image is None:
        return None
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
