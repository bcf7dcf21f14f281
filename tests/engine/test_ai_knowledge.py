"""The per-game AI knowledge: PAUSO's immediate gain is exact where it says so, and the
evaluations are win chances that favour the side that is really ahead."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import ai
from engine.pauso.ai import net_gain

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
T_Q8 = ["So@k4", "So@d11", "Co@k7", "Co@g11", "St@d1", "St@a9", "An@c1", "An@a7", "Fa@h1", "Fa@a5",
        "c1-c5", "a9-a10", "c5>f5-e5", "a10-a9"]  # before turn 15: e6-f6 wins for Player 1


@settings(max_examples=40, **SETTINGS)
@given(st.sampled_from(["square4", "square5", "round5", "donut", "bonus"]), st.integers(2, 4), st.data())
def test_pauso_net_gain_is_the_score_a_placement_makes_on_boards_without_arrows(board, players, data):
    game = engine.new_game("pauso", players=players, options={"board": board, "rings": 6})
    for _ in range(data.draw(st.integers(0, 6 * players - 1))):
        game.play(data.draw(st.sampled_from(game.legal_moves())))
        if game.outcome is not None:
            return
    seat, before = game.to_move, game.scores
    for cell in game.legal_actions():
        after = game.copy()
        after.apply_action(cell)
        change = [a - b for a, b in zip(after.scores, before)]
        assert net_gain(game, cell, game.colours[seat]) == change[seat] - (sum(change) - change[seat])


@settings(max_examples=25, **SETTINGS)
@given(st.sampled_from(["quaterno", "pauso", "basic"]), st.integers(2, 4), st.data())
def test_evaluations_are_win_chances_of_the_seats(variant, players, data):
    players = 2 if variant in ("quaterno", "basic") else players
    game = engine.new_game(variant, players=players, seed=data.draw(st.integers(0, 99)),
                           options=None if variant == "basic" else {"first": "random"})
    for _ in range(data.draw(st.integers(0, 40))):
        if game.outcome is not None:
            break
        game.play(data.draw(st.sampled_from(game.legal_moves())))
    if game.outcome is None:
        values = ai.knowledge_for(variant).evaluate(game)
        assert len(values) == players and all(0 <= v <= 1 for v in values)
        assert abs(sum(values) - 1) < 1e-9


def test_quaterno_sees_who_is_about_to_win():
    knowledge = ai.knowledge_for("quaterno")
    game = engine.replay("quaterno", T_Q8)
    assert knowledge.evaluate(game)[0] > 0.8  # Player 1 to move wins with e6-f6
    swapped = engine.replay("quaterno", T_Q8, seed=1, options={"first": "random"})
    assert swapped.seat(0) == 1 and knowledge.evaluate(swapped)[1] > 0.8  # the seats follow 'first'
    start = engine.new_game("quaterno")
    assert 0.45 < knowledge.evaluate(start)[0] < 0.6


def test_pauso_prefers_the_seat_with_more_points_and_ignores_seats_that_left():
    knowledge = ai.knowledge_for("pauso")
    game = engine.load("pauso", "board: oPP o o o / o o o o / o o o o / o o oAA o; seats: P,A,M; supply: P=5,A=5,M=6")
    values = knowledge.evaluate(game)
    assert values[0] > values[2] and values[1] > values[2]
    game.resign(0)
    assert knowledge.evaluate(game)[0] == 0.0
