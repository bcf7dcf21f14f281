"""Who begins (the ``first`` option of Quaterno and PAUSO): the host, or a seat drawn by the seeded
SplitMix64 generator from the game's seed, the same on every replay; a stored game's ``seatN`` keeps
the seat it began with, and is never offered to players."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.paisho.rng import SplitMix64

GAMES = [("quaterno", 2), ("pauso", 2), ("pauso", 3), ("pauso", 4)]


def first_seat(variant: str, players: int, seed: int, first: str) -> int:
    return engine.new_game(variant, players=players, seed=seed, options={"first": first}).to_move


@pytest.mark.parametrize(("variant", "players"), GAMES)
@given(seed=st.integers(0, 2**31 - 1))
def test_a_random_first_player_is_the_seeds_splitmix64_draw(variant, players, seed):
    assert first_seat(variant, players, seed, "random") == SplitMix64(seed).below(players)
    assert first_seat(variant, players, seed, "host") == 0


@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_every_seat_may_begin_at_random(variant, players):
    assert {first_seat(variant, players, seed, "random") for seed in range(40)} == set(range(players))


@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_a_kept_seat_begins_and_is_never_offered(variant, players):
    for seat in range(players):
        assert first_seat(variant, players, 5, f"seat{seat + 1}") == seat
    with pytest.raises(ValueError, match="seat"):
        first_seat(variant, players, 5, f"seat{players + 1}" if players < 4 else "seat9")
    option = next(o for o in engine.info(variant).options if o.name == "first")
    assert option.offered() == ("host", "random") and "seat" not in option.describe()
