"""The PAUSO picture: decodes, has the posted size, and shows the right things at known pixels."""
from __future__ import annotations

import engine
import rendering
from rendering import pauso as pic
from rendering.style import BACKGROUND, HIGHLIGHT, PLAYER_COLOURS, WIDTH
from tests.rendering.pixels import decode, near


def test_picture_decodes_with_expected_size():
    g = engine.new_game("pauso", players=3, options={"board": "round5"})
    img = decode(rendering.render(g))
    geo = pic.geometry(5, 5)
    assert img.size == (WIDTH, geo.image_height)
    assert len(rendering.render(g)) < 1_000_000


def test_pixels_show_cards_gaps_rings_points_and_last_placement():
    g = engine.load("pauso", "board: .3o/5o/oPoAPooMoL/5o/.3o; seats: P,A,M,L; next: P; supply: P=5,A=5,M=5,L=5")
    g.play("c1")
    img = decode(rendering.render(g))
    geo = pic.geometry(5, 5)
    s = geo.cell
    # a gap (a1) shows the background; an empty card (e2) shows the card colour
    assert near(img.getpixel(geo.centre((0, 0))), BACKGROUND)
    cx, cy = geo.centre((4, 1))
    assert near(img.getpixel((cx + s // 4, cy)), pic.CARD)
    # a Ring: its colour on the circle; a stack: the Point's colour in the middle
    for file, letter in ((0, "P"), (3, "M"), (4, "L")):
        cx, cy = geo.centre((file, 2))
        assert near(img.getpixel((int(cx + s * 0.34) - 3, cy)), PLAYER_COLOURS[letter]), letter
    cx, cy = geo.centre((1, 2))
    assert near(img.getpixel((int(cx + s * 0.34) - 3, cy)), PLAYER_COLOURS["A"])
    assert near(img.getpixel((int(cx + s * 0.15), cy)), PLAYER_COLOURS["P"])
    # the last placement (c1) is framed in the highlight colour
    x0, y0, x1, y1 = geo.box((2, 0))
    assert near(img.getpixel((x0 + 3, (y0 + y1) // 2)), HIGHLIGHT)
    # the player to move's chip is framed in the header; the header is not the board background
    assert not near(img.getpixel((5, 5)), BACKGROUND, tol=3)


def test_modifier_symbols_are_drawn_not_lettered():
    g = engine.new_game("pauso", options={"board": "bonus"})
    img = decode(rendering.render(g))
    geo = pic.geometry(5, 5)
    cx, cy = geo.centre((1, 1))        # b2 is a Plus card: the faint cross fills its centre
    assert near(img.getpixel((cx, cy)), pic.FAINT["+"])
    assert near(img.getpixel((cx, cy - geo.cell // 4)), pic.FAINT["+"])   # vertical bar
    cx, cy = geo.centre((0, 0))        # a1 is a Minus card: a bar, nothing above it
    assert near(img.getpixel((cx, cy)), pic.FAINT["-"])
    assert near(img.getpixel((cx, cy - geo.cell // 4)), pic.CARD)


def test_board_proposal_picture():
    img = decode(rendering.render_board_option("pauso", "whirlpool"))
    assert img.size == (WIDTH, pic.geometry(5, 5).image_height)
    assert rendering.render_board_option("nothing", "x") is None
