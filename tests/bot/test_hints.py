"""Hints through the service (bot/service/hints.py) and the console, on both stores: the move the AI
would play and why, for the player to move in a game against the bot or a casual game; refused in a
rated game, to a non-player and to the player not to move; at most 3 per game and player, stored,
noted in the record and on the profile's record against the bot; never counted when the game moved
on meanwhile."""
from __future__ import annotations

import asyncio

import pytest

from bot.console import ConsoleSession
from bot.service import GameService, Person, UserError
from bot.service.hints import MOVED_ON, RATED, THINKING, USED_UP
from bot.workers import InlineWorkers
from tests.helpers import make_service

CH = 700

ANN, BEN, CAT = Person(21, "ann"), Person(22, "ben"), Person(23, "cat")
BOT = Person(99, "Pai Sho Bot (easy)", bot=True, level="easy")



async def people_game(service: GameService, rated: bool) -> None:
    await service.challenge(guild_id=1, channel_id=CH, challenger=ANN, opponents=[BEN], variant="pauso",
                            options={"rings": 4}, rated=rated)
    await service.accept(BEN, channel_id=CH)


@pytest.mark.slow  # plays the game against the bot to its end
async def test_a_hint_in_a_game_against_the_bot_is_private_counted_and_in_the_record(store, clock):
    service = make_service(store, clock)
    await service.challenge(guild_id=1, channel_id=CH, challenger=ANN, opponents=[BOT], variant="pauso",
                            options={"rings": 4})
    reply = await service.hint(CH, ANN)
    row, game = service.game_in(CH)
    assert reply.text.startswith("Hint 1 of 3 (only you see this; 2 more in this game): the bot would play **R@")
    assert reply.mention == () and reply.image is None
    move = reply.text.split("**")[1]
    assert move in game.legal_moves() and game.record == []  # shown, never played
    assert row.seats[0].hints == 1 and (await store.get_game(row.id)).seats[0].hints == 1
    await service.hint(CH, ANN)
    await service.hint(CH, ANN)
    with pytest.raises(UserError, match=USED_UP):
        await service.hint(CH, ANN)
    assert (await store.get_game(row.id)).seats[0].hints == 3
    export = await service.export(channel_id=CH, user=ANN)
    assert '[Hints "ann 3, Pai Sho Bot (easy) 0"]' in export.text
    for _ in range(40):  # play it out: the profile's record against the bot counts the hints
        await service.settle()
        found = service.game_in(CH)
        if found is None:
            break
        await service.move(CH, ANN, found[1].legal_moves()[0])
    profile = await service.profile(ANN)
    assert "PAUSO easy: " in profile.text and "(3 hints used)" in profile.text
    service.close()


async def test_hints_are_refused_in_a_rated_game_to_others_and_out_of_turn(store, clock):
    service = make_service(store, clock)
    await people_game(service, rated=True)
    with pytest.raises(UserError) as rated:
        await service.hint(CH, ANN)
    assert str(rated.value) == RATED
    row, _ = service.game_in(CH)
    assert [s.hints for s in (await store.get_game(row.id)).seats] == [0, 0]
    with pytest.raises(UserError, match="You are not playing in this game."):
        await service.hint(CH, CAT)
    with pytest.raises(UserError, match="There is no game running in this channel"):
        await service.hint(CH + 1, ANN)
    service.close()


async def test_one_hint_at_a_time_per_player(store, clock):
    service = make_service(store, clock)
    await people_game(service, rated=False)
    results = await asyncio.gather(*(service.hint(CH, ANN) for _ in range(3)), return_exceptions=True)
    assert [str(r) for r in results if isinstance(r, UserError)] == [THINKING, THINKING]
    row, _ = service.game_in(CH)
    assert (await store.get_game(row.id)).seats[0].hints == 1  # the AI thought once
    service.close()


async def test_a_casual_game_between_people_has_hints_for_the_player_to_move_only(store, clock):
    service = make_service(store, clock)
    await people_game(service, rated=False)
    with pytest.raises(UserError, match="Hints are for the player to move; it is ann's turn."):
        await service.hint(CH, BEN)
    with pytest.raises(UserError, match="You are not playing in this game."):
        await service.hint(CH, CAT)
    assert "Hint 1 of 3" in (await service.hint(CH, ANN)).text
    service.close()


class MovingWorkers(InlineWorkers):
    """Workers during whose thinking the player moves (by another command)."""

    def __init__(self, service_box: list) -> None:
        super().__init__()
        self.box = service_box

    async def run(self, fn, *args, **where):
        answer = await super().run(fn, *args, **where)
        service = self.box[0]
        await service.move(CH, ANN, service.game_in(CH)[1].legal_moves()[0])
        return answer


async def test_a_hint_is_not_counted_when_the_game_moved_on_while_the_ai_thought(store, clock):
    box: list = []
    service = make_service(store, clock, MovingWorkers(box))
    box.append(service)
    await people_game(service, rated=False)
    with pytest.raises(UserError) as moved:
        await service.hint(CH, ANN)
    assert str(moved.value) == MOVED_ON
    row, _ = service.game_in(CH)
    assert (await store.get_game(row.id)).seats[0].hints == 0
    service.close()


async def test_the_console_gives_hints_and_refuses_them_in_a_rated_game(store, clock, tmp_path):
    service = make_service(store, clock)
    console = ConsoleSession(service, tmp_path)
    await console.handle("alice: challenge pauso bob rings=4")
    await console.handle("bob: accept")
    refused = await console.handle("alice: hint")
    assert refused == [f"! {RATED}"]
    await console.handle("alice: channel casual")
    await console.handle("alice: challenge pauso bot rings=4")
    said = await console.handle("alice: hint")
    assert said[0].startswith("(only alice sees) Hint 1 of 3")
    service.close()
