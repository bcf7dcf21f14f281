"""Fitting replies into Discord's limits (bot/texts.py)."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.texts import ELLIPSIS, fit


def test_a_text_that_fits_is_unchanged():
    assert fit("alice played R@c3.") == "alice played R@c3."
    assert fit("x" * 2000) == "x" * 2000


def test_a_long_text_is_cut_at_a_word_with_an_ellipsis():
    text = "word " * 1000
    cut = fit(text, 2000)
    assert len(cut) <= 2000 and cut.endswith("word" + ELLIPSIS)


@given(st.text(max_size=6000), st.integers(min_value=10, max_value=4096))
def test_nothing_is_ever_longer_than_the_limit(text, limit):
    cut = fit(text, limit)
    assert len(cut) <= limit
    assert cut == text or cut.endswith(ELLIPSIS)
