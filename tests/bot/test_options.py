"""Challenge options as players type them: parsing, refusals that fit a message, autocomplete."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.options import parse_options, pop_rated, suggest_options


def test_options_are_read_as_name_value_pairs():
    assert parse_options("board=round5  RINGS=4") == {"board": "round5", "rings": "4"}
    assert parse_options("\uff52\uff49\uff4e\uff47\uff53=5") == {"rings": "5"}  # fullwidth name


@pytest.mark.parametrize("text, message", [
    ("board", "I can't read the option 'board'."),
    ("rings=4 rings=5", "The option rings is given twice."),
    ("board='round5", "I can't read the options"),
    ("x" * 5000, "I can't read the option '" + "x" * 40 + "\u2026'."),
])
def test_malformed_options_are_refused_clearly(text, message):
    with pytest.raises(ValueError) as refused:
        parse_options(text)
    assert str(refused.value).startswith(message)
    assert len(str(refused.value)) < 200


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=3000))
def test_any_text_gives_options_or_a_short_refusal(text):
    try:
        options = parse_options(text)
    except ValueError as err:
        assert len(str(err)) < 300
    else:
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in options.items())
    try:
        pop_rated({"rated": text})
    except ValueError as err:
        assert len(str(err)) < 300
    assert all(len(o) <= 100 for o in suggest_options("pauso", text))
