"""Settings for running at scale: DATABASE_URL, SHARD_COUNT, SHARD_IDS and PICTURE_WORKERS, and which servers' games
a shard cluster serves."""
from __future__ import annotations

import pytest

from bot.config import ConfigError, load_config, shard_of

SERVER = 81384788765712384  # a real-looking snowflake


@pytest.fixture
def env(monkeypatch):
    for name in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "PICTURE_WORKERS"):
        monkeypatch.delenv(name, raising=False)

    def set_env(**values):
        for name, value in values.items():
            monkeypatch.setenv(name, value)
        return load_config(env_file=None)
    return set_env


def test_one_process_serves_every_server_by_default(env):
    config = env()
    assert (config.database_url, config.shard_count, config.shard_ids) == (None, None, None)
    assert config.owns(SERVER) and config.owns(None)


def test_a_cluster_serves_only_its_shards_servers(env):
    first = env(SHARD_COUNT="4", SHARD_IDS="0-1")
    second = env(SHARD_COUNT="4", SHARD_IDS="2,3")
    assert first.shard_ids == (0, 1) and second.shard_ids == (2, 3)
    servers = [SERVER + (i << 22) for i in range(8)]
    assert [shard_of(s, 4) for s in servers] == [(shard_of(SERVER, 4) + i) % 4 for i in range(8)]
    for server in servers:  # exactly one process serves each server
        assert first.owns(server) != second.owns(server)
    assert first.owns(None) and not second.owns(None)  # direct messages: shard 0


@pytest.mark.parametrize("values, message", [
    (dict(SHARD_IDS="0"), "SHARD_IDS needs SHARD_COUNT"),
    (dict(SHARD_COUNT="two"), "SHARD_COUNT must be a whole number"),
    (dict(SHARD_COUNT="4", SHARD_IDS="4"), "from 0 to 3"),
    (dict(SHARD_COUNT="4", SHARD_IDS="0,0"), "different shards"),
    (dict(SHARD_COUNT="4", SHARD_IDS="a-b"), "like 0,1 or 0-3"),
    (dict(DATABASE_URL="mysql://x"), "postgresql://"),
    (dict(PICTURE_WORKERS="two"), "PICTURE_WORKERS must be a whole number of processes"),
    (dict(PICTURE_WORKERS="-1"), "PICTURE_WORKERS must be a whole number of processes"),
])
def test_bad_settings_say_what_is_wrong(env, values, message):
    with pytest.raises(ConfigError, match=message):
        env(**values)


def test_a_postgresql_url_is_taken(env):
    assert env(DATABASE_URL="postgresql://paisho@/paisho?host=/run/postgresql").database_url.startswith("postgresql")


def test_pictures_are_drawn_by_worker_processes_unless_told_otherwise(env):
    assert env().picture_workers is None  # one per core but one
    assert env(PICTURE_WORKERS="3").picture_workers == 3
    assert env(PICTURE_WORKERS="0").picture_workers == 0  # a thread of the bot's process
