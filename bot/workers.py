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
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")


def default_processes() -> int:
    """One worker per core but one (the event loop keeps a core), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


class Workers:
    """A pool of worker processes, started on first use."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = processes or default_processes()
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process. A pool broken by a crashed worker is replaced and
        the call tried once more."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), fn, *args)
        except BrokenProcessPool:
            log.warning("A worker process died; starting new workers and trying %s again", fn.__name__)
            self._pool = None
            return await loop.run_in_executor(self._executor(), fn, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class InlineWorkers(Workers):
    """Runs the work in a thread of this process instead (the console, tests that need no
    isolation, or a bot told to keep its pictures in its own process)."""

    def __init__(self) -> None:
        super().__init__(1)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(fn, *args)


def painters(processes: int | None) -> Workers:
    """Where pictures are drawn: ``processes`` worker processes of their own (None: one per core
    but one), or a thread of this process when 0."""
    return InlineWorkers() if processes == 0 else Workers(processes)
