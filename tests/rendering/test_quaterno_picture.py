"""The Quaterno picture: quarters and diagonals, tiles by owner, placement hints, seized tiles,
the last move and an aligned player's axis."""
from __future__ import annotations

import engine
import rendering
from rendering import quaterno as pic
from rendering.style import HIGHLIGHT, PLAYER_COLOURS, WIDTH
from tests.engine.test_quaterno_vectors import POS_E, T_Q8
from tests.rendering.pixels import decode, near


def sq(name: str) -> tuple[int, int]:
    return engine.notation.parse_square(name)


def test_start_board_quarters_diagonals_tiles_and_placement_hints():
    img = decode(rendering.render(engine.new_game("quaterno")))
    assert img.size == (WIDTH, pic.IMAGE_HEIGHT)
    x0, y0, _, _ = pic.box(sq("c1"))
    assert near(img.getpixel((x0 + 6, y0 + 6)), pic.QUARTER_TINT["south"])
    x0, y0, _, _ = pic.box(sq("a5"))
    assert near(img.getpixel((x0 + 6, y0 + 6)), pic.QUARTER_TINT["west"])
    x0, y0, _, _ = pic.box(sq("b2"))
    assert near(img.getpixel((x0 + 6, y0 + 3)), pic.DIAGONAL_TINT)
    cx, cy = pic.centre(sq("f5"))                     # Player 1's Sun: blue
    assert near(img.getpixel((cx + 22, cy)), PLAYER_COLOURS["P"])
    cx, cy = pic.centre(sq("f7"))                     # Player 2's Sun: orange
    assert near(img.getpixel((cx + 22, cy)), PLAYER_COLOURS["A"])
    assert near(img.getpixel(pic.centre(sq("c1"))), pic.GRID)      # a legal placement square: dotted
    assert not near(img.getpixel(pic.centre(sq("d3"))), pic.GRID)  # too near the centre: no dot


def test_controlled_quarter_and_last_placement():
    g = engine.replay("quaterno", ["So@k4"])
    img = decode(rendering.render(g))
    x1 = pic.LEFT + 11 * pic.CELL
    _, y, _, _ = pic.box(sq("k5"))
    assert near(img.getpixel((x1 - 3, y + 5)), PLAYER_COLOURS["P"])  # east is Player 1's
    x0, y0, x1, y1 = pic.box(sq("k4"))
    assert near(img.getpixel((x0 + 1, (y0 + y1) // 2)), HIGHLIGHT)
    cx, cy = pic.centre(sq("j4"))
    assert not near(img.getpixel((cx, cy)), pic.GRID)  # Player 2 may not place in east: no dot


def test_seized_tiles_are_marked_and_the_action_path_drawn():
    g = engine.load("quaterno", POS_E)
    img = decode(rendering.render(g))
    _, y0, x1, _ = pic.box(sq("e6"))                  # the Moon seized by d6
    assert near(img.getpixel((x1 - 4, y0 + 16)), pic.SEIZED)
    _, y0, x1, _ = pic.box(sq("f5"))                  # the Sun is free
    assert not near(img.getpixel((x1 - 4, y0 + 16)), pic.SEIZED)
    g.play("d1>d5-d3")
    img = decode(rendering.render(g))
    cx, cy = pic.centre(sq("d4"))                     # the arrow d5 -> d3 passes d4
    assert near(img.getpixel((cx, cy)), (255, 255, 255))


def test_an_aligned_players_axis_and_figures_in_the_header():
    g = engine.replay("quaterno", [m for m, _ in T_Q8])
    img = decode(rendering.render(g, ["alice", "bob"]))
    cx, cy = pic.centre(sq("h8"))                     # an empty D1 square: Player 1's axis
    assert near(img.getpixel((cx + 3, cy)), PLAYER_COLOURS["P"])
    assert pic._chip_text(g.view(), 0) == "2 figures (Co So)"
    assert pic.status_line(g.view(), ["alice", "bob"]) == "Game over: alice wins (two figures)"
