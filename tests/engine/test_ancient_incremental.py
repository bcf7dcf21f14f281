"""Ancient's harmony count is kept up to date turn by turn (only the ranks and files a turn touched
are counted again): it always equals the count of the whole board, in random games and for any
change to any board."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.ancient.harmony import LINES, count_after, harmony_count, line_harmonies
from engine.paisho.board import POINTS
from engine.paisho.flowers import FLOWERS, ORDER

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])

TILES = st.tuples(st.integers(0, 1), st.sampled_from(ORDER), st.booleans()).map(
    lambda t: [t[0], t[1], t[2] and t[1] in FLOWERS])  # only a flower lies drained
BOARDS = st.dictionaries(st.sampled_from(POINTS), TILES, max_size=110)


@settings(max_examples=200, **SETTINGS)
@given(BOARDS)
def test_the_count_line_by_line_is_the_count_of_the_board(board):
    assert sum(line_harmonies(board, line) for line in LINES) == harmony_count(board)


@settings(max_examples=300, **SETTINGS)
@given(BOARDS, st.lists(st.tuples(st.sampled_from(POINTS), st.none() | TILES), max_size=10))
def test_a_count_updated_along_the_changed_lines_is_the_count_of_the_new_board(board, changes):
    after = {point: list(tile) for point, tile in board.items()}
    for point, tile in changes:
        if tile is None:
            after.pop(point, None)
        else:
            after[point] = tile
    changed = [point for point, _ in changes]
    assert count_after(board, harmony_count(board), after, changed) == harmony_count(after)


@settings(max_examples=25, **SETTINGS)
@given(st.integers(0, 10**6), st.sampled_from([3, 5, 30]), st.integers(1, 10))
def test_in_random_games_the_kept_count_is_the_count_of_the_board(seed, target, hand_size):
    rng = random.Random(seed)
    options = {"target": target, "hand_size": hand_size, "max_turns": 10000}
    game = engine.new_game("ancient", seed=seed, options=options)
    while game.outcome is None:
        game.play(game.random_move(rng))
        assert game.count == harmony_count(game.board), game.record
    # the win is judged on the kept count: exactly when the board's count is the target
    assert (game.outcome.reason == "exact_target") == (harmony_count(game.board) == target)
    again = engine.replay("ancient", game.record, seed=seed, options=options)  # and a replay agrees
    assert (again.count, again.outcome, again.board) == (game.count, game.outcome, game.board)


def test_random_games_place_every_tile_that_changes_several_lines():
    """The random games above meet the Knotweed, the Wheel turning, the Ship and moves."""
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        game = engine.new_game("ancient", seed=seed, options={"target": 30, "max_turns": 10000})
        while game.outcome is None:
            move = game.random_move(rng)
            game.play(move)
            seen |= {part for part in ("Kn@", ">cw", "Bo@", ",") if part in move}
            assert game.count == harmony_count(game.board)
    assert seen == {"Kn@", ">cw", "Bo@", ","}
