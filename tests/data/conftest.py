"""The store tests run against both stores: ``store`` here is SQLite and PostgreSQL in turn
(tests about SQLite itself, its file and its connection, ask for ``sqlite_store``)."""
from __future__ import annotations

import pytest

from data import Store


@pytest.fixture
async def store(any_store):
    return any_store


@pytest.fixture
async def sqlite_store(db_path):
    s = await Store.open(db_path)
    yield s
    await s.close()
