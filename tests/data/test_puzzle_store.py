"""The store's puzzles and reviews on both databases: an attempt opened once per slot, moved on and
ended only from the progress a press saw (a second press is refused), the ratings and streak
written with the end, the daily post claimed once a day, reviews kept per game; and the migration
that adds them, on a real SQLite file left at the version before it."""
from __future__ import annotations

import json
import sqlite3

import pytest

from data import PuzzleEnd, PuzzlePlayerRow, PuzzleRatingRow, Store, StoreError
from data.migrations import MIGRATIONS

STEP = next(i for i, s in enumerate(MIGRATIONS) if isinstance(s, str) and "puzzle_players" in s)


def settle_with(solved: bool, before: float | None = 1500.0, after: float | None = 1540.0):
    def settle(player, puzzle):
        row = PuzzlePlayerRow(7, "quaterno", "alice", 26.0, 7.0, (player.attempts if player else 0) + 1,
                              (player.solved if player else 0) + solved,
                              ((player.streak if player else 0) + 1) if solved else 0, 1, 1540.0, 100.0)
        rating = PuzzleRatingRow("abcdef0123", "quaterno", 24.0, 4.0, (puzzle.attempts if puzzle else 0) + 1,
                                 (puzzle.solved if puzzle else 0) + solved)
        return row, rating, before, after
    return PuzzleEnd(solved, settle)


async def test_an_attempt_is_opened_once_per_slot_and_moves_on_once(store):
    first = await store.start_attempt(user_id=7, puzzle_id="abcdef0123", variant="quaterno", slot="quaterno",
                                      day=None, guild_id=1, now=10.0)
    assert first.rated and first.progress == 0 and first.status == "open"
    with pytest.raises(StoreError):
        await store.start_attempt(user_id=7, puzzle_id="bbbbbb0123", variant="quaterno", slot="quaterno",
                                  day=None, guild_id=1, now=11.0)
    daily = await store.start_attempt(user_id=7, puzzle_id="cccccc0123", variant="quaterno", slot="daily",
                                      day="2027-01-15", guild_id=1, now=11.0)
    assert (await store.open_attempt(7, "daily")).id == daily.id != first.id
    await store.advance_attempt(first.id, 0, 2)
    with pytest.raises(StoreError):  # a second press that saw progress 0
        await store.advance_attempt(first.id, 0, 2)
    assert (await store.get_attempt(first.id)).progress == 2


async def test_the_end_writes_ratings_and_streak_once(store):
    attempt = await store.start_attempt(user_id=7, puzzle_id="abcdef0123", variant="quaterno", slot="quaterno",
                                        day=None, guild_id=1, now=10.0)
    player, puzzle = await store.end_attempt(attempt.id, 0, 1, settle_with(True), 20.0)
    assert player.streak == 1 and puzzle.attempts == 1 and puzzle.solved == 1
    with pytest.raises(StoreError):  # ended already: the second press changes nothing
        await store.end_attempt(attempt.id, 0, 1, settle_with(True), 21.0)
    ended = await store.get_attempt(attempt.id)
    assert (ended.status, ended.progress, ended.before, ended.after) == ("solved", 1, 1500.0, 1540.0)
    assert [p.attempts for p in await store.puzzle_players(7)] == [1]
    assert (await store.puzzle_ratings("quaterno"))["abcdef0123"].attempts == 1
    again = await store.start_attempt(user_id=7, puzzle_id="abcdef0123", variant="quaterno", slot="quaterno",
                                      day=None, guild_id=2, now=30.0)
    assert not again.rated  # tried before
    await store.end_attempt(again.id, 0, 0, settle_with(False, None, None), 31.0)
    assert (await store.puzzle_players(7, "quaterno"))[0].streak == 0
    assert [a.status for a in await store.attempts_at(7, variant="quaterno")] == ["solved", "failed"]
    assert [p.user_id for p in await store.puzzle_pool("quaterno", guild_id=2)] == [7]
    assert await store.puzzle_pool("quaterno", guild_id=3) == []


async def test_a_daily_post_is_claimed_once_a_day(store):
    await store.set_daily_post(1, 55, 9, 0.0, "2027-01-15", False)
    assert [p.channel_id for p in await store.due_daily_posts("2027-01-15", 9)] == [55]
    assert await store.due_daily_posts("2027-01-15", 8) == []  # not yet its hour
    assert await store.claim_daily_post(1, "2027-01-15")
    assert not await store.claim_daily_post(1, "2027-01-15")
    assert await store.due_daily_posts("2027-01-15", 23) == []
    assert [p.guild_id for p in await store.due_daily_posts("2027-01-16", 10)] == [1]
    await store.set_daily_post(1, 56, 7, 0.0, "2027-01-16", True)  # set after its hour: tomorrow's comes first
    assert await store.due_daily_posts("2027-01-16", 23) == []
    assert await store.drop_daily_post(1) and not await store.drop_daily_post(1)


async def test_reviews_are_kept_per_game_and_version(store):
    game_id = await store.create_game(variant="quaterno", options={}, seed=1, guild_id=1, channel_id=5,
                                      status="running", seats=[(1, "alice", True), (2, "bob", True)], now=0.0)
    assert await store.get_review(game_id, "v1") is None
    await store.put_review(game_id, "v1", json.dumps({"marked": [3]}), 5.0)
    await store.put_review(game_id, "v1", json.dumps({"marked": [4]}), 6.0)
    assert json.loads(await store.get_review(game_id, "v1")) == {"marked": [4]}
    assert await store.get_review(game_id, "v2") is None


def file_before_puzzles(path: str) -> None:
    """A database as the bot left it at the version before the puzzles: a finished game in it."""
    raw = sqlite3.connect(path)
    for script in MIGRATIONS[:STEP]:
        if isinstance(script, str):  # step 6 converts games of an older generator: none here
            raw.executescript(script)
    raw.execute(f"PRAGMA user_version = {STEP}")
    raw.execute("INSERT INTO games (id, variant, options, seed, guild_id, channel_id, status, created_at, "
                "updated_at) VALUES (1, 'quaterno', '{}', 3, 1, 100, 'finished', 0, 0)")
    raw.commit()
    raw.close()


async def test_the_migration_adds_the_tables_to_a_real_file_and_keeps_the_games(db_path):
    file_before_puzzles(db_path)
    store = await Store.open(db_path)
    assert await store.schema_version() == len(MIGRATIONS)
    assert (await store.get_game(1)).status == "finished"
    attempt = await store.start_attempt(user_id=7, puzzle_id="abcdef0123", variant="quaterno", slot="quaterno",
                                        day=None, guild_id=1, now=10.0)
    await store.put_review(1, "v1", "{}", 1.0)
    await store.close()
    reopened = await Store.open(db_path)
    assert (await reopened.get_attempt(attempt.id)).puzzle_id == "abcdef0123"
    assert await reopened.get_review(1, "v1") == "{}"
    await reopened.close()
