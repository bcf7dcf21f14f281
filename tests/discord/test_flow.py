"""End to end through the real discord.py machinery with simcord (offline): slash commands,
challenge buttons, threads, autocomplete, moves, errors, restarts, reminders and timeouts."""
from __future__ import annotations

import io

import discord
import pytest
from PIL import Image

from bot.app import PaiShoBot
from tests.discord.helpers import TICK, make_config, now_shown, private_text, start_game
from tests.engine.examples import T_P8

HOUR = 3600


async def test_commands_are_synced(world):
    env, guild, channel, m = world
    available = set(m["alice"].available_commands(channel))
    assert {"challenge", "move", "board", "moves", "resign", "abort", "rules", "games", "export",
            "propose-board"} <= available
    assert "timings" not in available  # only for members who may manage the server


async def test_challenge_buttons_thread_and_a_whole_game(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="pauso", opponent=m["bob"], options="board=square4 rings=4")
    challenge = channel.last_message
    assert challenge.content == m["bob"].mention
    assert "alice challenges bob to a rated game of PAUSO" in challenge.embeds[0].description
    assert challenge.attachments and challenge.attachments[0].filename == "board.png"

    stranger = await m["carol"].click(challenge, label="Accept")
    assert private_text(stranger) == "This challenge is not for you."
    assert channel.threads == []

    await m["bob"].click(challenge, label="Accept")
    [thread] = channel.threads
    assert thread.name == "alice vs bob \u00b7 PAUSO #1"
    start = thread.last_message
    assert start.content == m["alice"].mention
    assert "alice (Periwinkle) to move" in start.embeds[0].description
    assert channel.last_message.content.startswith("Game #1 is on: follow it in")

    players = [m["alice"], m["bob"]]
    for turn, (move, _events, _position, _scores) in enumerate(T_P8):
        result = await players[turn % 2].slash(thread, "move", move=move[2:])
        assert private_text(result) == ""
        posted = thread.last_message
        assert posted.embeds[0].description.startswith(f"{players[turn % 2].name} played {move}.")
        assert posted.attachments[0].filename == "board.png"
        assert posted.embeds[0].image.url == "attachment://board.png"
    assert "Game over: a draw 1\u20131 (every piece is placed)." in posted.embeds[0].description
    assert posted.content == f"{m['alice'].mention} {m['bob'].mention}"  # the end is told to both
    again = await m["alice"].slash(thread, "move", move="a1")
    assert private_text(again).startswith("Game #1 in this channel is over; the board, moves and export commands still show it.")


