"""The Basic Pai Sho picture: owners, flower colours, harmony lines by owner and value, disharmony
lines, drained and dormant tiles, blooming Lotuses, a completed ring, the last move, the header."""
from __future__ import annotations

import engine
import rendering
from engine.paisho.board import NAMES
from rendering import basic as pic
from rendering import paisho_board as kit
from rendering.style import HIGHLIGHT, PLAYER_COLOURS
from tests.rendering.pixels import decode, near

GEO = kit.geometry()
BLUE, ORANGE = PLAYER_COLOURS["P"], PLAYER_COLOURS["A"]


def at(point: str, dx: int = 0, dy: int = 0) -> tuple[int, int]:
    x, y = GEO.xy(NAMES[point])
    return x + dx, y + dy


def picture(game):
    return decode(rendering.render(game, ["alice", "bob"]))


def test_owners_flower_colours_and_harmony_lines():
    game = engine.load("basic", "P1: Rh g7, Ja k7, Ja k3\nP2: Ja n12, Li n14")
    img = picture(game)
    rim = kit.TILE_RADIUS - 2
    assert near(img.getpixel(at("g7", rim, 0)), BLUE) and near(img.getpixel(at("n12", rim, 0)), ORANGE)
    assert near(img.getpixel(at("g7", -10, -6)), kit.RED_TILE) and near(img.getpixel(at("k7", -10, -6)), kit.WHITE_TILE)
    assert near(img.getpixel(at("i7", 14, 0)), BLUE)  # g7-k7: P1's natural harmony, a thick line
    assert near(img.getpixel(at("i7", 14, 3)), BLUE)
    assert near(img.getpixel(at("i7")), BLUE) and near(img.getpixel(at("i7", 0, 5)), BLUE)  # a big dot halfway
    assert near(img.getpixel(at("n13", 0, 14)), ORANGE)  # n12-n14: P2's harmony, a thin line
    assert not near(img.getpixel(at("n13", 3, 14)), ORANGE)
    assert not near(img.getpixel(at("k5")), BLUE)  # Ja k7 - Ja k3: same type, no harmony


def test_a_harmony_between_neighbours_shows_as_a_dot():
    img = picture(engine.load("basic", "P1: Li p8, Ja q8"))
    x, y = ((a + b) // 2 for a, b in zip(at("p8"), at("q8")))
    assert near(img.getpixel((x, y)), BLUE)
    assert not near(decode(rendering.render(engine.load("basic", "P1: Li p8, Li q8"))).getpixel((x, y)), BLUE)


def test_disharmony_drained_dormant_and_blooming():
    game = engine.load("basic", "P1: Rh g7, Ja g11, WL e4, Ro f5 dormant\nP2: Ro g9, Kn l5, Li k6\npot P2: Ja")
    img = picture(game)
    assert near(img.getpixel(at("g10")), pic.DISHARMONY)  # P2's Rose breaks g7-g11 and clashes with the Jasmine
    assert near(img.getpixel(at("k6", -10, -6)), pic.DRAINED)  # next to the Knotweed on l5
    assert near(img.getpixel(at("f5", 15, -20)), (25, 25, 30))  # the dormant tag
    assert near(img.getpixel(at("e4", kit.TILE_RADIUS + 4, 0)), pic.BLOOM)  # P1 has fewer tiles in the Pot
    assert not near(img.getpixel(at("g7", kit.TILE_RADIUS + 4, 0)), pic.BLOOM)


def test_a_completed_ring_and_the_last_move():
    game = engine.load("basic", "P1: Rh g7, Ja k6, Rh k11, Ja g11")
    game.play("k6-k7")
    img = picture(game)
    assert near(img.getpixel(at("i11", 14, 0)), HIGHLIGHT) and near(img.getpixel(at("g9", 0, 14)), HIGHLIGHT)
    assert near(img.getpixel(at("k7", kit.TILE_RADIUS + 4, 0)), HIGHLIGHT)
    assert pic.status_line(game.view(), ["alice", "bob"]) == "Game over: alice wins (a ring around the centre) \u00b7 pot: alice"
    assert pic.chip_text(game.view(), 0) == "4 final \u00b7 0 captured"


def test_an_ability_shows_what_it_moved():
    game = engine.load("basic", "P1: Bo h5, Ja g4\nP2: Ro i5, Li i6, Rk g5, Ch h4")
    game.play("h5>i6-j7")
    img = picture(game)
    assert near(img.getpixel(at("h5", kit.TILE_RADIUS + 4, 0)), HIGHLIGHT)
    assert near(img.getpixel(at("j7", kit.TILE_RADIUS + 3, 0)), HIGHLIGHT)


def test_header_during_setup_and_play():
    game = engine.new_game("basic", seed=2)
    assert pic.title(game.view()) == "Basic Pai Sho \u00b7 setup"
    assert pic.status_line(game.view(), ["alice", "bob"]).startswith("alice won the coin: choose place")
    game = engine.load("basic", "P1: Ja m6\nrunning: 1 -3\npot P1: Ro Ro")
    assert pic.title(game.view()) == "Basic Pai Sho \u00b7 turn 7 of 200"
    assert pic.status_line(game.view(), ["alice", "bob"]) == "alice to move \u00b7 first to 60 points"
    assert pic.chip_text(game.view(), 0) == "1 point \u00b7 0 captured" and pic.chip_text(game.view(), 1) == "-3 points \u00b7 2 captured"
