"""The Basic Pai Sho picture: owners by fill, flower colours by rim, harmony lines by owner and
value, disharmony lines, drained and dormant tiles, blooming Lotuses, a completed ring, the last
move and what its ability moved, the header."""
from __future__ import annotations

import engine
from engine.paisho.board import NAMES
from rendering import basic as pic
from rendering import paisho_board as kit
from rendering.style import HIGHLIGHT, PLAYER_COLOURS, WHITE
from tests.rendering.pixels import near, picture, share

GEO = kit.geometry()
BLUE, ORANGE = PLAYER_COLOURS["P"], PLAYER_COLOURS["A"]
RIM = kit.TILE_RADIUS - 3  # inside a tile's rim


def at(top: int, point: str, dx: int = 0, dy: int = 0) -> tuple[int, int]:
    x, y = GEO.xy(NAMES[point])
    return x + dx, top + y + dy


def test_owners_fill_their_tiles_and_flower_colours_are_rims():
    img, top = picture(engine.load("basic", "P1: Rh g7, Ja k7, Ja k3\nP2: Ja n12, Li n14"), ["alice", "bob"])
    # the owner's colour fills most of the tile, so owners are told apart at a glance
    assert share(img, at(top, "g7"), kit.TILE_RADIUS - 5, BLUE) > 0.4
    assert share(img, at(top, "n12"), kit.TILE_RADIUS - 5, ORANGE) > 0.4
    assert near(img.getpixel(at(top, "g7", RIM, 0)), kit.RED_RIM)    # a red flower
    assert near(img.getpixel(at(top, "k7", RIM, 0)), kit.WHITE_RIM)  # a white flower


def test_harmony_lines_by_owner_and_value():
    img, top = picture(engine.load("basic", "P1: Rh g7, Ja k7, Ja k3\nP2: Ja n12, Li n14"), ["alice", "bob"])
    assert near(img.getpixel(at(top, "i7", 14, 0)), BLUE)  # g7-k7: P1's natural harmony, a thick line
    assert near(img.getpixel(at(top, "i7", 14, 3)), BLUE)
    assert near(img.getpixel(at(top, "i7")), BLUE) and near(img.getpixel(at(top, "i7", 0, 5)), BLUE)  # a big dot
    assert near(img.getpixel(at(top, "n13", 0, 14)), ORANGE)  # n12-n14: P2's harmony, a thin line
    assert not near(img.getpixel(at(top, "n13", 3, 14)), ORANGE)
    assert not near(img.getpixel(at(top, "k5")), BLUE)  # Ja k7 - Ja k3: same type, no harmony


def test_a_harmony_between_neighbours_shows_as_a_dot():
    img, top = picture(engine.load("basic", "P1: Li p8, Ja q8"))
    x, y = ((a + b) // 2 for a, b in zip(at(top, "p8"), at(top, "q8")))
    assert near(img.getpixel((x, y)), BLUE)
    img, top = picture(engine.load("basic", "P1: Li p8, Li q8"))
    assert not near(img.getpixel((x, y)), BLUE)


def test_disharmony_drained_dormant_and_blooming():
    game = engine.load("basic", "P1: Rh g7, Ja g11, WL e4, Ro f5 dormant\nP2: Ro g9, Kn l5, Li k6\npot P2: Ja")
    img, top = picture(game)
    assert near(img.getpixel(at(top, "g10")), pic.DISHARMONY)  # P2's Rose breaks g7-g11 and clashes with the Jasmine
    faded = kit.blend(ORANGE, kit.FADED, kit.FADE_SHARE)
    assert share(img, at(top, "k6"), kit.TILE_RADIUS - 5, faded) > 0.4  # drained: next to the Knotweed on l5
    assert share(img, at(top, "l5"), kit.TILE_RADIUS - 5, ORANGE) > 0.4  # the Knotweed itself is not
    d = round((kit.TILE_RADIUS - 2.5) * 0.71)  # the pip at a tile's upper right
    assert near(img.getpixel(at(top, "f5", d + 3, -d - 1)), (25, 25, 30))  # the dormant "z"
    assert near(img.getpixel(at(top, "e4", d + 4, -d)), kit.BLOOM)  # P1 has fewer tiles in the Pot: in bloom
    assert near(img.getpixel(at(top, "e4", -kit.TILE_RADIUS - 2, 0)), kit.BLOOM)
    assert not near(img.getpixel(at(top, "g7", d + 4, -d)), kit.BLOOM)


def test_a_completed_ring_and_the_last_move():
    game = engine.load("basic", "P1: Rh g7, Ja k6, Rh k11, Ja g11")
    game.play("k6-k7")
    img, top = picture(game, ["alice", "bob"])
    assert near(img.getpixel(at(top, "i11", 14, 0)), HIGHLIGHT) and near(img.getpixel(at(top, "g9", 0, 14)), HIGHLIGHT)
    assert near(img.getpixel(at(top, "k7", kit.TILE_RADIUS - 1, 0)), HIGHLIGHT)   # the moved tile's yellow edge
    assert near(img.getpixel(at(top, "k7", kit.TILE_RADIUS + 5, 0)), HIGHLIGHT)   # and the ring around it
    assert near(img.getpixel(at(top, "k6", kit.TILE_RADIUS - 4, 0)), HIGHLIGHT)   # where it came from
    assert not near(img.getpixel(at(top, "g7", kit.TILE_RADIUS - 1, 0)), HIGHLIGHT)
    heading = pic.heading(game.view(), ["alice", "bob"])
    assert heading.status == ("Game over: alice wins (a ring around the centre)", "The Pot goes to alice.")
    assert pic.chip_text(game.view(), 0) == "4 final \u00b7 0 captured"


def test_an_ability_shows_what_it_moved():
    game = engine.load("basic", "P1: Bo h5, Ja g4\nP2: Ro i5, Li i6, Rk g5, Ch h4")
    game.play("h5>i6-j7")
    img, top = picture(game)
    assert near(img.getpixel(at(top, "h5", kit.TILE_RADIUS - 1, 0)), HIGHLIGHT)  # the Boat acted
    assert near(img.getpixel(at(top, "j7", kit.TILE_RADIUS - 1, 0)), WHITE)      # the Lily it moved
    assert near(img.getpixel(at(top, "i6", kit.TILE_RADIUS - 4, 0)), WHITE)      # from here


def test_header_during_setup_and_play():
    game = engine.new_game("basic", seed=2)
    assert pic.title(game.view()) == "Basic Pai Sho \u00b7 setup"
    assert pic.heading(game.view(), ["alice", "bob"]).status[0].startswith("alice won the coin: choose place")
    game = engine.load("basic", "P1: Ja m6\nrunning: 1 -3\npot P1: Ro Ro")
    assert pic.title(game.view()) == "Basic Pai Sho \u00b7 turn 7 of 200"
    assert pic.heading(game.view(), ["alice", "bob"]).status == ("alice to move \u00b7 first to 60 points",)
    assert pic.chip_text(game.view(), 0) == "1 point \u00b7 0 captured"
    assert pic.chip_text(game.view(), 1) == "-3 points \u00b7 2 captured"
