"""The store's guards for playing together, on both stores: a seat of an open challenge is taken
once and freed seats close up, a tournament joined only while open and not full, a round paired
once and a pairing given one game, a vacation moving its player's deadlines out and back, and
digests, held notices and refused-DM notes claimed once."""
from __future__ import annotations

import pytest

from data import StoreError, TurnTimer
from data.together_rows import Entrant, HeldNotice, Pairing, PlayerSettings

NOW = 1000.0


async def open_challenge(store, seats=3):
    return await store.create_game(variant="pauso", options={}, seed=1, guild_id=7, channel_id=10,
                                   status="challenge", seats=[(1, "ann", True)], now=NOW, expires_at=NOW + 99,
                                   open_seats=seats)


async def test_open_seats_are_taken_once_and_close_up_when_freed(any_store):
    game_id = await open_challenge(any_store)
    assert await any_store.take_seat(game_id, (2, "ben", True), NOW) == 1
    assert await any_store.take_seat(game_id, (3, "cat", True), NOW) == 2
    with pytest.raises(StoreError, match="Every seat of this challenge is taken."):
        await any_store.take_seat(game_id, (4, "dan", True), NOW)
    await any_store.leave_seat(game_id, 2, NOW)
    row = await any_store.get_game(game_id)
    assert [(s.seat, s.name) for s in row.seats] == [(0, "ann"), (1, "cat")]
    with pytest.raises(StoreError, match="You have no seat in this challenge."):
        await any_store.leave_seat(game_id, 1, NOW)  # the host's seat is not left this way
    assert [r.id for r in await any_store.open_challenges(7)] == [game_id]
    await any_store.set_status(game_id, "declined", NOW)
    with pytest.raises(StoreError, match="This challenge is no longer open."):
        await any_store.take_seat(game_id, (4, "dan", True), NOW)


async def make_tournament(store, **changes):
    fields = dict(guild_id=7, channel_id=10, organiser_id=1, name="Cup", variant="pauso", options={},
                  format="swiss", rounds=3, rated=True, move_seconds=3600.0, round_seconds=7200.0,
                  adjudication="loss", signup_until=NOW + 10, now=NOW)
    fields.update(changes)
    return await store.create_tournament(**fields)


async def test_a_tournament_is_joined_while_open_and_not_full_and_each_round_paired_once(any_store):
    tid = await make_tournament(any_store)
    await any_store.add_entrant(tid, Entrant(1, "ann"), NOW, 2)
    await any_store.add_entrant(tid, Entrant(2, "ben"), NOW, 2)
    with pytest.raises(StoreError, match=r"The tournament is full \(2 players\)."):
        await any_store.add_entrant(tid, Entrant(3, "cat"), NOW, 2)
    with pytest.raises(StoreError):
        await any_store.add_entrant(tid, Entrant(1, "ann"), NOW, 5)  # joined already
    await any_store.start_tournament(tid, {1: 1, 2: 2}, 3, NOW)
    with pytest.raises(StoreError, match="Sign-up for this tournament is closed."):
        await any_store.add_entrant(tid, Entrant(3, "cat"), NOW, 5)
    pairing = Pairing(tid, 1, 1, "game", [1, 2])
    await any_store.put_round(tid, 1, [pairing], NOW + 50, NOW)
    with pytest.raises(StoreError, match="Round 1 is paired already."):
        await any_store.put_round(tid, 1, [pairing], NOW + 50, NOW)
    await any_store.set_pairing_channel(pairing, 55)
    game = dict(variant="pauso", options={}, seed=3, guild_id=7, channel_id=55, lobby_id=10, status="running",
                seats=[(1, "ann", True), (2, "ben", True)], now=NOW, tournament_id=tid, move_seconds=3600.0,
                posted=-1)
    timer = TurnTimer(0, NOW, 1800.0, 3600.0, 7, user_id=1, own=True)
    game_id = await any_store.open_pairing_game(pairing, game=game, timer=timer)
    with pytest.raises(StoreError, match="This pairing has its game already."):
        await any_store.open_pairing_game(pairing, game={**game, "channel_id": 56}, timer=None)
    [stored] = await any_store.pairings(tid)
    assert stored.game_id == game_id and stored.channel_id == 55 and (await any_store.pairing_of(game_id)) == stored
    row = await any_store.get_game(game_id)
    assert row.tournament_id == tid and row.move_seconds == 3600.0 and row.posted == -1
    assert (await any_store.timer(game_id)).deadline_at == NOW + 3600.0  # its own time, not the server's


async def test_a_vacation_moves_its_players_deadlines_out_and_back(any_store):
    game_id = await any_store.create_game(variant="pauso", options={}, seed=1, guild_id=7, channel_id=10,
                                          status="running", seats=[(1, "ann", True), (2, "ben", True)], now=NOW)
    await any_store.add_move(game_id, 0, 0, "R@c3", NOW, timer=TurnTimer(1, NOW, 100.0, 300.0, 7, user_id=2))
    assert (await any_store.timer(game_id)).deadline_at == NOW + 300
    await any_store.start_vacation(2, NOW + 10, NOW + 1010)
    assert (await any_store.timer(game_id)).deadline_at == NOW + 1300
    with pytest.raises(StoreError, match="You are on vacation already."):
        await any_store.start_vacation(2, NOW + 20, NOW + 30)
    assert await any_store.end_vacation(2, NOW + 110) == 900
    timer = await any_store.timer(game_id)
    assert (timer.remind_at, timer.deadline_at) == (NOW + 200, NOW + 400)  # stopped for the 100 s away
    assert await any_store.on_vacation([2], NOW + 50) == {2: NOW + 110}
    await any_store.start_vacation(1, NOW + 500, NOW + 900)
    await any_store.add_move(game_id, 1, 1, "R@b2", NOW + 600, timer=TurnTimer(0, NOW + 600, 100.0, 300.0, 7,
                                                                                   user_id=1))
    assert (await any_store.timer(game_id)).deadline_at == NOW + 1200  # the clock starts when the vacation ends


async def test_digests_held_notices_and_notes_are_claimed_once(any_store):
    await any_store.put_player_settings(PlayerSettings(1, notify="digest", digest_at=NOW))
    [due] = await any_store.due_digests(NOW)
    assert await any_store.claim_digest(1, NOW, NOW + 86400)
    assert not await any_store.claim_digest(1, NOW, NOW + 86400)
    game_id = await any_store.create_game(variant="pauso", options={}, seed=1, guild_id=7, channel_id=10,
                                          status="running", seats=[(1, "ann", True), (2, "ben", True)], now=NOW)
    notice = HeldNotice(2, game_id, 1, NOW + 5)
    await any_store.hold_notice(notice)
    assert await any_store.due_notices(NOW) == [] and await any_store.due_notices(NOW + 5) == [notice]
    assert await any_store.claim_notice(notice) and not await any_store.claim_notice(notice)
    await any_store.note_dm_failed(3)
    assert await any_store.dm_notes() == [3]
    assert await any_store.claim_dm_note(3) and not await any_store.claim_dm_note(3)
    assert (await any_store.player_settings([3]))[3].notify == "mention"
