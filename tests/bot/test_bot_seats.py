"""Playing against the bot through the service and the console: the bot's seats move by
themselves, the game is unrated, no clock runs for the bot, a turn it owed survives a restart,
and it answers draw offers and takebacks as documented."""
from __future__ import annotations

import asyncio

import pytest

from bot.console import ConsoleSession
from bot.service import GameService, Person, UserError
from data import Store
from tests.helpers import ALICE, BOB, StalledWorkers, bot, make_service

CH = 500
ME = Person(99, "Pai Sho Bot", bot=True, level="easy")  # the bot's own user, seated at a level


async def play_out(service: GameService, human: Person) -> list[str]:
    """The human plays the first legal move whenever it is their turn, until the game ends;
    returns the record."""
    record: list[str] = []
    for _ in range(400):
        await service.settle()
        found = service.game_in(CH)
        if found is None:
            return record
        row, game = found
        record = list(game.record)
        assert not row.is_bot(game.to_move), "the bot owed a move and did not play it"
        await service.move(CH, human, game.legal_moves()[0])
    raise AssertionError("the game did not end")


async def test_a_game_against_the_bot_alone_starts_at_once_and_the_bot_answers_every_move(store, clock):
    service = make_service(store, clock)
    heard = []

    async def hear(notice):
        heard.append(notice)

    service.bots.announce = hear
    started = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[bot()],
                                      variant="pauso", options={"rings": 4})
    assert "Game #1 of PAUSO begins" in started.text
    row, game = service.game_in(CH)
    assert not row.rated
    assert row.is_bot(1) and not row.is_bot(0) and row.seats[1].level == "easy"
    reply = await service.move(CH, ALICE, game.legal_moves()[0])
    assert "Pai Sho Bot (easy, Apricot) to move" in reply.text
    await service.settle()
    assert len(heard) == 1
    said = heard[0]
    assert said.channel_id == CH
    assert said.reply.text.startswith("Pai Sho Bot (easy) played ")
    assert said.reply.mention == (ALICE.id,)  # the human is pinged, the bot never is
    assert said.reply.image is not None  # the picture follows the bot's turn
    assert len(service.game_in(CH)[1].record) == 2
    service.close()


@pytest.mark.slow  # a whole game against the bot (tests/README.md)
async def test_a_whole_game_against_the_bot_is_unrated_and_counted_in_the_profile(store, clock):
    service = make_service(store, clock)
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[bot("hard")],
                            variant="pauso", options={"rings": 4})
    record = await play_out(service, ALICE)
    assert len(record) >= 4
    board = await service.leaderboard("pauso")
    assert board.text == "No rated PAUSO games yet (everyone)."  # no rating moved
    profile = await service.profile(ALICE)
    assert "Against the bot (not rated): PAUSO hard: " in profile.text
    assert "1 W, 0 D, 0 L" in profile.text or "0 W, 1 D, 0 L" in profile.text or "0 W, 0 D, 1 L" in profile.text
    service.close()


async def test_bot_seats_mix_with_people_and_each_keeps_its_level(store, clock):
    service = make_service(store, clock)
    reply = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE,
                                    opponents=[bot("easy"), BOB, bot("hard")], variant="pauso",
                                    options={"rings": 4})
    assert reply.text.startswith("alice challenges bob to a casual game of PAUSO with Pai Sho Bot (easy), "
                                 "Pai Sho Bot (hard): game #1, ")  # bob must accept; the bot has
    assert "bob: accept or decline." in reply.text
    await service.accept(BOB, channel_id=CH)
    row, game = service.game_in(CH)
    assert [s.level for s in row.seats] == [None, "easy", None, "hard"]
    await service.move(CH, ALICE, game.legal_moves()[0])
    await service.settle()
    row, game = service.game_in(CH)
    assert game.to_move == 2 and len(game.record) == 2  # the easy bot moved, now bob
    await service.move(CH, BOB, game.legal_moves()[0])
    await service.settle()
    row, game = service.game_in(CH)
    assert game.to_move == 0 and len(game.record) == 4  # the hard bot moved, back to alice
    service.close()


