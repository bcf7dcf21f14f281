"""The SQLite store (aiosqlite, WAL), the embedded default: games, seats and moves, written in
short transactions (the operations themselves are in sql.py, shared with PostgreSQL).

A confirmed move is committed before the bot reports it; a restart reloads every running game
from its stored record (variant, players, seed, options and moves). A transaction's statements
go to the database thread in one call (BEGIN, the statements, COMMIT), except where one needs
an answer before the next is known (a new game's id, the ratings a finished game updates).
"""
from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from .filelock import DatabaseBusy, DatabaseLock
from .migrations import MIGRATIONS
from .rows import Conflict, StoreError, WriteFailed
from .sql import OPEN_STATUSES, Row, SqlStore

log = logging.getLogger(__name__)

SYNCHRONOUS = ("FULL", "NORMAL")  # PRAGMA synchronous settings the store accepts


async def _run(db: aiosqlite.Connection, sql: str, args: tuple | list = ()) -> None:
    """Execute one statement and close its cursor at once (an open cursor blocks COMMIT)."""
    cursor = await db.execute(sql, args)
    await cursor.close()


class Store(SqlStore):
    """Open with ``await Store.open(path)``; close with ``await store.close()``."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self.path = path
        self.synchronous = "FULL"
        self._write = asyncio.Lock()
        self._lock: DatabaseLock | None = None  # held while open: restore and copy-to wait for it
        self._identity = _identity(path)  # the file opened, to notice it deleted or replaced

    @classmethod
    async def open(cls, path: str, *, synchronous: str = "FULL") -> Store:
        """Open (and migrate) the database at ``path``. ``synchronous=FULL`` (the default) syncs
        the write-ahead log at every commit, so a move the bot confirmed survives a power loss;
        the benchmark compares it with NORMAL."""
        if synchronous not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}")
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        try:
            lock = DatabaseLock.shared(path)
        except DatabaseBusy as busy:
            raise StoreError(str(busy)) from None
        try:
            store = cls(await cls._connect(path, synchronous), path)
            store._lock = lock
            store.synchronous = synchronous
            await store._migrate()
        except BaseException:
            lock.release()
            raise
        return store

    @staticmethod
    async def _connect(path: str, synchronous: str) -> aiosqlite.Connection:
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = sqlite3.Row
        for pragma in ("journal_mode = WAL", "foreign_keys = ON", f"synchronous = {synchronous}",
                       "busy_timeout = 5000"):
            await _run(conn, f"PRAGMA {pragma}")
        return conn

    async def close(self) -> None:
        try:
            await self._conn.close()
        finally:
            if self._lock is not None:
                self._lock.release()

    async def check(self) -> str | None:
        """Why the database cannot serve the bot right now (None when it can): its file deleted or
        replaced under the running bot (whose writes would then be lost at the next start), or no
        answer to a query."""
        if self._identity is not None and _identity(self.path) != self._identity:
            return (f"the database file {self.path} was deleted, moved or replaced while the bot runs; "
                    "restart the bot (scripts/start restore puts a backup back)")
        try:
            await self._read("SELECT COUNT(*) FROM games WHERE status = 'running'")
        except Exception as err:  # noqa: BLE001 - any failure is the answer
            return f"the database does not answer: {err}"
        return None

    async def _migrate(self) -> None:
        version = await self.schema_version()
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            log.info("Applying database migration %d to %s", number, self.path)
            async with self.transaction():
                if callable(script):
                    await script(self._conn)
                else:
                    for statement in filter(str.strip, script.split(";")):
                        await _run(self._conn, statement)
                await _run(self._conn, f"PRAGMA user_version = {number}")

    async def schema_version(self) -> int:
        async with self._conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        assert row is not None  # PRAGMA user_version always answers
        return int(row[0])

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction at a time, committed at the end. If anything inside or the
        COMMIT itself fails, it is rolled back (or the connection is reopened) so the next write
        starts clean; a database failure is raised as WriteFailed with the real cause."""
        async with self._write:
            try:
                await _run(self._conn, "BEGIN IMMEDIATE")
                yield self._conn
                await _run(self._conn, "COMMIT")
            except BaseException as err:
                await self._roll_back(err)
                if isinstance(err, sqlite3.Error) and not isinstance(err, sqlite3.IntegrityError):
                    raise WriteFailed(f"The database could not save the change: {err}") from err
                raise

    async def _roll_back(self, err: BaseException) -> None:
        """Leave no transaction open after ``err``. SQLite may have rolled back already (a full
        disk does); if the rollback itself fails, the connection is replaced."""
        if isinstance(err, sqlite3.Error):
            log.error("Database write failed on %s: %s", self.path, err)
        try:
            if self._conn.in_transaction:
                await _run(self._conn, "ROLLBACK")
            if not self._conn.in_transaction:
                return
        except sqlite3.Error:
            log.exception("Rollback after a failed write on %s failed; reopening the database", self.path)
        try:
            await self._conn.close()
        except sqlite3.Error:
            log.exception("Closing the broken connection to %s failed", self.path)
        self._conn = await self._connect(self.path, self.synchronous)

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[_Batch]:
        """A write transaction whose statements are sent in as few calls to the database thread as
        their answers allow; rolled back (and raised as WriteFailed) like ``transaction``."""
        async with self._write:
            batch = _Batch(self._conn)
            try:
                yield batch
                await batch.flush(commit=True)
            except BaseException as err:
                if batch.begun:
                    await self._roll_back(err)
                if isinstance(err, sqlite3.Error):
                    raise WriteFailed(f"The database could not save the change: {err}") from err
                raise

    async def _read(self, sql: str, args: Sequence[Any] = (), *, skip_locked: bool = False) -> list[Row]:
        """One query, answered in one call to the database thread."""
        return await self._conn._execute(_fetch, self._conn, sql, tuple(args))


