"""Reminders, deadlines and challenge expiry with a controllable clock; per-server settings."""
from __future__ import annotations

import random

import pytest

from bot.service import GameService, UserError
from data import Store
from tests.helpers import ALICE, BOB, CAROL, CH, start_round5

HOUR = 3600


async def test_reminder_then_timeout_in_a_two_player_game(service, clock, store):
    game_id, _ = await start_round5(service, players=(BOB,))
    assert await service.tick() == []
    clock.advance(24 * HOUR)
    [notice] = await service.tick()
    assert notice.channel_id == CH and notice.reply.mention == (ALICE.id,)
    assert notice.reply.text == "alice, it is your move in game #1 (PAUSO). Your time runs out in 2 days."
    assert await service.tick() == []          # reminded once only
    clock.advance(48 * HOUR)
    [notice] = await service.tick()
    assert notice.reply.finished and "alice ran out of time." in notice.reply.text
    assert "bob (Apricot) wins" in notice.reply.text and "(on time)" in notice.reply.text
    row = await store.get_game(game_id)
    assert row.moves == ["timeout 1"] and row.result["reason"] == "timeout"
    assert await service.tick() == []


async def test_a_move_restarts_the_clock_for_the_next_player(service, clock):
    await start_round5(service, players=(BOB,))
    clock.advance(70 * HOUR)
    await service.move(CH, ALICE, "c3")
    clock.advance(70 * HOUR)
    assert [n.reply.mention for n in await service.tick()] == [(BOB.id,)]   # a reminder, no timeout
    clock.advance(3 * HOUR)
    [notice] = await service.tick()
    assert "bob ran out of time." in notice.reply.text


async def test_timeout_in_three_player_game_lets_the_others_play_on(service, clock):
    await start_round5(service)
    clock.advance(24 * HOUR)
    await service.tick()  # the reminder
    clock.advance(48 * HOUR)
    [notice] = await service.tick()
    assert "alice ran out of time." in notice.reply.text and "bob (Apricot) to move" in notice.reply.text
    assert not notice.reply.finished


async def test_deadlines_survive_a_restart(db_path, clock):
    store = await Store.open(db_path)
    service = GameService(store, clock=clock, rng=random.Random(2))
    await start_round5(service, players=(BOB,))
    await store.close()
    clock.advance(23 * HOUR)
    store = await Store.open(db_path)
    service = GameService(store, clock=clock)
    await service.reload()
    try:
        assert await service.tick() == []
        clock.advance(1 * HOUR)
        [reminder] = await service.tick()
        assert reminder.reply.text.endswith("Your time runs out in 2 days.")
        clock.advance(49 * HOUR)
        [notice] = await service.tick()
        assert "alice ran out of time." in notice.reply.text
    finally:
        await store.close()


async def test_a_reminder_due_during_a_stop_is_sent_after_it_before_any_timeout(db_path, clock):
    """The bot was stopped from before the reminder until after the deadline: alice is reminded
    when it starts again, with the notice a reminder gives (2 days), and only then runs out."""
    store = await Store.open(db_path)
    service = GameService(store, clock=clock, rng=random.Random(2))
    await start_round5(service, players=(BOB,))
    await store.close()
    clock.advance(80 * HOUR)
    store = await Store.open(db_path)
    service = GameService(store, clock=clock)
    await service.reload()
    try:
        [notice] = await service.tick()
        assert notice.reply.text == "alice, it is your move in game #1 (PAUSO). Your time runs out in 2 days."
        assert await service.tick() == []
        clock.advance(47 * HOUR)
        assert await service.tick() == []
        clock.advance(2 * HOUR)
        [notice] = await service.tick()
        assert "alice ran out of time." in notice.reply.text
    finally:
        await store.close()


async def test_server_settings_change_the_time_per_move(service, clock):
    reply = await service.set_timings(1, move_hours=5, reminder_hours=2)
    assert "each move has 5 hours" in reply.text
    await start_round5(service, players=(BOB,))
    clock.advance(2 * HOUR)
    [notice] = await service.tick()
    assert notice.reply.text.endswith("Your time runs out in 3 hours.")
    clock.advance(3 * HOUR)
    assert "ran out of time" in (await service.tick())[0].reply.text


@pytest.mark.parametrize("move, remind, message", [
    (0.5, 0.1, "between 1 hour and 30 days"),
    (800, 1, "between 1 hour and 30 days"),
    (10, 10, "before the time per move runs out"),
])
async def test_bad_settings_are_refused(service, move, remind, message):
    with pytest.raises(UserError, match=message):
        await service.set_timings(1, move_hours=move, reminder_hours=remind)


async def test_expired_challenges_are_announced(service, clock):
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[CAROL], variant="pauso")
    clock.advance(3600)
    [notice] = await service.tick()
    assert notice.reply.text == "Challenge #1 (PAUSO) expired before everyone accepted."


async def test_suggestions_only_for_the_player_to_move(service):
    await start_round5(service, players=(BOB,))
    assert service.suggestions(CH, ALICE.id, "c") == ["R@c1", "R@c2", "R@c3", "R@c4", "R@c5"]
    assert service.suggestions(CH, BOB.id, "c") == []
    assert service.suggestions(CH + 1, ALICE.id, "c") == []
