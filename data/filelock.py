"""Who holds a SQLite database file: every open store holds a shared lock on ``<file>.lock``, and
what must have the file to itself (``scripts/start restore``, ``scripts/start copy-to``) takes the
exclusive lock, which it gets only while no store is open on the file, and which keeps stores from
opening until it is done.

The locks are the operating system's (``flock``): they end with the process that holds them, even
one killed with ``kill -9``, so a crashed bot never leaves the database locked. The lock file itself
stays in place (deleting it would let two processes lock two different files).
"""
from __future__ import annotations

import os

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock: nothing is locked there
    fcntl = None  # type: ignore[assignment]


class DatabaseBusy(Exception):
    """The lock is held by another holder; the message says what to do."""


def lock_path(database_path: str) -> str:
    return database_path + ".lock"


class DatabaseLock:
    """``DatabaseLock.shared(path)`` (a store is open on the file) or ``DatabaseLock.exclusive(path)``
    (nothing else may use it); ``release()`` ends it. Both raise DatabaseBusy at once instead of
    waiting."""

    def __init__(self, database_path: str, fd: int | None) -> None:
        self.database_path = database_path
        self._fd = fd

    @classmethod
    def shared(cls, database_path: str) -> DatabaseLock:
        return cls._take(database_path, exclusive=False)

    @classmethod
    def exclusive(cls, database_path: str) -> DatabaseLock:
        return cls._take(database_path, exclusive=True)

    @classmethod
    def _take(cls, database_path: str, exclusive: bool) -> DatabaseLock:
        if fcntl is None or database_path == ":memory:":
            return cls(database_path, None)
        folder = os.path.dirname(os.path.abspath(database_path))
        os.makedirs(folder, exist_ok=True)
        fd = os.open(lock_path(database_path), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if exclusive:
                raise DatabaseBusy(f"A bot or console is using {database_path} right now. Stop it first "
                                   "(e.g. sudo systemctl stop paisho-bot, or quit the console).") from None
            raise DatabaseBusy(f"{database_path} is being restored or copied right now (scripts/start restore "
                               "or copy-to); start the bot again when that has finished.") from None
        except BaseException:
            os.close(fd)
            raise
        return cls(database_path, fd)

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)  # closing the file ends the lock

    def __enter__(self) -> DatabaseLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
