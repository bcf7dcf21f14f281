"""What the logs may hold (issue 36): with LOG_LEVEL=DEBUG, discord.py's own loggers (which write
interaction tokens and message payloads at DEBUG) stay at INFO unless DISCORD_LOG_LEVEL asks; a
PostgreSQL password never appears in a logged URL, in the user part or in the query string."""
from __future__ import annotations

import logging

import pytest

from bot.__main__ import configure_logging
from bot.config import ConfigError, load_config
from data.urls import masked_url


@pytest.fixture
def restore_logging():
    root, discord_logger = logging.getLogger(), logging.getLogger("discord")
    levels = root.level, discord_logger.level
    yield
    root.setLevel(levels[0])
    discord_logger.setLevel(levels[1])


def test_debug_logs_leave_discord_at_info(monkeypatch, restore_logging):
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")
    monkeypatch.delenv("DISCORD_LOG_LEVEL", raising=False)
    configure_logging(load_config(env_file=None))
    assert logging.getLogger("bot.service").isEnabledFor(logging.DEBUG)
    assert not logging.getLogger("discord.http").isEnabledFor(logging.DEBUG)
    assert not logging.getLogger("discord.gateway").isEnabledFor(logging.DEBUG)
    monkeypatch.setenv("DISCORD_LOG_LEVEL", "debug")
    configure_logging(load_config(env_file=None))
    assert logging.getLogger("discord.http").isEnabledFor(logging.DEBUG)
    monkeypatch.setenv("DISCORD_LOG_LEVEL", "loud")
    with pytest.raises(ConfigError, match="DISCORD_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not 'LOUD'"):
        load_config(env_file=None)


@pytest.mark.parametrize("url, shown", [
    ("postgresql://paisho:s3cret@localhost/paisho", "postgresql://paisho:***@localhost/paisho"),
    ("postgresql://paisho@localhost/paisho?password=s3cret&sslmode=require",
     "postgresql://paisho@localhost/paisho?password=***&sslmode=require"),
    ("postgres://u:p%40ss@db:5432/x?sslpassword=s3cret", "postgres://u:***@db:5432/x?sslpassword=***"),
    ("postgresql://paisho@/paisho?host=/run/postgresql", "postgresql://paisho@/paisho?host=/run/postgresql"),
])
def test_a_logged_database_url_shows_no_password(url, shown):
    assert masked_url(url) == shown


async def test_the_postgres_store_names_itself_without_the_password(postgres_cluster):
    from data.postgres import PostgresStore
    store = await PostgresStore.open(postgres_cluster + ("&" if "?" in postgres_cluster else "?") + "password=hunter2")
    try:
        assert "hunter2" not in store.path and "password=***" in store.path
    finally:
        await store.close()
