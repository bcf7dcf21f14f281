"""The store's player settings in SQL both databases speak: how each player is told it is their turn
(a mention, a direct message, a daily digest), their quiet hours, their vacations (which stop their
clocks: a vacation moves the deadlines of their running turns out by its length, and ending it
early moves them back by what is left), turn notices held back by quiet hours, and digests and
refused-DM notes claimed once (a guarded update: exactly one process sends each)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .rows import GameRow, StoreError, WriteFailed
from .sql_part import SqlPart
from .together_rows import HeldNotice, PlayerSettings
from .tx import Row, marks

# the running games' timers of a player (the timer's seat is theirs)
_THEIR_TIMERS = ("game_id IN (SELECT seats.game_id FROM seats JOIN timers t ON t.game_id = seats.game_id "
                 "AND t.seat = seats.seat WHERE seats.user_id = ?)")


def settings_row(r: Row) -> PlayerSettings:
    return PlayerSettings(r["user_id"], r["notify"], r["zone"], r["quiet_from"], r["quiet_to"], r["digest_hour"],
                          r["digest_at"], bool(r["dm_failed"]))


class PlayerSql(SqlPart):
    """The player-setting operations of SqlStore (which supplies the transactions and reads)."""

    # ----- settings ---------------------------------------------------------------------------
    async def player_settings(self, user_ids: Iterable[int]) -> dict[int, PlayerSettings]:
        """The stored settings of these players (a player who never set any is absent)."""
        ids = list(user_ids)
        if not ids:
            return {}
        return {r["user_id"]: settings_row(r) for r in await self._read(
            f"SELECT * FROM player_settings WHERE user_id IN ({marks(ids)})", ids)}

    async def all_player_settings(self) -> list[PlayerSettings]:
        """Every stored player's settings (only players who changed one have a row)."""
        return [settings_row(r) for r in await self._read("SELECT * FROM player_settings ORDER BY user_id")]

    async def put_player_settings(self, s: PlayerSettings) -> None:
        async with self._tx() as tx:
            await tx.run("INSERT INTO player_settings (user_id, notify, zone, quiet_from, quiet_to, digest_hour, "
                         "digest_at, dm_failed) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
                         "notify = excluded.notify, zone = excluded.zone, quiet_from = excluded.quiet_from, "
                         "quiet_to = excluded.quiet_to, digest_hour = excluded.digest_hour, "
                         "digest_at = excluded.digest_at",
                         (s.user_id, s.notify, s.zone, s.quiet_from, s.quiet_to, s.digest_hour, s.digest_at,
                          int(s.dm_failed)))

    async def note_dm_failed(self, user_id: int) -> None:
        """A direct message to this player was refused: tell them once, privately."""
        async with self._tx() as tx:
            await tx.run("INSERT INTO player_settings (user_id, dm_failed) VALUES (?, 1) "
                         "ON CONFLICT (user_id) DO UPDATE SET dm_failed = 1", (user_id,))

    async def claim_dm_note(self, user_id: int) -> bool:
        """Whether a refused DM is still to be told to this player (and it is told now: once)."""
        return await self._claim("UPDATE player_settings SET dm_failed = 0 WHERE user_id = ? AND dm_failed = 1",
                                 (user_id,))

    async def dm_notes(self) -> list[int]:
        """The players who have a refused DM still to be told."""
        return [r["user_id"] for r in await self._read("SELECT user_id FROM player_settings WHERE dm_failed = 1")]

    async def _claim(self, sql: str, args: Sequence[Any]) -> bool:
        try:
            async with self._tx() as tx:
                await tx.run(sql, args, expect=1, refusal="claimed")
        except StoreError as err:
            if isinstance(err, WriteFailed):
                raise
            return False
        return True

    # ----- digests ----------------------------------------------------------------------------
    async def due_digests(self, now: float) -> list[PlayerSettings]:
        return [settings_row(r) for r in await self._read(
            "SELECT * FROM player_settings WHERE notify = 'digest' AND digest_at IS NOT NULL AND digest_at <= ? "
            "ORDER BY user_id", (now,))]

    async def claim_digest(self, user_id: int, due: float, following: float) -> bool:
        """Move a player's digest from ``due`` to ``following``; False if another sweep did."""
        return await self._claim("UPDATE player_settings SET digest_at = ? WHERE user_id = ? AND digest_at = ?",
                                 (following, user_id, due))

    async def waiting_games(self, user_id: int) -> list[GameRow]:
        """Running games where it is this player's turn (their seat's timer runs)."""
        return await self._select("status = 'running' AND id IN (SELECT seats.game_id FROM seats JOIN timers t ON "
                                  "t.game_id = seats.game_id AND t.seat = seats.seat WHERE seats.user_id = ?) "
                                  "ORDER BY id", (user_id,), moves=False)

    # ----- vacations --------------------------------------------------------------------------
    async def vacations(self, user_id: int, since: float) -> list[tuple[float, float]]:
        """A player's vacations that end after ``since``: (start, end) each, earliest first."""
        return [(r["starts"], r["ends"]) for r in await self._read(
            "SELECT starts, ends FROM vacations WHERE user_id = ? AND ends > ? ORDER BY starts", (user_id, since))]

    async def vacations_after(self, now: float) -> list[tuple[int, float, float]]:
        """Every vacation not over at ``now``: (player, start, end), earliest first."""
        return [(r["user_id"], r["starts"], r["ends"]) for r in await self._read(
            "SELECT user_id, starts, ends FROM vacations WHERE ends > ? ORDER BY starts", (now,))]

    async def on_vacation(self, user_ids: Iterable[int], now: float) -> dict[int, float]:
        """Which of these players are on vacation now, and until when."""
        ids = list(user_ids)
        if not ids:
            return {}
        return {r["user_id"]: r["ends"] for r in await self._read(
            f"SELECT user_id, MAX(ends) AS ends FROM vacations WHERE user_id IN ({marks(ids)}) AND starts <= ? "
            f"AND ends > ? GROUP BY user_id", (*ids, now, now))}

    async def start_vacation(self, user_id: int, starts: float, ends: float) -> None:
        """A vacation from ``starts`` (now) to ``ends``: the clocks of the player's running turns
        stop, so their reminders and deadlines move out by its length (refused if one runs)."""
        async with self._tx() as tx:
            await tx.run("INSERT INTO vacations (user_id, starts, ends) SELECT CAST(? AS BIGINT), "
                         "CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION) WHERE NOT EXISTS "
                         "(SELECT 1 FROM vacations WHERE user_id = ? AND starts <= ? AND ends > ?)",
                         (user_id, starts, ends, user_id, starts, starts), expect=1,
                         refusal="You are on vacation already.")
            await tx.run(f"UPDATE timers SET remind_at = remind_at + ?, deadline_at = deadline_at + ? "
                         f"WHERE {_THEIR_TIMERS}", (ends - starts, ends - starts, user_id))

    async def end_vacation(self, user_id: int, now: float) -> float:
        """End the running vacation now; the player's clocks run again from now (their deadlines
        move back by what was left of it). Returns that time; StoreError if none runs."""
        rows = await self._read("SELECT starts, ends FROM vacations WHERE user_id = ? AND starts <= ? AND ends > ?",
                                (user_id, now, now))
        if not rows:
            raise StoreError("You are not on vacation.")
        starts, ends = rows[0]["starts"], rows[0]["ends"]
        async with self._tx() as tx:
            await tx.run("UPDATE vacations SET ends = ? WHERE user_id = ? AND starts = ? AND ends = ?",
                         (now, user_id, starts, ends), expect=1, refusal="Your vacation has just changed.")
            await tx.run(f"UPDATE timers SET remind_at = remind_at - ?, deadline_at = deadline_at - ? "
                         f"WHERE {_THEIR_TIMERS}", (ends - now, ends - now, user_id))
        return ends - now

    # ----- notices held back by quiet hours ---------------------------------------------------
    async def hold_notice(self, notice: HeldNotice) -> None:
        async with self._tx() as tx:
            await tx.run("DELETE FROM held_notices WHERE user_id = ? AND game_id = ?", (notice.user_id, notice.game_id))
            await tx.run("INSERT INTO held_notices (user_id, game_id, ply, due_at) VALUES (?, ?, ?, ?)",
                         (notice.user_id, notice.game_id, notice.ply, notice.due_at))

    async def due_notices(self, now: float) -> list[HeldNotice]:
        return [HeldNotice(r["user_id"], r["game_id"], r["ply"], r["due_at"]) for r in await self._read(
            "SELECT * FROM held_notices WHERE due_at <= ? ORDER BY due_at, game_id", (now,))]

    async def claim_notice(self, notice: HeldNotice) -> bool:
        """Take a held notice to send it (False: another sweep took it)."""
        return await self._claim("DELETE FROM held_notices WHERE user_id = ? AND game_id = ? AND ply = ?",
                                 (notice.user_id, notice.game_id, notice.ply))


__all__ = ["PlayerSql"]
