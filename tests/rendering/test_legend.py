"""The legend picture of each game (/rules, the console's rules): every kind of tile the game declares
is found on the board of a real position for each player (or as nobody's), cut out of the game's
own picture, in each owner's colour, above the last move as the board marks it."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

import engine
from engine import legend as positions
from rendering.legend import CELL, COLUMNS, PAD, ROW, legend_png
from rendering.style import WIDTH

GAMES = [d.id for d in engine.games()]
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("variant", GAMES)
def test_every_tile_of_every_game_is_found_on_a_real_board(variant):
    legend = positions.sample(variant)
    assert legend.tiles == engine.info(variant).tiles and legend.tiles  # the game names its tiles
    for code, _ in legend.tiles:
        owned = all(legend.seen(code, seat) is not None for seat in (0, 1))
        assert owned or legend.seen(code, None) is not None, code
    for seen in legend.sightings:  # each where the view says, not a tile the last turn touched
        view = legend.views[seen.view]
        assert any(t.at == seen.point and t.kind == seen.code and t.owner == seen.seat for t in view.tiles)
    assert legend.last is not None and legend.views[legend.last].last.to is not None
    assert positions.sample(variant) is legend  # made once


@pytest.mark.parametrize("variant", GAMES)
def test_the_legend_shows_each_tile_in_its_owners_colour(variant):
    png = legend_png(variant)
    assert png is not None and png.startswith(b"\x89PNG") and len(png) < 1_000_000
    img = Image.open(io.BytesIO(png)).convert("RGB")
    assert img.width == WIDTH
    legend = positions.sample(variant)
    rows = -(-len(legend.tiles) // COLUMNS)
    assert img.height > 124 + rows * ROW  # a row per two kinds, then the last move
    first, _ = legend.tiles[0]
    if legend.seen(first, 0) is None:
        return
    blue = []  # player 1 is blue (a Day flower of Kutai: a light blue), player 2 orange: never blue
    for x in (PAD, PAD + CELL + 6):  # the first entry: player 1's tile, then player 2's
        pixels = list(img.crop((x, 124, x + CELL, 124 + CELL)).getdata())
        blue.append(sum(1 for r, g, b in pixels if b - r > 40 and b - g > 20) / len(pixels))
    assert blue[0] > 0.08 and blue[1] < blue[0] / 3, (variant, blue)


def test_a_game_without_tiles_or_a_board_geometry_has_no_legend():
    from tests.toy import nim
    nim.install()
    try:
        assert legend_png("nim") is None
    finally:
        nim.uninstall()


@pytest.mark.parametrize("variant", GAMES)
def test_the_in_the_picture_words_are_the_same_in_the_summary_and_the_rules(variant):
    summary = engine.info(variant).summary
    said = summary[summary.index("**In the picture.**"):].removeprefix("**In the picture.**").strip()
    rules = (ROOT / "docs" / "rules" / f"{variant}.md").read_text(encoding="utf-8")
    section = rules[rules.index("In the picture\n"):]
    assert said in " ".join(section.split()) or said in section
    assert "D1" not in said and "D2" not in said
    labels = positions.sample(variant).labels  # the words name the seats as the pictures do
    assert labels[0] in said or labels[0].split()[0] in said
