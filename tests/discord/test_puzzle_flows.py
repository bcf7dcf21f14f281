"""Puzzles through discord.py with simcord: /puzzle answers privately with the puzzle and its
panel; solved by typing the move (the Type a move box) and failed with the panel alone, each
showing the rating change; the buttons keep working after a restart; /daily (Manage Server) posts
the day's puzzle in its channel once the clock reaches the hour, and its public Solve button opens
the puzzle privately for whoever presses."""
from __future__ import annotations

import re
from typing import Any

import discord

from bot.app import PaiShoBot
from bot.service.puzzles import daily_puzzle, day_of
from engine import puzzles, steps
from tests.discord.helpers import TICK, make_config, private_text


def the_puzzle(text: str) -> puzzles.Puzzle:
    """The shipped puzzle a message shows."""
    found = puzzles.find(text.split("**Puzzle ", 1)[1].split("**", 1)[0])
    assert found is not None
    return found


def labels(message) -> list[str]:
    """The labels of a message's buttons (a private answer's raw rows, or a posted message's)."""
    rows = message.components
    return [c.get("label") if isinstance(c, dict) else c.label
            for row in rows for c in (row.get("components", []) if isinstance(row, dict) else row.children)]


def text_input(node: Any) -> str | None:
    """The custom id of the first text box in a modal's payload."""
    if isinstance(node, dict):
        if node.get("type") == 4:
            return node["custom_id"]
        node = list(node.values())
    if isinstance(node, list):
        for item in node:
            found = text_input(item)
            if found:
                return found
    return None


async def type_move(member, shown, move: str) -> None:
    """Press Type a move under the puzzle and send ``move`` in the box."""
    box = await member.click(shown.response, label="Type a move")
    assert box.modal is not None
    await member.submit_modal(box, {text_input(box.modal["components"]): move})


async def test_a_puzzle_solved_by_typing_shows_the_rating_change(world):
    env, guild, channel, m = world
    shown = await m["alice"].slash(channel, "puzzle", game="pauso")
    message = shown.response
    assert message.ephemeral and message.attachments[0].filename == "puzzle.png"
    assert labels(message)[-2:] == ["Type a move", "Give up"]
    puzzle = the_puzzle(message.content)
    assert channel.last_message is None  # nothing public
    await type_move(m["alice"], shown, "zz99")  # a bad move: said privately, the puzzle stays
    assert the_puzzle(shown.response.content) is puzzle and "Solved" not in shown.response.content
    await type_move(m["alice"], shown, puzzle.solution[0])
    if puzzle.kind == puzzles.WIN2:
        assert "Right:" in shown.response.content
        await type_move(m["alice"], shown, puzzle.solution[-1])
    final = shown.response
    assert "Solved:" in final.content and re.search(r"Puzzle rating 1500 \u2192 1[5-9][0-9]{2}\? \(\+[0-9]+\)",
                                                    final.content)
    assert labels(final) == ["Next puzzle"] and final.attachments
    profile = await m["alice"].slash(channel, "profile", game="pauso")
    assert re.search(r"PAUSO puzzles: 1[5-9][0-9]{2}\? \u00b7 1 solved of 1 attempt", private_text(profile))
    board = await m["bob"].slash(channel, "leaderboard", game="pauso", board="puzzles")
    assert "alice" in private_text(board)


async def test_a_puzzle_failed_with_the_panel_and_a_button_after_a_restart(world, db_path):
    env, guild, channel, m = world
    shown = await m["bob"].slash(channel, "puzzle", game="pauso")
    puzzle = the_puzzle(shown.response.content)
    game = puzzle.start()
    wrong = next(move for move in game.legal_moves() if move != puzzle.solution[0])
    path = steps.path_of(game, wrong)
    await m["bob"].select(shown.response, [path[0]])
    await env.restart_bot(PaiShoBot(make_config(db_path), tick_seconds=TICK))
    for k in range(1, len(path)):
        await m["bob"].select(shown.response, [path[k]])
    await m["bob"].click(shown.response, label="Play it")
    final = shown.response.content
    assert "is not the answer" in final and f"The solution: {puzzle.solution[0]} (you)" in final
    assert re.search(r"Puzzle rating 1500 \u2192 1[0-4][0-9]{2}\? \(-[0-9]+\)", final) and "streak 0" in final


async def test_the_daily_post_after_the_clock_reaches_its_hour(world):
    env, guild, channel, m = world
    daily = guild.create_text_channel("puzzles")
    assert "daily" not in m["alice"].available_commands(channel)  # only for members who may manage the server
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[admins])
    hour = (discord.utils.utcnow().hour + 2) % 24
    done = await boss.slash(channel, "daily", channel=daily, hour=hour)
    assert f"<#{daily.id}> every day at {hour:02d}:00 UTC (the first " in private_text(done)
    assert daily.last_message is None
    await env.advance_time(3 * 3600)
    post = daily.last_message
    assert post is not None and post.embeds[0].description.startswith("**Daily puzzle, ")
    day = post.embeds[0].description.split("**Daily puzzle, ", 1)[1][:10]
    assert post.attachments and labels(post) == ["Solve"]
    await env.advance_time(3 * 3600)
    assert daily.last_message.id == post.id  # once a day
    opened = await m["carol"].click(post, label="Solve")
    assert opened.response.ephemeral and the_puzzle(opened.response.content) is daily_puzzle(day)
    assert "The puzzle of" in opened.response.content or day == day_of(discord.utils.utcnow().timestamp())

