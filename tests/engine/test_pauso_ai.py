"""PAUSO's AI: the search's quiet placement leaves exactly the position the narrated one does
(Arrows included), the budgets keep the levels in order without thinking longer on larger boards,
and every level takes the placement that wins the game."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import ai
from engine.pauso.ai import REFERENCE_CARDS, best_cells, net_gain
from engine.pauso.layout import PRESETS
from engine.pauso.push import place_ring, place_ring_quietly

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(max_examples=40, **SETTINGS)
@given(st.sampled_from(["whirlpool", "conveyor", "bonus", "square5", "donut"]), st.integers(2, 4), st.data())
def test_the_quiet_placement_leaves_the_position_the_narrated_one_does(board, players, data):
    game = engine.new_game("pauso", players=players, options={"board": board})
    for _ in range(data.draw(st.integers(0, 20))):
        game.play(data.draw(st.sampled_from(game.legal_moves())))
        if game.outcome is not None:
            return
    colour = game.colours[game.to_move]
    for cell in game.legal_actions():
        told, quiet = dict(game.contents), dict(game.contents)
        events = place_ring(game.width, game.height, game.cards, told, cell, colour)
        place_ring_quietly(game.width, game.height, game.cards, quiet, cell, colour)
        assert quiet == told, [str(e) for e in events]


def test_a_played_move_is_narrated_and_a_searched_one_is_not():
    game = engine.replay("pauso", ["R@a1", "R@b2"])  # a1 stays in its corner
    searched, played = game.copy(), game.copy()
    searched.apply_action((2, 2))
    played.play("R@c3")
    assert searched.position() == played.position()
    assert searched.last_events == [] and played.describe_last_turn() == "1: point A b2\u2192a1"


def test_best_cells_are_the_cells_of_the_highest_net_gain():
    game = engine.load("pauso", "board: 5o/5o/5o/o oP oP oA o/5o; seats: P,A; next: P; supply: P=5,A=5")
    colour = game.colours[game.to_move]
    gains = {cell: net_gain(game, cell, colour) for cell in game.legal_actions()}
    top = max(gains.values())
    assert top > 0 and set(best_cells(game, game.legal_actions())) == {c for c, g in gains.items() if g == top}


@settings(max_examples=20, **SETTINGS)
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 4), st.integers(0, 30))
def test_levels_keep_their_order_and_a_larger_board_gets_fewer_plies(board, players, plies):
    game = engine.new_game("pauso", players=players, options={"board": board})
    for _ in range(plies):
        if game.outcome is not None:
            return
        game.play(game.legal_moves()[len(game.record) * 7 % len(game.legal_moves())])
    knowledge = ai.knowledge_for("pauso")
    budgets = [knowledge.settings_for(game, level).budget for level in ai.LEVELS]
    assert budgets == sorted(budgets) and len(set(budgets)) == 3 or budgets[-1] == 16
    left = max(1, min(sum(game.supply), len(game.legal_actions())))
    for level, iterations in zip(ai.LEVELS, budgets):
        plies = iterations * left  # moves applied in the tree and the playouts
        assert iterations == 16 or plies <= knowledge.settings[level].budget
        if len(game.cards) > REFERENCE_CARDS and iterations > 16:
            assert plies < knowledge.settings[level].budget * 0.95


@pytest.mark.slow  # a full-budget search (tests/README.md)
def test_every_level_takes_the_last_placement_that_wins():
    game = engine.load("pauso", "board: 4o / oA 3o / oP oA 2o / o oP oA o; seats: P,A; next: P; "
                                "supply: P=1,A=0")
    winning = []
    for move in game.legal_moves():
        after = game.copy()
        after.play(move)
        if after.outcome is not None and after.outcome.winners == (0,):
            winning.append(move)
    assert winning == ["R@a1"]  # a1 pushes both of P's Rings onto A's: two Points
    for level in ai.LEVELS:
        assert ai.choose_move(game, level, seed=2) == "R@a1"
