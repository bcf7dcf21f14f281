"""Headers read on a phone: nothing runs off the right edge, whatever the names; the states whose
header used to be cut off (Basic's coin, Ancient's play-order choice and result, Iroh's failed
proclamation) say in full who moves next; long names are shortened in the chips, never the text
that says what to do."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
import rendering
from rendering import ancient, basic, iroh, kutai, pauso, quaterno
from rendering.style import HEADER_BG, MARGIN, NAME_SIZE, STATUS_SIZE, WIDTH, Chip, Heading, clean, header_layout
from tests.engine.examples import I5
from tests.rendering.pixels import decode, near

LONG = ["W" * 32, "M" * 32, "Q" * 32, "@" * 32]  # Discord's longest display names, in wide letters
HEADINGS = {"basic": basic.heading, "ancient": ancient.heading, "iroh": iroh.heading, "kutai": kutai.heading,
            "quaterno": quaterno.heading, "pauso": pauso.heading}


def fits(layout) -> bool:
    return all(line.x + line.width <= WIDTH - MARGIN for line in layout.lines)


def status_text(layout) -> str:
    return " ".join(line.text for line in layout.lines if line.size == STATUS_SIZE)


def right_edge_is_clear(png: bytes, header: int) -> bool:
    """No text in the header's right margin: every pixel there is the header's own colour."""
    img = decode(png)
    return all(near(img.getpixel((x, y)), HEADER_BG, 2) for x in range(WIDTH - MARGIN + 4, WIDTH)
               for y in range(header))


def states() -> list[tuple[str, engine.Game]]:
    """The states that used to overflow, and one running game of every kind."""
    out = [("basic coin", engine.new_game("basic", seed=2)),
           ("ancient choice", engine.new_game("ancient", seed=1)),
           ("iroh failed proclamation", engine.replay("iroh", I5[:22]))]
    final = engine.new_game("ancient", seed=286)
    rng = random.Random(1)
    while final.outcome is None:
        final.play(final.random_move(rng))
    out.append(("ancient final", final))
    for variant in engine.VARIANT_IDS:
        game = engine.new_game(variant, players=4 if variant == "pauso" else 2, seed=3)
        for _ in range(6):
            game.play(game.random_move(rng))
        out.append((variant, game))
    return out


@pytest.mark.parametrize("name, game", states(), ids=[name for name, _ in states()])
def test_the_header_fits_for_the_longest_names_and_says_who_moves_next(name, game):
    names = LONG[: game.players]
    view = game.view()
    heading = HEADINGS[view.variant](view, names)
    layout = header_layout(heading)
    assert fits(layout)
    text = status_text(layout)
    assert heading.status[0] in text  # the first paragraph (who moves, or the result) is never cut
    if view.header.to_move is not None:
        assert names[view.header.to_move] in text
    drawn = rendering.picture_of(view, names)
    assert drawn is not None
    assert right_edge_is_clear(rendering.render(game, names), drawn.header)


def test_the_basic_coin_header_keeps_the_whole_choice():
    game = engine.new_game("basic", seed=2)
    layout = header_layout(basic.heading(game.view(), LONG[:2]))
    text = status_text(layout)
    assert "choose place (place the first spring flower) or choose move (move first)" in text


def test_iroh_says_who_moves_before_the_failed_proclamation():
    game = engine.replay("iroh", I5[:22])
    status = iroh.heading(game.view(), ["alice", "bob"]).status
    assert status == ("bob to move",
                      "alice proclaimed: no harmony across all four midlines - the turn is over.")
    text = status_text(header_layout(iroh.heading(game.view(), LONG[:2])))
    assert text.startswith(f"{LONG[1]} to move")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=32).filter(clean), min_size=2, max_size=4),
       st.text(max_size=300), st.booleans())
def test_any_names_and_status_stay_inside_the_picture(names, status, first):
    chips = tuple(Chip(key, name, "12 points \u00b7 3 captured", i == 0 and first, str(i + 1))
                  for i, (key, name) in enumerate(zip("PAML", names)))
    layout = header_layout(Heading("A game \u00b7 turn 12 of 200", (f"{names[0]} to move", status), chips))
    assert fits(layout)
    first_word = clean(names[0]).split()[:1]
    assert status_text(layout).split()[:1] == first_word or "\u2026" in status_text(layout)
    for _chip, (x0, _, x1, _) in layout.chips:
        assert MARGIN <= x0 < x1 <= WIDTH - MARGIN


def test_text_is_large_enough_for_a_phone():
    # a phone shows the 800 px picture about 390 px wide: header text stays at 11 px or more there
    assert min(STATUS_SIZE, NAME_SIZE) * 390 / WIDTH >= 11
