"""A real ``python -m bot console`` process driven line by line (asyncio subprocess), for the
operator's tests: health and metrics over real HTTP, signals, restarts."""
from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from pathlib import Path

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Console:
    """``async with Console(db, boards, METRICS_PORT=...) as c``: ``say`` a line, ``expect`` output."""

    def __init__(self, db: str, boards: str, **env: str) -> None:
        self.args = [sys.executable, "-m", "bot", "console", "--db", db, "--boards", boards]
        self.env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "BACKUP_DIR", "METRICS_PORT")}
        self.env.update(PYTHONPATH=str(ROOT), **env)
        self.out: list[str] = []
        self.proc: asyncio.subprocess.Process | None = None

    async def __aenter__(self) -> Console:
        self.proc = await asyncio.create_subprocess_exec(*self.args, cwd=ROOT, env=self.env,
                                                         stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                                                         stderr=asyncio.subprocess.PIPE)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()

    async def say(self, *lines: str) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write("".join(line + "\n" for line in lines).encode())
        await self.proc.stdin.drain()

    async def expect(self, text: str, timeout: float = 60) -> str:
        """Read output until a line holds ``text``; returns that line."""
        assert self.proc is not None and self.proc.stdout is not None
        async with asyncio.timeout(timeout):
            while True:
                raw = await self.proc.stdout.readline()
                if not raw:
                    raise AssertionError(f"the console ended before saying {text!r}:\n" + "\n".join(self.out[-20:]))
                line = raw.decode().rstrip("\n")
                self.out.append(line)
                if text in line:
                    return line

    async def finish(self, sig: int | None = None, timeout: float = 60) -> tuple[int, str, str]:
        """End the console (a signal, or the end of its input); (exit status, the rest of stdout, stderr)."""
        assert self.proc is not None and self.proc.stdin is not None
        if sig is None:
            self.proc.stdin.close()
        else:
            self.proc.send_signal(sig)
        out, err = await asyncio.wait_for(self.proc.communicate(), timeout)
        self.out += out.decode().splitlines()
        return self.proc.returncode or 0, out.decode(), err.decode()


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


def figures(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """/metrics as {(sample name, labels): value}."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def figure(found: dict, name: str, **labels: str) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


SIGTERM = signal.SIGTERM
