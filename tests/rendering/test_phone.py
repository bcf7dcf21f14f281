"""Pictures judged as a phone shows them, 390 px wide: a tile's code is large, its owner's colour
fills it (so it still reads after the picture is scaled down), and the pictures stay small."""
from __future__ import annotations

import random

import pytest
from PIL import Image

import engine
import rendering
from engine.kutai.tiles import TILES
from rendering import kutai, pauso, quaterno
from rendering import paisho_board as kit
from rendering.style import INK, WIDTH
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
        # above the code: the owner's colour (Kutai's flowers: lighter by Day, darker by Night), even scaled down
        seen = small.getpixel((round(x * SCALE), round((top + y - 11) * SCALE)))
        face = kutai.tile_look(tile.kind)[3] if variant == "kutai" else ""
        assert near(seen, kit.face_fill(tile.owner, face), 40), (tile, seen)
        checked += 1
    assert checked >= 5


def lightness(colour) -> float:
    r, g, b = colour[:3]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_kutai_day_and_night_read_on_every_tile_at_phone_size():
    """Day flowers are light and Night flowers dark over the whole tile (the sun or moon pip alone
    was a 6 px mark on a phone), for both players, whatever the flower."""
    rng = random.Random(5)
    game = engine.new_game("kutai", seed=5)
    while len(game.record) < 44:
        game.play(game.random_move(rng))
    img, top = picture(game)
    small = img.resize((PHONE, round(img.height * SCALE)), Image.Resampling.LANCZOS)
    geo = kit.geometry()
    seen = {"Day": [], "Night": []}
    for tile in game.view().tiles:
        light = TILES[tile.kind].light
        if not light:
            continue
        x, y = geo.xy(tile.at)
        # the tile's face on a phone, under its letters: the middle of three pixels across it
        row = sorted(lightness(small.getpixel((round((x + dx) * SCALE), round((top + y + 10) * SCALE))))
                     for dx in (-4, 0, 4))
        seen[light].append(row[1])
    assert len(seen["Day"]) >= 5 and len(seen["Night"]) >= 5
    assert min(seen["Day"]) - max(seen["Night"]) > 80  # every Day tile far lighter than every Night tile


@pytest.mark.parametrize("variant", engine.VARIANT_IDS)
def test_pictures_stay_small(variant):
    assert len(rendering.render(mid_game(variant))) < 120_000
