"""The operator's settings (issue 37): METRICS_PORT and METRICS_HOST, BACKUP_DIR and BACKUP_KEEP."""
from __future__ import annotations

import pytest

from bot.config import ConfigError, load_config
from data.urls import masked_url

NAMES = ("DATABASE_URL", "METRICS_PORT", "METRICS_HOST", "BACKUP_DIR", "BACKUP_KEEP")


@pytest.fixture
def env(monkeypatch):
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)

    def set_env(**values):
        for name, value in values.items():
            monkeypatch.setenv(name, value)
        return load_config(env_file=None)
    return set_env


def test_by_default_nothing_is_served_and_no_daily_backups(env):
    config = env()
    assert (config.metrics_port, config.metrics_host, config.backup_dir, config.backup_keep) == \
        (None, "127.0.0.1", None, 7)


def test_the_operators_settings_are_taken(env):
    config = env(METRICS_PORT="9108", METRICS_HOST="0.0.0.0", BACKUP_DIR="/var/lib/paisho-bot/backups",
                 BACKUP_KEEP="14")
    assert (config.metrics_port, config.metrics_host, config.backup_dir, config.backup_keep) == \
        (9108, "0.0.0.0", "/var/lib/paisho-bot/backups", 14)


@pytest.mark.parametrize("values, message", [
    (dict(METRICS_PORT="http"), "METRICS_PORT must be a port number from 1 to 65535, not 'http'."),
    (dict(METRICS_PORT="70000"), "METRICS_PORT must be a port number from 1 to 65535, not '70000'."),
    (dict(METRICS_PORT="0"), "METRICS_PORT must be a port number from 1 to 65535, not '0'."),
    (dict(BACKUP_KEEP="0"), "BACKUP_KEEP must be how many backups to keep (1 or more), not '0'."),
    (dict(BACKUP_KEEP="a week"), "BACKUP_KEEP must be how many backups to keep (1 or more), not 'a week'."),
    (dict(BACKUP_DIR="backups", DATABASE_URL="postgresql://paisho@localhost/paisho"),
     "BACKUP_DIR backs up the SQLite file, but DATABASE_URL says the bot uses PostgreSQL: back PostgreSQL up with "
     "pg_dump (README, 'Backups') and leave BACKUP_DIR empty."),
])
def test_bad_operator_settings_say_what_is_wrong(env, values, message):
    with pytest.raises(ConfigError) as refused:
        env(**values)
    assert str(refused.value) == message


def test_a_url_that_cannot_be_read_is_not_shown():
    assert masked_url("postgresql://paisho:hunter2@[::1/paisho") == "(a database URL that cannot be read)"
