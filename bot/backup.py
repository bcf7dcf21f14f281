"""Backups of the SQLite database: ``scripts/start backup [PATH]`` and the bot's daily backup
(BACKUP_DIR, keeping the newest BACKUP_KEEP).

A backup is taken with SQLite's online backup API inside one read transaction of its own, so it is
the database exactly as it was at one moment, whatever the bot writes meanwhile (WAL mode lets the
bot go on writing). It is written to ``<name>.partial``, then opened and checked (integrity, the
schema version and the number of rows of every table, which must equal those of the moment it was
taken), and only then renamed to its name: a file with a backup's name is always a whole, checked
backup. Backups are single files (journal mode DELETE), safe to copy anywhere.

Daily backups are named ``<database name>-<UTC date>-<time>.db`` (e.g. ``paisho-20250314-030000.db``);
only files named so are counted and pruned, never anything else in the folder.
"""
from __future__ import annotations

import asyncio
import calendar
import logging
import os
import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import metrics

log = logging.getLogger(__name__)

DAY = 24 * 3600.0
RETRY = 3600.0  # seconds before a failed daily backup is tried again


class BackupError(Exception):
    """A backup that cannot be made or used; the message says why, in an operator's words."""


@dataclass(frozen=True)
class Snapshot:
    """What a database file holds: its schema version and the rows of each table."""

    schema_version: int
    counts: dict[str, int]
    size: int = 0  # bytes

    def described(self) -> str:
        rows = ", ".join(f"{table} {count}" for table, count in self.counts.items())
        return f"schema version {self.schema_version}; rows: {rows}"


def size_words(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{max(1, round(size / 1e3))} KB"


def _tables(conn: sqlite3.Connection) -> list[str]:
    return [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                       "AND name NOT LIKE 'sqlite_%' ORDER BY rowid")]


def _counts(conn: sqlite3.Connection) -> dict[str, int]:
    return {table: conn.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0] for table in _tables(conn)}


def _version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def inspect(path: str) -> Snapshot:
    """Open a database file read-only and check it: SQLite's integrity check, a Pai Sho Bot
    schema; its schema version and rows. BackupError says what is wrong."""
    if not os.path.isfile(path):
        raise BackupError(f"There is no file {path}.")
    try:
        conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as err:
        raise BackupError(f"{path} cannot be opened: {err}.") from None
    try:
        verdict = conn.execute("PRAGMA integrity_check").fetchall()
        if verdict != [("ok",)]:
            raise BackupError(f"{path} is damaged (SQLite's integrity check: {verdict[0][0]}).")
        counts = _counts(conn)
        if "games" not in counts:
            raise BackupError(f"{path} is a SQLite database, but not one of Pai Sho Bot (it has no games table).")
        return Snapshot(_version(conn), counts, os.path.getsize(path))
    except sqlite3.DatabaseError as err:
        raise BackupError(f"{path} is not a SQLite database ({err}).") from None
    finally:
        conn.close()


def sync_to_disk(path: str) -> None:
    """Make a file (or folder) durable on disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def copy_database(source: sqlite3.Connection, target: str) -> None:
    """SQLite's online backup of ``source`` (at its current read transaction) into the new file
    ``target``, made a single self-contained file and synced to disk."""
    out = sqlite3.connect(target, isolation_level=None)
    try:
        source.backup(out)
        out.execute("PRAGMA journal_mode = DELETE")
    finally:
        out.close()
    sync_to_disk(target)


def take(database: str, target: str) -> Snapshot:
    """Back ``database`` up to the new file ``target`` (its folder is created) and check it;
    returns what it holds. Safe while a bot writes to the database."""
    if not os.path.isfile(database):
        raise BackupError(f"There is no database at {database} to back up (the bot creates it on its first start).")
    if os.path.exists(target):
        raise BackupError(f"{target} already exists; name a new file (a backup never overwrites one).")
    folder = os.path.dirname(os.path.abspath(target))
    os.makedirs(folder, exist_ok=True)
    partial = target + ".partial"
    if os.path.exists(partial):
        os.remove(partial)  # left by a backup that was interrupted
    source = sqlite3.connect(database, isolation_level=None)
    try:
        source.execute("BEGIN")  # one read transaction: the counts and the copy see one moment
        try:
            expected = Snapshot(_version(source), _counts(source))
            copy_database(source, partial)
        finally:
            source.execute("COMMIT")
        found = inspect(partial)
        if (found.schema_version, found.counts) != (expected.schema_version, expected.counts):
            raise BackupError(f"The copy of {database} does not hold what the database held "
                              f"({found.described()} instead of {expected.described()}); it was not kept.")
        os.replace(partial, target)
        sync_to_disk(folder)
    except sqlite3.Error as err:
        raise BackupError(f"Could not back up {database} to {target}: {err}.") from None
    except OSError as err:
        raise BackupError(f"Could not write the backup {target}: {err.strerror or err}.") from None
    finally:
        source.close()
        if os.path.exists(partial):
            os.remove(partial)
    return found


# ----- names, the newest, pruning -------------------------------------------------------------
def stamp(when: float) -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime(when))


def _pattern(database: str) -> re.Pattern[str]:
    return re.compile(re.escape(Path(database).stem) + r"-(\d{8}-\d{6})(?:-(\d+))?\.db")


def backup_folder(database: str, backup_dir: str | None) -> str:
    """Where backups go: BACKUP_DIR, else a ``backups`` folder beside the database."""
    return backup_dir or os.path.join(os.path.dirname(database), "backups")


def new_name(database: str, folder: str, when: float) -> str:
    """A backup's file name in ``folder`` that is not taken yet."""
    base = f"{Path(database).stem}-{stamp(when)}"
    path, n = os.path.join(folder, base + ".db"), 1
    while os.path.exists(path) or os.path.exists(path + ".partial"):
        path, n = os.path.join(folder, f"{base}-{n}.db"), n + 1
    return path


