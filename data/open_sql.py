"""The store's open challenges in SQL both databases speak: a challenge without named opponents
whose seats anyone may take, up to its ``open_seats``. A seat is taken only while the challenge is
open and has a free seat (two takers at once from two processes: the seat's key refuses the
second), and a taker who leaves before the start frees their seat (the seats after it move up)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .rows import Conflict, GameRow, StoreError
from .sql_part import SqlPart

SeatSpecLike = Sequence[Any]  # (user id, name, accepted[, level[, account]]) as sql.SeatSpec


class OpenSql(SqlPart):
    """The open-challenge operations of SqlStore (which supplies the transactions and reads)."""

    async def take_seat(self, game_id: int, seat: SeatSpecLike, now: float) -> int:
        """Seat a taker (accepted) in the next free seat of an open challenge; returns the seat's
        number. StoreError when the challenge is no longer open or every seat is taken."""
        user_id, name = seat[0], seat[1]
        account = seat[4] if len(seat) > 4 else None
        try:
            async with self._tx() as tx:
                await tx.run("UPDATE games SET updated_at = ? WHERE id = ? AND status = 'challenge' "
                             "AND open_seats IS NOT NULL", (now, game_id),
                             expect=1, refusal="This challenge is no longer open.")
                await tx.run("INSERT INTO seats (game_id, seat, user_id, name, accepted, level, account) "
                             "SELECT CAST(? AS BIGINT), COUNT(*), CAST(? AS BIGINT), CAST(? AS TEXT), 1, NULL, "
                             "CAST(? AS TEXT) FROM seats WHERE game_id = ? HAVING COUNT(*) < "
                             "(SELECT open_seats FROM games WHERE id = ?)",
                             (game_id, user_id, name, account, game_id, game_id),
                             expect=1, refusal="Every seat of this challenge is taken.")
                rows = await tx.rows("SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        except Conflict as err:
            if not err.unique:
                raise
            raise StoreError("Someone took that seat at the same moment; press again for the next one.") from None
        return int(rows[0]["seat"])

    async def leave_seat(self, game_id: int, user_id: int, now: float) -> None:
        """A taker leaves an open challenge before it starts (StoreError if they hold no seat
        there or it is no longer open); the seats after theirs move up by one."""
        async with self._tx() as tx:
            await tx.run("UPDATE games SET updated_at = ? WHERE id = ? AND status = 'challenge' "
                         "AND open_seats IS NOT NULL", (now, game_id),
                         expect=1, refusal="This challenge is no longer open.")
            rows = await tx.rows("SELECT seat FROM seats WHERE game_id = ? AND user_id = ? AND seat > 0",
                                 (game_id, user_id))
            if not rows:
                raise StoreError("You have no seat in this challenge.")
            seat = rows[0]["seat"]
            await tx.run("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
            # two steps, so no seat number is ever held twice on the way (the key is checked per row)
            await tx.run("UPDATE seats SET seat = seat + 1000 WHERE game_id = ? AND seat > ?", (game_id, seat))
            await tx.run("UPDATE seats SET seat = seat - 1001 WHERE game_id = ? AND seat > 1000", (game_id,))

    async def open_challenges(self, guild_id: int) -> list[GameRow]:
        """A server's open challenges (seats anyone may take), oldest first."""
        return await self._select("status = 'challenge' AND open_seats IS NOT NULL AND guild_id = ? ORDER BY id",
                                  (guild_id,), moves=False)


__all__ = ["OpenSql"]
