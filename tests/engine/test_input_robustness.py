"""No input breaks a game (issue 15): in all six games, at the start, in every special phase, in
mid-game and after the end, ``play`` refuses anything it cannot accept with an IllegalMove whose
message is short and changes nothing, and ``suggest`` never raises and offers only legal moves.
The texts include full Unicode, look-alike letters and digits, control characters, emoji, and
strings and numbers thousands of characters long."""
from __future__ import annotations

import functools
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import notation

from .positions import all_samples, labels, sample, samples

SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck))
MAX_MESSAGE = 300
PYTHON_TEXT = ("Traceback", "NoneType", "invalid literal", "Exceeds the limit", "object is not", "unpack",
               "int()", "KeyError", "IndexError", "TypeError", "object has no attribute")

# Letters that case-insensitive matching folds to ASCII, compatibility forms NFKC maps to ASCII,
# digits str.isdigit() / int() accept, and other characters a message must not break on.
LOOKALIKES = ["\u212a", "\u017f", "\u0131", "\u0130", "\u2126", "\u00c5", "\u00df", "\ufb01",
              "\uff43", "\uff32", "\uff4a", "\uff41", "\uff13", "\uff11", "\uff20", "\uff0d", "\uff0c",
              "\u00b3", "\u00b2", "\u00b9", "\u2460", "\u0663", "\u06f3", "\u0967", "\U0001d7d1",
              "\U0001f600", "\U0001f1eb\U0001f1f7", "\u200d", "\ufeff", "\u202e", "\u00a0",
              "\x00", "\x07", "\x1b", "\x7f", "\u0085", "\ud800", "\n", "\t"]
SYNTAX = ["@", "-", "x", "X", ">", ",", " ", "cw", "ccw", "choose ", "discard ", "draw,", "R@", "pass"]
LONG_DIGITS = st.builds(lambda d, n: d * n, st.sampled_from(["0", "1", "7", "9", "\u0663", "\uff19"]),
                        st.integers(3, 5000))
LONG_TEXT = st.builds(lambda s, n: s * n, st.text(min_size=1, max_size=3), st.integers(300, 3000))
PIECE = st.sampled_from(LOOKALIKES) | st.sampled_from(SYNTAX) | LONG_DIGITS | st.text(max_size=3)
WORDS = ["choose move", "choose place", "choose first", "choose second", "discard Ja", "draw,discard Ro",
         "draw", "pass", "proclaim", "resign 2", "Wh@j10>cw3", "e12>cw3", "m6>m7-m8", "e5>g7-g9",
         "Bo@m9-m5", "Ja@i1,m6-m8", "R@c3", "c3", "Fa@c1", "DMa@i9"]


@functools.cache
def legal(variant: str, label: str) -> frozenset[str]:
    return frozenset(sample(variant, label).legal_moves())


@st.composite
def mutated(draw, moves: list[str]) -> str:
    """A legal move (or a word of some game) with look-alikes, syntax or long digit runs put in."""
    text = draw(st.sampled_from(moves[:300] + WORDS))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 2))
        text = text[:at] + draw(PIECE) + text[at + cut:]
    return text


def texts(moves: list[str]):
    return (st.text(max_size=40) | st.lists(st.sampled_from(LOOKALIKES + list("aAcCiIkKsSrR@-x>,0123456789 ")),
                                            max_size=20).map("".join)
            | LONG_TEXT | LONG_DIGITS | mutated(moves))


def state(game) -> tuple:
    """Everything a refused move must leave as it was (the legal-move cache aside)."""
    attributes = sorted((k, v) for k, v in vars(game).items() if k != "_legal")
    return game.to_dict(), repr(attributes), game.legal_moves(), game.to_move, game.scores


def check_message(message: str) -> None:
    assert 0 < len(message) <= MAX_MESSAGE, message
    assert not any(bit in message for bit in PYTHON_TEXT), message
    assert not any(unicodedata.category(c) in ("Cc", "Cs") for c in message), ascii(message)


def check_play(variant: str, label: str, text: str) -> None:
    """``play(text)`` is either a legal move of the position or an IllegalMove changing nothing."""
    game = sample(variant, label)
    before = state(game)
    try:
        played = game.play(text)
    except engine.IllegalMove as err:
        check_message(str(err))
        assert state(game) == before, ascii(text[:80])
    else:
        # Ancient: a discard completes the turn its draw began, and play() returns the turn's
        # record entry, ``draw,discard T`` (rules/ancient.md 3.4).
        turn = played[len("draw,"):] if played.startswith("draw,discard ") else played
        assert turn in legal(variant, label) or played.startswith("resign "), (ascii(text[:80]), played)


def check_suggest(variant: str, label: str, text: str) -> None:
    game = dict(samples(variant))[label]  # the shared sample itself: suggest only reads it
    before = state(game)
    found = game.suggest(text)
    assert isinstance(found, list) and len(found) <= 25
    assert set(found) <= legal(variant, label), ascii(text[:80])
    assert state(game) == before


@pytest.mark.parametrize("variant", engine.VARIANT_IDS)
@settings(max_examples=40, **SETTINGS)
@given(data=st.data())
def test_play_refuses_any_text_cleanly(variant, data):
    label = data.draw(st.sampled_from(labels(variant)))
    text = data.draw(texts(sorted(legal(variant, label))))
    check_play(variant, label, text)


