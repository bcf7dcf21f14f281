"""Challenging the bot's own user in Discord: the game starts at once in its thread, the bot
moves by itself (thinking in a worker process), the picture follows and the human is pinged."""
from __future__ import annotations

from simcord.actors import MemberActor
from simcord.builders import UserHandle

from tests.discord.helpers import private_text


def bot_user(env, guild) -> MemberActor:
    """The bot's own member of the server, as a player picks it in the opponent option."""
    me = UserHandle(env, env.backend.bot_user)
    if me.id not in guild.member_ids():
        return guild.add_member(me)
    return MemberActor(env, guild, me)


async def test_a_game_against_the_bot_in_its_thread(world):
    env, guild, channel, m = world
    me = bot_user(env, guild)
    result = await m["alice"].slash(channel, "challenge", game="quaterno", opponent=me, options="level=easy")
    assert private_text(result) == ""
    thread = channel.threads[-1]
    assert thread.name.startswith("alice vs ") and "Quaterno #1" in thread.name
    opening = thread.last_message
    assert "Game #1 of Quaterno begins" in opening.embeds[0].description
    assert "(easy, Player 2)" in opening.embeds[0].description
    await m["alice"].slash(thread, "move", move="Fa@b1")
    await env.bot.service.settle()
    await env.settle()
    answer = thread.last_message
    assert " played " in answer.embeds[0].description and "(easy) played" in answer.embeds[0].description
    assert answer.content == m["alice"].mention  # the human is told it is their turn
    assert answer.attachments[0].filename == "board.png"
    row, game = env.bot.service.game_in(thread.id)
    assert len(game.record) == 2 and game.to_move == 0 and not row.rated


async def test_the_bot_cannot_play_a_game_without_a_level_it_knows(world):
    env, guild, channel, m = world
    result = await m["alice"].slash(channel, "challenge", game="quaterno", opponent=bot_user(env, guild),
                                    options="level=genius")
    assert "level" in private_text(result) and "genius" in private_text(result)
    assert channel.threads == []


async def test_someone_who_is_not_a_member_is_refused_clearly(world):
    env, guild, channel, m = world
    stranger = env.create_user("stranger")
    result = await m["alice"].slash(channel, "challenge", game="quaterno", opponent=stranger)
    assert private_text(result) == ("I could not use stranger there: pick someone from the list Discord offers "
                                    "(a member of this server).")
    assert channel.threads == []
    assert [type(e).__name__ for e in env.errors] == ["TransformerError"]  # discord.py's own refusal


async def test_level_without_the_bot_is_refused(world):
    env, guild, channel, m = world
    result = await m["alice"].slash(channel, "challenge", game="quaterno", opponent=m["bob"], options="level=hard")
    assert private_text(result) == ("The option level is for the seats the bot plays: name the bot as an "
                                    "opponent to play against it.")
