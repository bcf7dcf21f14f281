"""What the operator gets around a running service, in the Discord bot and in the console alike:
the database opened with a clear refusal when it cannot be (``open_database``), health and
metrics on METRICS_PORT, the daily backup with BACKUP_DIR, the status an admin asks for, and a
clean stop (the turns being saved finish before the database closes).

A problem that must stop the start (the database, the metrics port) is raised as StartupError,
whose message is for the operator; the bot then exits non-zero, so a supervisor restarts it.
"""
from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable, Iterable

import asyncpg

from data import GameStore, StoreError, open_store
from data.urls import masked_url

from . import backup, metrics
from .config import Config
from .health import Check, HealthServer
from .service import GameService
from .status import Backups, server_status

log = logging.getLogger(__name__)

TURNS_TIMEOUT = 10.0  # seconds a stop waits for the turns being saved


class StartupError(Exception):
    """The bot cannot start; the message says why and what to do."""


async def open_database(config: Config, database_path: str | None = None) -> GameStore:
    """The configured database (PostgreSQL for DATABASE_URL, else the SQLite file), opened and
    migrated; StartupError with the reason when it cannot be."""
    path = database_path or config.database_path
    where = masked_url(config.database_url) if config.database_url else path
    try:
        return await open_store(config.database_url, path)
    except StoreError as err:
        raise StartupError(str(err)) from None
    except (sqlite3.Error, OSError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError) as err:
        raise StartupError(f"Could not open the database {where}: {err}.") from None


class Operations:
    """``ops = Operations(config, service, ...)``; ``await ops.start()`` after the service is
    ready, ``await ops.stop()`` at the end. ``discord`` is the check that Discord is connected (the
    bot's; the console has none); ``latencies`` the gateway's latency per shard."""

    def __init__(self, config: Config, service: GameService, *, database_path: str | None = None,
                 discord: Check | None = None,
                 latencies: Callable[[], Iterable[tuple[int, float]]] | None = None) -> None:
        self.config = config
        self.service = service
        self.database = None if config.database_url else (database_path or config.database_path)
        self.latencies = latencies
        checks: dict[str, Check] = {}
        if discord is not None:
            checks["discord"] = discord
        checks["database"] = service.store.check
        self.server: HealthServer | None = None
        if config.metrics_port is not None:
            self.server = HealthServer(config.metrics_host, config.metrics_port, checks, self.refresh)
        self.daily: backup.DailyBackups | None = None
        if config.backup_dir and self.database is not None:
            self.daily = backup.DailyBackups(self.database, config.backup_dir, config.backup_keep)
        self._stop_counting: Callable[[], None] | None = None

    @property
    def backup_folder(self) -> str | None:
        return backup.backup_folder(self.database, self.config.backup_dir) if self.database else None

    def newest_backup(self) -> float | None:
        folder = self.backup_folder
        found = backup.newest(self.database, folder) if self.database and folder else None
        return found[0] if found else None

    async def start(self) -> None:
        self._stop_counting = metrics.count_logged_errors()
        if self.server is not None:
            try:
                await self.server.start()
            except OSError as err:
                reason = os.strerror(err.errno) if err.errno else str(err)
                raise StartupError(f"Could not serve health and metrics on {self.server.host}:{self.server.port} "
                                   f"({reason}). Choose another METRICS_PORT (or METRICS_HOST), or stop what uses "
                                   "that port.") from None
        if self.daily is not None:
            self.daily.start()
            log.info("Daily backups of %s into %s, keeping %d", self.database, self.config.backup_dir,
                     self.config.backup_keep)

    def stopping(self) -> None:
        """From now on /healthz answers 503 (the bot is shutting down)."""
        if self.server is not None:
            self.server.stopping = True

    async def stop(self) -> None:
        self.stopping()
        if self.daily is not None:
            await self.daily.stop()
        if self.server is not None:
            await self.server.stop()
        if self._stop_counting is not None:
            self._stop_counting()

    async def finish_turns(self) -> None:
        """Wait (a while at most) for the turns being saved; say so if some did not finish."""
        if not await self.service.running.settle_turns(TURNS_TIMEOUT):
            log.warning("Stopping with a turn still being saved after %.0f s; it is rolled back unless committed",
                        TURNS_TIMEOUT)

    async def refresh(self) -> None:
        """Set the figures that are states, just before a scrape."""
        metrics.RUNNING_GAMES.set(len(self.service.running.rows()))
        challenges = await self.service.store.games_of(statuses=("challenge",))
        metrics.OPEN_CHALLENGES.set(sum(1 for r in challenges if self.service.running.owns(r.guild_id)))
        if self.latencies is not None:
            for shard, seconds in self.latencies():
                if seconds == seconds and seconds != float("inf"):  # not NaN, not unknown
                    metrics.GATEWAY_LATENCY.labels(shard=str(shard)).set(seconds)
        newest = self.newest_backup()
        metrics.LAST_BACKUP.set(newest or 0)

    async def status(self, guild_id: int | None) -> str:
        """What /status shows a server's admins."""
        backups = Backups(postgres=self.database is None, newest=self.newest_backup, daily=self.daily is not None,
                          keep=self.config.backup_keep)
        return await server_status(self.service, guild_id, backups)

