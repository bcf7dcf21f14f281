"""Shared fixtures: a real SQLite store in a temporary folder, a service with a controllable clock."""
from __future__ import annotations

import random

import pytest

from bot.service import GameService, Person
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
async def store(db_path):
    s = await Store.open(db_path)
    yield s
    await s.close()


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def service(store, clock):
    return GameService(store, clock=clock, challenge_ttl=3600, rng=random.Random(5))


ALICE, BOB, CAROL, DAVE = (Person(1, "alice"), Person(2, "bob"), Person(3, "carol"), Person(4, "dave"))
