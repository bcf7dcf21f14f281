"""Property tests (hypothesis): random Iroh playouts, move strings, replay, snapshots, positions."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.iroh.rules import is_locked
from engine.iroh.tiles import HOME, on_terrain

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def playouts(draw):
    options = {"max_turns": draw(st.integers(1, 60)), "fire_range": draw(st.sampled_from([2, 3])),
               "auto_proclaim": draw(st.booleans())}
    game = engine.new_game("iroh", options=options)
    while game.outcome is None:
        legal = game.legal_moves()
        assert legal and legal[-1] == "proclaim"
        if draw(st.integers(0, 100)) == 0:
            game.play("resign")
            continue
        # favour piece moves so the board changes (Rocks and Knotweeds dominate the list)
        moves = [m for m in legal if "@" not in m] if draw(st.booleans()) else legal
        move = draw(st.sampled_from(moves))
        assert game.play(move) == move
    return options, game


@settings(max_examples=40, **SETTINGS)
@given(playouts())
def test_random_playouts_end_and_keep_the_rules(case):
    options, game = case
    out = game.outcome
    assert out is not None and game.to_move is None and game.legal_moves() == []
    assert out.reason in ("turn_limit", "four_midlines", "resignation")
    if out.reason == "turn_limit":
        assert game.turns == options["max_turns"] and out.winners == (0, 1)
    for point, (_owner, code) in game.board.items():
        if code in ("Fi", "Wa", "Ea") and point not in HOME:
            assert on_terrain(code, point), (point, code)
    for sq in game.knotweeds:  # no Fire or Lotus ever stands on a Knotweed's corner
        for c in ((sq[0], sq[1]), (sq[0] + 1, sq[1]), (sq[0], sq[1] + 1), (sq[0] + 1, sq[1] + 1)):
            assert game.board.get(c, (None, ""))[1] not in ("Fi", "WL")


@settings(max_examples=30, **SETTINGS)
@given(playouts())
def test_replay_and_snapshots_reproduce_the_game(case):
    options, game = case
    again = engine.replay("iroh", game.record, options=options)
    assert again.position() == game.position() and again.outcome == game.outcome
    rebuilt = engine.from_dict(json.loads(json.dumps(game.to_dict())))
    assert rebuilt.position() == game.position() and rebuilt.result() == game.result()


@settings(max_examples=30, **SETTINGS)
@given(playouts(), st.integers(0, 60))
def test_a_position_reloads_with_the_same_legal_moves(case, cut):
    options, game = case
    moves = [m for m in game.record if not m.startswith(("resign ", "timeout "))][:cut]
    partial = engine.replay("iroh", moves, options=options)
    if partial.outcome is not None:
        return
    loaded = engine.load("iroh", partial.position(), options)
    assert loaded.position() == partial.position()
    assert loaded.legal_moves() == partial.legal_moves()
    for point in partial.board:
        assert is_locked(loaded.board, loaded.knotweeds, point) == partial.locked(point)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12) | st.from_regex(r"\A[a-r][0-9]{1,2}[-xX][a-r][0-9]{1,2}\Z")
       | st.from_regex(r"\A(Fi|Wa|Ea|Ai|Rk|Kn|WL)@[a-r][0-9]{1,2}\Z"))
def test_any_string_is_either_accepted_or_refused_with_a_message(text):
    game = engine.new_game("iroh")
    legal = set(game.legal_moves())
    before = game.position()
    try:
        canonical = game.play(text)
    except engine.IllegalMove as err:
        assert str(err) and game.position() == before
    else:
        assert canonical in legal or canonical == "resign 2"


def test_every_legal_move_at_the_start_is_accepted():
    game = engine.new_game("iroh")
    for move in game.legal_moves():
        assert game.copy().play(move) == move


@pytest.mark.parametrize("options, message", [
    ({"fire_range": 4}, "The option fire_range must be a whole number from 2 to 3, not '4'."),
    ({"auto_proclaim": "maybe"}, "The option auto_proclaim must be"),
    ({"sight": "any"}, "Unknown option 'sight' for Iroh Pai Sho."),
])
def test_bad_options(options, message):
    with pytest.raises(ValueError) as err:
        engine.new_game("iroh", options=options)
    assert str(err.value).startswith(message)
