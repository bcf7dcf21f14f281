"""/learn and /hint through discord.py with simcord: a whole lesson played with the panel (the
progress screen, a game, Start, the select, Play it) and by a typed move (the modal), everything
private and nothing posted in the channel until the player shares the result; the lesson goes on
after a restart where it was; /hint refused in a rated game and to a non-player, given privately in
a game against the bot."""
from __future__ import annotations

import pytest
from simcord.actors import MemberActor
from simcord.builders import UserHandle

from bot.app import PaiShoBot
from engine import lessons, steps
from tests.discord.helpers import TICK, make_config


def private(result):
    """The ephemeral message a press or command answered with (edited in place, or sent)."""
    messages = ([result.response] if result.response is not None else []) + list(result.followups)
    shown = [m for m in messages if m.ephemeral]
    assert shown, "nothing private was shown"
    return shown[-1]


def described(message) -> str:
    return message.embeds[0].description if message.embeds else (message.content or "")


async def test_a_whole_lesson_with_the_panel_is_private_until_shared(world):
    env, guild, channel, m = world
    ann = m["alice"]
    progress = private(await ann.slash(channel, "learn"))
    assert "**Basic Pai Sho**: 0 of 15 done" in described(progress)
    course = private(await ann.select(progress, ["basic"]))
    assert "**Basic Pai Sho lessons** (0 of 15 done)" in described(course)
    screen = private(await ann.click(course, label="Start 1. Your first harmony"))
    assert screen.embeds[0].title == "Basic Pai Sho \u00b7 lesson 1 of 15: Your first harmony"
    assert screen.attachments[0].filename == "lesson.png"
    lesson = lessons.find("basic", "01-first-harmony")
    game = lesson.start()
    path = steps.path_of(game, game.copy().play("k6-k8"))
    for letter in path:
        screen = private(await ann.select(screen, [letter]))
    assert "Your move: k6-k8**" in described(screen)
    done = private(await ann.click(screen, label="Play it"))
    assert "Lesson done: \u2605\u2605\u2605** (no wrong try)" in described(done)
    assert channel.last_message is None  # nothing public so far
    shared = await ann.click(done, label="Share my result")
    assert not shared.response.ephemeral
    assert channel.last_message.content.startswith("alice finished the Basic Pai Sho lesson 1 of 15")
    nxt = private(await ann.click(done, label="Next lesson"))
    assert nxt.embeds[0].title.endswith("lesson 2 of 15: Which flowers harmonise")


async def test_a_typed_move_and_a_restart_in_the_middle_of_a_lesson(world, db_path):
    env, guild, channel, m = world
    ann = m["alice"]
    course = private(await ann.slash(channel, "learn", game="basic"))
    screen = private(await ann.select(course, ["06-knotweed"]))
    shown = await ann.click(screen, label="Type a move")
    assert shown.modal is not None
    typed = private(await ann.submit_modal(shown, {"move": "Kn@f12"}))
    assert "\u2705 Kn@f12." in described(typed) and "Your opponent answers o10-o11." in described(typed)
    wrong = private(await ann.submit_modal(await ann.click(typed, label="Type a move"), {"move": "d11-d12"}))
    assert "\u274c You tried d11-d12. The drained Jasmine is still there." in described(wrong)
    await env.restart_bot(PaiShoBot(make_config(db_path), tick_seconds=TICK))
    await env.bot.tree.sync()
    hinted = private(await ann.click(wrong, label="Hint"))  # a component shown before the restart
    assert "Hint (it counts as a try): Your White Jade on d11" in described(hinted)
    done = private(await ann.submit_modal(await ann.click(hinted, label="Type a move"), {"move": "d11xg11"}))
    assert "Lesson done: \u2605\u2605\u2606** (2 wrong tries)" in described(done)  # kept across the restart
    assert channel.last_message is None


async def test_hint_is_refused_in_a_rated_game_and_to_a_non_player(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="pauso", opponent=m["bob"], options="board=square4 rings=4")
    await m["bob"].click(channel.last_message, label="Accept")
    thread = channel.threads[-1]
    last = thread.last_message.id
    rated = await m["alice"].slash(thread, "hint")
    assert described(private(rated)).startswith("Hints are for casual games and games against the bot")
    stranger = await m["carol"].slash(thread, "hint")
    assert described(private(stranger)) == "You are not playing in this game."
    assert thread.last_message.id == last  # nothing posted


@pytest.mark.slow  # the bot thinks in worker processes
async def test_hint_against_the_bot_is_private(world):
    env, guild, channel, m = world
    me = UserHandle(env, env.backend.bot_user)  # the bot's own member, picked as the opponent
    bot = guild.add_member(me) if me.id not in guild.member_ids() else MemberActor(env, guild, me)
    await m["alice"].slash(channel, "challenge", game="pauso", opponent=bot, options="board=square4 rings=4")
    thread = channel.threads[-1]
    last = thread.last_message.id
    said = described(private(await m["alice"].slash(thread, "hint")))
    assert said.startswith("Hint 1 of 3 (only you see this; 2 more in this game): the bot would play **R@")
    assert thread.last_message.id == last
