"""Pictures judged as a phone shows them, 390 px wide: a tile's code is large, its owner's colour
fills it (so it still reads after the picture is scaled down), and the pictures stay small."""
from __future__ import annotations

import random

import pytest
from PIL import Image

import engine
import rendering
from rendering import paisho_board as kit
from rendering import pauso, quaterno
from rendering.style import INK, PLAYER_COLOURS, WIDTH
from tests.rendering.pixels import near, picture

PHONE = 390
SCALE = PHONE / WIDTH


def ink_height(sprite: Image.Image, ink=INK, tol: int = 40) -> int:
    """How many rows of a sprite hold text ink."""
    rgba = sprite.convert("RGBA")
    rows = [y for y in range(rgba.height)
            if any(rgba.getpixel((x, y))[3] > 200 and near(rgba.getpixel((x, y))[:3], ink, tol)
                   for x in range(rgba.width))]
    return max(rows) - min(rows) + 1 if rows else 0


@pytest.mark.parametrize("code", ["Wh", "Ja", "Kn", "WL"])
def test_a_round_tiles_code_is_at_least_6_px_tall_on_a_phone(code):
    sprite = kit.tile_sprite(code, 0, kit.PLAIN_RIM)
    assert ink_height(sprite) * SCALE >= 6.3  # capitals of 13 px and more (they were 9 px, 4.4 on a phone)


def test_quaterno_and_pauso_letters_are_large():
    assert ink_height(quaterno.tile_sprite("Co", 1)) * SCALE >= 16  # glyph and code together
    ring = pauso._piece(pauso.geometry(7, 7).cell, "A", None)
    assert ink_height(ring) * SCALE >= 12


def mid_game(variant: str) -> engine.Game:
    rng = random.Random(2)
    game = engine.new_game(variant, seed=2)
    while len(game.record) < 24 and game.outcome is None:
        game.play(game.random_move(rng))
    return game


@pytest.mark.parametrize("variant", ["basic", "ancient", "iroh", "kutai"])
def test_owners_still_read_at_phone_size(variant):
    game = mid_game(variant)
    img, top = picture(game)
    small = img.resize((PHONE, round(img.height * SCALE)), Image.Resampling.LANCZOS)
    geo = kit.geometry()
    checked = 0
    for tile in game.view().tiles:
        if tile.owner is None or tile.kind == "Kn" and variant == "iroh" or "drained" in tile.flags:
            continue
        x, y = geo.xy(tile.at)
        # above the code: the owner's colour, even scaled down
        seen = small.getpixel((round(x * SCALE), round((top + y - 11) * SCALE)))
        assert near(seen, PLAYER_COLOURS[kit.SEAT_KEYS[tile.owner]], 40), (tile, seen)
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("variant", engine.VARIANT_IDS)
def test_pictures_stay_small(variant):
    assert len(rendering.render(mid_game(variant))) < 120_000
