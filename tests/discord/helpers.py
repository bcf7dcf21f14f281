"""What the simcord tests share (fixtures: tests/discord/conftest.py): the bot's configuration for
a test, the timer loop's period, and reading what a user saw."""
from __future__ import annotations

from bot.config import Config

TICK = 1800.0  # the timer loop's period in these tests (virtual seconds)


def make_config(db_path: str, **changes) -> Config:
    """The bot's configuration for a test: no token, this SQLite file, pictures in a thread."""
    values = dict(token=None, database_path=db_path, dev_guild_id=None, log_level="INFO",
                  challenge_ttl=24 * 3600, reminder_after=24 * 3600, move_deadline=72 * 3600,
                  shard_count=1, picture_workers=0)  # pictures in a thread: no process pool per test
    values.update(changes)
    return Config(**values)


def now_shown(channel, message):
    """A message as it is now (after the bot edited it)."""
    return next(m for m in channel.history() if m.id == message.id)


def private_text(result) -> str:
    """What the user alone saw: the ephemeral reply or follow-up."""
    messages = ([result.response] if result.response is not None else []) + list(result.followups)
    texts = [m.content or (m.embeds[0].description if m.embeds else "") for m in messages if m.ephemeral]
    return "\n".join(t for t in texts if t)


async def start_game(world, options="board=square4 rings=4"):
    """Alice challenges bob to PAUSO in #games and bob accepts: the challenge and the game's thread."""
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="pauso", opponent=m["bob"], options=options)
    challenge = channel.last_message
    await m["bob"].click(challenge, label="Accept")
    return challenge, channel.threads[-1]
