"""``scripts/start restore PATH``: put a backup back in place of the SQLite database.

Refused while a bot or console has the database open (every open store holds a shared lock on it,
data/filelock.py; restore needs the exclusive one, and holds it until it is done, so no bot starts
in the middle). The backup is checked before anything is touched. The current database is never
deleted: it is moved aside, with its write-ahead log if it has one, as
``<name>-before-restore-<UTC time>.db``. The backup is copied in under a temporary name, synced,
renamed into place and checked again. A backup of an older schema is brought up to date by the
next start, as any old database is.
"""
from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from data.filelock import DatabaseBusy, DatabaseLock
from data.migrations import MIGRATIONS

from .backup import BackupError, Snapshot, copy_database, inspect, stamp, sync_to_disk

SIDECARS = ("-wal", "-shm")  # SQLite's files beside a database in WAL mode


@dataclass(frozen=True)
class Restored:
    database: str
    backup: str
    snapshot: Snapshot
    aside: str | None  # where the database as it was now is (None: there was none)

    def described(self) -> str:
        kept = (f" The database as it was is kept at {self.aside}." if self.aside
                else " There was no database there before.")
        return (f"Restored {self.database} from {self.backup} ({self.snapshot.described()}).{kept} "
                "Start the bot again (scripts/start, or sudo systemctl start paisho-bot): running games go "
                "on from where they were when the backup was taken.")


def restore(database: str, backup: str, now: float | None = None) -> Restored:
    """Put ``backup`` in place of ``database``; BackupError says why it cannot."""
    if os.path.exists(database) and os.path.exists(backup) and os.path.samefile(database, backup):
        raise BackupError(f"{backup} is the database itself; name a backup file.")
    snapshot = inspect(backup)
    if snapshot.schema_version > len(MIGRATIONS):
        raise BackupError(f"{backup} was made by a newer version of the bot (schema version "
                          f"{snapshot.schema_version}; this one knows {len(MIGRATIONS)}). Update the bot first.")
    try:
        lock = DatabaseLock.exclusive(database)
    except DatabaseBusy as busy:
        raise BackupError(f"Not restored. {busy}") from None
    try:
        aside = set_aside(database, now if now is not None else time.time())
        incoming = database + ".restoring"
        if os.path.exists(incoming):
            os.remove(incoming)  # left by a restore that was interrupted
        source = sqlite3.connect(f"{Path(backup).resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
        try:
            copy_database(source, incoming)
        finally:
            source.close()
        os.replace(incoming, database)
        sync_to_disk(os.path.dirname(os.path.abspath(database)))
        placed = inspect(database)
        if placed.counts != snapshot.counts:
            raise BackupError(f"{database} does not hold what {backup} holds after the copy "
                              f"({placed.described()}); the database as it was is at {aside}.")
    except (sqlite3.Error, OSError) as err:
        raise BackupError(f"Could not restore {backup} to {database}: {err}.") from None
    finally:
        lock.release()
    return Restored(database, backup, snapshot, aside)


def set_aside(database: str, now: float) -> str | None:
    """Move the database (and its write-ahead log, if any) to a new name beside it; returns that
    name (None when there is no database). Its log is folded in first where SQLite can, so the
    file set aside is complete on its own."""
    if not os.path.exists(database):
        for suffix in SIDECARS:  # a log without its database belongs to nothing: keep it too, aside
            if os.path.exists(database + suffix):
                os.replace(database + suffix, f"{database}{suffix}.orphan-{stamp(now)}")
        return None
    try:
        conn = sqlite3.connect(database, isolation_level=None)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
    except sqlite3.Error:
        pass  # a damaged database is moved aside as it is, log and all
    base = os.path.join(os.path.dirname(database), f"{Path(database).stem}-before-restore-{stamp(now)}")
    aside, n = base + ".db", 1
    while os.path.exists(aside):
        aside, n = f"{base}-{n}.db", n + 1
    os.replace(database, aside)
    for suffix in SIDECARS:
        if os.path.exists(database + suffix):
            os.replace(database + suffix, aside + suffix)
    return aside
