"""Fair use (issue 36): per-server limits on games against the bot and on open challenges, a table
of bot seats ends when its last person leaves, a failed search is tried again and then resigned,
replays are one at a time per user, sampled, size-checked before drawing and kept, and the bot
keeps nothing for a game that is over."""
from __future__ import annotations

import asyncio

import pytest

from bot import ai_turns
from bot.service import Person, UserError
from rendering import replay as drawing
from tests.helpers import ALICE, BOB, CAROL, StalledWorkers, bot, looker, make_service

CH = 800


async def test_at_most_three_games_against_the_bot_per_server(store, clock):
    service = make_service(store, clock, workers=StalledWorkers())
    for n in range(3):
        await service.challenge(guild_id=1, channel_id=CH + n, challenger=ALICE, opponents=[bot()], variant="pauso")
    with pytest.raises(UserError, match=r"^You already play 3 games against me here \(#1, #2, #3\), the most at "
                                        r"once. Finish or resign one of them first.$"):
        await service.challenge(guild_id=1, channel_id=CH + 3, challenger=ALICE, opponents=[bot()], variant="pauso")
    assert service.game_in(CH + 3) is None
    await service.challenge(guild_id=2, channel_id=CH + 4, challenger=ALICE, opponents=[bot()], variant="pauso")
    await service.resign(CH, ALICE)
    await service.challenge(guild_id=1, channel_id=CH + 5, challenger=ALICE, opponents=[bot()], variant="pauso")
    service.close()


async def test_at_most_five_open_challenges_per_server(service):
    for n in range(5):
        await service.challenge(guild_id=1, channel_id=CH + n, challenger=ALICE, opponents=[BOB], variant="pauso")
    again = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[CAROL],
                                    variant="pauso")  # replaces the one in that channel: still five
    assert "This replaces your challenge #1" in again.text
    with pytest.raises(UserError, match=r"^You already have 5 open challenges here \(#2, #3, #4, #5, #6\), the most "
                                        r"at once. Wait for an answer, or withdraw one by declining it.$"):
        await service.challenge(guild_id=1, channel_id=CH + 9, challenger=ALICE, opponents=[BOB], variant="pauso")
    await service.challenge(guild_id=2, channel_id=CH + 9, challenger=ALICE, opponents=[BOB], variant="pauso")
    await service.decline(ALICE, game_id=2)
    await service.challenge(guild_id=1, channel_id=CH + 9, challenger=ALICE, opponents=[BOB], variant="pauso")


async def test_a_table_of_bot_seats_ends_when_its_last_person_leaves(store, clock):
    service = make_service(store, clock)
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[bot("easy"), bot("easy")],
                            variant="pauso", options={"rings": 4})
    row, game = service.game_in(CH)
    await service.move(CH, ALICE, game.legal_moves()[0])
    await service.settle()
    reply = await service.resign(CH, ALICE)
    assert service.game_in(CH) is None
    stored = await store.get_game(row.id)
    assert stored.status == "finished" and stored.moves[-2:] == ["resign 1", "ended by scores"]
    assert stored.result["reason"] == "no_people_left" and 0 not in stored.result["winners"]
    assert "no person was left to play; ranked by the scores then" in reply.text
    await service.settle()
    assert service.bots._tasks == {}  # nothing kept for a game that is over
    service.close()


async def test_a_failed_search_is_tried_again_then_the_bot_resigns(store, clock, monkeypatch, caplog):
    service = make_service(store, clock)
    service.bots.RETRY_AFTER = (0.0, 0.0)
    heard = []

    async def hear(notice):
        heard.append(notice.reply.text)

    service.bots.announce = hear
    calls = []
    think = ai_turns.think

    def failing_once(*args):
        calls.append(args)
        if len(calls) == 1:
            raise RuntimeError("the search broke")
        return think(*args)

    monkeypatch.setattr(ai_turns, "think", failing_once)
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[bot()], variant="pauso",
                            options={"rings": 4})
    await service.move(CH, ALICE, service.game_in(CH)[1].legal_moves()[0])
    await service.settle()
    assert len(calls) == 2 and heard[-1].startswith("Pai Sho Bot (easy) played ")

    def broken(*args):
        calls.append(args)
        raise RuntimeError("the search broke")

    monkeypatch.setattr(ai_turns, "think", broken)
    await service.move(CH, ALICE, service.game_in(CH)[1].legal_moves()[0])
    await service.settle()
    assert len(calls) == 5  # three tries
    assert heard[-1].startswith("Pai Sho Bot (easy) could not find a move: something went wrong on my side")
    assert "alice (Periwinkle) wins" in heard[-1] and service.game_in(CH) is None
    assert sum("the bot could not play seat 1" in r.getMessage() for r in caplog.records) == 4
    service.close()


async def test_replays_are_one_at_a_time_per_user_and_kept(store, clock):
    class Counting(StalledWorkers):
        async def run(self, fn, *args, **where):
            self.asked += 1
            await gate.wait()
            return fn(*args)

    gate = asyncio.Event()
    workers = Counting()
    service = make_service(store, clock, workers=workers)
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="pauso",
                            options={"rings": 4})
    await service.accept(BOB, channel_id=CH)
    await service.move(CH, ALICE, service.game_in(CH)[1].legal_moves()[0])
    first = asyncio.ensure_future(service.replay(channel_id=CH, viewer=looker(CAROL)))
    await asyncio.sleep(0.01)
    with pytest.raises(UserError, match="^Your replay of game #1 is still being drawn; one at a time, please.$"):
        await service.replay(channel_id=CH, viewer=looker(CAROL))
    gate.set()
    drawn = await first
    again = await service.replay(channel_id=CH, viewer=looker(BOB))
    assert again.gif == drawn.gif and workers.asked == 1  # the same game and length: not drawn again
    await service.move(CH, BOB, service.game_in(CH)[1].legal_moves()[0])
    with pytest.raises(UserError, match=r"^The replay of game #1 is 0\.1 MB, and this server takes files up to "
                                        r"0\.0 MB, so I cannot post it here"):
        await service.replay(channel_id=CH, viewer=looker(CAROL), limit=1000)
    assert workers.asked == 1  # refused before drawing


def test_a_long_game_is_sampled():
    assert drawing.shown_plies(5) == [0, 1, 2, 3, 4, 5]
    shown = drawing.shown_plies(1000)
    assert len(shown) == drawing.MAX_FRAMES and shown[0] == 0 and shown[-1] == 1000
    gaps = {b - a for a, b in zip(shown, shown[1:])}
    assert gaps <= {8, 9}


def test_names_with_a_level_are_not_doubly_bracketed():
    from bot.service.wording import labelled
    assert labelled("bot (hard)", "Apricot") == "bot (hard, Apricot)"
    assert labelled("alice", "Apricot") == "alice (Apricot)"
    assert Person(1, "x").name == "x"