async def test_a_bot_turn_pending_at_a_restart_is_played_after_it(db_path, clock):
    store = await Store.open(db_path)
    stalled = StalledWorkers()
    service = make_service(store, clock, workers=stalled)
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[bot()],
                            variant="quaterno")
    row, game = service.game_in(CH)
    await service.move(CH, ALICE, game.legal_moves()[0])
    await asyncio.sleep(0)
    assert stalled.asked == 1  # the bot was thinking when the process stopped
    service.close()
    await store.close()

    store = await Store.open(db_path)
    service = make_service(store, clock)
    assert await service.reload() == 1
    await service.settle()
    row, game = service.game_in(CH)
    assert len(game.record) == 2 and not row.is_bot(game.to_move)
    service.close()
    await store.close()


async def test_no_clock_runs_for_the_bot(store, clock):
    stalled = StalledWorkers()
    service = make_service(store, clock, workers=stalled, move_deadline=3600, reminder_after=600)
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[bot()], variant="quaterno")
    row, game = service.game_in(CH)
    await service.move(CH, ALICE, game.legal_moves()[0])
    clock.advance(10 * 3600)
    notices = await service.tick()
    assert notices == []  # no reminder, no timeout while the bot thinks
    row, game = service.game_in(CH)
    assert game.outcome is None and len(game.record) == 1
    service.close()


async def test_the_bot_declines_draws_and_grants_takebacks(store, clock):
    service = make_service(store, clock)
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[bot()], variant="quaterno")
    row, game = service.game_in(CH)
    await service.move(CH, ALICE, game.legal_moves()[0])
    await service.settle()
    with pytest.raises(UserError, match="plays on: the bot does not agree to draws"):
        await service.draw(CH, ALICE)
    before = list(service.game_in(CH)[1].record)
    assert len(before) == 2
    reply = await service.takeback(CH, ALICE)
    assert "alice (Player 1) to move" in reply.text
    assert service.game_in(CH)[1].record == []
    service.close()


async def test_bad_bot_challenges_are_refused_with_a_reason(store, clock):
    service = make_service(store, clock)
    with pytest.raises(UserError, match="I play at the levels easy, medium, hard, not 'genius'"):
        await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[bot("genius")],
                                variant="quaterno")
    with pytest.raises(UserError, match="Other bots cannot play"):
        await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE,
                                opponents=[Person(7, "otherbot", bot=True)], variant="quaterno")
    assert service.game_in(CH) is None
    service.close()


@pytest.mark.slow  # a whole game against the bot (tests/README.md)
async def test_a_whole_console_game_against_the_bot(store, clock, tmp_path):
    service = make_service(store, clock)
    session = ConsoleSession(service, tmp_path)
    out = await session.handle("alice: challenge pauso bot:hard rings=4")
    assert out[0].startswith("Game #1 of PAUSO begins: alice (Periwinkle), bot (hard, Apricot)")
    seen: list[str] = []
    for _ in range(100):
        found = service.game_in(session.channel_id)
        if found is None:
            break
        out = await session.handle(f"alice: {found[1].legal_moves()[0]}")
        seen += out
        assert not any(line.startswith("!") for line in out), out
    text = "\n".join(seen)
    assert "bot (hard) played " in text
    assert "Game over" in text or "wins" in text or "share" in text
    moves = await session.handle("moves")
    assert any(": " in line and "bot (hard)" in line for line in moves[0].splitlines())
    service.close()


async def test_console_level_options_are_checked(store, clock, tmp_path):
    service = make_service(store, clock)
    session = ConsoleSession(service, tmp_path)
    assert (await session.handle("alice: challenge quaterno bob level=hard")) == [
        "! The option level is for the seats the bot plays: name the bot as an opponent to play against it."]
    out = await session.handle("alice: challenge pauso bot bot level=easy,medium,hard")
    assert out == ["! The option level gives 3 levels for 2 bot seats: give one level, or one per bot seat."]
    out = await session.handle("alice: challenge pauso bot:easy bot:hard")
    assert "bot (easy, Apricot), bot (hard, Mint)" in out[0]
    service.close()
