"""Playing a whole console game against the bot in tests: the person plays random legal moves
until the game ends, and every reply is checked to be free of errors."""
from __future__ import annotations

import random

from bot.console import ConsoleSession
from bot.service import GameService


async def play_out_against_the_bot(service: GameService, session: ConsoleSession, person: str,
                                   rng: random.Random, turns: int) -> list[str]:
    """Play ``person``'s random moves (at most ``turns``) until the game in the session's channel
    ends; every line the console printed. The bot must never keep the person waiting."""
    seen: list[str] = []
    for _ in range(turns):
        found = service.game_in(session.channel_id)
        if found is None:
            break
        row, game = found
        seat = game.to_move
        assert seat is not None and not row.is_bot(seat)  # the bot answered at once
        out = await session.handle(f"{person}: {game.copy().random_move(rng)}")
        seen += out
        assert not any(line.startswith("!") for line in out), out
    assert service.game_in(session.channel_id) is None, "the game did not end"
    return seen