def backups(database: str, folder: str) -> list[tuple[float, str]]:
    """The backups of ``database`` in ``folder`` as (when taken, path), oldest first."""
    pattern, found = _pattern(database), []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        matched = pattern.fullmatch(name)
        if matched:
            when = float(calendar.timegm(time.strptime(matched.group(1), "%Y%m%d-%H%M%S")))
            found.append((when, int(matched.group(2) or 0), os.path.join(folder, name)))
    return [(when, path) for when, _, path in sorted(found)]


def newest(database: str, folder: str) -> tuple[float, str] | None:
    found = backups(database, folder)
    return found[-1] if found else None


def prune(database: str, folder: str, keep: int) -> list[str]:
    """Remove all but the newest ``keep`` backups of ``database`` in ``folder``; returns those removed."""
    removed = []
    for _, path in backups(database, folder)[:-keep]:
        try:
            os.remove(path)
            removed.append(path)
        except OSError as err:
            log.warning("Could not remove the old backup %s: %s", path, err)
    return removed


def resolve_target(database: str, given: str | None, backup_dir: str | None, now: float) -> str:
    """Where ``scripts/start backup [PATH]`` writes: PATH (a new file, or a folder to put a
    dated file in), else a dated file in the backup folder."""
    if given and not os.path.isdir(given):
        return given
    return new_name(database, given or backup_folder(database, backup_dir), now)


# ----- the daily backup -----------------------------------------------------------------------
class DailyBackups:
    """Once a day (a day after the newest backup in the folder, or at once if there is none that
    recent), back the database up into ``folder`` and keep the newest ``keep``. A failure is
    logged (and counted in paisho_errors) and tried again an hour later."""

    def __init__(self, database: str, folder: str, keep: int, clock: Callable[[], float] = time.time,
                 every: float = DAY) -> None:
        self.database, self.folder, self.keep = database, folder, keep
        self.clock, self.every = clock, every
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="daily-backups")

    async def stop(self) -> None:
        if self._task is not None:
            task, self._task = self._task, None
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass

    def due_in(self) -> float:
        """Seconds until the next backup is due (0: now)."""
        last = newest(self.database, self.folder)
        return 0.0 if last is None else max(0.0, last[0] + self.every - self.clock())

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.due_in())
            try:
                path, snapshot = await asyncio.to_thread(self.take_one)
            except Exception:
                log.exception("The daily backup of %s into %s failed; trying again in an hour",
                              self.database, self.folder)
                await asyncio.sleep(RETRY)
                continue
            log.info("Daily backup: %s (%s, %s)", path, size_words(snapshot.size), snapshot.described())

    def take_one(self) -> tuple[str, Snapshot]:
        """One backup now, then the oldest beyond ``keep`` removed."""
        now = self.clock()
        target = new_name(self.database, self.folder, now)
        snapshot = take(self.database, target)
        metrics.LAST_BACKUP.set(now)
        for path in prune(self.database, self.folder, self.keep):
            log.info("Removed the old backup %s (BACKUP_KEEP=%d)", path, self.keep)
        return target, snapshot
