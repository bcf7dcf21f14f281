"""What ``/status`` (Manage Server) and the console's ``status`` tell a server's admins: this
server's running games and open challenges, the bot's queue, and the last backup."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from data import GameRow

from . import metrics
from .service import GameService
from .service.wording import count, game_name

SHOWN = 10  # games and challenges listed one by one; the rest are counted


@dataclass(frozen=True)
class Backups:
    """Where the database's backups are, as /status reports them."""

    postgres: bool  # PostgreSQL: backed up with pg_dump, outside the bot
    newest: Callable[[], float | None]  # when the newest backup was taken (None: none found)
    daily: bool  # the bot takes one every day (BACKUP_DIR)
    keep: int


def ago(seconds: float) -> str:
    if seconds < 90:
        return "just now"
    if seconds < 2 * 3600:
        return f"{round(seconds / 60)} minutes ago"
    if seconds < 2 * 86400:
        return f"{round(seconds / 3600)} hours ago"
    return f"{round(seconds / 86400)} days ago"


def _game_line(service: GameService, row: GameRow, now: float) -> str:
    players = " vs ".join(s.name for s in row.seats)
    found = service.running.loaded(row.id)
    to_move = ""
    if found is not None and found[1].to_move is not None:
        to_move = f", {row.seats[found[1].to_move].name} to move"
    return (f"#{row.id} {game_name(row.variant)}: {players} in <#{row.channel_id}>{to_move} "
            f"(last change {ago(now - row.updated_at)})")


def _challenge_line(row: GameRow, now: float) -> str:
    waiting = ", ".join(s.name for s in row.seats if not s.accepted)
    expires = f", expires in {_until(row.expires_at - now)}" if row.expires_at is not None else ""
    return f"#{row.id} {game_name(row.variant)}: {row.seats[0].name} challenges, waiting for {waiting}{expires}"


def _until(seconds: float) -> str:
    if seconds < 2 * 3600:
        return f"{max(1, round(seconds / 60))} minutes"
    return f"{round(seconds / 3600)} hours"


def _listed(title: str, lines: list[str]) -> list[str]:
    shown = [f"- {line}" for line in lines[:SHOWN]]
    if len(lines) > SHOWN:
        shown.append(f"- and {len(lines) - SHOWN} more (/games lists them all)")
    return [title] + shown


def _backup_line(backups: Backups) -> str:
    if backups.postgres:
        return "Backups: the database is PostgreSQL, backed up with pg_dump outside the bot (README, 'Backups')."
    newest, now = backups.newest(), time.time()  # files on disk: the real clock
    last = (f"the last was taken {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(newest))} ({ago(now - newest)})"
            if newest is not None else "none has been taken yet")
    daily = (f"the bot takes one every day and keeps the newest {backups.keep}" if backups.daily
             else "no daily backups (the operator sets BACKUP_DIR for them)")
    return f"Backups: {last}; {daily}."


async def server_status(service: GameService, guild_id: int | None, backups: Backups) -> str:
    """The status of one server (``guild_id``; None: the console's games)."""
    now = service.clock()
    rows = await service.store.games_of(guild_id=guild_id, statuses=("running", "challenge"))
    if guild_id is None:
        rows = [r for r in rows if r.guild_id is None]
    running = [r for r in rows if r.status == "running"]
    challenges = [r for r in rows if r.status == "challenge"]
    lines = _listed(f"Running games here: {len(running)}", [_game_line(service, r, now) for r in running])
    lines += _listed(f"Open challenges here: {len(challenges)}", [_challenge_line(r, now) for r in challenges])
    queue = ", ".join(f"{count(metrics.queue_length(pool), 'job')} for {what}" for pool, what in metrics.POOLS.items())
    lines.append(f"The bot's queue (all servers of this process): {queue}.")
    lines.append(_backup_line(backups))
    return "\n".join(lines)
