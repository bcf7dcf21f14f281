"""Who may look at a game by its number (issue 36), at the service: in its own server its players
and whoever can see its channel; in direct messages its players only; never from another server;
the refusal reads the same whether the game exists or not. The leaderboard of everyone shows
players' own user names, never a server's nicknames."""
from __future__ import annotations

import pytest

from bot.service import Person, UserError, Viewer
from tests.helpers import ALICE, BOB, CAROL, looker

CH, GUILD = 700, 1


async def finished_game(service):
    await service.challenge(guild_id=GUILD, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="pauso",
                            options={"board": "square4", "rings": 4})
    await service.accept(BOB, channel_id=CH)
    await service.move(CH, ALICE, "a1")
    await service.resign(CH, BOB)
    return service.looking


@pytest.mark.parametrize("who, allowed", [
    (looker(CAROL, GUILD, sees=True), True),  # in the server, sees the channel
    (looker(CAROL, GUILD, sees=False), False),  # in the server, cannot see the channel
    (looker(ALICE, GUILD, sees=False), True),  # a player always, in the game's server
    (looker(CAROL, GUILD + 1, sees=True), False),  # another server
    (looker(ALICE, GUILD + 1, sees=True), False),  # another server, even for a player
    (looker(ALICE, None), True),  # a direct message: the players
    (looker(CAROL, None), False),  # a direct message: nobody else
    (Viewer(CAROL.id, None, everywhere=True), True),  # the local console
])
async def test_who_may_look_at_a_game_by_number(service, who, allowed):
    await finished_game(service)
    for look in (service.board, service.moves):
        if allowed:
            assert (await look(None, game_id=1, viewer=who)).game_id == 1
        else:
            with pytest.raises(UserError, match="^No game 1 here.$"):
                await look(None, game_id=1, viewer=who)
    with pytest.raises(UserError, match="^No game 2 here.$"):  # the same words for no game at all
        await service.export(game_id=2, viewer=who)
    assert bool(await service.recent_games(who)) == (allowed and who.user_id == ALICE.id)


async def test_a_game_of_another_channel_is_shown_to_the_asker_only(service):
    await finished_game(service)
    assert not (await service.board(CH, game_id=1, viewer=looker(CAROL))).elsewhere
    assert (await service.board(CH + 1, game_id=1, viewer=looker(CAROL))).elsewhere


async def test_the_leaderboard_of_everyone_shows_user_names(service):
    nick = Person(11, "The Nickname", account="ann_user")
    await service.challenge(guild_id=GUILD, channel_id=CH, challenger=nick, opponents=[BOB], variant="pauso",
                            options={"board": "square4", "rings": 4})
    await service.accept(BOB, channel_id=CH)
    await service.move(CH, nick, "a1")
    await service.resign(CH, BOB)
    board = (await service.leaderboard("pauso")).text
    assert "ann_user" in board and "The Nickname" not in board
