"""A whole console game of Ancient Pai Sho against the bot: it draws, discards, places and moves
through the service like a player, and the game reaches its end."""
from __future__ import annotations

import random

import pytest

from bot.console import ConsoleSession
from bot.service import GameService
from bot.workers import InlineWorkers
from tests.helpers import play_out_against_the_bot


@pytest.mark.slow  # a whole game played to its end (tests/README.md)
async def test_a_whole_console_game_of_ancient_against_the_bot(store, clock, tmp_path):
    service = GameService(store, clock=clock, challenge_ttl=3600, rng=random.Random(5), workers=InlineWorkers())
    session = ConsoleSession(service, tmp_path)
    out = await session.handle("alice: challenge ancient bot:easy target=3")
    assert out[0].startswith("Game #1 of Ancient Pai Sho begins"), out
    seen = await play_out_against_the_bot(service, session, "alice", random.Random(1), 300)
    text = "\n".join(seen)
    assert "bot (easy) played " in text
    service.close()
