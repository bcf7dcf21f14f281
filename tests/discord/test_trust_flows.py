"""Issue 15 end to end with simcord: Discord refusing messages after a move was saved, and input
far longer than any move. (Two acceptances at the same moment are tested at the service, in
tests/bot/test_trust.py: simcord runs one user action at a time.)"""
from __future__ import annotations

import pytest

from tests.discord.helpers import private_text, start_game


async def test_a_saved_move_is_reported_as_saved_when_discord_refuses_the_board(world):
    """The thread refuses every message (the bot lost its thread permission): the move stands,
    the turn message goes to the parent channel so bob is still told, and alice hears the truth."""
    env, guild, channel, m = world
    _, thread = await start_game(world)
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=403, code=50001,
                     message="Missing Access", times=None)
    result = await m["alice"].slash(thread, "move", move="c3")
    told = private_text(result)
    assert told.startswith("Saved: alice played R@c3. Discord refused to post the message here, so I posted it in")
    assert "Nothing was changed" not in told
    fallback = channel.last_message
    assert fallback.embeds[0].description.startswith("alice played R@c3.")
    assert fallback.content == m["bob"].mention
    assert env.bot.service.game_in(thread.id)[1].record == ["R@c3"]


async def test_a_passing_server_error_is_retried_in_place(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=500, times=1)
    result = await m["alice"].slash(thread, "move", move="c3")
    assert private_text(result) == ""
    assert thread.last_message.embeds[0].description.startswith("alice played R@c3.")


async def test_a_refusal_of_a_huge_input_fits_in_a_message(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    huge = "\u00e9\u212a\U0001f600" * 33 + "x"  # 100 characters: the most /move takes
    told = private_text(await m["alice"].slash(thread, "move", move=huge))
    assert told.startswith("I can't read") and len(told) < 300
    bad = await m["carol"].slash(channel, "challenge", game="pauso", opponent=m["dave"],
                                 options="board=" + "\u00e9" * 390)
    assert len(private_text(bad)) < 400 and "layout" in private_text(bad)


@pytest.mark.slow  # days of virtual time, tick by tick (tests/README.md)
async def test_a_timeout_notice_reaches_the_parent_channel_when_the_thread_refuses(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=403, code=50001,
                     message="Missing Access", times=None)
    await env.advance_time(73 * 3600)
    ended = channel.last_message.embeds[0].description
    assert "alice ran out of time." in ended and "bob (Apricot) wins" in ended


async def test_a_turn_discord_never_showed_is_posted_once_after_a_restart(world, db_path):
    """Discord refuses the turn message everywhere (the move stands, saved); the bot stops. When it
    is back, the turn is posted in the game's thread with the board and the ping, once."""
    from bot.app import PaiShoBot
    from tests.discord.helpers import TICK, make_config

    env, guild, channel, m = world
    _, thread = await start_game(world)
    before = thread.last_message.id
    env.inject_error("POST", "/channels/*/messages", status=403, code=50001, message="Missing Access", times=2)
    told = private_text(await m["alice"].slash(thread, "move", move="c3"))
    assert told.startswith("Saved: alice played R@c3.") and "could not post it anywhere" in told
    assert thread.last_message.id == before
    await env.restart_bot(PaiShoBot(make_config(db_path), tick_seconds=TICK))
    await env.settle()
    shown = thread.last_message
    assert shown.id != before and shown.content == m["bob"].mention
    assert shown.embeds[0].description.startswith("Saved just before the bot restarted: Move 1/1: alice played R@c3.")
    assert shown.attachments and shown.attachments[0].filename == "board.png"
    await env.restart_bot(PaiShoBot(make_config(db_path), tick_seconds=TICK))
    await env.settle()
    assert thread.last_message.id == shown.id  # once