def _identity(path: str) -> tuple[int, int] | None:
    """The device and inode of a database file (None in memory or when there is no file)."""
    if path == ":memory:":
        return None
    try:
        found = os.stat(path)
    except OSError:
        return (-1, -1)
    return found.st_dev, found.st_ino


def _fetch(conn: aiosqlite.Connection, sql: str, args: tuple) -> list[sqlite3.Row]:
    cur = conn._conn.execute(sql, args)
    try:
        return cur.fetchall()
    finally:
        cur.close()


class _Statement:
    __slots__ = ("sql", "args", "many", "expect", "refusal", "out", "row_id")

    def __init__(self, sql: str, args: Any, *, many: bool = False, expect: int | None = None, refusal: str = "",
                 out: list | None = None, row_id: bool = False) -> None:
        self.sql, self.args, self.many, self.expect, self.refusal = sql, args, many, expect, refusal
        self.out, self.row_id = out, row_id


def _apply(conn: aiosqlite.Connection, begin: bool, statements: list[_Statement], commit: bool) -> None:
    """On the database thread: BEGIN (the first time), the statements, COMMIT (the last time).
    A statement that changes other than ``expect`` rows raises its refusal (StoreError); a
    constraint's refusal is raised as Conflict."""
    raw = conn._conn
    if begin:
        raw.execute("BEGIN IMMEDIATE")
    for st in statements:
        try:
            cur = raw.executemany(st.sql, st.args) if st.many else raw.execute(st.sql, st.args)
        except sqlite3.IntegrityError as err:
            raise Conflict(f"The database refused the change: {err}", "UNIQUE" in str(err)) from err
        try:
            if st.out is not None:
                st.out.extend([cur.lastrowid] if st.row_id else cur.fetchall())
            if st.expect is not None and cur.rowcount != st.expect:
                raise StoreError(st.refusal)
        finally:
            cur.close()
    if commit:
        raw.execute("COMMIT")


class _Batch:
    """The SQLite side of ``sql.Tx``: statements wait until an answer is needed or the end."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.pending: list[_Statement] = []
        self.begun = False

    async def flush(self, commit: bool = False) -> None:
        statements, self.pending = self.pending, []
        begin, self.begun = not self.begun, True
        await self.conn._execute(_apply, self.conn, begin, statements, commit)

    async def run(self, sql: str, args: Sequence[Any] = (), *, expect: int | None = None, refusal: str = "") -> None:
        self.pending.append(_Statement(sql, tuple(args), expect=expect, refusal=refusal))

    async def many(self, sql: str, rows: list[Sequence[Any]]) -> None:
        self.pending.append(_Statement(sql, rows, many=True))

    def later(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        out: list[Row] = []
        self.pending.append(_Statement(sql, tuple(args), out=out))
        return out

    async def rows(self, sql: str, args: Sequence[Any] = (), *, lock: bool = False) -> list[Row]:
        out = self.later(sql, args)  # BEGIN IMMEDIATE already holds the write lock: no row locks
        await self.flush()
        return out

    async def insert_id(self, sql: str, args: Sequence[Any]) -> int:
        out: list = []
        self.pending.append(_Statement(sql, tuple(args), out=out, row_id=True))
        await self.flush()
        return int(out[0])


__all__ = ["Store", "OPEN_STATUSES"]
