"""CPU-heavy work in separate worker processes (the AI's search, animated replays), so the event
loop keeps answering slash commands and autocomplete while it runs.

``await workers.run(fn, *args, kind=..., key=...)`` runs a module-level function in a worker
process and returns its result; arguments and results travel by pickle (views, records and moves
do; live games are rebuilt from their records in the worker). Workers start with the "spawn"
method (a forked copy of a process running an event loop and database threads is not safe) on
first use, and are shut down with ``close()``. Each pool reports its queue length and the time each
job ran in a worker (bot/metrics.py), named by ``pool``.

A game registered at run time from outside ``engine`` (a plug-in of one's own) reaches the
workers too: each worker registers the plug-ins when it starts, and the workers are replaced when
they change (bot/plugins.py).

Fair use: jobs wait in a queue of our own in front of the pool, which takes no more jobs than it
has processes. The queue serves kinds in order (the bot's moves, then reviews, then replays) and, within a
kind, the servers (``key``) in turn: the server served longest ago goes first, so one server's
backlog delays another server's move by at most the job already running.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import multiprocessing
import os
import time
from collections import deque
from collections.abc import Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from . import metrics
from .plugins import Plugins, install

log = logging.getLogger(__name__)
T = TypeVar("T")

KINDS = ("move", "review", "replay")  # served in this order: a bot's move never waits behind a review or a replay
Job = tuple[Callable[..., Any], tuple[Any, ...], "asyncio.Future[Any]"]


def default_processes() -> int:
    """One worker per core but one (the event loop keeps a core), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


def timed(fn: Callable[..., T], *args: Any) -> tuple[float, T]:
    """``fn(*args)`` and the seconds it took where it ran (in the worker)."""
    started = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - started, result


def ran(pool: str, fn: Callable[..., Any], seconds: float) -> None:
    """Report the time a job ran (paisho_work_seconds)."""
    metrics.WORK_SECONDS.labels(pool=pool, job=fn.__name__).observe(seconds)


class FairQueue:
    """Jobs waiting for a worker: by kind (in ``KINDS`` order), then by server, the server served
    longest ago first (one never served before any other), each server's jobs in arrival order."""

    REMEMBERED = 10_000  # servers whose last turn is remembered (the oldest are forgotten)

    def __init__(self) -> None:
        self._jobs: dict[str, dict[Hashable, deque[Job]]] = {kind: {} for kind in KINDS}
        self._served: dict[Hashable, int] = {}  # server -> when it was last served (a counter)
        self._clock = itertools.count()

    def put(self, kind: str, key: Hashable, job: Job) -> None:
        if kind not in self._jobs:
            raise ValueError(f"Unknown kind of work {kind!r}; one of {', '.join(KINDS)}")
        self._jobs[kind].setdefault(key, deque()).append(job)

    def pop(self) -> Job | None:
        """The next job to run, or None when nothing waits."""
        for kind in KINDS:
            waiting = self._jobs[kind]
            if not waiting:
                continue
            key = min(waiting, key=lambda k: self._served.get(k, -1))  # ties: the first to arrive
            jobs = waiting[key]
            job = jobs.popleft()
            if not jobs:
                del waiting[key]
            self._served[key] = next(self._clock)
            if len(self._served) > self.REMEMBERED:
                del self._served[min(self._served, key=self._served.__getitem__)]
            return job
        return None

    def waiting(self, kind: str | None = None) -> int:
        """How many jobs wait (of one kind, or all)."""
        kinds = KINDS if kind is None else (kind,)
        return sum(len(jobs) for k in kinds for jobs in self._jobs[k].values())


class Workers:
    """A pool of worker processes, started on first use, fed by a FairQueue. ``pool`` names it in
    the figures (its queue length, its jobs' run time)."""

    def __init__(self, processes: int | None = None, pool: str = "ai") -> None:
        self.processes = processes or default_processes()
        self.pool = pool
        self._pool: ProcessPoolExecutor | None = None
        self.queue = FairQueue()
        self.busy = 0  # jobs running in the pool now
        self._plugins: Plugins | None = None  # what the pool's workers were given

    def _executor(self) -> ProcessPoolExecutor:
        plugins = Plugins.here()
        if self._pool is not None and plugins != self._plugins:
            log.info("Games or pictures were registered since the workers started; starting new workers")
            self._pool.shutdown(wait=False)  # tasks already given to the old workers still finish
            self._pool = None
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=install, initargs=(plugins,))
            self._plugins = plugins
        return self._pool

    async def run(self, fn: Callable[..., T], *args: Any, kind: str = "move", key: Hashable = None) -> T:
        """``fn(*args)`` in a worker process, once the queue comes to it (``kind`` of work, for
        server ``key``). A pool broken by a crashed worker is replaced and the call tried once
        more."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self.queue.put(kind, key, (fn, args, future))
        with metrics.queued(self.pool):  # waiting or running
            self._dispatch()
            return await future

    def _dispatch(self) -> None:
        """Start waiting jobs while the pool has a free process (a job whose caller gave up is
        dropped)."""
        while self.busy < self.processes:
            job = self.queue.pop()
            if job is None:
                return
            if job[2].done():
                continue
            self.busy += 1
            asyncio.ensure_future(self._execute(*job))

    async def _execute(self, fn: Callable[..., Any], args: tuple[Any, ...], future: asyncio.Future[Any]) -> None:
        loop = asyncio.get_running_loop()
        try:
            try:
                seconds, result = await loop.run_in_executor(self._executor(), timed, fn, *args)
            except BrokenProcessPool:
                log.warning("A worker process died; starting new workers and trying %s again", fn.__name__)
                self._pool = None
                seconds, result = await loop.run_in_executor(self._executor(), timed, fn, *args)
            ran(self.pool, fn, seconds)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as err:  # the caller hears it
            if not future.done():
                future.set_exception(err)
        else:
            if not future.done():
                future.set_result(result)
        finally:
            self.busy -= 1
            self._dispatch()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class InlineWorkers(Workers):
    """Runs the work in a thread of this process instead (the console, tests that need no
    isolation, or a bot told to keep its pictures in its own process)."""

    def __init__(self, pool: str = "ai") -> None:
        super().__init__(1, pool)

    async def run(self, fn: Callable[..., T], *args: Any, kind: str = "move", key: Hashable = None) -> T:
        with metrics.queued(self.pool):
            seconds, result = await asyncio.to_thread(timed, fn, *args)
        ran(self.pool, fn, seconds)
        return result


def painters(processes: int | None) -> Workers:
    """Where pictures are drawn: ``processes`` worker processes of their own (None: one per core
    but one), or a thread of this process when 0."""
    return InlineWorkers("pictures") if processes == 0 else Workers(processes, "pictures")
