"""A game is seen only where it lives (issue 36), end to end with simcord: looked up by number from
another server, from a direct message by someone who does not play it, or by a member who cannot
see its channel, it answers "No game N here." privately, as for a number that does not exist, and
nothing is posted; its players and whoever can see its channel still see it. Names are shown with
their Markdown escaped."""
from __future__ import annotations

import discord

from tests.discord.helpers import private_text, start_game


def last_id(channel) -> int | None:
    message = channel.last_message
    return message.id if message is not None else None


async def test_a_game_is_not_seen_from_another_server(world):
    env, guild, channel, m = world
    await start_game(world)
    other = env.create_guild(name="Elsewhere")
    lobby = other.create_text_channel("lobby")
    carol = other.add_member(m["carol"].user)
    await env.bot.tree.sync()
    before = last_id(lobby)
    for command in ("board", "moves", "export", "replay", "browse"):
        assert private_text(await carol.slash(lobby, command, game=1)) == "No game 1 here.", command
        assert private_text(await carol.slash(lobby, command, game=999)) == "No game 999 here.", command
    assert last_id(lobby) == before  # nothing posted there
    choices = await carol.autocomplete(lobby, "board", "game", "")
    assert choices == []


async def test_direct_messages_show_a_game_to_its_players_only(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    await m["alice"].slash(thread, "move", move="c3")
    assert private_text(await m["carol"].user.slash("moves", game=1)) == "No game 1 here."
    assert private_text(await m["carol"].user.slash("board", game=1)) == "No game 1 here."
    assert "1. alice: R@c3" in private_text(await m["alice"].user.slash("moves", game=1))


async def test_a_member_who_cannot_see_the_channel_cannot_see_its_game(world):
    env, guild, channel, m = world
    hidden = discord.PermissionOverwrite(view_channel=False)
    shown = discord.PermissionOverwrite(view_channel=True)
    staff = guild.create_text_channel("staff", overwrites={guild.default_role: hidden, m["alice"]: shown,
                                                         m["bob"]: shown, m["dave"]: shown,
                                                         env.bot.user: shown})
    await m["alice"].slash(staff, "challenge", game="pauso", opponent=m["bob"], options="board=square4 rings=4")
    await m["bob"].click(staff.last_message, label="Accept")
    before = last_id(channel)
    assert private_text(await m["carol"].slash(channel, "board", game=1)) == "No game 1 here."
    assert private_text(await m["carol"].slash(channel, "games")) == "No games are running."
    assert last_id(channel) == before
    seen = await m["dave"].slash(channel, "board", game=1)  # dave sees #staff: shown to him alone
    shown_to_dave = ([seen.response] if seen.response else []) + list(seen.followups)
    assert shown_to_dave[-1].ephemeral and shown_to_dave[-1].attachments
    assert private_text(seen).startswith("Game #1, PAUSO.")
    assert last_id(channel) == before
    assert "#1 PAUSO: alice, bob" in private_text(await m["dave"].slash(channel, "games"))


async def test_names_are_shown_with_their_markdown_escaped(world):
    env, guild, channel, m = world
    mallory = guild.add_member(env.create_user("mallory"), nick="[win](https://evil.example) **x**")
    await mallory.slash(channel, "challenge", game="pauso", opponent=m["bob"], options="board=square4 rings=4")
    said = channel.last_message.embeds[0].description
    assert said.startswith("\\[win](https://evil.example) \\*\\*x\\*\\* challenges bob")
    await m["bob"].click(channel.last_message, label="Accept")
    thread = channel.threads[-1]
    assert thread.name.startswith("[win](https://evil.example) **x** vs bob")  # a thread name is plain text
