"""/status for a server's admins, end to end with simcord: this server's running games and open
challenges (never another server's), the bot's queue, the last backup; only for Manage Server.
Also what /healthz says of the bot's connection to Discord, and a clean stop."""
from __future__ import annotations

import asyncio

import discord

from bot import backup, metrics
from data import Store
from tests.discord.helpers import start_game


def status_text(result) -> str:
    shown = result.followups[0] if result.followups else result.response
    assert shown.ephemeral
    return shown.embeds[0].description


async def test_status_shows_this_servers_games_challenges_queue_and_backups(world):
    env, guild, channel, m = world
    assert "status" not in m["alice"].available_commands(channel)  # only for those who manage the server
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[admins])
    assert "status" in boss.available_commands(channel)

    _, thread = await start_game(world)
    await m["alice"].slash(thread, "move", move="c3")
    await m["carol"].slash(channel, "challenge", game="quaterno", opponent=m["dave"])
    other = env.create_guild(name="Elsewhere")
    elsewhere = other.create_text_channel("games")
    eve, finn = (other.add_member(env.create_user(n)) for n in ("eve", "finn"))
    await eve.slash(elsewhere, "challenge", game="pauso", opponent=finn)

    text = status_text(await boss.slash(channel, "status"))
    assert "Running games here: 1\n- #1 PAUSO: alice vs bob in " in text and "bob to move" in text
    assert "Open challenges here: 1\n- #2 Quaterno: carol challenges, waiting for dave, expires in 24 hours" in text
    assert "eve" not in text and "#3" not in text  # another server's challenge
    assert "The bot's queue (all servers of this process): 0 jobs for the bot's moves and replays" in text
    assert "Backups: none has been taken yet; no daily backups (the operator sets BACKUP_DIR for them)." in text

    database = env.bot.config.database_path
    taken = backup.take(database, backup.new_name(database, backup.backup_folder(database, None), 1_700_000_000))
    assert taken.counts["games"] == 3
    text = status_text(await boss.slash(channel, "status"))
    assert "Backups: the last was taken 2023-11-14 22:13 UTC (" in text


async def test_healthz_knows_whether_the_bot_is_connected_to_discord(world, monkeypatch):
    env, guild, channel, m = world
    bot = env.bot
    assert await bot.discord_problem() is None
    assert await bot.service.store.check() is None
    await bot.ops.refresh()  # what /metrics reads just before a scrape
    assert metrics.REGISTRY.get_sample_value("paisho_gateway_latency_seconds", {"shard": "0"}) == 0.0
    assert metrics.value("paisho_running_games") == 0
    monkeypatch.setattr(discord.ShardInfo, "is_closed", lambda shard: True)  # the gateway connection dropped
    assert await bot.discord_problem() == "shard 0 of this process is not connected to Discord"


async def test_a_clean_stop_finishes_the_turn_being_saved_then_closes_the_database(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    bot = env.bot
    service, store = bot.service, bot.store
    row, _ = service.game_in(thread.id)
    lock = service.running.lock(row.id)
    await lock.acquire()  # a turn being saved

    closing = asyncio.create_task(bot.close())
    await asyncio.sleep(0.2)
    assert not closing.done() and bot.store is store  # the database waits for the turn
    await store.add_move(row.id, 0, 0, "R@c3", 1.0)
    lock.release()
    await asyncio.wait_for(closing, 15)
    assert bot.store is None and bot.ops is None
    reopened = await Store.open(store.path)
    try:
        assert (await reopened.get_game(row.id)).moves == ["R@c3"]
    finally:
        await reopened.close()
