"""simcord fixtures: the real bot against an offline Discord, with a real SQLite file."""
from __future__ import annotations

import pytest

from bot.app import PaiShoBot
from tests.discord.helpers import TICK, make_config


@pytest.fixture(autouse=True)
async def close_every_bot(monkeypatch):
    """Close the database and workers of every bot a test set up (simcord detaches a bot without
    closing it, and a restart leaves the old one behind): no database thread outlives its test."""
    started: list[PaiShoBot] = []
    setup_hook = PaiShoBot.setup_hook

    async def tracked(self: PaiShoBot) -> None:
        started.append(self)
        await setup_hook(self)

    monkeypatch.setattr(PaiShoBot, "setup_hook", tracked)
    yield
    for bot in started:
        if bot._service is not None:
            bot._service.close()
        if bot.store is not None:
            store, bot.store = bot.store, None
            await store.close()


@pytest.fixture
def simcord_bot(db_path):
    return PaiShoBot(make_config(db_path), tick_seconds=TICK)


@pytest.fixture
async def world(simcord_env):
    """A server with a #games channel, three members, and the commands synced."""
    env = simcord_env
    env.settle_timeout = 30.0  # wall-clock budget per step: long virtual waits run many timer ticks
    guild = env.create_guild(name="Pai Sho Club")
    channel = guild.create_text_channel("games")
    members = {name: guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave")}
    await env.bot.tree.sync()
    return env, guild, channel, members
