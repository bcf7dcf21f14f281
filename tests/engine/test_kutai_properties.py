"""Property tests (hypothesis): random Kutai playouts, move strings, replay and snapshots."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.kutai.tiles import ALLOWED, TILES, allowed

option_sets = st.fixed_dictionaries({
    "target": st.sampled_from([0, 10, 30, 60, 200]),  # 200: above the highest total (57 links of 3)
    "preference": st.sampled_from(["on", "off"]),
    "sight": st.sampled_from(["queen", "any"]),
    "exhaustion": st.sampled_from(["best", "draw"]),
})


@st.composite
def playouts(draw):
    """A finished random game: its options and the game (sometimes ended by a resignation)."""
    options = draw(option_sets)
    game = engine.new_game("kutai", options=options)
    while game.outcome is None:
        legal = game.legal_moves()
        assert legal, "a running game always has a legal placement (D-K13)"
        if draw(st.integers(0, 80)) == 0:
            game.play("resign")
            continue
        move = draw(st.sampled_from(legal))
        assert game.play(move) == move
        assert len(game.board) <= 58
    return options, game


SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@settings(max_examples=40, **SETTINGS)
@given(playouts())
def test_random_playouts_end_with_a_valid_outcome(case):
    options, game = case
    out = game.outcome
    assert out is not None and game.to_move is None
    assert out.scores == game.scores == tuple(game.best)
    if out.reason == "harmony":
        assert game.total > options["target"] and out.winners == ((len(game.board) - 1) % 2,)
        assert game.best[out.winners[0]] == game.total
    elif out.reason in ("best_total", "exhausted"):
        assert len(game.board) == 58 and not any(game.remaining)
        assert game.total <= options["target"]
        if out.reason == "best_total":
            assert options["exhaustion"] == "best" and game.best[out.winners[0]] > game.best[1 - out.winners[0]]
        else:
            assert out.winners == (0, 1)
    else:
        assert out.reason == "resignation" and game.record[-1].startswith("resign ")
    if out.reason != "harmony":
        assert max(game.best) <= options["target"]  # nobody ever passed the target
    assert game.legal_moves() == [] and game.suggest("") == []


@settings(max_examples=30, **SETTINGS)
@given(playouts())
def test_every_placement_respects_the_colour_rule_and_the_tree_is_a_tree(case):
    _, game = case
    for point, (_, code) in game.board.items():
        assert point == (8, 8) or allowed(TILES[code], point)
    children: dict = {}
    seen = {(8, 8)}
    for link in game.harmony.links:
        assert link.parent in seen and link.child not in seen  # grows from the Centerpiece
        seen.add(link.child)
        children[link.parent] = children.get(link.parent, 0) + 1
        assert 1 <= link.value <= 3
    assert all(n == 1 for p, n in children.items() if p != (8, 8))  # one further link at most


@settings(max_examples=30, **SETTINGS)
@given(playouts())
def test_replay_and_snapshots_reproduce_the_game(case):
    options, game = case
    again = engine.replay("kutai", game.record, options=options)
    assert again.position() == game.position() and again.outcome == game.outcome
    assert again.harmony == game.harmony
    snapshot = json.loads(json.dumps(game.to_dict()))
    rebuilt = engine.from_dict(snapshot)
    assert rebuilt.position() == game.position() and rebuilt.record == game.record
    assert rebuilt.outcome == game.outcome


@settings(max_examples=30, **SETTINGS)
@given(playouts(), st.integers(0, 57))
def test_a_position_reloads_to_the_same_totals(case, cut):
    options, game = case
    moves = [m for m in game.record if "@" in m][:cut]
    partial = engine.replay("kutai", moves, options=options)
    if partial.outcome is not None:
        return
    loaded = engine.load("kutai", partial.position(), options)
    assert loaded.total == partial.total and loaded.scores == partial.scores
    assert loaded.to_move == partial.to_move
    assert sorted(loaded.legal_moves()) == sorted(partial.legal_moves())


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12) | st.from_regex(r"\A[DNdn]?[A-Za-z]{1,2}@[a-s][0-9]{1,2}\Z"))
def test_any_string_is_either_accepted_or_refused_with_a_message(text):
    game = engine.replay("kutai", ["DMa@i9", "DCl@f12"])
    before = game.to_dict()
    try:
        canonical = game.play(text)
    except engine.IllegalMove as err:
        assert str(err) and "Traceback" not in str(err)
        assert game.to_dict() == before
    else:
        assert canonical in engine.replay("kutai", ["DMa@i9", "DCl@f12"]).legal_moves() or canonical == "resign 1"


def test_allowed_point_counts_per_kind():
    assert len(ALLOWED["DMa"]) == len(ALLOWED["NCl"]) == 219
    assert len(ALLOWED["WL"]) == 117
    assert {len(ALLOWED[c]) for c in ("Cu", "Sp", "Tw", "Wh")} == {164}


@pytest.mark.parametrize("options, message", [
    ({"target": -1}, "The option target must be a whole number from 0 to 200, not '-1'."),
    ({"sight": "rook"}, "The option sight must be 'queen' or 'any', not 'rook'."),
    ({"colour": "red"}, "Unknown option 'colour' for Kutai Pai Sho. Options: target, preference, sight, exhaustion."),
])
def test_bad_options_are_refused_by_name(options, message):
    with pytest.raises(ValueError) as err:
        engine.new_game("kutai", options=options)
    assert str(err.value) == message


def test_only_two_players():
    with pytest.raises(ValueError, match="exactly 2 players"):
        engine.new_game("kutai", players=3)
