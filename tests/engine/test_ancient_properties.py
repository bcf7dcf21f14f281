"""Property tests (hypothesis): random Ancient playouts, strings, replay, snapshots and positions."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.ancient.harmony import harmony_count
from engine.ancient.tiles import COUNT
from tests.engine.examples import A4, A5

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def playouts(draw):
    options = {"target": draw(st.integers(1, 8)), "hand_size": draw(st.integers(1, 6)),
               "max_turns": draw(st.integers(1, 60))}
    seed = draw(st.integers(0, 2**64 - 1))
    rng = random.Random(draw(st.integers(0, 2**32)))
    game = engine.new_game("ancient", seed=seed, options=options)
    while game.outcome is None:
        if rng.random() < 0.005:
            game.play("resign")
            continue
        move = game.random_move(rng)
        assert game.play(move).split(",")[0] == move.split(",")[0] or move.startswith("discard")
    return seed, options, game


def tiles_of(game, p: int) -> Counter:
    on_board = Counter(code for owner, code, _ in game.board.values() if owner == p)
    gone = Counter(code for owner, code in game.discards if owner == p)
    return on_board + gone + Counter(game.hands[p]) + Counter(game.piles[p])


@settings(max_examples=40, **SETTINGS)
@given(playouts())
def test_random_playouts_end_and_keep_every_tile_accounted_for(case):
    seed, options, game = case
    out = game.outcome
    assert out is not None and game.to_move is None
    assert out.reason in ("exact_target", "passes", "turn_limit", "resignation")
    if out.reason == "exact_target":
        assert game.count == options["target"] == harmony_count(game.board)
    for p in (0, 1):
        assert len(game.hands[p]) <= options["hand_size"] + (game.pending and p == game.seat_to_move)  # resigned mid-draw
        assert all(n <= COUNT[c] for c, n in tiles_of(game, p).items())  # removals leave the game
    assert game.legal_moves() == [] and game.suggest("") == []


@settings(max_examples=30, **SETTINGS)
@given(playouts())
def test_replay_and_snapshots_reproduce_hands_and_piles(case):
    seed, options, game = case
    again = engine.replay("ancient", game.record, seed=seed, options=options)
    assert again.position() == game.position() and again.result() == game.result()
    assert again.discards == game.discards
    rebuilt = engine.from_dict(json.loads(json.dumps(game.to_dict())))
    assert rebuilt.position() == game.position()


@settings(max_examples=30, **SETTINGS)
@given(playouts(), st.integers(0, 80))
def test_a_position_reloads_to_the_same_choices(case, cut):
    seed, options, game = case
    moves = [m for m in game.record if not m.startswith(("resign ", "timeout "))][:cut]
    partial = engine.replay("ancient", moves, seed=seed, options=options)
    if partial.outcome is not None or partial.phase != "play" or partial.pending:
        return
    loaded = engine.load("ancient", partial.position(), options)
    assert loaded.position() == partial.position() and loaded.count == partial.count
    assert loaded.suggest("", 10**6) == partial.suggest("", 10**6)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=14) | st.from_regex(r"\A(Ja|Li|WJ|Ro|Ch|Rh|Kn|Wh|Rk|Bo|WD|WL)@[a-r][0-9]{1,2}(,[a-r][0-9]{1,2}[-x][a-r][0-9]{1,2})?\Z")
       | st.from_regex(r"\A(draw|discard (Ja|Wh|Rk)|choose (first|second)|pass)\Z"))
def test_any_string_is_either_accepted_or_refused_with_a_message(text):
    game = engine.load("ancient", A5)
    before = game.position()
    try:
        canonical = game.play(text)
    except engine.IllegalMove as err:
        assert str(err) and game.position() == before
    else:
        assert canonical in engine.load("ancient", A5).legal_moves() or canonical == "resign 1"


def test_suggest_completes_part_by_part_and_agrees_with_the_full_list():
    game = engine.load("ancient", A4)
    full = set(game.legal_moves())
    firsts = game.suggest("", 10**6)
    assert set(firsts) == {m for m in full if "," not in m}
    seconds = game.suggest("Rk@q13,", 10**6)
    assert set(seconds) == {m for m in full if m.startswith("Rk@q13,")} and len(seconds) == 45
    assert game.suggest("rk@q13,i5", 10**6) == [m for m in seconds if m.startswith("Rk@q13,i5")]


@pytest.mark.parametrize("options, message", [
    ({"target": 0}, "The option target must be a whole number from 1 to 30, not '0'."),
    ({"hand_size": 11}, "The option hand_size must be a whole number from 1 to 10, not '11'."),
])
def test_bad_options(options, message):
    with pytest.raises(ValueError) as err:
        engine.new_game("ancient", options=options)
    assert str(err.value) == message
