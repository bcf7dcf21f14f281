"""Autocomplete completes moves written with a space (issue 15): "choose m" offers Basic's
"choose move", "discard J" offers Ancient's "discard Ja", whatever the spacing and case typed."""
from __future__ import annotations

import pytest

from .positions import all_samples, sample

# Every move form with a space in the rules files: Basic's coin choice, Ancient's order choice and
# discard ("draw,discard T" is a record form, never offered: it would name the tile to be drawn).
SPACED = {"basic": {"choose move", "choose place"},
          "ancient": {"choose first", "choose second"} | {f"discard {c}" for c in
                                                         ("Ja", "Li", "WJ", "Ro", "Ch", "Rh", "Kn", "Wh", "Rk", "Bo", "WD", "WL")}}


def typings(move: str) -> list[str]:
    """Ways a player may type the start of ``move``: up to one letter after the space, in any case,
    with the space kept, doubled or left out, and the whole move."""
    head, _, tail = move.partition(" ")
    return [f"{head} {tail[:1]}", f"{head.upper()} {tail[:1].lower()}", f"{head}  {tail[:1]}",
            f"{head}{tail[:1]}", f" {head} {tail} ", head, f"{head} "]


@pytest.mark.parametrize("variant,label", all_samples())
def test_every_move_with_a_space_is_completed(variant, label):
    game = sample(variant, label)
    spaced = [m for m in game.legal_moves() if " " in m]
    assert set(spaced) <= SPACED.get(variant, set())
    for move in spaced:
        for typed in typings(move):
            assert move in game.suggest(typed, limit=100), (typed, move)


def test_the_coin_choice_and_the_discard_complete():
    basic = sample("basic", "choose")
    assert basic.suggest("choose m") == ["choose move"]
    assert basic.suggest("Choose P") == ["choose place"]
    assert basic.suggest("choose ") == ["choose move", "choose place"]
    ancient = sample("ancient", "choose")
    assert ancient.suggest("choose s") == ["choose second"]
    discard = sample("ancient", "discard")
    hand = discard.hands[discard.to_move]
    first = hand[0]
    assert discard.suggest(f"discard {first[0]}") == [f"discard {c}" for c in dict.fromkeys(hand)
                                                      if c.startswith(first[0])]
    assert discard.suggest(f"discard {first}") == [f"discard {first}"]


def test_the_spaced_forms_of_the_rules_are_reached_by_the_samples():
    found = {m for variant, label in all_samples() for m in sample(variant, label).legal_moves() if " " in m}
    assert {"choose move", "choose place", "choose first", "choose second"} <= found
    assert any(m.startswith("discard ") for m in found)
