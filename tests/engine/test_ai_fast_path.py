"""The search interface of the engine (base.Game.legal_actions / apply_action / copy) agrees with
the public contract: applying an action is playing its move, and a copy shares nothing."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PAUSO_BOARDS = ["square4", "square5", "whirlpool", "bonus", "round5", "conveyor"]


@st.composite
def new_games(draw):
    variant = draw(st.sampled_from(["quaterno", "pauso"]))
    seed = draw(st.integers(0, 2**31))
    if variant == "quaterno":
        options = {"move_limit": 50, "first": draw(st.sampled_from(["host", "random"]))}
        return engine.new_game("quaterno", seed=seed, options=options)
    players = draw(st.integers(2, 4))
    options = {"board": draw(st.sampled_from(PAUSO_BOARDS)), "rings": draw(st.integers(4, 8)),
               "first": draw(st.sampled_from(["host", "random"]))}
    return engine.new_game("pauso", players=players, seed=seed, options=options)


def state(game):
    return game.to_dict(), game.position_text(), game.scores, game.outcome, game.to_move


@settings(max_examples=25, **SETTINGS)
@given(new_games(), st.data())
def test_applying_an_action_is_playing_its_move(game, data):
    fast = game.copy()
    while game.outcome is None:
        actions = fast.legal_actions()
        texts = [fast.action_text(a) for a in actions]
        assert sorted(texts) == sorted(game.legal_moves())  # the same moves, each once
        i = data.draw(st.integers(0, len(actions) - 1))
        if data.draw(st.integers(0, 60)) == 0 and game.players > 2:
            game.play("resign")
            fast.play("resign")
        else:
            assert game.play(texts[i]) == texts[i]
            fast.apply_action(actions[i])
        assert state(fast) == state(game)
        assert fast.legal_moves() == game.legal_moves()
    assert fast.legal_actions() == []


@settings(max_examples=30, **SETTINGS)
@given(new_games(), st.data())
def test_a_copy_is_independent_of_its_original(game, data):
    for _ in range(data.draw(st.integers(0, 30))):
        if game.outcome is not None:
            break
        game.play(data.draw(st.sampled_from(game.legal_moves())))
    before = state(game)
    twin = game.copy()
    assert state(twin) == before and type(twin) is type(game)
    for name, value in vars(game).items():  # no container is shared, caches start empty
        if isinstance(value, (list, dict, set)) or name in game.CACHES:
            assert getattr(twin, name) is not value or value is None, name
    while twin.outcome is None:
        twin.play(twin.legal_moves()[0])
    assert state(game) == before
    if game.outcome is None:  # and the original still plays on by itself
        game.play(game.legal_moves()[-1])
        assert twin.record[:len(game.record) - 1] == game.record[:-1]
