"""Shared fixtures (helpers that tests import: tests/helpers.py): a real SQLite store in a temporary folder, a service with a controllable clock,
and a throwaway PostgreSQL cluster (started once per session when a test asks for it; without
PostgreSQL those tests are skipped with the reason)."""
from __future__ import annotations

import os
import random

import pytest

from bench import pg_cluster
from bot.service import GameService
from data import Store
from tests.helpers import Clock, open_store


def pytest_collection_modifyitems(items):
    """The PostgreSQL tier is slow-marked (tests/README.md): it starts a cluster and runs the store
    and service tests a second time, so the quick subset (-m "not slow") runs them on SQLite."""
    for item in items:
        callspec = getattr(item, "callspec", None)
        on_postgres = "postgres_cluster" in item.fixturenames or (
            callspec is not None and "postgresql" in callspec.params.values())
        if on_postgres:
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "games.db")


@pytest.fixture
async def store(request):
    """The store the service tests use: SQLite, or PostgreSQL with PAISHO_TEST_STORE=postgresql
    (to run the same service tests on both)."""
    s = await open_store(os.environ.get("PAISHO_TEST_STORE", "sqlite"), request)
    yield s
    await s.close()


@pytest.fixture
async def stores():
    """``await stores(path)`` opens a SQLite store on ``path``; whatever is still open at the end of
    the test is closed, so a test that fails midway leaves no database thread behind (one keeps
    pytest from exiting)."""
    opened: list[Store] = []

    async def open_one(path: str) -> Store:
        opened.append(await Store.open(path))
        return opened[-1]
    yield open_one
    for store in opened:
        await store.close()


@pytest.fixture(scope="session")
def postgres_cluster():
    """The URL of a throwaway PostgreSQL server for this test session."""
    reason = pg_cluster.unavailable()
    if reason:
        pytest.skip(f"PostgreSQL tier skipped: {reason}")
    with pg_cluster.Cluster() as url:
        yield url


@pytest.fixture
async def postgres_url(postgres_cluster):
    """The throwaway server's database, emptied for this test."""
    await pg_cluster.empty(postgres_cluster)
    return postgres_cluster


@pytest.fixture(params=["sqlite", "postgresql"])
async def any_store(request):
    """The same tests against both stores."""
    s = await open_store(request.param, request)
    yield s
    await s.close()


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def service(store, clock):
    return GameService(store, clock=clock, challenge_ttl=3600, rng=random.Random(5))
