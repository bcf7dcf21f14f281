"""Tournaments end to end in Discord (simcord) with the clock advanced: the announcement and its
Join buttons, sign-up closing by itself, a thread per game pinging the player to move, results by
resignation and by the round's deadline, byes, a withdrawal, the standings pictures after each
round, the final post, and a restart in the middle."""
from __future__ import annotations

import io

import discord
import pytest
from PIL import Image

from bot.app import PaiShoBot
from tests.discord.helpers import TICK, make_config, now_shown, private_text

HOUR = 3600.0


def said(message) -> str:
    return message.embeds[0].description if message.embeds else message.content


def organiser(env, guild):
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("boss"), roles=[admins])


def more_members(env, guild, m, names):
    for name in names:
        m[name] = guild.add_member(env.create_user(name))
    return m


async def announce(world, fmt, players, **options):
    env, guild, channel, m = world
    boss = organiser(env, guild)
    args = dict(name="Club Cup", game="pauso", format=fmt, options="board=square4 rings=4", signup_hours=1)
    args.update(options)
    created = await boss.slash(channel, "tournament create", **args)
    assert private_text(created).startswith("Tournament #1 is announced.")
    announcement = channel.last_message
    assert [c.label for row in announcement.components for c in row.children] == ["Join", "Leave"]
    for name in players:
        joined = await m[name].click(announcement, label="Join")
        assert private_text(joined).startswith("You joined Club Cup")
    return boss, announcement


def games_of_round(channel, round_no):
    """The round's threads and the start message in each."""
    threads = [t for t in channel.threads if f"R{round_no} #" in t.name]
    return [(t, t.history()[0] if t.history() else None) for t in threads]


async def resign_the_second_seat(world, threads):
    env, guild, channel, m = world
    for thread, start in threads:
        text = said(start)
        names = text.split("begins: ")[1].split(". ")[0].split(", ")
        loser = names[1].split(" (")[0]
        await m[loser].slash(thread, "resign")


async def test_a_four_player_round_robin_with_a_restart_in_the_middle(world, db_path):
    env, guild, channel, m = world
    boss, announcement = await announce(world, "roundrobin", ["alice", "bob", "carol", "dave"])
    shown = said(now_shown(channel, announcement))
    assert "Players (4): alice, bob, carol, dave. Join or leave with the buttons." in shown
    await env.advance_time(HOUR + TICK)
    closed = now_shown(channel, announcement)
    assert closed.components == [] and "Sign-up is closed; round 1 of 3 is on." in said(closed)
    first = games_of_round(channel, 1)
    assert len(first) == 2
    for _thread, start in first:
        assert "Club Cup, round 1: game #" in said(start) and start.content.startswith("<@")
        assert start.attachments and start.attachments[0].filename == "board.png"
    round_post = [msg for msg in channel.history() if said(msg).startswith("Round 1 of 3 of Club Cup:")]
    assert len(round_post) == 1
    await resign_the_second_seat(world, first)
    await env.advance_time(TICK)
    standings = next(msg for msg in channel.history() if said(msg).startswith("Standings of Club Cup after round 1"))
    picture = Image.open(io.BytesIO(await standings.attachments[0].read()))
    assert picture.size[0] == 800
    second = games_of_round(channel, 2)
    assert len(second) == 2
    await env.restart_bot(PaiShoBot(make_config(db_path), tick_seconds=TICK))
    await env.bot.tree.sync()
    await resign_the_second_seat(world, second)
    await env.advance_time(TICK)
    third = games_of_round(channel, 3)
    assert len(third) == 2
    await resign_the_second_seat(world, third)
    await env.advance_time(TICK)
    final = channel.last_message
    assert said(final).startswith("Club Cup is over after 3 rounds! Winner")
    assert final.attachments and final.attachments[0].filename == "board.png"
    asked = await m["dave"].slash(channel, "tournament standings")
    assert "Final standings of Club Cup (SB breaks ties):" in private_text(asked)


