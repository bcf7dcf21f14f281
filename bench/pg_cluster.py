"""A throwaway PostgreSQL cluster for the tests and bench/load.py: initdb in a temporary folder,
a server listening only on a unix socket there, stopped and removed at the end.

Debian's ``postgresql`` package provides initdb/pg_ctl (under /usr/lib/postgresql/<n>/bin); they
refuse to run as root, so as root they run as the ``postgres`` user. ``unavailable()`` says why
there can be no cluster (so the PostgreSQL tier is skipped with that reason, never silently).
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile


def _tool(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def unavailable() -> str | None:
    """Why no throwaway cluster can start here, or None if one can."""
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        return "asyncpg is not installed (pip install asyncpg)"
    if _tool("initdb") is None or _tool("pg_ctl") is None:
        return "PostgreSQL is not installed (apt-get install -y postgresql provides initdb and pg_ctl)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no postgres user to run PostgreSQL as"
    return None


class Cluster:
    """``with Cluster() as url:`` a running server and the URL of its ``postgres`` database."""

    def __init__(self) -> None:
        self.folder = ""

    def _run(self, *command: str) -> None:
        if os.geteuid() == 0:
            command = ("runuser", "-u", "postgres", "--", *command)
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)

    def start(self) -> str:
        reason = unavailable()
        if reason:
            raise RuntimeError(reason)
        self.folder = tempfile.mkdtemp(prefix="paisho-pg-")
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
        data = os.path.join(self.folder, "data")
        initdb, pg_ctl = _tool("initdb"), _tool("pg_ctl")
        assert initdb and pg_ctl
        self._run(initdb, "-D", data, "-A", "trust", "-U", "postgres", "--no-sync")
        options = f"-k {self.folder} -c listen_addresses='' -c fsync=off -c max_connections=200"
        self._run(pg_ctl, "-D", data, "-o", options, "-l", os.path.join(self.folder, "log"), "-w", "start")
        return self.url

    @property
    def url(self) -> str:
        return f"postgresql://postgres@/postgres?host={self.folder}"

    def stop(self) -> None:
        if not self.folder:
            return
        pg_ctl = _tool("pg_ctl")
        try:
            if pg_ctl:
                self._run(pg_ctl, "-D", os.path.join(self.folder, "data"), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = ""

    def __enter__(self) -> str:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


async def empty(url: str) -> None:
    """Drop everything in the database (a fresh schema for the next test)."""
    import asyncpg  # imported where it is used: unavailable() reports a missing asyncpg instead
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    finally:
        await conn.close()
