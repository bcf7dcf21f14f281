"""Helpers for checking pictures pixel by pixel."""
from __future__ import annotations

import io

from PIL import Image


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def near(a, b, tol=12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))
