"""``scripts/start copy-to postgresql://...``: move the bot's SQLite database into an empty
PostgreSQL database (data/copy.py copies and checks the rows in one transaction), checking before
the commit that every game replays from its record as read back from PostgreSQL."""
from __future__ import annotations

import re
import time
from urllib.parse import parse_qsl, unquote, urlsplit

from data import GameRow
from data.copy import Copied, CopyRefused, copy_to_postgres
from data.sql import SqlStore
from data.urls import is_postgres, masked_url

from .service.running import replay

EVERY_STATUS = ("challenge", "running", "finished", "aborted", "declined", "expired")


def _replays(row: GameRow) -> str | None:
    """Why a stored game does not replay to what the store says of it (None: it does)."""
    try:
        game = replay(row)
    except Exception as err:  # noqa: BLE001 - any failure is the answer
        return f"its record does not replay ({err})"
    if game.record != row.moves:
        return "its record replays to other moves"
    if row.status == "running" and game.outcome is not None:
        return "it is stored as running but its record ends the game"
    if row.status == "finished":
        if game.outcome is None:
            return "it is stored as finished but its record does not end the game"
        if row.result is not None and list(game.outcome.winners) != list(row.result.get("winners", [])):
            return "its record gives other winners than the stored result"
    return None


async def check_games(source: SqlStore, copy: SqlStore) -> str:
    """Every game read back from the copy equals the source's and replays from its record; raises
    CopyRefused (the copy is rolled back) if not. A game that did not replay in SQLite either is
    copied as it was and named."""
    played = {"running": 0, "finished": 0}
    broken = []
    for listed in await source.games_of(statuses=EVERY_STATUS):
        theirs, ours = await source.get_game(listed.id), await copy.get_game(listed.id)
        if ours != theirs or ours is None or theirs is None:
            raise CopyRefused(f"Game {listed.id} reads back from PostgreSQL differently from SQLite.")
        if ours.status not in played:
            continue
        problem = _replays(ours)
        if problem is not None:
            if _replays(theirs) is None:
                raise CopyRefused(f"Game {ours.id} does not replay from PostgreSQL: {problem}.")
            broken.append(f"#{ours.id} ({problem})")
            continue
        played[ours.status] += 1
    replayed = f"({played['running']} running, {played['finished']} finished)"
    if not broken:
        return f"every game replays from its record {replayed}"
    return (f"the games replay from their records {replayed}, except these, which did not replay in SQLite "
            f"either and were copied as they were: {', '.join(broken)}")


def _secret(url: str) -> str | None:
    """The password a URL carries (to keep it out of any message)."""
    try:
        parts = urlsplit(url)
        if parts.password:
            return unquote(parts.password)
        return next((v for k, v in parse_qsl(parts.query) if k.lower() == "password"), None)
    except ValueError:  # not readable as a URL: whatever stands between "user:" and "@"
        found = re.search(r"//[^:/@]*:([^@]*)@", url)
        return found.group(1) if found else None


async def copy_to(database: str, url: str) -> tuple[Copied, float]:
    """Copy; returns what was copied and the seconds it took. CopyRefused says why not."""
    if not is_postgres(url):
        raise CopyRefused("Give the PostgreSQL database to copy into as a URL: "
                          "scripts/start copy-to postgresql://USER:PASSWORD@HOST/DATABASE")
    started = time.perf_counter()
    try:
        copied = await copy_to_postgres(database, url, check_games)
    except CopyRefused as refused:
        secret = _secret(url)
        raise CopyRefused(str(refused).replace(secret, "***") if secret else str(refused)) from None
    return copied, time.perf_counter() - started


def report(database: str, url: str, copied: Copied, seconds: float) -> str:
    shown = masked_url(url)
    rows = ", ".join(f"{table} {n}" for table, n in copied.counts.items())
    following = ", ".join(f"{column} from {n}" for column, n in copied.next_ids.items())
    return (f"Copied {database} into {shown} in one transaction ({seconds:.1f} s).\n"
            f"Rows: {rows}.\n"
            f"Checked before the commit: the same rows in every table; {copied.checked}; new numbers "
            f"continue after the highest copied ({following}).\n"
            f"Next: put DATABASE_URL={shown} in .env{' (with the real password)' if _secret(url) else ''} and "
            f"start the bot (scripts/start); it then uses PostgreSQL. Keep {database} as a backup.")
