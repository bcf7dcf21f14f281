"""Helpers for checking pictures pixel by pixel."""
from __future__ import annotations

import io

from PIL import Image

import rendering


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def near(a, b, tol=12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def picture(game, names=None) -> tuple[Image.Image, int]:
    """The posted picture of a game, decoded, and the height of its header (the board's part
    starts there: the header's height follows its text)."""
    img = decode(rendering.render(game, names))
    drawn = rendering.picture_of(game.view(), names)
    assert drawn is not None and drawn.image.size == img.size
    return img, drawn.header


def share(img: Image.Image, centre: tuple[int, int], radius: float, colour, tol: int = 12) -> float:
    """The share of the pixels within ``radius`` of ``centre`` that are ``colour``."""
    cx, cy = centre
    inside = hits = 0
    r = int(radius)
    for y in range(cy - r, cy + r + 1):
        for x in range(cx - r, cx + r + 1):
            if (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius:
                inside += 1
                hits += near(img.getpixel((x, y)), colour, tol)
    return hits / inside
