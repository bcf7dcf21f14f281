"""The standings picture (rendering/standings.py), judged by its pixels: 800 px wide, a row per
player, the leader of a final table on a gold disc, a withdrawn player greyed, long names cut."""
from __future__ import annotations

from rendering.standings import GOLD, ROW, StandingRow, Standings, render_standings
from rendering.style import MUTED, TEXT
from tests.rendering.pixels import decode, near

ROWS = (StandingRow("1", "alice", "3", "4.5", ("1", "1", "1"), leader=True),
        StandingRow("2=", "bob " + "x" * 200, "2\u00bd", "3", ("1", "\u00bd", "1")),
        StandingRow("2=", "carol", "2\u00bd", "3", ("0", "bye", "1")),
        StandingRow("4", "dave", "0", "0", ("0", "0", "-"), withdrawn=True))


def colours_in(img, box):
    x0, y0, x1, y1 = box
    return {img.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)}


def test_the_standings_picture_shows_each_player_on_a_row():
    img = decode(render_standings(Standings("Spring Open", "Final standings", "SB", ROWS)))
    assert img.size == (800, 112 + 4 * ROW + 16)
    first, last = 112, 112 + 3 * ROW
    assert any(near(c, GOLD) for c in colours_in(img, (10, first + 5, 46, first + ROW - 5)))  # the winner's disc
    assert not any(near(c, GOLD) for c in colours_in(img, (10, first + ROW + 5, 46, first + 2 * ROW - 5)))
    withdrawn = colours_in(img, (70, last + 8, 300, last + ROW - 8))
    assert any(near(c, MUTED) for c in withdrawn) and not any(near(c, TEXT, 6) for c in withdrawn)


def test_many_rounds_show_the_latest_seven():
    rows = (StandingRow("1", "alice", "9", "0", tuple("1" * 9)),)
    wide = decode(render_standings(Standings("Cup", "After round 9 of 9", "Buchholz", rows)))
    assert wide.size[0] == 800
