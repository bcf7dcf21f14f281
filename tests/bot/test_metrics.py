"""The figures other parts report into (bot/metrics.py): database calls timed, failures counted
but refusals not; errors counted by where they were logged and what was raised; a worker pool's
queue length while a job waits or runs, and its run time."""
from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading

import pytest

import data.store
from bot import metrics
from bot.workers import InlineWorkers
from data import Store, StoreError, WriteFailed
from tests.helpers import new_game


def _db(name: str, operation: str) -> float:
    return metrics.value(name, {"operation": operation})


@pytest.fixture
async def sqlite_store(db_path):
    s = await Store.open(db_path)
    yield s
    await s.close()


async def test_database_calls_are_timed_and_failures_counted_but_not_refusals(sqlite_store, monkeypatch):
    store = metrics.measured(sqlite_store)
    assert metrics.measured(store) is store and metrics.unmeasured(store) is sqlite_store
    game_id = await new_game(sqlite_store)
    calls, failures = _db("paisho_database_seconds_count", "add_move"), _db("paisho_database_failures_total",
                                                                              "add_move")
    await store.add_move(game_id, 0, 0, "R@a1", 101.0)
    with pytest.raises(StoreError, match="already recorded"):  # a refusal: the database answered
        await store.add_move(game_id, 0, 0, "R@a1", 102.0)
    assert _db("paisho_database_seconds_count", "add_move") == calls + 2
    assert _db("paisho_database_failures_total", "add_move") == failures

    def failing(conn, begin, statements, commit):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(data.store, "_apply", failing)
    with pytest.raises(WriteFailed):
        await store.add_move(game_id, 1, 1, "R@b2", 103.0)
    assert _db("paisho_database_failures_total", "add_move") == failures + 1
    assert store.path == sqlite_store.path  # everything else passes through


def test_errors_are_counted_by_where_and_what(caplog):
    stop = metrics.count_logged_errors()
    try:
        where = logging.getLogger("bot.service.example")
        before = metrics.value("paisho_errors_total", {"where": "bot.service.example", "kind": "ZeroDivisionError"})
        try:
            raise ZeroDivisionError("division by zero")
        except ZeroDivisionError:
            where.exception("Something failed")
        where.warning("Only a warning")  # not counted
        where.error("An error without an exception")
        assert metrics.value("paisho_errors_total", {"where": "bot.service.example", "kind": "ZeroDivisionError"}) \
            == before + 1
        assert metrics.value("paisho_errors_total", {"where": "bot.service.example", "kind": "logged"}) >= 1
    finally:
        stop()


async def test_a_pools_queue_length_and_run_time():
    workers = InlineWorkers("test-pool")
    release = threading.Event()

    def job() -> str:
        release.wait(5)
        return "done"

    running = [asyncio.create_task(workers.run(job)) for _ in range(3)]
    await asyncio.sleep(0.05)
    assert metrics.queue_length("test-pool") == 3
    release.set()
    assert await asyncio.gather(*running) == ["done"] * 3
    assert metrics.queue_length("test-pool") == 0
    assert metrics.value("paisho_work_seconds_count", {"pool": "test-pool", "job": "job"}) == 3
    assert metrics.value("paisho_work_seconds_sum", {"pool": "test-pool", "job": "job"}) > 0.04
