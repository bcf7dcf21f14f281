"""The Ancient picture: harmony and disharmony lines, drained tiles, owners, the last placement;
and the private hand picture."""
from __future__ import annotations

import engine
import rendering
from engine.paisho.board import NAMES
from rendering import ancient as pic
from rendering import paisho_board as kit
from rendering.style import HIGHLIGHT, PLAYER_COLOURS
from tests.engine.test_ancient_vectors import A3
from tests.rendering.pixels import decode, near

GEO = kit.geometry()


def at(point: str, dx: int = 0, dy: int = 0) -> tuple[int, int]:
    x, y = GEO.xy(NAMES[point])
    return x + dx, y + dy


def test_harmony_and_disharmony_lines_and_owners():
    g = engine.load("ancient", A3 + ", Li g9")   # e9-g9 Ch-Li disharmony; i5-i9 Ja-Rh harmony
    img = decode(rendering.render(g))
    assert near(img.getpixel(at("i7")), pic.HARMONY)
    assert near(img.getpixel(at("f9")), pic.DISHARMONY)
    assert not near(img.getpixel(at("k9")), pic.HARMONY) and not near(img.getpixel(at("k9")), pic.DISHARMONY)
    rim = kit.TILE_RADIUS - 2
    assert near(img.getpixel(at("i9", rim, 0)), PLAYER_COLOURS["P"])
    assert near(img.getpixel(at("m9", rim, 0)), PLAYER_COLOURS["A"])
    assert near(img.getpixel(at("i5", -10, -6)), kit.WHITE_TILE)
    assert near(img.getpixel(at("m9", -10, -6)), kit.RED_TILE)


def test_drained_tiles_lie_face_down_and_the_last_placement_is_ringed():
    g = engine.load("ancient", A3 + "; P1 hand: Kn")
    g.play("Kn@h8")
    img = decode(rendering.render(g))
    assert near(img.getpixel(at("i9", -10, -6)), pic.DRAINED)
    assert near(img.getpixel(at("h8", kit.TILE_RADIUS + 4, 0)), HIGHLIGHT)
    assert pic.status_line(g.view(), ["alice", "bob"]) == "bob to move \u00b7 harmonies 1, exactly 5 wins"


def test_the_hand_picture_shows_the_tiles_in_order():
    g = engine.load("ancient", "to_move: P1; P1: Rh i9; P1 hand: Ro Ja")
    img = decode(rendering.render_hand(g, 0))
    step = kit.TILE_RADIUS * 2 + 12
    first = (12 + kit.TILE_RADIUS + 1 - 10, 46 + kit.TILE_RADIUS + 1 - 6)
    assert near(img.getpixel(first), kit.WHITE_TILE)                    # Ja comes first
    assert near(img.getpixel((first[0] + step, first[1])), kit.RED_TILE)  # then Ro