def test_a_discard_typed_in_capitals_without_its_space_ends_the_turn():
    # Found by the property above: the discard is played and the turn kept as one record entry.
    game = sample("ancient", "discard")
    assert "discard Ch" in game.legal_moves()
    plies = len(game.record)
    assert game.play("DISCARDCH") == "draw,discard Ch"
    assert game.record[-1] == "draw,discard Ch" and len(game.record) == plies


@pytest.mark.parametrize("variant", engine.VARIANT_IDS)
@settings(max_examples=25, **SETTINGS)
@given(data=st.data())
def test_suggest_never_raises_and_offers_only_legal_moves(variant, data):
    label = data.draw(st.sampled_from(labels(variant)))
    text = data.draw(texts(sorted(legal(variant, label))))
    check_suggest(variant, label, text)


# Each named look-alike alone and inside a move of every game.
NAMED = ["\u212a", "\u017f", "\u0131", "\u0130", "\uff43\uff13", "\U0001f600", "\x00", "\x1b[2J", "\ud800",
         "R@\u212a3", "R@\u01313", "R@c\u00b3", "c\u0663", "Fa@c\u0661", "Ja@i\u0661", "e5-e\u0668",
         "\u212an@i5", "pa\u017f\u017f", "choo\u017fe fir\u017ft", "d\u0131scard Ja", "D\u0130SCARD JA",
         "Wh@j10>cw\u0663", "Wh@j10>cw" + "3" * 5000, "e12>cw" + "3" * 5000, "R@c" + "9" * 5000,
         "i" + "9" * 5000, "Ja@i1,m6-m" + "8" * 4400, "e5>e" + "7" * 5000, "1" * 5000, "x" * 5000,
         "\U0001f600" * 2000, "Fa@" + "c" * 3000 + "1"]


@pytest.mark.parametrize("variant,label", [(v, label) for v, label in all_samples() if "-27" not in label])
def test_named_lookalikes_and_long_input_are_refused_cleanly(variant, label):
    for text in NAMED:
        check_play(variant, label, text)
        check_suggest(variant, label, text)


# ----- what the reading forgives, and what it refuses -----------------------------------------------
def test_fullwidth_and_compatibility_forms_read_as_ascii():
    """NFKC: fullwidth letters, digits and signs, the Kelvin sign, long s (not superscripts: below)."""
    assert sample("pauso", "play").play("\uff43\uff13") == "R@c3"
    assert sample("pauso", "play").play("\uff32\uff20\uff23\uff13") == "R@c3"
    assert sample("basic", "choose").play("\uff23\uff28\uff2f\uff2f\uff33\uff25\u3000\uff2d\uff2f\uff36\uff25") \
        == "choose move"
    assert sample("ancient", "choose").play("choo\u017fe fir\u017ft") == "choose first"
    assert sample("kutai", "play").play("\uff24\uff2d\uff41\uff20\uff49\uff19") == "DMa@i9"


def test_superscript_and_circled_digits_are_refused_not_read_as_digits():
    assert str(pytest.raises(engine.IllegalMove, sample("pauso", "play").play, "c\u00b3").value).startswith(
        "I can't read")
    for layout in ("\u00b2o/5o/5o/5o", "5o/\u2464/5o"):
        with pytest.raises(ValueError, match="^Unexpected"):
            engine.new_game("pauso", options={"board": layout})


def test_other_lookalikes_are_not_read_as_letters_or_digits():
    game = engine.new_game("pauso", players=3)  # a 6 x 6 board: files a-f
    assert pytest.raises(engine.IllegalMove, game.play, "R@\u212a3").value.args[0] == "k3 is off the board."
    for text in ("R@\u01313", "R@c\u0663", "\u0131\u0661"):
        assert str(pytest.raises(engine.IllegalMove, game.play, text).value).startswith("I can't read")
    basic = sample("basic", "mid 0-9")
    assert str(pytest.raises(engine.IllegalMove, basic.play, "m6-m\u0668").value).startswith("I can't read")


def test_a_huge_rank_is_off_the_board_and_echoed_short():
    token = "i" + "9" * 5000
    message = str(pytest.raises(engine.IllegalMove, sample("basic", "mid 0-9").play, "Ja@" + token).value)
    assert message == "i" + "9" * 39 + "\u2026 is off the board"
    message = str(pytest.raises(engine.IllegalMove, sample("quaterno", "placement").play, "Fa@c" + "1" * 5000).value)
    assert message == "I can't read 'Fa@c" + "1" * 36 + "\u2026'. Moves look like Fa@c1, e6-e9, c5>f5-g5, g4>g6 or pass."


def test_a_wheel_turn_of_thousands_of_digits_is_unreadable():
    game = sample("ancient", "play")
    message = str(pytest.raises(engine.IllegalMove, game.play, "Wh@j10>cw" + "3" * 5000).value)
    assert message.startswith('I can\'t read "Wh@j10>cw3333') and "\u2026" in message


def test_echo_keeps_forty_characters_and_hides_control_characters():
    assert notation.echo("c3") == "c3"
    assert notation.echo("x" * 40) == "x" * 40
    assert notation.echo("x" * 41) == "x" * 40 + "\u2026"
    assert notation.echo("a\x00b\ud800") == "a\ufffdb\ufffd"
    assert notation.cant_read("y" * 100) == "I can't read '" + "y" * 40 + "\u2026'."
