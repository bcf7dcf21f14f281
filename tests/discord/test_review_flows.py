"""/review through discord.py with simcord: refused while the game runs; once it is over, anyone
who can see its thread gets, privately, the summary with the chart and the marked turns, each
with the move played, the better move and the position."""
from __future__ import annotations

import random

import pytest

from tests.discord.helpers import private_text


@pytest.mark.slow  # the AI reviews every position of a whole game (tests/README.md)
async def test_review_of_a_finished_game_and_refused_for_a_running_one(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="pauso", opponent=m["bob"], options="board=square5 rings=6")
    await m["bob"].click(channel.last_message, label="Accept")
    thread = channel.threads[-1]
    early = await m["alice"].slash(thread, "review")
    assert "still running: its review comes once it is over" in private_text(early)
    rng = random.Random(3)
    while (found := env.bot.service.game_in(thread.id)) is not None:
        row, game = found
        member = m["alice"] if game.to_move == 0 else m["bob"]
        await member.slash(thread, "move", move=rng.choice(game.legal_moves()))
    reviewed = await m["carol"].slash(thread, "review")
    message = reviewed.response
    assert message.ephemeral and message.embeds[0].description.startswith("**Review of game #1**, PAUSO: alice vs bob")
    names = [a.filename for a in message.attachments]
    assert names[0] == "review.png" and 1 <= len(names) - 1 <= 5 and len(message.embeds) == len(names)
    assert all(" played R@" in e.description and "better was" in e.description for e in message.embeds[1:])
