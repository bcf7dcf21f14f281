"""Settings from the environment and an optional .env file (python-dotenv)."""
from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv

DEFAULT_DATABASE = "var/paisho.db"
DEFAULT_BACKUP_KEEP = 7


class ConfigError(Exception):
    """A setting that cannot be used; the message says which and why."""


@dataclass(frozen=True)
class Config:
    token: str | None
    database_path: str
    dev_guild_id: int | None
    log_level: str
    challenge_ttl: float  # seconds a challenge stays open
    reminder_after: float  # seconds before the player to move is reminded
    move_deadline: float  # default seconds per move before a timeout
    database_url: str | None = None  # postgresql://... : PostgreSQL instead of the SQLite file
    shard_count: int | None = None  # Discord shards in all (None: as Discord recommends, all here)
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs (None: all of them)
    picture_workers: int | None = None  # processes drawing pictures (None: one per core but one; 0: a thread)
    discord_log_level: str = "INFO"  # discord.py's own loggers (DEBUG writes tokens and payloads)
    metrics_port: int | None = None  # serve /healthz and /metrics on this port (None: not at all)
    metrics_host: str = "127.0.0.1"  # the address they are served on
    backup_dir: str | None = None  # a daily backup of the SQLite file goes here (None: no daily backups)
    backup_keep: int = DEFAULT_BACKUP_KEEP  # how many daily backups are kept

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process serves a server's games: its shards' servers (direct messages
        and the console, without a server, belong to shard 0, as Discord sends them)."""
        if self.shard_ids is None or self.shard_count is None:
            return True
        return shard_of(guild_id, self.shard_count) in self.shard_ids


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord gives a server: (server id >> 22) % shard count."""
    return ((guild_id or 0) >> 22) % shard_count


def _shards(count_raw: str, ids_raw: str) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT (a number) and SHARD_IDS (e.g. ``0,1`` or ``0-3``: this process's shards)."""
    if not count_raw:
        if ids_raw:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT (the number of shards of all processes).")
        return None, None
    if not count_raw.isdigit() or int(count_raw) < 1:
        raise ConfigError(f"SHARD_COUNT must be a whole number of shards (1 or more), not '{count_raw}'.")
    count = int(count_raw)
    if not ids_raw:
        return count, None
    ids: list[int] = []
    for part in ids_raw.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ConfigError(f"SHARD_IDS must list shard numbers like 0,1 or 0-3, not '{ids_raw}'.")
        ids += range(int(first), int(last if dash else first) + 1)
    if not ids or any(i >= count for i in ids) or len(set(ids)) != len(ids):
        raise ConfigError(f"SHARD_IDS must list different shards from 0 to {count - 1}, not '{ids_raw}'.")
    return count, tuple(ids)


def _port(raw: str) -> int | None:
    """METRICS_PORT: a TCP port (1-65535), or None when not set."""
    if not raw:
        return None
    if not raw.isdigit() or not 1 <= int(raw) <= 65535:
        raise ConfigError(f"METRICS_PORT must be a port number from 1 to 65535, not '{raw[:40]}'.")
    return int(raw)


def _backups(backup_dir: str, keep_raw: str, database_url: str | None) -> tuple[str | None, int]:
    """BACKUP_DIR and BACKUP_KEEP (daily backups of the SQLite file)."""
    if not keep_raw:
        keep = DEFAULT_BACKUP_KEEP
    elif not keep_raw.isdigit() or not 1 <= int(keep_raw) <= 10000:
        raise ConfigError(f"BACKUP_KEEP must be how many backups to keep (1 or more), not '{keep_raw[:40]}'.")
    else:
        keep = int(keep_raw)
    if backup_dir and database_url:
        raise ConfigError("BACKUP_DIR backs up the SQLite file, but DATABASE_URL says the bot uses PostgreSQL: "
                          "back PostgreSQL up with pg_dump (README, 'Backups') and leave BACKUP_DIR empty.")
    return backup_dir or None, keep


def _number(name: str, default: float) -> float:
    """A duration given in hours, returned in seconds (``default`` is in seconds)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number of hours, not '{raw}'.") from None
    if value <= 0:
        raise ConfigError(f"{name} must be more than 0 hours.")
    return value * 3600


def _level(name: str, default: str) -> str:
    """A logging level by name."""
    level = os.environ.get(name, default).strip().upper() or default
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise ConfigError(f"{name} must be DEBUG, INFO, WARNING or ERROR, not '{level}'.")
    return level


def _processes(name: str) -> int | None:
    """A number of worker processes (0 or more), or None when not set."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ConfigError(f"{name} must be a whole number of processes (0 or more), not '{raw}'.")
    return int(raw)


def load_config(env_file: str | None = ".env") -> Config:
    """Read the settings; values already in the environment win over the .env file."""
    if env_file:
        load_dotenv(env_file, override=False)
    guild = os.environ.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits only), not '{guild}'.")
    level = _level("LOG_LEVEL", "INFO")
    discord_level = _level("DISCORD_LOG_LEVEL", "INFO")
    url = os.environ.get("DATABASE_URL", "").strip() or None
    if url and not url.startswith(("postgresql://", "postgres://")):
        raise ConfigError("DATABASE_URL must be a postgresql://... URL (leave it empty to use DATABASE_PATH).")
    shard_count, shard_ids = _shards(os.environ.get("SHARD_COUNT", "").strip(),
                                     os.environ.get("SHARD_IDS", "").strip())
    backup_dir, backup_keep = _backups(os.environ.get("BACKUP_DIR", "").strip(),
                                       os.environ.get("BACKUP_KEEP", "").strip(), url)
    return Config(
        token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
        database_path=os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE,
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        challenge_ttl=_number("CHALLENGE_HOURS", 24 * 3600),
        reminder_after=_number("REMINDER_HOURS", 24 * 3600),
        move_deadline=_number("MOVE_DEADLINE_HOURS", 72 * 3600),
        database_url=url,
        shard_count=shard_count,
        shard_ids=shard_ids,
        picture_workers=_processes("PICTURE_WORKERS"),
        discord_log_level=discord_level,
        metrics_port=_port(os.environ.get("METRICS_PORT", "").strip()),
        metrics_host=os.environ.get("METRICS_HOST", "").strip() or "127.0.0.1",
        backup_dir=backup_dir,
        backup_keep=backup_keep,
    )
