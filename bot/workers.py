"""CPU-heavy work in separate worker processes (the AI's search, animated replays), so the event
loop keeps answering slash commands and autocomplete while it runs.

``await workers.run(fn, *args)`` runs a module-level function in a worker process and returns its
result; arguments and results travel by pickle (views, records and moves do; live games are
rebuilt from their records in the worker). Workers start with the "spawn" method (a forked copy
of a process running an event loop and database threads is not safe) on first use, and are shut
down with ``close()``.

A spawned worker imports ``engine`` and ``rendering`` afresh, which register the project's own
games and pictures only. A game registered at run time from outside them (a plug-in of one's
own) is handed to each worker when it starts (``Plugins``: the descriptors and picture functions,
pickled by reference to their modules, which the worker imports); when the plug-ins change, the
workers are replaced before the next task, so a task never runs where its game is unknown.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

import rendering
from engine import registry
from engine.registry import GameDescriptor

log = logging.getLogger(__name__)
T = TypeVar("T")


def default_processes() -> int:
    """One worker per core but one (the event loop keeps a core), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True)
class Plugins:
    """The games and pictures registered in this process beyond those ``engine`` and ``rendering``
    register by themselves (see the module docstring)."""

    games: tuple[GameDescriptor, ...]
    pictures: tuple[tuple[str, dict[str, Callable[..., Any]]], ...]

    @classmethod
    def here(cls) -> Plugins:
        return cls(registry.plugins(), rendering.plugins())


def install(plugins: Plugins) -> None:
    """Register ``plugins`` in this process (a worker's first step)."""
    for descriptor in plugins.games:
        registry.register(descriptor)
    for variant, pictures in plugins.pictures:
        rendering.register(variant, **pictures)


class Workers:
    """A pool of worker processes, started on first use."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = processes or default_processes()
        self._pool: ProcessPoolExecutor | None = None
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
