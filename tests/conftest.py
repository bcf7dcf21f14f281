"""Shared fixtures: a real SQLite store in a temporary folder, a service with a controllable clock,
and a throwaway PostgreSQL cluster (started once per session when a test asks for it; without
PostgreSQL those tests are skipped with the reason)."""
from __future__ import annotations

import os
import random

import pytest

from bench import pg_cluster
from bot.service import GameService, Person, Viewer
from data import Store


class Clock:
    """A clock the tests move by hand."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


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


async def open_store(kind: str, request):
    """A fresh store of ``kind`` (sqlite | postgresql) for a test."""
    if kind == "sqlite":
        return await Store.open(request.getfixturevalue("db_path"))
    from data.postgres import PostgresStore
    url = request.getfixturevalue("postgres_cluster")  # skips with the reason when there is none
    await pg_cluster.empty(url)
    return await PostgresStore.open(url)


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


ALICE, BOB, CAROL, DAVE = (Person(1, "alice"), Person(2, "bob"), Person(3, "carol"), Person(4, "dave"))


def looker(person: Person, guild_id: int | None = 1, sees: bool = True) -> Viewer:
    """Someone looking at games from a server (``guild_id``; None: a direct message) who can see
    every channel there (``sees``) or none."""
    return Viewer(person.id, guild_id, lambda channel_id, lobby_id: sees)
