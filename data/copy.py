"""Moving a bot from SQLite to PostgreSQL: every table of the SQLite file copied into an empty
PostgreSQL database in one transaction, checked before it is committed.

Every table the SQLite file has (whatever the migrations have made, so tables added later are
copied too) goes over as it is, parents before the tables that refer to them, with COPY. Before the
commit: the same number of rows in every table, the same rows (an order-free digest of every row
on both sides), every identity sequence continuing after the highest id copied, and the caller's
own check (the bot replays every game from its record, read back through the store's own
queries in the transaction). Anything wrong rolls it all back: PostgreSQL is left empty.

The source is first brought to the current schema (as a start would), then held with the
exclusive lock (data/filelock.py), so no bot writes to it during the copy: a move made after the
copy would be lost. The target must be empty: no rows in any of our tables but those the
migrations themselves put in a new database (such as a chore for the next start), which the copy
replaces with the source's. Its schema is made by the ordinary migrations, and its tables are
locked for the copy.
"""
from __future__ import annotations

import hashlib
import os
import sqlite3
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

from .filelock import DatabaseBusy, DatabaseLock
from .migrations import MIGRATIONS
from .postgres import PostgresStore, numbered
from .rows import StoreError
from .sql import Row, SqlStore
from .store import Store

BATCH = 5000  # rows sent per COPY


class CopyRefused(Exception):
    """The copy cannot be made, or did not check out (nothing was committed); the message says why."""


@dataclass
class Copied:
    counts: dict[str, int]  # rows per table, in the order copied
    next_ids: dict[str, int] = field(default_factory=dict)  # "table.column" -> the next id it gives
    checked: str = ""  # what the caller's check reported


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _digest(rows: Iterable[Sequence[Any]]) -> tuple[int, int]:
    """(rows, a digest of them that does not depend on their order)."""
    total, count = 0, 0
    for row in rows:
        value = repr(tuple(float.hex(v) if isinstance(v, float) else v for v in row)).encode()
        total = (total + int.from_bytes(hashlib.sha256(value).digest(), "big")) % (1 << 256)
        count += 1
    return count, total


