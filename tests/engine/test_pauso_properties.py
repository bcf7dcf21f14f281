"""Property tests (hypothesis): random PAUSO playouts, move strings, replay and snapshots."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.pauso import PRESETS

boards = st.sampled_from(sorted(PRESETS))
player_counts = st.integers(min_value=2, max_value=4)


@st.composite
def playouts(draw):
    """A finished random game: options, seed and the moves chosen (with some resignations)."""
    players = draw(player_counts)
    options = {"board": draw(boards), "rings": draw(st.integers(4, 12)),
               "first": draw(st.sampled_from(["host", "random"]))}
    seed = draw(st.integers(0, 2**31))
    game = engine.new_game("pauso", players=players, seed=seed, options=options)
    turns = 0
    while game.outcome is None:
        legal = game.legal_moves()
        assert legal, "a running game always has a legal move"
        if players > 2 and draw(st.integers(0, 60)) == 0:
            seat = draw(st.sampled_from([s for s in range(players) if game.active[s]]))
            game.resign(seat)
            continue
        move = draw(st.sampled_from(legal))
        assert game.play(move) == move
        turns += 1
        assert turns <= 4 * 12
    return players, seed, options, game


@settings(max_examples=60, deadline=None)
@given(playouts())
def test_random_playouts_end_with_a_valid_outcome(case):
    players, seed, options, game = case
    out = game.outcome
    assert out is not None and game.to_move is None
    assert out.reason in ("board_covered", "supplies_empty", "resignation")
    assert out.scores == game.scores and len(out.scores) == players
    assert out.winners and all(game.active[w] for w in out.winners)
    best = max(out.scores[s] for s in range(players) if game.active[s])
    if out.reason != "resignation":
        assert {out.scores[w] for w in out.winners} == {best}
    assert game.legal_moves() == [] and game.suggest("") == []


@settings(max_examples=40, deadline=None)
@given(playouts())
def test_replay_and_snapshots_reproduce_the_game(case):
    players, seed, options, game = case
    again = engine.replay("pauso", game.record, players=players, seed=seed, options=options)
    assert again.position() == game.position()
    assert again.outcome == game.outcome and again.record == game.record
    snapshot = json.loads(json.dumps(game.to_dict()))
    restored = engine.from_dict(snapshot)
    assert restored.to_dict() == game.to_dict()
    assert restored.position() == game.position() and restored.outcome == game.outcome


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=12), boards)
def test_random_strings_only_raise_illegal_move(text, board):
    game = engine.new_game("pauso", options={"board": board})
    before = game.position()
    try:
        canonical = game.play(text)
    except engine.IllegalMove as err:
        assert str(err) and game.position() == before and game.record == []
    else:
        if canonical == "resign 1":  # typing resign resigns the player to move (docs/decisions.md)
            assert game.outcome is not None and game.left_players == (0,)
        else:
            assert canonical in engine.new_game("pauso", options={"board": board}).legal_moves()


def test_typing_resign_in_any_case_resigns():
    game = engine.new_game("pauso")
    assert game.play(" RESIGN ") == "resign 1" and game.outcome is not None


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="oO+-^v<>.PAML/0123456789 \n`", max_size=40))
def test_random_layouts_parse_or_give_a_message(text):
    from engine.pauso import LayoutError, parse_layout
    try:
        layout = parse_layout(text)
    except LayoutError as err:
        assert str(err)
    else:
        again = parse_layout(layout.canonical())
        assert again.canonical() == layout.canonical()
        assert 4 <= len(layout.cards) and layout.width <= 12 and layout.height <= 12


@settings(max_examples=60, deadline=None)
@given(playouts(), st.text(alphabet="rR@abcdefgh123456789 ", max_size=5))
def test_every_suggestion_is_legal(case, typed):
    players, seed, options, game = case
    fresh = engine.new_game("pauso", players=players, seed=seed, options=options)
    for move in game.record[: len(game.record) // 2]:
        fresh.apply_record_entry(move)
    if fresh.outcome is None:
        legal = set(fresh.legal_moves())
        for move in fresh.suggest(typed):
            assert move in legal
            assert fresh.copy().play(move) == move
