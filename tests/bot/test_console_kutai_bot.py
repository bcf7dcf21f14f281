"""A whole Kutai Pai Sho game in the console against the bot (bot:easy): the bot answers each of
the player's placements with a legal placement of its own until the game ends."""
from __future__ import annotations

import random

import pytest

from bot.console import ConsoleSession


@pytest.mark.slow  # a whole game played to its end (tests/README.md)
async def test_a_whole_kutai_game_against_the_bot_in_the_console(service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    try:
        out = await session.handle("alice: challenge kutai bot:easy target=12")
        assert any("Kutai Pai Sho begins" in line for line in out), out
        rng = random.Random(4)
        placed_by_bot = 0
        for _ in range(40):
            found = service.running.game_in(session.channel_id)
            if found is None:
                break
            row, game = found
            seat = game.to_move
            assert seat is not None and not row.is_bot(seat)  # the bot never keeps the player waiting
            before = len(game.record)
            out = await session.handle(f"alice: {game.random_move(rng)}")
            assert not any(line.startswith("!") for line in out), out
            bot_lines = [line for line in out if line.startswith("bot (easy) played ")]
            placed_by_bot += len(bot_lines)
            after = service.running.game_in(session.channel_id)
            if after is not None:  # alice's placement and the bot's answer
                assert len(after[1].record) == before + 2 and len(bot_lines) == 1
        assert service.running.game_in(session.channel_id) is None  # the game is over
        assert placed_by_bot >= 3
        text = "\n".join(out)
        assert "wins" in text or "draw" in text, text
        late = await session.handle("alice: DMa@i9")
        assert len(late) == 1 and late[0].startswith("! Game #1 in this channel is over")
    finally:
        service.workers.close()

