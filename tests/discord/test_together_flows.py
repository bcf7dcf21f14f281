"""Open challenges and turn notifications end to end in Discord (simcord): a seat taken with the
button starts the game in a thread, a second presser hears it is taken; /games open; /settings;
a turn told by direct message with the board and a link; a direct message Discord refuses
(closed DMs) falls back to a mention in the thread and the player hears why at their next
command; quiet hours, the daily digest and a vacation with the clock advanced."""
from __future__ import annotations

import pytest

from tests.discord.helpers import TICK, now_shown, private_text, start_game

HOUR = 3600.0


def said(message) -> str:
    return message.embeds[0].description if message.embeds else message.content


async def test_an_open_challenge_is_taken_by_the_first_to_press(world):
    env, guild, channel, m = world
    opened = await m["alice"].slash(channel, "challenge", game="quaterno")
    assert private_text(opened) == ""
    post = channel.last_message
    assert said(post).startswith("alice opens a rated game of Quaterno to anyone here: challenge #1")
    assert [c.label for row in post.components for c in row.children] == ["Take a seat", "Leave"]
    listed = await m["carol"].slash(channel, "games", open=True)
    assert "#1 Quaterno by alice: alice; 1 seat free" in private_text(listed)
    await m["bob"].click(post, label="Take a seat")
    [thread] = channel.threads
    assert thread.name == "alice vs bob \u00b7 Quaterno #1"
    assert "Game #1 of Quaterno begins" in said(thread.last_message)
    closed = now_shown(channel, post)  # no seat left to take (two pressing at once: tests/bot)
    assert closed.components == [] and said(closed).endswith(f"accepted; the game is on in <#{thread.id}>.")


async def test_a_pauso_table_started_by_its_host(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="pauso", seats=4)
    post = channel.last_message
    assert [c.label for row in post.components for c in row.children] == ["Take a seat", "Leave", "Start"]
    mixed = await m["alice"].slash(channel, "challenge", game="pauso", opponent=m["bob"], seats=3)
    assert private_text(mixed).startswith("seats is for a challenge open to anyone")
    early = await m["bob"].click(post, label="Start")
    assert private_text(early) == "Only alice, who opened challenge #1, can start it."
    await m["bob"].click(post, label="Take a seat")
    await m["carol"].click(post, label="Take a seat")
    assert said(channel.last_message) == ("carol takes a seat in challenge #1 (PAUSO): alice, bob, carol; 1 seat left. "
                                          "alice may start it now.")
    await m["alice"].click(post, label="Start")
    [thread] = channel.threads
    assert "alice (Periwinkle), bob (Apricot), carol (Mint)" in said(thread.last_message)


async def test_a_turn_by_direct_message_and_a_refused_one(world):
    env, guild, channel, m = world
    chosen = await m["bob"].slash(channel, "settings", notify="dm")
    assert "Your turn is told by a direct message with the board and a link." in private_text(chosen)
    _, thread = await start_game(world)
    await m["alice"].slash(thread, "move", move="c3")
    turn = thread.last_message
    assert said(turn).startswith("alice played R@c3.") and turn.content == ""  # no ping in the thread
    dm = m["bob"].user.dm_channel.last_message
    assert dm.content.startswith(f"It is your move in game #1 (PAUSO): https://discord.com/channels/{guild.id}/"
                                 f"{thread.id}\nalice played R@c3.")
    assert dm.attachments[0].filename == "board.png"
    await m["bob"].slash(thread, "move", move="b2")
    env.inject_error("POST", f"/channels/{m['bob'].user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    moved = await m["alice"].slash(thread, "move", move="a4")
    assert private_text(moved) == ""
    fallback = thread.last_message
    assert fallback.content == m["bob"].mention
    assert said(fallback) == "bob, it is your move in game #1 (PAUSO): I could not send you a direct message."
    told = await m["bob"].slash(thread, "board")
    assert "I could not send you a direct message (Discord refused it" in private_text(told)
    again = await m["bob"].slash(thread, "board")
    assert "I could not send you a direct message" not in private_text(again)
    assert private_text(await m["bob"].slash(thread, "move", move="a1")) == ""
    assert private_text(await m["alice"].slash(thread, "move", move="d1")) == ""  # refused again
    shown = private_text(await m["bob"].slash(channel, "settings"))  # a command with a private answer
    assert shown.startswith("Your turn is told by a direct message") and "Discord refused it" in shown


async def test_quiet_hours_hold_the_ping_until_they_end(world):
    env, guild, channel, m = world
    hour = env.now().hour
    await m["bob"].slash(channel, "settings", quiet_hours=f"{hour}-{(hour + 3) % 24}")
    _, thread = await start_game(world)
    await m["alice"].slash(thread, "move", move="c3")
    assert thread.last_message.content == ""
    await env.advance_time(3 * HOUR + TICK)
    held = thread.last_message
    assert held.content == m["bob"].mention
    assert said(held) == "bob, it is your move in game #1 (PAUSO) (held back during your quiet hours)."


async def test_the_daily_digest_comes_by_direct_message(world):
    env, guild, channel, m = world
    hour = (env.now().hour + 2) % 24
    await m["alice"].slash(channel, "settings", notify="digest", digest_hour=hour)
    _, thread = await start_game(world)
    assert thread.last_message.content == ""  # alice is to move: her digest tells her
    await env.advance_time(2 * HOUR + TICK)
    digest = m["alice"].user.dm_channel.last_message
    assert digest.content.startswith("Your daily digest: 1 game waiting for your move.\n#1 PAUSO against bob: "
                                     f"https://discord.com/channels/{guild.id}/{thread.id}")


@pytest.mark.slow  # days of virtual time, tick by tick (tests/README.md)
async def test_a_vacation_stops_the_clock_and_opponents_see_it(world):
    env, guild, channel, m = world
    away = await m["bob"].slash(channel, "settings", vacation_days=2)
    assert "Enjoy your vacation: your clocks are stopped until" in private_text(away)
    _, thread = await start_game(world)
    await m["alice"].slash(thread, "move", move="c3")
    assert "bob is on vacation until" in said(thread.last_message)
    await env.advance_time(72 * HOUR)  # 48 hours away, then 24 of his 72: reminded, not out of time
    assert "it is your move in game #1" in said(thread.last_message)
    await env.advance_time(47 * HOUR)
    assert "ran out of time" not in said(thread.last_message)
    await env.advance_time(2 * HOUR)
    assert "bob ran out of time." in said(thread.last_message)
