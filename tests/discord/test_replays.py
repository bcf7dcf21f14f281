"""/replay and /browse through the real discord.py machinery with simcord (offline): the replay is
posted for everyone as an animated GIF, refused privately when the server would not take the file;
the step-through buttons work for anyone and after a restart, and never change the game."""
from __future__ import annotations

import io

import discord
from PIL import Image

from bot.app import PaiShoBot
from tests.discord.helpers import TICK, make_config, private_text, start_game

MOVES = ["c1", "c2", "b1", "b3"]


async def played(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    for i, move in enumerate(MOVES):
        await (m["alice"], m["bob"])[i % 2].slash(thread, "move", move=move)
    return thread


async def test_replay_posts_an_animated_gif_for_everyone(world):
    env, guild, channel, m = world
    thread = await played(world)
    result = await m["carol"].slash(thread, "replay")
    assert private_text(result) == ""
    posted = thread.last_message
    assert posted.attachments[0].filename == "replay-1.gif"
    assert posted.embeds[0].image.url == "attachment://replay-1.gif"
    assert "Replay of game #1, PAUSO: alice vs bob, 4 moves so far." in posted.embeds[0].description
    gif = Image.open(io.BytesIO(await posted.attachments[0].read()))
    assert gif.format == "GIF" and gif.n_frames == len(MOVES) + 1
    elsewhere = await m["carol"].slash(channel, "replay", game=1)  # by number, from another channel
    assert private_text(elsewhere) == "" and channel.last_message.attachments[0].filename == "replay-1.gif"


async def test_a_replay_too_big_for_the_server_is_refused_privately(world, monkeypatch):
    env, guild, channel, m = world
    thread = await played(world)
    before = thread.last_message.id
    monkeypatch.setattr(discord.Guild, "filesize_limit", property(lambda self: 1000))
    result = await m["carol"].slash(thread, "replay")
    text = private_text(result)
    assert text.startswith("The replay of game #1 is ") and "this server takes files up to 0.0 MB" in text
    assert "Browse shows the game position by position." in text
    assert thread.last_message.id == before  # nothing posted


async def test_replay_refusals_are_private(world):
    env, guild, channel, m = world
    assert private_text(await m["alice"].slash(channel, "replay")).startswith(
        "There is no game running in this channel; give the number")
    assert private_text(await m["alice"].slash(channel, "replay", game=42)) == "No game 42 here."
    assert private_text(await m["alice"].slash(channel, "browse", game=42)) == "No game 42 here."


async def test_anyone_steps_through_a_game_and_the_buttons_survive_a_restart(world, db_path):
    env, guild, channel, m = world
    thread = await played(world)
    await m["dave"].slash(thread, "browse")
    shown = thread.last_message
    assert "Move 4/4: bob played R@b3." in shown.embeds[0].description
    assert shown.attachments[0].filename == "board.png"
    await m["carol"].click(shown, label="\u25c0")  # carol does not play: she may still look
    shown = thread.last_message
    assert "Move 3/3" not in shown.embeds[0].description
    assert "Move 3/4: alice played R@b1." in shown.embeds[0].description
    await m["carol"].click(shown, label="\u23ee")
    assert "Start \u00b7 4 moves." in thread.last_message.embeds[0].description
    await env.restart_bot(PaiShoBot(make_config(db_path), tick_seconds=TICK))
    await env.bot.tree.sync()
    await m["bob"].click(thread.last_message, label="\u25b6")
    assert "Move 1/4: alice played R@c1." in thread.last_message.embeds[0].description
    await m["bob"].click(thread.last_message, label="\u23ed")
    assert "Move 4/4" in thread.last_message.embeds[0].description
    # looking changed nothing: the game goes on where it was
    await m["alice"].slash(thread, "move", move="d2")
    assert thread.last_message.embeds[0].description.startswith("alice played R@d2.")
