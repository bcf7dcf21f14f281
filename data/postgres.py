"""The PostgreSQL store (asyncpg), for several bot processes on one database: the same operations
as SQLite (sql.py) and the same migrations in PostgreSQL's words (migrations.for_postgres).

What several processes need beyond SQLite: a turn's first statement updates its game's row, and
that row lock holds a second turn of the same game (from any process) until the first commits;
a finished game's ratings are read ``FOR UPDATE`` under per-player advisory locks (held to the
end of the transaction, in one order, so two games of one player never rate over each other);
the sweep skips timers another process is rewriting (``FOR UPDATE SKIP LOCKED``); migrations run
under an advisory lock, so N processes starting at once migrate once.
"""
from __future__ import annotations

import functools
import itertools
import logging
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from .migrations import MIGRATIONS, for_postgres, statements
from .rows import Conflict, StoreError, WriteFailed
from .sql import Row, SqlStore
from .urls import masked_url

log = logging.getLogger(__name__)
MIGRATION_LOCK = 7_305_112_001  # pg_advisory_xact_lock key: one process migrates at a time


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (the store's SQL has no ``?`` in text)."""
    counter = itertools.count(1)
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


def _count(status: str) -> int:
    """Rows a command changed, from its status ('UPDATE 1', 'INSERT 0 1', 'DELETE 2')."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


async def _keep_session(conn: asyncpg.Connection) -> None:
    """A connection goes back to the pool as it is: the store keeps no session state (its
    advisory locks end with their transaction), so asyncpg's reset query, one more round trip
    per use of a connection, is not needed."""


class _PgTx:
    """The PostgreSQL side of ``sql.Tx``: statements are sent as they come, except ``later``
    ones, fetched when the next statement is sent or at the end (so their order is kept)."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn
        self.waiting: list[tuple[str, Sequence[Any], list[Row]]] = []

    async def settle(self) -> None:
        waiting, self.waiting = self.waiting, []
        for sql, args, out in waiting:
            out.extend(await self.conn.fetch(numbered(sql), *args))

    def later(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        out: list[Row] = []
        self.waiting.append((sql, tuple(args), out))
        return out

    async def run(self, sql: str, args: Sequence[Any] = (), *, expect: int | None = None, refusal: str = "") -> None:
        await self.settle()
        status = await self.conn.execute(numbered(sql), *args)
        if expect is not None and _count(status) != expect:
            raise StoreError(refusal)

    async def many(self, sql: str, rows: list[Sequence[Any]]) -> None:
        await self.settle()
        await self.conn.executemany(numbered(sql), rows)

    async def rows(self, sql: str, args: Sequence[Any] = (), *, lock: bool = False) -> list[Row]:
        await self.settle()
        return list(await self.conn.fetch(numbered(sql + (" FOR UPDATE" if lock else "")), *args))

    async def insert_id(self, sql: str, args: Sequence[Any]) -> int:
        await self.settle()
        return int(await self.conn.fetchval(numbered(sql + " RETURNING id"), *args))


class PostgresStore(SqlStore):
    """Open with ``await PostgresStore.open(url)``; close with ``await store.close()``."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.path = masked_url(url)  # for logs: no password

    @classmethod
    async def open(cls, url: str, *, min_size: int = 1, max_size: int = 10) -> PostgresStore:
        """Connect to (and migrate) the database at ``url`` (``postgresql://user:pw@host/db``; a
        unix socket: ``postgresql://user@/db?host=/run/postgresql``)."""
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, reset=_keep_session)
        store = cls(pool, url)
        try:
            await store._migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    async def check(self) -> str | None:
        """Why the database cannot serve the bot right now (None when it can)."""
        try:
            async with self._pool.acquire() as conn:
                await conn.fetchval("SELECT COUNT(*) FROM games WHERE status = 'running'")
        except Exception as err:  # noqa: BLE001 - any failure is the answer
            return f"the database does not answer: {err}"
        return None

    async def _migrate(self) -> None:
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            version = await conn.fetchval("SELECT max(version) FROM schema_version") or 0
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                log.info("Applying database migration %d to %s", number, self.path)
                # a Python step converts data only SQLite held before PostgreSQL came (migrations.py)
                for statement in [] if callable(script) else statements(for_postgres(script)):
                    await conn.execute(statement)
                await conn.execute("DELETE FROM schema_version")
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            return int(await conn.fetchval("SELECT max(version) FROM schema_version") or 0)

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[_PgTx]:
        """A transaction on one pooled connection, committed at the end; a constraint's refusal is
        raised as Conflict, a lost connection or server error as WriteFailed (nothing stored)."""
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                batch = _PgTx(conn)
                yield batch
                await batch.settle()
        except asyncpg.IntegrityConstraintViolationError as err:
            raise Conflict(f"The database refused the change: {err}",
                           isinstance(err, asyncpg.UniqueViolationError)) from err
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as err:
            log.error("Database write failed on %s: %s", self.path, err)
            raise WriteFailed(f"The database could not save the change: {err}") from err

    async def _read(self, sql: str, args: Sequence[Any] = (), *, skip_locked: bool = False) -> list[Row]:
        if skip_locked:
            sql += " FOR UPDATE SKIP LOCKED"
        async with self._pool.acquire() as conn:
            return list(await conn.fetch(numbered(sql), *args))

    async def _lock_ratings(self, tx: Any, variant: str, user_ids: Iterable[int]) -> None:
        """Advisory locks on (player, game) held to the end of the transaction, taken in one order:
        they also cover a player's first rating, whose row does not exist yet to be locked."""
        for user_id in sorted(set(user_ids)):
            await tx.conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
                                  f"rating:{variant}:{user_id}")
