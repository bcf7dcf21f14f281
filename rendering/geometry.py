"""Where a game's picture draws its board, in pixels: the geometry each game's renderer exposes
(``rendering.geometry_of(view, names)``), so that marks can be drawn on a picture (the move
panel's keys, rendering/panel.py) and a web page can make every point of a picture touchable.
Read from the same numbers the renderer draws with, never measured from pixels."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from engine.notation import square_name
from engine.view import Point


@dataclass(frozen=True)
class BoardGeometry:
    """A picture's size, the height of its header, the pixel centre of every board point, and the
    distance between neighbouring points (a point's touch target is about that wide); ``origin``
    is where (file 0, rank 0) is or would be: every board is a grid, so ``locate`` places any
    (file, rank), on the board or not. ``shape`` says how a point's area looks: round points on
    lines (the Pai Sho board) or square cells."""

    width: int
    height: int
    top: int
    spacing: float
    centres: tuple[tuple[Point, tuple[int, int]], ...]
    origin: tuple[float, float]
    shape: str = "round"

    @cached_property
    def _by_point(self) -> dict[Point, tuple[int, int]]:
        return dict(self.centres)

    def xy(self, point: Point) -> tuple[int, int]:
        """The pixel centre of a board point (KeyError for a point the board does not have)."""
        return self._by_point[point]

    def has(self, point: Point) -> bool:
        return point in self._by_point

    def locate(self, point: Point) -> tuple[float, float]:
        """The pixel where a (file, rank) is on the grid, whether or not the board has that point."""
        return self.origin[0] + point[0] * self.spacing, self.origin[1] - point[1] * self.spacing

    def to_dict(self) -> dict[str, Any]:
        return {"width": self.width, "height": self.height, "top": self.top, "spacing": self.spacing,
                "shape": self.shape, "origin": list(self.origin),
                "points": {square_name(*p): list(xy) for p, xy in self.centres}}
