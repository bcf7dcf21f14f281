"""The Kutai picture on the round board: areas, tiles by owner, Day flowers light with a sun and
Night flowers dark with a moon,
the tree with its values (never on a tile, even between neighbours), disharmony, the last tile."""
from __future__ import annotations

import random

import engine
import rendering
from engine.paisho.board import NAMES
from rendering import kutai as pic
from rendering import paisho_board as kit
from rendering.style import HIGHLIGHT, WIDTH
from tests.engine.examples import K2, K3_POSITION
from tests.rendering.pixels import near, picture, share

GEO = kit.geometry()


def at(top: int, point: str, dx: int = 0, dy: int = 0) -> tuple[int, int]:
    x, y = GEO.xy(NAMES[point])
    return x + dx, top + y + dy


def test_empty_board_areas_are_coloured_as_the_rules_say():
    img, top = picture(engine.new_game("kutai"))
    assert img.size == (WIDTH, top + GEO.height)
    q = kit.SPACING // 4  # a quarter of the way to the next point, off the grid lines
    assert near(img.getpixel(at(top, "g7", q, q)), kit.RED_AREA)      # red only (bottom-left)
    assert near(img.getpixel(at(top, "k11", q, q)), kit.RED_AREA)     # red only (top-right)
    assert near(img.getpixel(at(top, "g11", q, q)), kit.WHITE_AREA)   # white only (top-left)
    assert near(img.getpixel(at(top, "k7", q, q)), kit.WHITE_AREA)    # white only (bottom-right)
    assert near(img.getpixel(at(top, "e5", q, q)), kit.WOOD)          # neutral
    assert near(img.getpixel(at(top, "i1", 0, 12)), kit.RED_AREA)     # the gate's red triangle
    assert near(img.getpixel(at(top, "i9")), kit.LINE)                # the centre point on the grid


def test_day_and_night_are_a_sun_and_a_moon_not_a_letter():
    assert pic.tile_look("DCh") == ("Ch", kit.RED_RIM, "sun", kit.DAY)
    assert pic.tile_look("NLi") == ("Li", kit.WHITE_RIM, "moon", kit.NIGHT)
    assert pic.tile_look("Cu") == ("Cu", kit.PLAIN_RIM, None, "")
    g = engine.replay("kutai", ["DMa@i9", "NCl@f12"])
    img, top = picture(g)
    d = round((kit.TILE_RADIUS - 2.5) * 0.71)
    assert near(img.getpixel(at(top, "i9", d, -d)), kit.SUN)
    assert near(img.getpixel(at(top, "f12", d + 2, -d + 2)), kit.MOON)


def test_tiles_tree_and_last_placement_after_the_k2_opening():
    g = engine.replay("kutai", [m for m, _, _ in K2])
    img, top = picture(g, ["alice", "bob"])
    # P1's Centerpiece, a Day Maple: light blue; P2's Day Clover: light orange
    assert share(img, at(top, "i9"), kit.TILE_RADIUS - 5, kit.face_fill(0, kit.DAY)) > 0.4
    assert share(img, at(top, "f12"), kit.TILE_RADIUS - 5, kit.face_fill(1, kit.DAY)) > 0.4
    assert near(img.getpixel(at(top, "i9", kit.TILE_RADIUS - 3, 0)), kit.RED_RIM)      # a red flower
    assert near(img.getpixel(at(top, "f12", kit.TILE_RADIUS - 3, 0)), kit.WHITE_RIM)   # a white flower
    assert near(img.getpixel(at(top, "i5", 0, -10)), pic.HARMONY)           # the link i9-i3 passes i5
    assert near(img.getpixel(at(top, "k11", 10, -10)), pic.HARMONY)         # the link i9-l12 passes k11
    assert near(img.getpixel(at(top, "l6")), pic.HARMONY)                   # the link i9-m5 passes l6
    assert not near(img.getpixel(at(top, "g7")), pic.HARMONY)               # no link through g7
    assert near(img.getpixel(at(top, "l12", kit.TILE_RADIUS - 1, 0)), HIGHLIGHT)  # the last tile
    assert not near(img.getpixel(at(top, "f12", kit.TILE_RADIUS - 1, 0)), HIGHLIGHT)


def test_a_long_links_value_sits_halfway_along_it():
    g = engine.replay("kutai", [m for m, _, _ in K2])
    img, top = picture(g)
    link = next(line for line in g.view().lines if {line.a, line.b} == {NAMES["i9"], NAMES["i3"]})
    assert near(img.getpixel(at(top, "i6", -7, 0)), pic.HARMONY)  # i9-i3: its badge on i6, halfway
    assert dict(pic.badge_spots([link]))[link] == (0, -3)


def test_a_neighbours_value_and_a_clash_sit_beside_the_gap_not_on_the_tiles():
    g = engine.load("kutai", K3_POSITION)
    g.play("NWs@i10")   # i10 touches i9: a disharmony between neighbours
    view = g.view()
    clash = next(line for line in view.lines if line.kind == "clash")
    spot = dict(pic.badge_spots([clash]))[clash]
    assert spot in ((0.5, 0.5), (-0.5, 0.5))  # the middle of a grid square beside the gap i9-i10
    img, top = picture(g)
    x, y = GEO.unit(*spot)
    assert near(img.getpixel((round(x), top + round(y) - 6)), pic.CLASH)
    gap = GEO.between(NAMES["i9"], NAMES["i10"])
    assert not near(img.getpixel((round(gap[0]), top + round(gap[1]))), pic.CLASH)
    plain, top = picture(engine.load("kutai", K3_POSITION))
    assert not near(plain.getpixel((round(x), top + round(y) - 6)), pic.CLASH)


def test_no_badge_covers_a_tile_in_a_crowded_game():
    rng = random.Random(4)
    g = engine.new_game("kutai", seed=4)
    while g.outcome is None and len(g.record) < 40:
        g.play(g.random_move(rng))
    view = g.view()
    spots = pic.badge_spots([line for line in view.lines if line.kind in ("link", "clash")])
    assert len(spots) >= 10
    for _, (x, y) in spots:
        for tile in view.tiles:
            tx, ty = tile.at[0] - 8, tile.at[1] - 8
            # a tile's code lies within 16 px of its centre; a badge's edge stays beyond it
            assert ((x - tx) ** 2 + (y - ty) ** 2) ** 0.5 * kit.SPACING >= 16 + pic.BADGE, (tile, (x, y))
    assert rendering.render(g)  # and it draws


def test_header_names_the_player_to_move_and_the_result():
    g = engine.replay("kutai", [m for m, _, _ in K2], options={"target": 10})
    assert pic.heading(g.view(), ["alice", "bob"]).status == (
        "Game over: bob wins (the Harmony passed the target)", "Harmony 12")
    g = engine.replay("kutai", ["DMa@i9"])
    assert pic.heading(g.view(), ["alice", "bob"]).status == ("bob to move \u00b7 Harmony 0, more than 60 wins",)
