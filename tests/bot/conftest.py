"""The service tests run on both stores: ``store`` (and so ``service``) is SQLite and then
PostgreSQL (skipped, with the reason, where PostgreSQL is not installed). Tests about a store's own
file or connection ask for ``db_path`` or skip on the other store with the reason."""
from __future__ import annotations

import pytest

from tests.helpers import open_store


@pytest.fixture(params=["sqlite", "postgresql"])
async def store(request):
    s = await open_store(request.param, request)
    yield s
    await s.close()