@pytest.mark.slow  # a whole seven-player event (tests/README.md)
async def test_a_seven_player_swiss_with_a_bye_and_a_withdrawal(world):
    env, guild, channel, m = world
    more_members(env, guild, m, ["eve", "fay", "gus"])
    await announce(world, "swiss", ["alice", "bob", "carol", "dave", "eve", "fay", "gus"], rounds=3,
                   move_hours=4, round_hours=8)
    await env.advance_time(HOUR + TICK)
    first = games_of_round(channel, 1)
    assert len(first) == 3
    round_post = next(msg for msg in channel.history() if said(msg).startswith("Round 1 of 3 of Club Cup:"))
    assert "gus has a bye (1 point)" in said(round_post)
    await resign_the_second_seat(world, first)
    await env.advance_time(TICK)
    second = games_of_round(channel, 2)
    assert len(second) == 3
    leaving = next(name for name in ("alice", "bob", "carol") if any(name in said(s) for _, s in second))
    left = await m[leaving].slash(channel, "tournament leave")
    assert private_text(left).startswith("You withdrew from Club Cup")
    resigned = [t for t, _ in second if f"{leaving} withdrew from Club Cup and resigned." in said(t.last_message)]
    assert len(resigned) == 1
    await env.advance_time(8 * HOUR)  # the other games reach the round's deadline (or the time per move)
    third = games_of_round(channel, 3)
    assert len(third) == 3 and not any(leaving in said(s) for _, s in third)
    await env.advance_time(8 * HOUR)
    final = channel.last_message
    assert said(final).startswith("Club Cup is over after 3 rounds!")
    standings = private_text(await m["dave"].slash(channel, "tournament standings"))
    assert f"{leaving}: " in standings and "(withdrew)" in standings


async def test_a_nine_player_pauso_event_at_tables_of_three(world):
    env, guild, channel, m = world
    more_members(env, guild, m, ["eve", "fay", "gus", "hal", "ivy"])
    names = ["alice", "bob", "carol", "dave", "eve", "fay", "gus", "hal", "ivy"]
    await announce(world, "tables", names, rounds=2, move_hours=2, round_hours=2)
    await env.advance_time(HOUR + TICK)
    first = games_of_round(channel, 1)
    assert len(first) == 3 and all(said(s).count("(") >= 3 for _, s in first)  # three players each
    await env.advance_time(2 * HOUR)
    for thread, _ in first:
        assert "Game over" in said(thread.last_message)
    second = games_of_round(channel, 2)
    assert len(second) == 3
    await env.advance_time(2 * HOUR)
    final = channel.last_message
    assert said(final).startswith("Club Cup is over after 2 rounds!")
    picture = Image.open(io.BytesIO(await final.attachments[0].read()))
    assert picture.size[0] == 800 and picture.size[1] > 9 * 38


async def test_only_organisers_create_and_a_stranger_cannot_join_twice(world):
    env, guild, channel, m = world
    refused = await m["alice"].slash(channel, "tournament create", name="Mine", game="pauso", format="swiss")
    assert private_text(refused) == "Only members who may manage this server can create tournaments here."
    denied = await m["alice"].slash(channel, "tournament organisers", role=guild.default_role)
    assert private_text(denied) == "Only members who may manage the server can name the organisers' role."
    boss, announcement = await announce(world, "swiss", ["alice"])
    organisers = guild.create_role("Organisers")
    named = await boss.slash(channel, "tournament organisers", role=organisers)
    assert private_text(named) == f"Members with the role <@&{organisers.id}> can now create tournaments here."
    helper = guild.add_member(env.create_user("helper"), roles=[organisers])
    made = await helper.slash(channel, "tournament create", name="Helper Cup", game="pauso", format="swiss")
    assert private_text(made).startswith("Tournament #2 is announced.")
    again = await m["alice"].click(announcement, label="Join")
    assert private_text(again) == "You have joined Club Cup already."
    left = await m["alice"].click(announcement, label="Leave")
    assert private_text(left) == "You left Club Cup."
    assert "Players (0): nobody yet" in said(now_shown(channel, announcement))
