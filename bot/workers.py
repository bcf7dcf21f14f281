"""CPU-heavy work in separate worker processes (the AI's search, animated replays), so the event
loop keeps answering slash commands and autocomplete while it runs.

``await workers.run(fn, *args)`` runs a module-level function in a worker process and returns its
result; arguments and results travel by pickle (views, records and moves do; live games are
rebuilt from their records in the worker). Workers start with the "spawn" method (a forked copy
of a process running an event loop and database threads is not safe) on first use, and are shut
down with ``close()``.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from . import metrics

log = logging.getLogger(__name__)
T = TypeVar("T")


def default_processes() -> int:
    """One worker per core but one (the event loop keeps a core), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


def timed(fn: Callable[..., T], *args: Any) -> tuple[float, T]:
    """``fn(*args)`` and the seconds it took where it ran (in the worker)."""
    started = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - started, result


class Workers:
    """A pool of worker processes, started on first use. ``pool`` names it in the figures
    (bot/metrics.py: its queue length)."""

    def __init__(self, processes: int | None = None, pool: str = "ai") -> None:
        self.processes = processes or default_processes()
        self.pool = pool
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process, counted in the pool's queue until it is done and
        timed where it ran (paisho_work_seconds). A pool broken by a crashed worker is replaced
        and the call tried once more."""
        with metrics.queued(self.pool):
            seconds, result = await self._run(timed, fn, *args)
        metrics.WORK_SECONDS.labels(pool=self.pool, job=fn.__name__).observe(seconds)
        return result

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), fn, *args)
        except BrokenProcessPool:
            log.warning("A worker process died; starting new workers and trying %s again", args[0].__name__)
            self._pool = None
            return await loop.run_in_executor(self._executor(), fn, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class InlineWorkers(Workers):
    """Runs the work in a thread of this process instead (the console, tests that need no
    isolation, or a bot told to keep its pictures in its own process)."""

    def __init__(self, pool: str = "ai") -> None:
        super().__init__(1, pool)

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(fn, *args)


def painters(processes: int | None) -> Workers:
    """Where pictures are drawn: ``processes`` worker processes of their own (None: one per core
    but one), or a thread of this process when 0."""
    return InlineWorkers("pictures") if processes == 0 else Workers(processes, "pictures")
