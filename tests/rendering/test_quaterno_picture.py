"""The Quaterno picture: quarters and diagonals, tiles by owner, placement hints, seized tiles,
the last move (an arrow that leaves the moved tile's code readable) and an aligned player's axis."""
from __future__ import annotations

import dataclasses

import engine
import rendering
from rendering import quaterno as pic
from rendering.style import HIGHLIGHT, PLAYER_COLOURS, WIDTH
from tests.engine.examples import POS_E, T_Q8
from tests.rendering.pixels import decode, near, picture


def sq(name: str) -> tuple[int, int]:
    found = engine.notation.parse_square(name)
    assert found is not None
    return found


def at(top: int, xy: tuple[int, int], dx: int = 0, dy: int = 0) -> tuple[int, int]:
    return xy[0] + dx, top + xy[1] + dy


def test_start_board_quarters_diagonals_tiles_and_placement_hints():
    img, top = picture(engine.new_game("quaterno"))
    assert img.size == (WIDTH, top + pic.IMAGE_HEIGHT)
    x0, y0, _, _ = pic.box(sq("c1"))
    assert near(img.getpixel(at(top, (x0 + 6, y0 + 6))), pic.QUARTER_TINT["south"])
    x0, y0, _, _ = pic.box(sq("a5"))
    assert near(img.getpixel(at(top, (x0 + 6, y0 + 6))), pic.QUARTER_TINT["west"])
    x0, y0, _, _ = pic.box(sq("b2"))
    assert near(img.getpixel(at(top, (x0 + 6, y0 + 3))), pic.DIAGONAL_TINT)
    assert near(img.getpixel(at(top, pic.centre(sq("f5")), 24, 0)), PLAYER_COLOURS["P"])  # Player 1's Sun
    assert near(img.getpixel(at(top, pic.centre(sq("f7")), 24, 0)), PLAYER_COLOURS["A"])  # Player 2's Sun
    assert near(img.getpixel(at(top, pic.centre(sq("c1")))), pic.GRID)      # a legal placement square: dotted
    assert not near(img.getpixel(at(top, pic.centre(sq("d3")))), pic.GRID)  # too near the centre: no dot


def test_controlled_quarter_and_last_placement():
    g = engine.replay("quaterno", ["So@k4"])
    img, top = picture(g)
    x1 = pic.LEFT + 11 * pic.CELL
    _, y, _, _ = pic.box(sq("k5"))
    assert near(img.getpixel(at(top, (x1 - 3, y + 5))), PLAYER_COLOURS["P"])  # east is Player 1's
    x0, y0, x1, y1 = pic.box(sq("k4"))
    assert near(img.getpixel(at(top, (x0 + 1, (y0 + y1) // 2))), HIGHLIGHT)
    assert not near(img.getpixel(at(top, pic.centre(sq("j4")))), pic.GRID)  # Player 2 may not place in east


def test_seized_tiles_are_marked_and_the_action_path_drawn():
    g = engine.load("quaterno", POS_E)
    img, top = picture(g)
    _, y0, x1, _ = pic.box(sq("e6"))                  # the Moon seized by d6
    assert near(img.getpixel(at(top, (x1 - 4, y0 + 18))), pic.SEIZED)
    _, y0, x1, _ = pic.box(sq("f5"))                  # the Sun is free
    assert not near(img.getpixel(at(top, (x1 - 4, y0 + 18))), pic.SEIZED)
    g.play("d1>d5-d3")
    img, top = picture(g)
    assert near(img.getpixel(at(top, pic.centre(sq("d4")))), (255, 255, 255))  # the arrow d5 -> d3 passes d4


def test_the_arrow_leaves_the_moved_tiles_code_readable():
    g = engine.load("quaterno", POS_E)
    g.play("d1>d5-d3")
    view = g.view()
    assert view.last is not None
    (_, _), (tx, ty) = pic.arrow_ends(view.last.frm, view.last.to)
    cx, cy = pic.centre(view.last.to)
    assert ((tx - cx) ** 2 + (ty - cy) ** 2) ** 0.5 > pic.TILE_R  # the tip stops at the tile's edge
    marked = decode(rendering.render_view(view))
    plain = decode(rendering.render_view(dataclasses.replace(view, last=None)))
    top = marked.height - pic.IMAGE_HEIGHT
    r = int(pic.TILE_R) - 2
    for y in range(cy - r, cy + r):  # inside the moved tile nothing differs from the picture without the arrow
        for x in range(cx - r, cx + r):
            if (x - cx) ** 2 + (y - cy) ** 2 < r * r:
                assert marked.getpixel((x, top + y)) == plain.getpixel((x, top + y)), (x, y)


def test_an_aligned_players_axis_and_figures_in_the_header():
    g = engine.replay("quaterno", [m for m, _ in T_Q8])
    img, top = picture(g, ["alice", "bob"])
    assert near(img.getpixel(at(top, pic.centre(sq("h8")), 3, 0)), PLAYER_COLOURS["P"])  # Player 1's axis on D1
    assert pic.chip_text(g.view(), 0) == "2 figures (Co So)"
    assert pic.status_line(g.view(), ["alice", "bob"]) == "Game over: alice wins (two figures)"
