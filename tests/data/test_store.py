"""The store on real databases (SQLite files and, when PostgreSQL is installed, a throwaway server):
migrations, games, moves, reopening, the channel rule; then what only SQLite has (its file, its
connection, its failures)."""
from __future__ import annotations

import sqlite3

import pytest

from data import Store, StoreError, WriteFailed
from data.migrations import MIGRATIONS
from tests.helpers import new_game


async def test_migrations_set_the_schema_version_and_wal(sqlite_store, db_path):
    assert await sqlite_store.schema_version() == len(MIGRATIONS)
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    again = await Store.open(db_path)  # migrating twice is a no-op
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()


async def test_moves_survive_closing_and_reopening(db_path):
    store = await Store.open(db_path)
    game_id = await new_game(store)
    await store.add_move(game_id, 0, 0, "R@a1", 101.0)
    await store.add_move(game_id, 1, 1, "R@d4", 102.0)
    await store.close()
    store = await Store.open(db_path)
    row = await store.get_game(game_id)
    assert row.moves == ["R@a1", "R@d4"] and row.move_seats == [0, 1]
    assert [s.name for s in row.seats] == ["alice", "bob"]
    assert row.options == {"board": "4o/4o/4o/4o"} and row.seed == 3 and row.status == "running"
    assert [r.id for r in await store.running_games()] == [game_id]
    await store.close()


async def test_a_ply_is_recorded_once(store):
    game_id = await new_game(store)
    await store.add_move(game_id, 0, 0, "R@a1", 101.0)
    with pytest.raises(StoreError):
        await store.add_move(game_id, 0, 1, "R@b1", 101.0)
    assert (await store.get_game(game_id)).moves == ["R@a1"]


async def test_final_move_and_result_in_one_transaction(store):
    game_id = await new_game(store)
    result = {"type": "win", "winners": [0], "scores": [1, 0], "reason": "supplies_empty"}
    await store.add_move(game_id, 0, 0, "R@a1", 101.0, result)
    row = await store.get_game(game_id)
    assert row.status == "finished" and row.result == result
    assert await store.running_games() == []


async def test_one_running_game_per_channel(store):
    await new_game(store, channel=10)
    waiting = await new_game(store, channel=10, status="challenge")
    with pytest.raises(StoreError, match="already running"):
        await store.start_game(waiting, 1, 10, 120.0)
    row = await store.get_game(waiting)
    assert row.status == "challenge" and not row.seats[1].accepted
    await store.start_game(waiting, 1, 11, 120.0)  # in another channel (a thread)
    row = await store.get_game(waiting)
    assert (row.status, row.channel_id, row.seats[1].accepted) == ("running", 11, True)


async def test_proposal_clears_other_acceptances(store):
    game_id = await new_game(store, status="challenge")
    await store.set_accepted(game_id, 1, True, 101.0)
    await store.set_proposal(game_id, {"board": "donut"}, 1, 102.0)
    row = await store.get_game(game_id)
    assert [s.accepted for s in row.seats] == [False, True] and row.options == {"board": "donut"}


async def test_games_of_a_server_and_a_user(store):
    a = await new_game(store, channel=10)
    b = await new_game(store, channel=11, status="challenge")
    assert [r.id for r in await store.games_of(guild_id=7)] == [a, b]
    assert [r.id for r in await store.games_of(user_id=2)] == [a, b]
    assert await store.games_of(guild_id=8) == []
    assert [r.id for r in await store.expired_challenges(200.0)] == []


# ----- failed writes (issue 15.3): the store rolls back, says why, and keeps serving -----------

async def test_a_failed_commit_is_rolled_back_and_the_next_write_works(sqlite_store, db_path):
    """A COMMIT that SQLite itself refuses (a deferred foreign key check fails only at COMMIT)
    leaves no transaction open: the change is gone and the next write goes through."""
    game_id = await new_game(sqlite_store)
    with pytest.raises(Exception) as failed:
        async with sqlite_store.transaction() as db:
            await db.execute("PRAGMA defer_foreign_keys = ON")
            await db.execute("INSERT INTO moves (game_id, ply, seat, move, created_at) "
                             "VALUES (999, 0, 0, 'R@a1', 1.0)")
    assert "FOREIGN KEY" in str(failed.value)
    await sqlite_store.add_move(game_id, 0, 0, "R@a1", 101.0)  # used to fail: "within a transaction"
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("SELECT game_id, move FROM moves").fetchall() == [(game_id, "R@a1")]


async def test_a_full_disk_names_the_real_cause_and_the_store_recovers(sqlite_store, caplog):
    """SQLite rolls the whole transaction back itself when the disk is full; the store reports
    'disk is full' (not 'cannot rollback'), and writes work again once there is room."""
    game_id = await new_game(sqlite_store)
    conn = sqlite_store._conn
    await conn.execute("CREATE TABLE filler (x TEXT)")
    async with conn.execute("PRAGMA page_count") as cur:
        (pages,) = await cur.fetchone()
    await conn.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(WriteFailed, match="disk is full") as failed:
        async with sqlite_store.transaction() as db:
            await db.execute("INSERT INTO filler VALUES (?)", ("x" * 100_000,))
    assert "disk is full" in str(failed.value.__cause__)
    assert "disk is full" in caplog.text and "cannot rollback" not in caplog.text
    await conn.execute("PRAGMA max_page_count = 1073741823")
    await sqlite_store.add_move(game_id, 0, 0, "R@a1", 101.0)
    assert (await sqlite_store.get_game(game_id)).moves == ["R@a1"]


async def test_a_commit_error_reopens_a_connection_stuck_in_a_transaction(sqlite_store, monkeypatch):
    """If COMMIT fails and even ROLLBACK cannot end the transaction, the store replaces its
    connection: the failed change is gone and the next write is stored."""
    import data.store
    game_id = await new_game(sqlite_store)
    conn = sqlite_store._conn
    real_execute, real_apply = conn.execute, data.store._apply

    def failing(sql, *args):
        if sql == "ROLLBACK":
            raise sqlite3.OperationalError("disk I/O error")
        return real_execute(sql, *args)

    def failing_commit(conn, begin, statements, commit):
        real_apply(conn, begin, statements, False)
        if commit:  # COMMIT fails and leaves the transaction open
            raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(conn, "execute", failing)
    monkeypatch.setattr(data.store, "_apply", failing_commit)
    with pytest.raises(WriteFailed, match="disk I/O error"):
        await sqlite_store.add_move(game_id, 0, 0, "R@a1", 101.0)
    assert sqlite_store._conn is not conn
    monkeypatch.setattr(data.store, "_apply", real_apply)
    await conn.close()
    await sqlite_store.add_move(game_id, 0, 0, "R@b2", 102.0)
    assert (await sqlite_store.get_game(game_id)).moves == ["R@b2"]


async def test_moves_are_committed_with_full_sync(sqlite_store, db_path):
    async with sqlite_store._conn.execute("PRAGMA synchronous") as cur:
        assert (await cur.fetchone())[0] == 2  # FULL
