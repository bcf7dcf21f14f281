"""The PAUSO picture: decodes, has the posted size, and shows the right things at known pixels; a
Ring on an arrow card hides the card's large arrow, so nothing shows through its letter."""
from __future__ import annotations

import engine
import rendering
from rendering import pauso as pic
from rendering.style import BACKGROUND, HEADER_BG, HIGHLIGHT, PLAYER_COLOURS, WIDTH
from tests.rendering.pixels import decode, near, picture


def test_picture_decodes_with_expected_size():
    g = engine.new_game("pauso", players=3, options={"board": "round5"})
    img, top = picture(g)
    geo = pic.geometry(5, 5)
    assert img.size == (WIDTH, top + geo.image_height)
    assert len(rendering.render(g)) < 1_000_000


def test_pixels_show_cards_gaps_rings_points_and_last_placement():
    g = engine.load("pauso", "board: .3o/5o/oPoAPooMoL/5o/.3o; seats: P,A,M,L; next: P; supply: P=5,A=5,M=5,L=5")
    g.play("c1")
    img, top = picture(g)
    geo = pic.geometry(5, 5)
    s = geo.cell

    def px(x: float, y: float) -> tuple[int, int]:
        return round(x), top + round(y)

    assert near(img.getpixel(px(*geo.centre((0, 0)))), BACKGROUND)    # a gap (a1)
    cx, cy = geo.centre((4, 1))
    assert near(img.getpixel(px(cx + s // 4, cy)), pic.CARD)            # an empty card (e2)
    for file, letter in ((0, "P"), (3, "M"), (4, "L")):                 # a Ring: a thick circle in its colour
        cx, cy = geo.centre((file, 2))
        assert near(img.getpixel(px(cx + s * 0.36 - 4, cy)), PLAYER_COLOURS[letter]), letter
        assert near(img.getpixel(px(cx - s * 0.2, cy)), pic.TINT[letter]), letter  # around a disc of its tint
    cx, cy = geo.centre((1, 2))                                         # a stack: the Point in the middle
    assert near(img.getpixel(px(cx + s * 0.36 - 4, cy)), PLAYER_COLOURS["A"])
    assert near(img.getpixel(px(cx + s * 0.15, cy)), PLAYER_COLOURS["P"])
    x0, y0, x1, y1 = geo.box((2, 0))                                    # the last placement (c1), framed
    assert near(img.getpixel(px(x0 + 3, (y0 + y1) / 2)), HIGHLIGHT)
    assert near(img.getpixel((5, 5)), HEADER_BG)


def test_modifier_symbols_are_drawn_not_lettered():
    g = engine.new_game("pauso", options={"board": "bonus"})
    img, top = picture(g)
    geo = pic.geometry(5, 5)
    cx, cy = geo.centre((1, 1))        # b2 is a Plus card: the faint cross fills its centre
    assert near(img.getpixel((cx, top + cy)), pic.FAINT["+"])
    assert near(img.getpixel((cx, top + cy - geo.cell // 4)), pic.FAINT["+"])   # vertical bar
    cx, cy = geo.centre((0, 0))        # a1 is a Minus card: a bar, nothing above it
    assert near(img.getpixel((cx, top + cy)), pic.FAINT["-"])
    assert near(img.getpixel((cx, top + cy - geo.cell // 4)), pic.CARD)


def test_a_ring_on_an_arrow_card_hides_the_arrow_but_keeps_its_badge():
    g = engine.new_game("pauso", options={"board": "whirlpool"})
    layout = next(cell for cell, sym in engine.pauso.layout.parse_layout(g.options["board"]).cards.items()
                  if sym in "<>^v")
    geo = pic.geometry(5, 5)
    empty, top = picture(g)
    cx, cy = geo.centre(layout)
    # on the empty card the arrow's shaft crosses the middle of the card; the badge sits in its corner
    shaft = [(cx + dx, cy + dy) for dx in range(-12, 13, 4) for dy in range(-12, 13, 4)]
    sym = engine.pauso.layout.parse_layout(g.options["board"]).cards[layout]
    assert any(near(empty.getpixel((x, top + y)), pic.FAINT[sym]) for x, y in shaft)
    g.play(engine.notation.square_name(*layout))
    img, top = picture(g)
    assert not any(near(img.getpixel((x, top + y)), pic.FAINT[sym], 6) for x, y in shaft)
    bx, by = geo.box(layout)[0] + geo.cell * 0.17, geo.box(layout)[1] + geo.cell * 0.17
    assert near(img.getpixel((round(bx), top + round(by) - round(geo.cell * 0.09))), pic.SYMBOL[sym])


def test_board_proposal_picture():
    img = decode(rendering.render_board_option("pauso", "whirlpool"))
    assert img.width == WIDTH and img.height > pic.geometry(5, 5).image_height
    assert rendering.render_board_option("nothing", "x") is None
