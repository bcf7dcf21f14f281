"""The Iroh picture: midlines, pieces by owner, Knotweeds and held pieces, the last move, and
harmonies only once the game is over."""
from __future__ import annotations

import engine
import rendering
from engine.paisho.board import NAMES
from rendering import iroh as pic
from rendering import paisho_board as kit
from rendering.style import HIGHLIGHT, PLAYER_COLOURS
from tests.engine.test_iroh_vectors import I3, I5
from tests.rendering.pixels import decode, near

GEO = kit.geometry()


def at(point: str, dx: int = 0, dy: int = 0) -> tuple[int, int]:
    x, y = GEO.xy(NAMES[point])
    return x + dx, y + dy


def test_start_position_midlines_and_owners():
    img = decode(rendering.render(engine.new_game("iroh")))
    assert near(img.getpixel(at("i6")), pic.MIDLINE)          # the S arm
    assert near(img.getpixel(at("m9")), pic.MIDLINE)          # the E arm
    rim = kit.TILE_RADIUS - 2
    assert near(img.getpixel(at("h3", rim, 0)), PLAYER_COLOURS["P"])   # the Host's Fire
    assert near(img.getpixel(at("j15", rim, 0)), PLAYER_COLOURS["A"])  # the Guest's Fire
    assert near(img.getpixel(at("h3", -10, -6)), pic.LOOK["Fi"][0])
    assert near(img.getpixel(at("i3", -10, -6)), pic.LOOK["Wa"][0])


def test_knotweed_held_piece_and_last_move():
    g = engine.load("iroh", "to_move: P2; P1: Fi g7, Wa k7, WL i7; P2: Ea o4")
    g.play("Kn@j6")
    img = decode(rendering.render(g))
    cx, cy = GEO.unit(9 - 8 + 0.5, 5 - 8 + 0.5)                # the middle of square j6
    assert near(img.getpixel((int(cx), int(cy))), pic.KNOTWEED)
    x, y = at("k7")
    assert near(img.getpixel((x + 14, y - 14)), pic.KNOTWEED)  # the Water on k7 is held
    x, y = at("g7")
    assert not near(img.getpixel((x + 14, y - 14)), pic.KNOTWEED)
    g.play("i7-i8")
    img = decode(rendering.render(g))
    assert near(img.getpixel(at("i8", kit.TILE_RADIUS + 4, 0)), HIGHLIGHT)


def test_harmonies_are_drawn_only_after_the_end():
    g = engine.load("iroh", I3)
    running = decode(rendering.render(g))
    assert not near(running.getpixel(at("j7")), pic.HARMONY)
    g.play("proclaim")
    over = decode(rendering.render(g))
    assert near(over.getpixel(at("j7")), pic.HARMONY)          # g7-k7 across S
    assert near(over.getpixel(at("k9", 0, -20)), pic.HARMONY)  # k7-k11 across E


def test_status_line_reports_a_failed_proclamation():
    g = engine.replay("iroh", I5[:22])
    assert pic.status_line(g.view(), ["alice", "bob"]) == (
        "alice proclaimed: no harmony across all four midlines - the turn is over. bob to move \u00b7 turn 23 of 200")