async def test_board_picture_is_a_real_png(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    await m["carol"].slash(thread, "board")
    posted = thread.last_message
    data = await posted.attachments[0].read()
    assert Image.open(io.BytesIO(data)).size[0] == 800
    assert "alice (Periwinkle) to move" in posted.embeds[0].description


async def test_autocomplete_offers_the_movers_legal_moves_only(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    choices = await m["alice"].autocomplete(thread, "move", "move", "c")
    assert [c["value"] for c in choices] == ["R@c1", "R@c2", "R@c3", "R@c4"]
    assert len(await m["alice"].autocomplete(thread, "move", "move", "")) == 16
    assert await m["bob"].autocomplete(thread, "move", "move", "c") == []
    assert await m["alice"].autocomplete(channel, "move", "move", "c") == []
    await m["alice"].slash(thread, "move", move="c3")
    assert "R@c3" not in [c["value"] for c in await m["bob"].autocomplete(thread, "move", "move", "c")]


async def test_refusals_are_private_and_specific(world):
    env, guild, channel, m = world
    result = await m["alice"].slash(channel, "move", move="c3")
    assert result.ephemeral or all(f.ephemeral for f in result.followups)
    assert private_text(result) == "There is no game running in this channel. Start one with challenge."
    _, thread = await start_game(world)
    before = len(thread.messages) if hasattr(thread, "messages") else None
    cases = [(m["bob"], "c3", "It is not your turn."),
             (m["dave"], "c3", "You are not playing in this game."),
             (m["alice"], "e9", "e9 is off the board."),
             (m["alice"], "Fa@c1", "PAUSO has only Rings: write R@c1 or c1.")]
    for who, move, message in cases:
        assert private_text(await who.slash(thread, "move", move=move)) == message
    if before is not None:
        assert len(thread.messages) == before
    bad = await m["carol"].slash(channel, "challenge", game="pauso", opponent=m["dave"], options="rings=30")
    assert private_text(bad).startswith("The option rings must be a whole number from 4 to 12")
    bad = await m["carol"].slash(channel, "challenge", game="pauso", opponent=m["carol"])
    assert private_text(bad) == "You cannot challenge yourself."


async def test_buttons_work_after_a_restart(world, db_path):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="pauso", opponent=m["bob"], options="board=square4")
    challenge = channel.last_message
    await env.restart_bot(PaiShoBot(make_config(db_path), tick_seconds=TICK))
    await env.bot.tree.sync()
    await m["bob"].click(challenge, label="Accept")
    [thread] = channel.threads
    assert "alice (Periwinkle) to move" in thread.last_message.embeds[0].description
    await env.restart_bot(PaiShoBot(make_config(db_path), tick_seconds=TICK))
    await env.bot.tree.sync()
    await m["alice"].slash(thread, "move", move="b2")
    assert thread.last_message.embeds[0].description.startswith("alice played R@b2.")


async def test_decline_button(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="pauso", opponent=m["bob"])
    challenge = channel.last_message
    await m["bob"].click(challenge, label="Decline")
    assert channel.last_message.embeds[0].description == "bob declined the challenge #1."
    closed = now_shown(channel, challenge)
    assert closed.components == [] and closed.attachments == []  # no buttons left to press
    assert closed.embeds[0].description == "Challenge #1 (PAUSO, alice vs bob): declined by bob."


async def test_without_thread_permission_the_game_plays_in_the_channel(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    everyone = discord.PermissionOverwrite(create_public_threads=False)
    channel = guild.create_text_channel("no-threads", overwrites={guild.default_role: everyone})
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await env.bot.tree.sync()
    await alice.slash(channel, "challenge", game="pauso", opponent=bob)
    accepted = await bob.click(channel.last_message, label="Accept")
    assert "I may not create threads here" in private_text(accepted)
    assert channel.threads == []
    assert "alice (Periwinkle) to move" in channel.last_message.embeds[0].description
    await alice.slash(channel, "move", move="c3")
    assert channel.last_message.embeds[0].description.startswith("alice played R@c3.")


@pytest.mark.slow  # days of virtual time, tick by tick (tests/README.md)
async def test_reminder_and_timeout_by_advancing_time(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    await env.advance_time(24 * HOUR - TICK)
    assert thread.last_message.content == m["alice"].mention  # still the start message
    assert "begins" in thread.last_message.embeds[0].description
    await env.advance_time(2 * TICK)
    reminder = thread.last_message
    assert reminder.content == m["alice"].mention
    assert "it is your move in game #1" in reminder.embeds[0].description
    await env.advance_time(48 * HOUR)
    ended = thread.last_message
    assert "alice ran out of time." in ended.embeds[0].description
    assert "bob (Apricot) wins" in ended.embeds[0].description


@pytest.mark.slow  # a day of virtual time, tick by tick (tests/README.md)
async def test_challenges_expire(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="pauso", opponent=m["bob"])
    challenge = channel.last_message
    await env.advance_time(24 * HOUR + TICK)
    assert channel.last_message.embeds[0].description == "Challenge #1 (PAUSO) expired before everyone accepted."
    closed = now_shown(channel, challenge)
    assert closed.components == []
    assert closed.embeds[0].description == "Challenge #1 (PAUSO, alice vs bob): expired before everyone accepted."


async def test_rules_moves_export_and_games(world):
    env, guild, channel, m = world
    rules = await m["dave"].slash(channel, "rules", game="pauso")
    assert rules.ephemeral and "PAUSO" in rules.response.embeds[0].description
    assert rules.response.attachments[0].filename == "legend.png"  # the legend, drawn by the renderer
    assert rules.response.embeds[0].image.url == "attachment://legend.png"
    _, thread = await start_game(world)
    await m["alice"].slash(thread, "move", move="c3")
    moves = await m["dave"].slash(thread, "moves")
    assert "1. alice: R@c3" in moves.response.content
    export = await m["bob"].slash(thread, "export")
    assert '[Variant "pauso"]' in export.response.content
    games = await m["dave"].slash(channel, "games")
    assert f"#1 PAUSO: alice, bob (running in <#{thread.id}>)" in games.response.content


async def test_only_admins_set_timings(world):
    env, guild, channel, m = world
    assert "timings" not in m["alice"].available_commands(channel)
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[admins])
    assert "timings" in boss.available_commands(channel)
    done = await boss.slash(channel, "timings", move_hours=5, reminder_hours=2)
    assert "each move has 5 hours" in private_text(done)


async def test_unexpected_errors_are_logged_and_answered_politely(world, caplog):
    env, guild, channel, m = world

    async def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    env.bot.service.board = broken
    result = await m["alice"].slash(channel, "board")
    assert private_text(result) == "Something went wrong on our side; it has been logged. /board shows the game as it stands."
    assert any("disk on fire" in str(e) for e in env.errors)
    assert "Command 'board' failed" in caplog.text


async def test_rated_result_profile_and_leaderboard(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    await m["alice"].slash(thread, "move", move="c3")
    await m["bob"].slash(thread, "resign")
    final = thread.last_message.embeds[0].description
    assert "alice (Periwinkle) wins" in final and "Ratings: alice +" in final and "-> " in final
    profile = await m["dave"].slash(channel, "profile", player=m["alice"])
    shown = profile.response or profile.followups[0]   # the deferred answer, filled in
    assert shown.ephemeral and "alice's ratings" in shown.embeds[0].description
    assert shown.attachments[0].filename == "board.png"
    board = await m["dave"].slash(channel, "leaderboard", game="pauso")
    assert "PAUSO leaderboard (this server)" in board.response.content and "alice" in board.response.content
    await m["carol"].slash(channel, "challenge", game="pauso", opponent=m["dave"], rated=False)
    assert "casual game of PAUSO" in channel.last_message.embeds[0].description
