"""Two stores on one database (two connections, as two bot processes have), on SQLite and on
PostgreSQL: a ply is recorded once, a challenge starts once, a reminder is claimed once, and
ratings updated at the same moment by games in both lose nothing. Also what a turn writes with
its move: the next timer by the server's settings, and the offers the move closes."""
from __future__ import annotations

import asyncio

import pytest

from data import KEEP, HistoryRow, Offer, RatingRow, RatingUpdate, Store, StoreError, TurnTimer
from tests.helpers import new_game, open_store


@pytest.fixture
async def other(request, store):
    """A second store on the same database as ``store``."""
    if isinstance(store, Store):
        second = await Store.open(store.path)
    else:
        from data.postgres import PostgresStore
        second = await PostgresStore.open(request.getfixturevalue("postgres_cluster"))
    yield second
    await second.close()


async def test_the_same_ply_from_two_processes_is_recorded_once(store, other):
    game_id = await new_game(store)
    results = await asyncio.gather(store.add_move(game_id, 0, 0, "R@a1", 101.0),
                                   other.add_move(game_id, 0, 0, "R@b2", 101.0), return_exceptions=True)
    assert sorted(type(r).__name__ for r in results) == ["StoreError", "list"]
    assert len((await store.get_game(game_id)).moves) == 1


async def test_a_move_must_follow_the_stored_record(store):
    game_id = await new_game(store)
    with pytest.raises(StoreError, match="already recorded"):
        await store.add_move(game_id, 1, 1, "R@a1", 101.0)  # a process that missed move 0
    await store.add_move(game_id, 0, 0, "R@a1", 101.0)
    await store.add_move(game_id, 0, 0, "R@a1,x", 102.0, replace=True)  # a turn completed in two inputs
    assert (await store.get_game(game_id)).moves == ["R@a1,x"]


async def test_no_move_after_the_game_ended(store):
    game_id = await new_game(store)
    await store.add_move(game_id, 0, 0, "R@a1", 101.0, {"type": "win", "winners": [0]})
    with pytest.raises(StoreError, match="not running"):
        await store.add_move(game_id, 1, 1, "R@b2", 102.0)


async def test_a_challenge_is_accepted_once(store, other):
    game_id = await new_game(store, status="challenge")
    results = await asyncio.gather(store.start_game(game_id, 1, 20, 110.0), other.start_game(game_id, 1, 21, 110.0),
                                   return_exceptions=True)
    assert sorted(str(r) for r in results) == ["None", "This challenge is no longer open."]
    assert (await store.get_game(game_id)).status == "running"


async def test_a_reminder_is_claimed_by_one_process(store, other):
    game_id = await new_game(store)
    await store.add_move(game_id, 0, 0, "R@a1", 101.0, timer=TurnTimer(1, 101.0, 10.0, 100.0, 7))
    claims = await asyncio.gather(*(s.claim_reminder(game_id, 1) for s in (store, other, store, other)))
    assert sorted(claims) == [False, False, False, True]
    assert (await other.timer(game_id)).reminded


async def test_the_next_timer_follows_the_servers_settings(store):
    game_id = await new_game(store)  # in server 7
    await store.add_move(game_id, 0, 0, "R@a1", 1000.0, timer=TurnTimer(1, 1000.0, 10.0, 100.0, 7))
    timer = await store.timer(game_id)
    assert (timer.seat, timer.remind_at, timer.deadline_at, timer.reminded) == (1, 1010.0, 1100.0, False)
    await store.set_guild_settings(7, 7200.0, 3600.0)
    await store.add_move(game_id, 1, 1, "R@b2", 2000.0, timer=TurnTimer(0, 2000.0, 10.0, 100.0, 7))
    timer = await store.timer(game_id)
    assert (timer.seat, timer.remind_at, timer.deadline_at) == (0, 5600.0, 9200.0)
    await store.add_move(game_id, 2, 1, "resign", 2100.0, timer=KEEP)  # someone left: the clock runs on
    assert (await store.timer(game_id)).deadline_at == 9200.0


async def test_a_move_closes_the_offers_except_a_draw_the_mover_agreed_to(store):
    game_id = await new_game(store)
    await store.put_offer(Offer(game_id, "draw", 0, 0, [0, 1], 100.0))
    await store.put_offer(Offer(game_id, "takeback", 0, 0, [0], 100.0))
    closed = await store.add_move(game_id, 0, 1, "R@a1", 101.0, close_offers_for=1)
    assert closed == [("takeback", 0)]
    assert [o.kind for o in await store.offers(game_id)] == ["draw"]
    assert await store.add_move(game_id, 1, 2, "R@b2", 102.0, close_offers_for=2) == [("draw", 0)]
    assert await store.offers(game_id) == []


def _plus_one(game_id: int, user_id: int):
    """A rating update that adds 1 to the player's mu and counts the game."""
    def compute(stored: list[RatingRow]) -> list[tuple[RatingRow, HistoryRow]]:
        old = stored[0] if stored else RatingRow(user_id, "pauso", "alice", 25.0, 8.0, 0, 0, 0, 0, 0.0, 0.0)
        new = RatingRow(user_id, "pauso", "alice", old.mu + 1, old.sigma, old.games + 1, old.wins + 1, 0, 0,
                        old.mu + 1, 100.0)
        return [(new, HistoryRow(game_id, user_id, "pauso", 7, "win", old.mu, new.mu, new.mu, new.sigma, 100.0))]
    return RatingUpdate("pauso", [user_id], compute)


async def test_ratings_updated_at_once_by_two_processes_lose_nothing(store, other):
    games = [await new_game(store, channel=100 + i) for i in range(12)]
    await asyncio.gather(*((store, other)[i % 2].add_move(game_id, 0, 0, "R@a1", 101.0, {"type": "win"},
                                                          rate=_plus_one(game_id, 1))
                           for i, game_id in enumerate(games)))
    (alice,) = await store.ratings([1])
    assert (alice.mu, alice.games) == (25.0 + 12, 12)
    steps = sorted((h.before, h.after) for h in await store.history(1, "pauso"))
    assert steps == [(25.0 + i, 26.0 + i) for i in range(12)]  # one chain: no update read a stale rating


async def test_both_stores_answer_alike(request):
    """The same writes give the same reads on SQLite and PostgreSQL."""
    answers = []
    for kind in ("sqlite", "postgresql"):
        store = await open_store(kind, request)
        try:
            game_id = await new_game(store)
            await store.add_move(game_id, 0, 0, "R@a1", 101.0, timer=TurnTimer(1, 101.0, 10.0, 100.0, 7))
            await store.add_move(game_id, 1, 1, "R@d4", 102.5, {"type": "win", "winners": [1]},
                                 rate=_plus_one(game_id, 2))
            row = await store.get_game(game_id)
            answers.append((row, await store.ratings([2]), await store.history(2, "pauso"),
                            await store.games_of(user_id=1, statuses=("finished",)), await store.timer(game_id)))
        finally:
            await store.close()
    assert answers[0] == answers[1]