def _source_tables(conn: sqlite3.Connection) -> dict[str, list[str]]:
    """The tables of the SQLite file with their columns, parents before the tables that refer to them."""
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                        "AND name NOT LIKE 'sqlite_%' ORDER BY rowid")]
    parents = {t: {r[2] for r in conn.execute(f"PRAGMA foreign_key_list({_quoted(t)})")} - {t} for t in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [t for t in names if t not in ordered and parents[t] <= set(ordered)]
        if not ready:
            raise CopyRefused("The SQLite tables refer to each other in a circle; they cannot be copied in order.")
        ordered += ready
    return {t: [r[1] for r in conn.execute(f"PRAGMA table_info({_quoted(t)})")] for t in ordered}


async def _seed_rows(tables: dict[str, list[str]]) -> dict[str, Counter[tuple[Any, ...]]]:
    """The rows the migrations themselves put in a new database, per table (made in memory)."""
    fresh = await Store.open(":memory:")
    try:
        seeds = {}
        for table, columns in tables.items():
            rows = await fresh._read(f"SELECT {', '.join(map(_quoted, columns))} FROM {_quoted(table)}")
            seeds[table] = Counter(tuple(r) for r in rows)
        return seeds
    finally:
        await fresh.close()


class _SqliteReader(SqlStore):
    """The store's own queries, read from the SQLite file on a plain connection (the copy holds
    the file's exclusive lock, so no store may open it meanwhile)."""

    def __init__(self, path: str) -> None:
        self._conn = sqlite3.connect(path, isolation_level=None)
        self._conn.row_factory = sqlite3.Row
        self.path = path

    async def _read(self, sql: str, args: Sequence[Any] = (), *, skip_locked: bool = False) -> list[Row]:
        return self._conn.execute(sql, tuple(args)).fetchall()

    async def close(self) -> None:
        self._conn.close()


class _InTransaction(SqlStore):
    """The store's own queries, read on the connection of the copy's open transaction."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn
        self.path = "the copy in progress"

    async def _read(self, sql: str, args: Sequence[Any] = (), *, skip_locked: bool = False) -> list[Row]:
        return list(await self._conn.fetch(numbered(sql), *args))


Check = Callable[[SqlStore, SqlStore], Awaitable[str]]  # (the SQLite store, the copy) -> what was checked


async def copy_to_postgres(sqlite_path: str, url: str, check: Check | None = None) -> Copied:
    """Copy the SQLite database at ``sqlite_path`` into the empty PostgreSQL database at ``url``.
    ``check(source, copy)`` may read both through the store's queries before the commit and raise
    CopyRefused to roll back. Raises CopyRefused (nothing committed) with the reason."""
    if not os.path.isfile(sqlite_path):
        raise CopyRefused(f"There is no SQLite database at {sqlite_path} to copy.")
    _refuse_foreign(sqlite_path)
    try:
        await (await Store.open(sqlite_path)).close()  # brought to the current schema, as a start would
        lock = DatabaseLock.exclusive(sqlite_path)
    except (StoreError, DatabaseBusy) as busy:
        raise CopyRefused(f"Not copied. {busy}") from None
    except sqlite3.Error as err:
        raise CopyRefused(f"{sqlite_path} cannot be opened: {err}.") from None
    source = sqlite3.connect(sqlite_path, isolation_level=None)
    try:
        source.execute("BEGIN")
        tables = _source_tables(source)
        version = int(source.execute("PRAGMA user_version").fetchone()[0])
        if version != len(MIGRATIONS):
            raise CopyRefused(f"{sqlite_path} has schema version {version}, this bot {len(MIGRATIONS)}: "
                              "update the bot (or the database, by starting the bot once) first.")
        seeds = await _seed_rows(tables)
        conn = await _connect(url)
        try:
            await _refuse_rows(conn, tables, seeds)
            try:
                await (await PostgresStore.open(url, min_size=1, max_size=1)).close()  # the schema
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as err:
                raise CopyRefused(f"Could not create the tables in PostgreSQL: {err}") from None
            reading = _SqliteReader(sqlite_path) if check is not None else None
            try:
                async with conn.transaction():
                    return await _copy(conn, source, tables, seeds, check, reading)
            except (asyncpg.PostgresError, asyncpg.InterfaceError) as err:
                raise CopyRefused(f"PostgreSQL refused the copy, so nothing was committed: {err}") from None
            finally:
                if reading is not None:
                    await reading.close()
        finally:
            await conn.close()
    finally:
        source.close()
        lock.release()


def _refuse_foreign(path: str) -> None:
    """Refuse a file that is not a Pai Sho Bot database (before anything is written to it)."""
    try:
        conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
        try:
            ours = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").fetchone()
        finally:
            conn.close()
    except sqlite3.Error as err:
        raise CopyRefused(f"{path} is not a SQLite database ({err}).") from None
    if ours is None:
        raise CopyRefused(f"{path} is not a Pai Sho Bot database (it has no games table).")


async def _connect(url: str) -> asyncpg.Connection:
    try:
        return await asyncpg.connect(url)
    except (asyncpg.PostgresError, OSError, ValueError) as err:
        raise CopyRefused(f"Could not connect to PostgreSQL: {err}") from None


async def _refuse_rows(conn: asyncpg.Connection, tables: dict[str, list[str]],
                       seeds: dict[str, Counter[tuple[Any, ...]]]) -> None:
    """Refuse a target that holds rows in any of our tables beyond those a new database starts with
    (or a schema newer than ours)."""
    full = []
    for table, columns in tables.items():
        if await conn.fetchval("SELECT to_regclass($1)", _quoted(table)) is None:
            continue
        rows = await conn.fetchval(f"SELECT COUNT(*) FROM {_quoted(table)}")
        if not rows:
            continue
        held = Counter(tuple(r) for r in await conn.fetch(
            f"SELECT {', '.join(map(_quoted, columns))} FROM {_quoted(table)}")) if rows <= len(seeds[table]) else None
        if held is None or held - seeds[table]:
            full.append(f"{table} ({rows} row{'' if rows == 1 else 's'})")
    if full:
        raise CopyRefused("The PostgreSQL database is not empty: " + ", ".join(full) + ". Copy into a new, empty "
                          "database (createdb), so that nothing in it is mixed with or overwritten by the copy.")
    if await conn.fetchval("SELECT to_regclass('schema_version')") is not None:
        version = await conn.fetchval("SELECT max(version) FROM schema_version") or 0
        if version > len(MIGRATIONS):
            raise CopyRefused(f"The PostgreSQL database has schema version {version}, newer than this bot's "
                              f"{len(MIGRATIONS)}.")


async def _copy(conn: asyncpg.Connection, source: sqlite3.Connection, tables: dict[str, list[str]],
                seeds: dict[str, Counter[tuple[Any, ...]]], check: Check | None, reading: SqlStore | None) -> Copied:
    """The copy and its checks, inside the transaction (an exception rolls it back)."""
    await conn.execute(f"LOCK TABLE {', '.join(map(_quoted, tables))} IN ACCESS EXCLUSIVE MODE")
    await _refuse_rows(conn, tables, seeds)  # no bot wrote to it meanwhile
    for table in reversed(tables):  # what a new database starts with gives way to the source's rows
        await conn.execute(f"DELETE FROM {_quoted(table)}")
    copied = Copied(counts={})
    for table, columns in tables.items():
        target = {r[0] for r in await conn.fetch("SELECT column_name FROM information_schema.columns "
                                                 "WHERE table_schema = current_schema() AND table_name = $1", table)}
        if target != set(columns):
            raise CopyRefused(f"The table {table} has other columns in PostgreSQL ({', '.join(sorted(target))}) "
                              f"than in SQLite ({', '.join(columns)}).")
        selected = f"SELECT {', '.join(map(_quoted, columns))} FROM {_quoted(table)}"
        sent, sent_digest = await _send(conn, source.execute(selected), table, columns)
        stored, stored_digest = _digest([tuple(r) async for r in conn.cursor(selected, prefetch=BATCH)])
        if stored != sent:
            raise CopyRefused(f"The table {table} has {stored} rows in PostgreSQL after the copy, {sent} in SQLite.")
        if stored_digest != sent_digest:
            raise CopyRefused(f"The table {table} holds other values in PostgreSQL than in SQLite after the copy.")
        copied.counts[table] = sent
    copied.next_ids = await _continue_sequences(conn)
    if check is not None and reading is not None:
        copied.checked = await check(reading, _InTransaction(conn))
    return copied


async def _send(conn: asyncpg.Connection, cursor: sqlite3.Cursor, table: str, columns: list[str]) -> tuple[int, int]:
    """COPY the rows of ``cursor`` into ``table``; returns (rows, digest) of what was sent."""
    count, digest = 0, 0
    while batch := cursor.fetchmany(BATCH):
        try:
            await conn.copy_records_to_table(table, records=batch, columns=columns)
        except (asyncpg.DataError, TypeError, ValueError) as err:
            raise CopyRefused(f"The table {table} holds a value PostgreSQL cannot take: {err}") from None
        n, d = _digest(batch)
        count, digest = count + n, (digest + d) % (1 << 256)
    return count, digest


async def _continue_sequences(conn: asyncpg.Connection) -> dict[str, int]:
    """Set every identity column's sequence after the highest id copied; returns the next id each gives."""
    following = {}
    for table, column in await conn.fetch("SELECT table_name, column_name FROM information_schema.columns "
                                          "WHERE table_schema = current_schema() AND is_identity = 'YES' "
                                          "ORDER BY table_name, column_name"):
        highest = await conn.fetchval(f"SELECT COALESCE(MAX({_quoted(column)}), 0) FROM {_quoted(table)}")
        sequence = await conn.fetchval("SELECT pg_get_serial_sequence($1, $2)", _quoted(table), column)
        await conn.execute("SELECT setval($1::regclass, $2, false)", sequence, highest + 1)
        last, called = await conn.fetchrow(f"SELECT last_value, is_called FROM {sequence}")
        following[f"{table}.{column}"] = next_id = last + 1 if called else last
        if next_id <= highest:
            raise CopyRefused(f"The numbers of {table} would start again at {next_id}, below the highest "
                              f"copied ({highest}).")
    return following
