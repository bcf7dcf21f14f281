"""Settings from the environment and an optional .env file (python-dotenv)."""
from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv

DEFAULT_DATABASE = "var/paisho.db"


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


def load_config(env_file: str | None = ".env") -> Config:
    """Read the settings; values already in the environment win over the .env file."""
    if env_file:
        load_dotenv(env_file, override=False)
    guild = os.environ.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits only), not '{guild}'.")
    level = os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not '{level}'.")
    return Config(
        token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
        database_path=os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE,
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        challenge_ttl=_number("CHALLENGE_HOURS", 24 * 3600),
        reminder_after=_number("REMINDER_HOURS", 24 * 3600),
        move_deadline=_number("MOVE_DEADLINE_HOURS", 72 * 3600),
    )
