"""Property tests (hypothesis): random Quaterno playouts, move strings, replay, snapshots, positions."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from tests.engine.examples import POS_A

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def playouts(draw):
    """A finished random game (move limit 50 so it always ends soon), with an occasional resignation."""
    options = {"move_limit": 50, "exhaustion": draw(st.sampled_from(["draw", "figures"])),
               "first": draw(st.sampled_from(["host", "random"]))}
    seed = draw(st.integers(0, 2**31))
    game = engine.new_game("quaterno", seed=seed, options=options)
    while game.outcome is None:
        legal = game.legal_moves()
        assert legal
        if draw(st.integers(0, 150)) == 0:
            game.play("resign")
            continue
        move = draw(st.sampled_from(legal))
        assert game.play(move) == move
        assert game.turn <= 61
    return seed, options, game


@settings(max_examples=40, **SETTINGS)
@given(playouts())
def test_random_playouts_end_with_a_valid_outcome(case):
    seed, options, game = case
    out = game.outcome
    assert out is not None and game.to_move is None
    assert out.reason in ("figures", "repetition", "deadlock", "move_limit", "resignation")
    assert out.scores == game.scores and sum(game.scores) == len(game.used) == len(game.figure_log)
    if out.reason == "figures":
        assert max(game.scores) >= 2 and game.scores[out.winners[0]] >= 2
    elif out.reason != "resignation":
        if options["exhaustion"] == "draw" or game.scores[0] == game.scores[1]:
            assert out.winners == (0, 1)
        else:
            assert game.scores[out.winners[0]] > game.scores[1 - out.winners[0]]
    assert len(game.board) == 14 or game.turn <= 11 or out.reason == "resignation"
    assert game.legal_moves() == [] and game.suggest("") == []


@settings(max_examples=30, **SETTINGS)
@given(playouts())
def test_replay_and_snapshots_reproduce_the_game(case):
    seed, options, game = case
    again = engine.replay("quaterno", game.record, seed=seed, options=options)
    assert again.position() == game.position() and again.outcome == game.outcome
    assert again.figure_log == game.figure_log
    rebuilt = engine.from_dict(json.loads(json.dumps(game.to_dict())))
    assert rebuilt.position() == game.position() and rebuilt.record == game.record
    assert rebuilt.outcome == game.outcome and rebuilt.first == game.first


@settings(max_examples=30, **SETTINGS)
@given(playouts(), st.integers(0, 60))
def test_a_settled_position_reloads_with_the_same_moves(case, cut):
    seed, options, game = case
    moves = [m for m in game.record if not m.startswith(("resign", "timeout"))][:cut]
    partial = engine.replay("quaterno", moves, seed=seed, options=options)
    if partial.outcome is not None or partial.check_figures(partial.mover):
        return
    loaded = engine.load("quaterno", partial.position(), {"move_limit": 50})
    assert loaded.position() == partial.position()
    assert sorted(loaded.legal_moves()) == sorted(partial.legal_moves())


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12) | st.from_regex(r"\A[a-m][0-9]{1,2}[->x][a-m][0-9]{1,2}(-[a-m][0-9])?\Z")
       | st.from_regex(r"\A[a-m][0-9]{1,2}>[a-m][0-9]{1,2}(-[a-m][0-9])?\Z"))
def test_any_string_is_either_accepted_or_refused_with_a_message(text):
    game = engine.load("quaterno", POS_A)
    legal = set(game.legal_moves())
    before = game.position()
    try:
        canonical = game.play(text)
    except engine.IllegalMove as err:
        assert str(err)
        assert game.position() == before
    else:
        assert canonical in legal or canonical == "resign 1"


def test_every_legal_move_in_position_a_is_accepted():
    game = engine.load("quaterno", POS_A)
    for move in game.legal_moves():
        assert game.copy().play(move) == move


@pytest.mark.parametrize("position", [
    "1:Su@f5,Mo@f5;2:Su@f7,Mo@g6;turn:1;used:",                    # a square used twice
    "1:Su@f5;2:Su@f7,Mo@g6;turn:1;used:",                          # no Moon
    "1:Su@f5,Mo@e6,Fa@c1,Fa@d1;2:Su@f7,Mo@g6,Fa@c11;turn:3;used:",  # a kind twice
    "1:Su@f5,Mo@e6,Fa@c1;2:Su@f7,Mo@g6;turn:11;used:",             # play phase without all tiles
    "1:Su@f5,Mo@e6,Fa@c1;2:Su@f7,Mo@g6;turn:1;used:",              # wrong count for turn 1
    "1:Su@f5,Mo@e6,Fa@e4;2:Su@f7,Mo@g6;turn:2;used:",              # not a placement square
    "1:Su@f5,Mo@e6,Fa@c1;2:Su@f7,Mo@g6,Fa@d1;turn:3;used:",        # a quarter with both players
    "1:Su@f4,Mo@e6,Fa@c1;2:Su@f7,Mo@g6;turn:2;used:",              # Sun away from its start
    "1:Su@f5,Mo@e6;2:Su@f7,Mo@g6;turn:1;used:Mo=1",                # used entry not a figure kind
    "1:Su@f5,Mo@e6;2:Su@f7,Mo@g6;turn:1;used:Fa=1,An=1",           # two used entries: already won
    "1:Su@e5,Mo@d4,An@c1,St@d1,Fa@h2,Co@k6,So@i10;2:Su@f7,Mo@g6,An@a3,St@a5,Fa@b11,Co@k9,So@j11;turn:11;used:",
    "1:Su@f5;turn:1;used:",
])
def test_rejected_positions(position):
    with pytest.raises(ValueError):
        engine.load("quaterno", position)


@pytest.mark.parametrize("options, message", [
    ({"move_limit": 20}, "The option move_limit must be a whole number from 50 to 500, not '20'."),
    ({"exhaustion": "score"}, "The option exhaustion must be 'draw' or 'figures', not 'score'."),
    ({"board": "x"}, "Unknown option 'board' for Quaterno. Options: first, move_limit, exhaustion."),
])
def test_bad_options(options, message):
    with pytest.raises(ValueError) as err:
        engine.new_game("quaterno", options=options)
    assert str(err.value) == message


def test_first_random_can_seat_the_guest_as_player_1():
    seeds = {engine.new_game("quaterno", seed=s, options={"first": "random"}).first for s in range(20)}
    assert seeds == {0, 1}
    g = next(engine.new_game("quaterno", seed=s, options={"first": "random"}) for s in range(20)
             if engine.new_game("quaterno", seed=s, options={"first": "random"}).first == 1)
    assert g.to_move == 1 and g.seat_label(1) == "Player 1" and g.seat_label(0) == "Player 2"
