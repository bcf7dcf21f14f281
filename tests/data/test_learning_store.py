"""Learning in the store (migration 11, data/lesson_sql.py), on SQLite and PostgreSQL: lesson
progress written by compare-and-set (a second write from the same reading is refused and changes
nothing), hints counted under their limit (two at once never pass it) and shown with the game's
seats; and a real SQLite file of schema version 9 migrated with its games intact."""
from __future__ import annotations

import asyncio
import sqlite3

import pytest

from data import LessonRow, Store, StoreError
from data.migrations import MIGRATIONS


async def test_lesson_progress_is_written_once_from_what_was_read(store):
    assert await store.lesson_progress(7) == []
    first = LessonRow(7, "basic", "01-first-harmony", 0, (), 1, 10.0)
    await store.save_lesson(first, None)
    with pytest.raises(StoreError):  # a second "first" write (another press at the same moment)
        await store.save_lesson(LessonRow(7, "basic", "01-first-harmony", 0, (), 2, 11.0), None)
    done = LessonRow(7, "basic", "01-first-harmony", 2, ("k6-k8",), 1, 12.0)
    await store.save_lesson(done, first)
    with pytest.raises(StoreError):  # written from a reading that is no longer true
        await store.save_lesson(LessonRow(7, "basic", "01-first-harmony", 3, ("k6-m6",), 0, 13.0), first)
    await store.save_lesson(LessonRow(7, "pauso", "01-place-and-push", 3, ("R@b2",), 0, 14.0), None)
    assert await store.lesson_progress(7, "basic") == [done]
    assert [r.variant for r in await store.lesson_progress(7)] == ["basic", "pauso"]
    assert await store.lesson_progress(8) == []  # another user sees nothing of it


async def test_hints_are_counted_under_their_limit_even_when_asked_at_once(store):
    game_id = await store.create_game(variant="pauso", options={}, seed=1, guild_id=None, channel_id=5,
                                      status="running", seats=[(1, "ann", True), (2, "ben", True)], now=0.0,
                                      rated=False)
    assert await store.use_hint(game_id, 0, 3) == 1
    results = await asyncio.gather(*(store.use_hint(game_id, 0, 3) for _ in range(4)), return_exceptions=True)
    assert sorted(r for r in results if isinstance(r, int)) == [2, 3]
    assert sum(isinstance(r, StoreError) for r in results) == 2
    row = await store.get_game(game_id)
    assert [s.hints for s in row.seats] == [3, 0]


def version_9_file(path: str) -> None:
    """A database as the bot left it at schema version 9, with one running game."""
    raw = sqlite3.connect(path)
    for script in MIGRATIONS[:9]:
        if isinstance(script, str):  # the one step in code converts old data; this file has none yet
            raw.executescript(script)
    raw.execute("PRAGMA user_version = 9")
    raw.execute("INSERT INTO games (id, variant, options, seed, channel_id, status, created_at, updated_at, rated) "
                "VALUES (1, 'pauso', '{}', 3, 100, 'running', 0, 0, 0)")
    for seat, name in enumerate(("ann", "ben")):
        raw.execute("INSERT INTO seats (game_id, seat, user_id, name, accepted) VALUES (1, ?, ?, ?, 1)",
                    (seat, seat + 1, name))
    raw.execute("INSERT INTO moves (game_id, ply, seat, move, created_at) VALUES (1, 0, 0, 'R@c3', 0)")
    raw.commit()
    raw.close()


async def test_a_version_9_file_is_migrated_with_its_games_and_learns(db_path):
    version_9_file(db_path)
    store = await Store.open(db_path)
    assert await store.schema_version() == len(MIGRATIONS) >= 11
    row = await store.get_game(1)
    assert row.moves == ["R@c3"] and [s.hints for s in row.seats] == [0, 0]
    assert await store.use_hint(1, 1, 3) == 1
    await store.save_lesson(LessonRow(2, "pauso", "01-place-and-push", 3, ("R@b2",), 0, 1.0), None)
    await store.close()
    again = await Store.open(db_path)  # reopened: nothing runs twice, everything is still there
    assert [s.hints for s in (await again.get_game(1)).seats] == [0, 1]
    assert [r.stars for r in await again.lesson_progress(2)] == [3]
    await again.close()
