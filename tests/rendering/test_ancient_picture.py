"""The Ancient picture: harmony and disharmony lines (and the dot that shows a harmony between
neighbouring tiles), drained tiles face down, owners, the last placement, the discards; and the
private hand picture."""
from __future__ import annotations

import engine
import rendering
from engine.paisho.board import NAMES
from rendering import ancient as pic
from rendering import paisho_board as kit
from rendering.style import HIGHLIGHT, PLAYER_COLOURS
from tests.engine.examples import A3
from tests.rendering.pixels import decode, near, picture, share

GEO = kit.geometry()
BLUE, ORANGE = PLAYER_COLOURS["P"], PLAYER_COLOURS["A"]


def at(top: int, point: str, dx: int = 0, dy: int = 0) -> tuple[int, int]:
    x, y = GEO.xy(NAMES[point])
    return x + dx, top + y + dy


def test_harmony_and_disharmony_lines_and_owners():
    g = engine.load("ancient", A3 + ", Li g9")   # e9-g9 Ch-Li disharmony; i5-i9 Ja-Rh harmony
    img, top = picture(g)
    assert near(img.getpixel(at(top, "i6")), pic.HARMONY)
    assert near(img.getpixel(at(top, "f9", 0, -12)), pic.DISHARMONY) or near(img.getpixel(at(top, "f9")),
                                                                              pic.DISHARMONY)
    assert not near(img.getpixel(at(top, "k9")), pic.HARMONY) and not near(img.getpixel(at(top, "k9")), pic.DISHARMONY)
    assert share(img, at(top, "i9"), kit.TILE_RADIUS - 5, BLUE) > 0.4
    assert share(img, at(top, "m9"), kit.TILE_RADIUS - 5, ORANGE) > 0.4
    assert near(img.getpixel(at(top, "i5", kit.TILE_RADIUS - 3, 0)), kit.WHITE_RIM)
    assert near(img.getpixel(at(top, "m9", kit.TILE_RADIUS - 3, 0)), kit.RED_RIM)


def test_a_harmony_between_neighbouring_tiles_is_visible():
    # Rh i9 and Ja i8 touch: their harmony line lies under the tiles; the dot halfway shows it
    g = engine.load("ancient", "to_move: P1; P1: Rh i9, Ja i8; P2: Ro m9")
    assert g.view().harmonies == 1
    img, top = picture(g)
    x, y = GEO.between(NAMES["i9"], NAMES["i8"])
    assert near(img.getpixel((round(x), top + round(y))), pic.HARMONY)
    apart = engine.load("ancient", "to_move: P1; P1: Rh i9, Ro i8; P2: Ro m9")  # no harmony: no dot
    img, top = picture(apart)
    assert not near(img.getpixel((round(x), top + round(y))), pic.HARMONY)


def test_every_harmony_the_header_counts_is_visible():
    g = engine.load("ancient", "to_move: P1; P1: Rh i9, Ja i8, Li h8, Ja j9, Ja i5, Rh e5; P2: Ro m9, Ch m10")
    view = g.view()
    img, top = picture(g)
    harmonies = [line for line in view.lines if line.kind == "harmony"]
    assert len(harmonies) == view.harmonies >= 5
    for line in harmonies:  # halfway to the next point: a neighbour's dot, else the line in the open
        (ax, ay), (bx, by) = line.a, line.b
        steps = max(abs(bx - ax), abs(by - ay))
        x, y = GEO.between(line.a, (ax + (bx - ax) // steps, ay + (by - ay) // steps))
        assert near(img.getpixel((round(x), top + round(y))), pic.HARMONY), line


def test_drained_tiles_lie_face_down_and_the_last_placement_is_marked():
    g = engine.load("ancient", A3 + "; P1 hand: Kn")
    g.play("Kn@h8")
    img, top = picture(g, ["alice", "bob"])
    assert near(img.getpixel(at(top, "i9")), kit.FACE_DOWN)  # drained: no code, a dark face
    assert near(img.getpixel(at(top, "h8", kit.TILE_RADIUS - 1, 0)), HIGHLIGHT)
    assert near(img.getpixel(at(top, "h8", kit.TILE_RADIUS + 5, 0)), HIGHLIGHT)
    heading = pic.heading(g.view(), ["alice", "bob"])
    assert heading.status == ("bob to move", "harmonies 1, exactly 5 wins")


def test_discards_are_shown_face_up_under_the_board():
    g = engine.load("ancient", "to_move: P1; P1: Rh i9; P1 hand: Ja Ja Ro Ro Li; P1 pile: Wh")
    plain = decode(rendering.render(g))
    g.play("draw")
    g.play("discard Wh")
    assert g.view().discards == ((0, "Wh"),)
    img, top = picture(g, ["alice", "bob"])
    assert img.height > plain.height  # the discard strip
    y = top + GEO.height + 34 + pic.STRIP_ROW // 2
    x = 16 + pic.STRIP_LABEL + kit.TILE_RADIUS + 1
    assert share(img, (x, y), kit.TILE_RADIUS - 5, BLUE) > 0.4  # the Wheel, alice's
    assert near(img.getpixel((x + kit.TILE_RADIUS - 3, y)), kit.PLAIN_RIM)


def test_the_hand_picture_shows_the_tiles_in_order():
    g = engine.load("ancient", "to_move: P1; P1: Rh i9; P1 hand: Ro Ja")
    img = decode(rendering.render_hand(g, 0))
    step = kit.TILE_RADIUS * 2 + 12
    first = (12 + kit.TILE_RADIUS + 1 + kit.TILE_RADIUS - 3, 50 + kit.TILE_RADIUS + 1)
    assert near(img.getpixel(first), kit.WHITE_RIM)                    # Ja comes first
    assert near(img.getpixel((first[0] + step, first[1])), kit.RED_RIM)  # then Ro
