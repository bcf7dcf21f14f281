"""The store's learning rows in SQL both databases speak: each user's progress in the lessons
(``lesson_progress``, migration 11) and the hints each player of a game has used (``seats.hints``).

A lesson's row is written by compare-and-set: the service passes the row as it read it, and the
write is refused (StoreError) when the row changed meanwhile (a second press at the same moment,
another window), so no try is counted twice and no accepted move is lost. A hint is counted under
its limit in one statement, so two requests at once never exceed it.
"""
from __future__ import annotations

import json

from .rows import LessonRow, StoreError
from .sql_part import SqlPart
from .tx import Row

LESSON_MOVED_ON = "This lesson moved on meanwhile (another press or window)."
NO_HINTS_LEFT = "No hints left."


def lesson_row(r: Row) -> LessonRow:
    return LessonRow(r["user_id"], r["variant"], r["lesson"], r["stars"], tuple(json.loads(r["moves"])), r["tries"],
                     r["updated_at"])


class LessonSql(SqlPart):
    """The learning operations of SqlStore (which supplies the transactions and reads)."""

    async def lesson_progress(self, user_id: int, variant: str | None = None) -> list[LessonRow]:
        """A user's rows (of one game, or of all), by game and lesson."""
        where, args = ("user_id = ? AND variant = ?", (user_id, variant)) if variant else ("user_id = ?", (user_id,))
        rows = await self._read(f"SELECT * FROM lesson_progress WHERE {where} ORDER BY variant, lesson", args)
        return [lesson_row(r) for r in rows]

    async def save_lesson(self, row: LessonRow, was: LessonRow | None) -> None:
        """Write ``row`` if the stored row is still ``was`` (None: there is none yet); StoreError
        (LESSON_MOVED_ON) otherwise, and nothing is written."""
        moves = json.dumps(list(row.moves))
        async with self._tx() as tx:
            if was is None:
                await tx.run("INSERT INTO lesson_progress (user_id, variant, lesson, stars, moves, tries, updated_at) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, variant, lesson) DO NOTHING",
                             (row.user_id, row.variant, row.lesson, row.stars, moves, row.tries, row.updated_at),
                             expect=1, refusal=LESSON_MOVED_ON)
            else:
                await tx.run("UPDATE lesson_progress SET stars = ?, moves = ?, tries = ?, updated_at = ? WHERE "
                             "user_id = ? AND variant = ? AND lesson = ? AND stars = ? AND moves = ? AND tries = ?",
                             (row.stars, moves, row.tries, row.updated_at, row.user_id, row.variant, row.lesson,
                              was.stars, json.dumps(list(was.moves)), was.tries), expect=1, refusal=LESSON_MOVED_ON)

    async def use_hint(self, game_id: int, seat: int, limit: int) -> int:
        """Count one more hint for ``seat`` of the game, if it has used fewer than ``limit``; the
        hints it has used now. StoreError (NO_HINTS_LEFT) at the limit."""
        async with self._tx() as tx:
            await tx.run("UPDATE seats SET hints = hints + 1 WHERE game_id = ? AND seat = ? AND hints < ?",
                         (game_id, seat, limit), expect=1, refusal=NO_HINTS_LEFT)
            rows = await tx.rows("SELECT hints FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
        if not rows:
            raise StoreError(NO_HINTS_LEFT)
        return int(rows[0]["hints"])
