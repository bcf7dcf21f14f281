"""A whole console game of Basic Pai Sho against the bot: the coin choice, the setup placements and
the main phase go through the service like a player's, the bot answers every turn at once, and
the game reaches its end with a final score."""
from __future__ import annotations

import random

import pytest

from bot.console import ConsoleSession
from bot.service import GameService
from bot.workers import InlineWorkers
from tests.helpers import play_out_against_the_bot


@pytest.mark.slow  # a whole game played to its end (tests/README.md)
async def test_a_whole_console_game_of_basic_against_the_bot(store, clock, tmp_path):
    service = GameService(store, clock=clock, challenge_ttl=3600, rng=random.Random(3), workers=InlineWorkers())
    session = ConsoleSession(service, tmp_path)
    try:
        out = await session.handle("alice: challenge basic bot:easy max_turns=16")
        assert out[0].startswith("Game #1 of Basic Pai Sho begins"), out
        seen = await play_out_against_the_bot(service, session, "alice", random.Random(2), 60)
        text = "\n".join(seen)
        assert "bot (easy) played " in text
        over = [line for line in seen if "Game over: " in line]
        assert len(over) == 1 and "the turn limit; final count: alice " in over[0], over
        late = await session.handle("alice: q1-q2")
        assert len(late) == 1 and late[0].startswith("! Game #1 in this channel is over"), late
    finally:
        service.close()
