"""engine.ai.choose_move keeps its contract (design.md) for every game with an AI player."""
from __future__ import annotations

import random

import pytest

import engine
from engine import ai

TINY = 0.02  # budget scale: a few nodes / iterations, enough to exercise every path
CASES = [("quaterno", 2, None), ("pauso", 2, None), ("pauso", 3, None), ("pauso", 4, {"board": "square5"}),
         ("kutai", 2, None)]


def position(variant, players, options, plies, seed=0):
    """A game after ``plies`` random moves."""
    rng = random.Random(seed)
    game = engine.new_game(variant, players=players, seed=seed, options=options)
    for _ in range(plies):
        if game.outcome is not None:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def test_levels_are_easy_medium_hard_weakest_first():
    assert ai.LEVELS == ("easy", "medium", "hard")
    assert set(ai.variants()) >= {"quaterno", "pauso", "kutai"}


@pytest.mark.parametrize("variant,players,options", CASES)
@pytest.mark.parametrize("plies", [0, 1, 2, 11])
def test_the_move_is_legal_canonical_for_the_seat_to_move_and_the_game_is_unchanged(variant, players, options, plies):
    game = position(variant, players, options, plies, seed=plies)
    if game.outcome is not None:
        pytest.skip("the random game ended early")
    before = (game.to_dict(), list(game.record), game.position_text(), game.to_move)
    for level in ai.LEVELS:
        found = ai.analyse(game, level, seed=plies, budget_scale=TINY)
        assert found.move in game.legal_moves()
        assert (game.to_dict(), list(game.record), game.position_text(), game.to_move) == before
        assert game.copy().play(found.move) == found.move  # canonical: play() gives it back as is
    move = ai.choose_move(game, "easy", seed=1)
    assert move in game.legal_moves()
    assert (game.to_dict(), list(game.record), game.position_text(), game.to_move) == before


def test_every_seat_of_a_four_player_game_gets_its_own_move():
    game = engine.new_game("pauso", players=4, options={"board": "square5", "rings": 4})
    seats = []
    while game.outcome is None:
        seats.append(game.to_move)
        game.play(ai.analyse(game, "hard", seed=3, budget_scale=TINY).move)
    assert seats[:8] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert game.outcome.reason in ("supplies_empty", "board_covered")


@pytest.mark.parametrize("variant,players,options", CASES)
def test_the_same_record_level_and_seed_give_the_same_move(variant, players, options):
    game = position(variant, players, options, 12, seed=5)
    rebuilt = engine.replay(variant, game.record, players=players, seed=5, options=options)
    for level in ai.LEVELS:
        first = ai.analyse(game, level, seed=7, budget_scale=0.03).move
        assert ai.analyse(rebuilt, level, seed=7, budget_scale=0.03).move == first
        assert ai.analyse(game.copy(), level, seed=7, budget_scale=0.03).move == first


def test_seeds_vary_the_play_of_a_level_that_slips():
    game = engine.new_game("pauso", players=2)
    moves = {ai.analyse(game, "easy", seed=s, budget_scale=0.5).move for s in range(12)}
    assert len(moves) > 1


def test_a_time_limit_still_returns_a_legal_move():
    game = position("quaterno", 2, None, 14)
    move = ai.choose_move(game, "hard", seed=0, time_limit=0.05)
    assert move in game.legal_moves()


def test_refusals_are_value_errors_with_clear_messages():
    finished = engine.replay("pauso", ["R@d2", "R@b2", "R@c1", "R@b3", "R@b1", "R@c3", "R@d3", "R@b4"],
                             options={"board": "square4", "rings": 4})
    assert finished.outcome is not None
    with pytest.raises(ValueError, match="The game is over"):
        ai.choose_move(finished)
    game = engine.new_game("quaterno")
    with pytest.raises(ValueError, match="Unknown AI level 'grandmaster'. Levels: easy, medium, hard."):
        ai.choose_move(game, "grandmaster")
    with pytest.raises(ValueError, match="time_limit"):
        ai.choose_move(game, "easy", time_limit=0)
    without = [v for v in engine.VARIANT_IDS if v not in ai.variants()]
    if without:  # games still waiting for their AI player say so
        with pytest.raises(ValueError, match=f"{engine.info(without[0]).name} has no AI player yet"):
            ai.choose_move(engine.new_game(without[0]))
    assert game.record == []


def test_a_finished_game_is_refused_whoever_asks():
    game = engine.new_game("quaterno")
    game.resign(1)
    with pytest.raises(ValueError, match="over"):
        ai.choose_move(game, "easy")


@pytest.mark.slow  # a whole game played to its end (tests/README.md)
@pytest.mark.parametrize("variant,players,options", [
    ("quaterno", 2, {"move_limit": 50}),
    ("pauso", 2, None),
    ("pauso", 3, {"rings": 6}),
    ("pauso", 4, {"rings": 4}),
    ("kutai", 2, {"target": 20}),
])
def test_ai_against_ai_plays_a_whole_game_to_its_end(variant, players, options):
    game = engine.new_game(variant, players=players, options=options)
    levels = ai.LEVELS * 2
    while game.outcome is None:
        seat = game.to_move
        move = ai.analyse(game, levels[seat], seed=seat, budget_scale=TINY).move
        assert game.play(move) == move
    again = engine.replay(variant, game.record, players=players, options=options)
    assert again.outcome == game.outcome


def test_a_single_legal_move_is_played_without_searching():
    game = engine.load("quaterno", "1:Su@a1,St@b1,Mo@b3,So@c1,Fa@c2,An@c4,Co@d3;"
                                   "2:Su@a2,Mo@b2,An@b4,So@c3,Fa@d1,St@d2,Co@d4;turn:11;used:")
    assert game.legal_moves() == ["pass"]
    found = ai.analyse(game, "hard")
    assert found.move == "pass" and found.search == "forced"


def test_hard_takes_a_win_in_one_and_sees_the_figures_it_gives_away():
    # T-Q8 before turn 15: the Moon to the centre aligns Player 1 on D1 with two mirrored pairs.
    moves = ["So@k4", "So@d11", "Co@k7", "Co@g11", "St@d1", "St@a9", "An@c1", "An@a7", "Fa@h1", "Fa@a5",
             "c1-c5", "a9-a10", "c5>f5-e5", "a10-a9"]
    game = engine.replay("quaterno", moves)
    for level in ai.LEVELS:
        move = ai.choose_move(game, level)
        after = game.copy()
        after.play(move)
        assert after.outcome is not None and after.outcome.winners == (0,), (level, move)
