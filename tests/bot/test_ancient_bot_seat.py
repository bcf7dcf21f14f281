"""A whole console game of Ancient Pai Sho against the bot: it draws, discards, places and moves
through the service like a player, and the game reaches its end."""
from __future__ import annotations

import random

from bot.console import ConsoleSession
from bot.service import GameService
from bot.workers import InlineWorkers


async def test_a_whole_console_game_of_ancient_against_the_bot(store, clock, tmp_path):
    service = GameService(store, clock=clock, challenge_ttl=3600, rng=random.Random(5), workers=InlineWorkers())
    session = ConsoleSession(service, tmp_path)
    out = await session.handle("alice: challenge ancient bot:easy target=3")
    assert out[0].startswith("Game #1 of Ancient Pai Sho begins"), out
    rng = random.Random(1)
    seen: list[str] = []
    for _ in range(300):
        found = service.game_in(session.channel_id)
        if found is None:
            break
        game = found[1]
        out = await session.handle(f"alice: {game.copy().random_move(rng)}")
        seen += out
        assert not any(line.startswith("!") for line in out), out
    assert service.game_in(session.channel_id) is None, "the game did not end"
    text = "\n".join(seen)
    assert "bot (easy) played " in text
    service.close()
