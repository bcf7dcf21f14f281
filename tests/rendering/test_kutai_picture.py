"""The Kutai picture on the round board: areas, tiles and owners, the tree, disharmony, last tile."""
from __future__ import annotations

import engine
import rendering
from engine.paisho.board import NAMES
from rendering import kutai as pic
from rendering import paisho_board as kit
from rendering.style import HIGHLIGHT, PLAYER_COLOURS, WIDTH
from tests.engine.test_kutai_vectors import K2, K3_POSITION
from tests.rendering.pixels import decode, near

GEO = kit.geometry()


def at(point: str, dx: int = 0, dy: int = 0) -> tuple[int, int]:
    x, y = GEO.xy(NAMES[point])
    return x + dx, y + dy


def test_empty_board_areas_are_coloured_as_the_rules_say():
    img = decode(rendering.render(engine.new_game("kutai")))
    assert img.size == (WIDTH, GEO.image_height)
    q = kit.SPACING // 4  # a quarter of the way to the next point, off the grid lines
    assert near(img.getpixel(at("g7", q, q)), kit.RED_AREA)      # red only (bottom-left)
    assert near(img.getpixel(at("k11", q, q)), kit.RED_AREA)     # red only (top-right)
    assert near(img.getpixel(at("g11", q, q)), kit.WHITE_AREA)   # white only (top-left)
    assert near(img.getpixel(at("k7", q, q)), kit.WHITE_AREA)    # white only (bottom-right)
    assert near(img.getpixel(at("e5", q, q)), kit.WOOD)          # neutral
    assert near(img.getpixel(at("i1", 0, 12)), kit.RED_AREA)     # the gate's red triangle
    assert near(img.getpixel(at("i9")), kit.LINE)                # the centre point on the grid


def test_tiles_tree_and_last_placement_after_the_k2_opening():
    g = engine.replay("kutai", [m for m, _, _ in K2])
    img = decode(rendering.render(g, ["alice", "bob"]))
    rim = kit.TILE_RADIUS - 2
    assert near(img.getpixel(at("i9", rim, 0)), PLAYER_COLOURS["P"])   # P1's Centerpiece: blue rim
    assert near(img.getpixel(at("f12", rim, 0)), PLAYER_COLOURS["A"])  # P2's Clover: orange rim
    assert near(img.getpixel(at("i9", -10, -6)), kit.RED_TILE)         # a red flower's face
    assert near(img.getpixel(at("f12", -10, -6)), kit.WHITE_TILE)      # a white flower's face
    assert near(img.getpixel(at("i6", 0, -10)), pic.HARMONY)           # the link i9-i3 passes i6
    assert near(img.getpixel(at("k11", 10, -10)), pic.HARMONY)         # the link i9-l12 passes k11
    assert near(img.getpixel(at("l6")), pic.HARMONY)                   # the link i9-m5 passes l6
    assert not near(img.getpixel(at("g7")), pic.HARMONY)              # no link through g7
    assert near(img.getpixel(at("l12", kit.TILE_RADIUS + 4, 0)), HIGHLIGHT)  # the last tile, ringed
    assert not near(img.getpixel(at("f12", kit.TILE_RADIUS + 4, 0)), HIGHLIGHT)


def test_disharmony_is_marked_between_the_two_tiles():
    g = engine.load("kutai", K3_POSITION)
    g.play("NWs@i10")
    img = decode(rendering.render(g))
    x, y = at("i9")
    assert near(img.getpixel((x, y - kit.SPACING // 2 + 6)), pic.CLASH)
    plain = decode(rendering.render(engine.load("kutai", K3_POSITION)))
    assert not near(plain.getpixel((x, y - kit.SPACING // 2 + 6)), pic.CLASH)


def test_header_names_the_player_to_move_and_the_result():
    g = engine.replay("kutai", [m for m, _, _ in K2], options={"target": 10})
    assert pic.status_line(g.view(), ["alice", "bob"]) == "Game over: bob wins (the Harmony passed the target) \u00b7 Harmony 12"
    g = engine.replay("kutai", ["DMa@i9"])
    assert pic.status_line(g.view(), ["alice", "bob"]) == "bob to move \u00b7 Harmony 0, more than 60 wins"
