"""The Iroh picture: midlines, pieces by owner and element, Knotweeds and held pieces, the last
move (a Knotweed placement too), the reserve in the header, and harmonies only once the game is
over."""
from __future__ import annotations

import engine
from engine.paisho.board import NAMES
from rendering import iroh as pic
from rendering import paisho_board as kit
from rendering.style import HIGHLIGHT, PLAYER_COLOURS
from tests.engine.examples import I3
from tests.rendering.pixels import near, picture, share

GEO = kit.geometry()


def at(top: int, point: str, dx: int = 0, dy: int = 0) -> tuple[int, int]:
    x, y = GEO.xy(NAMES[point])
    return x + dx, top + y + dy


def test_start_position_midlines_and_owners():
    img, top = picture(engine.new_game("iroh"))
    assert near(img.getpixel(at(top, "i6")), pic.MIDLINE)          # the S arm
    assert near(img.getpixel(at(top, "m9")), pic.MIDLINE)          # the E arm
    assert share(img, at(top, "h3"), kit.TILE_RADIUS - 5, PLAYER_COLOURS["P"]) > 0.4   # the Host's Fire
    assert share(img, at(top, "j15"), kit.TILE_RADIUS - 5, PLAYER_COLOURS["A"]) > 0.4  # the Guest's Fire
    assert near(img.getpixel(at(top, "h3", kit.TILE_RADIUS - 3, 0)), pic.RIMS["Fi"])
    assert near(img.getpixel(at(top, "i3", kit.TILE_RADIUS - 3, 0)), pic.RIMS["Wa"])


def test_a_knotweed_placement_is_marked_and_holds_pieces():
    g = engine.load("iroh", "to_move: P2; P1: Fi g7, Wa k7, WL i7; P2: Ea o4")
    g.play("Kn@j6")
    img, top = picture(g)
    x0, y1 = at(top, "j6")                                     # the square's lower-left corner
    cx, cy = x0 + kit.SPACING // 2, y1 - kit.SPACING // 2      # the middle of square j6
    assert near(img.getpixel((cx, cy)), pic.KNOTWEED)
    assert near(img.getpixel((cx, y1 - 1)), HIGHLIGHT)          # the square the Knotweed went to, framed
    d = round((kit.TILE_RADIUS - 2.5) * 0.71)
    assert near(img.getpixel(at(top, "k7", d + 3, -d)), kit.LOCK)   # the Water on k7 is held
    assert not near(img.getpixel(at(top, "g7", d + 3, -d)), kit.LOCK)
    g.play("i7-i8")
    img, top = picture(g)
    assert near(img.getpixel(at(top, "i8", kit.TILE_RADIUS - 1, 0)), HIGHLIGHT)
    assert not near(img.getpixel((cx, y1 - 1)), HIGHLIGHT)


def test_the_header_calls_the_reserve_a_reserve():
    g = engine.new_game("iroh")
    text = pic.reserve_text(g.view().header.seats[0])
    assert text == "reserve 8 \u00b7 Rk 2 \u00b7 Kn 3"
    assert "hand" not in text


def test_harmonies_are_drawn_only_after_the_end():
    g = engine.load("iroh", I3)
    running, top = picture(g)
    assert not near(running.getpixel(at(top, "j7")), pic.HARMONY)
    g.play("proclaim")
    over, top = picture(g)
    assert near(over.getpixel(at(top, "j7")), pic.HARMONY)          # g7-k7 across S
    assert near(over.getpixel(at(top, "k9", 0, -20)), pic.HARMONY)  # k7-k11 across E
