"""The store's puzzles and reviews in SQL both databases speak: attempts (opened, advanced, ended
with the ratings and streak in one transaction), puzzle ratings for profiles and leaderboards,
the servers' daily posts (each posted once a day, whichever process gets there first), and the
cached reviews of finished games.

What must hold with several processes or two presses at once is in the statements: an attempt
moves on only from the progress the press saw and ends once; the player's puzzle rating is read
under a lock (per player and game) and the puzzle's row under a row lock in the transaction that
writes them; a daily post is claimed once per server and day."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .puzzle_rows import (
    FAILED,
    OPEN,
    SOLVED,
    AttemptRow,
    DailyPost,
    PuzzleEnd,
    PuzzlePlayerRow,
    PuzzleRatingRow,
)
from .rows import Conflict, StoreError
from .sql_part import SqlPart
from .tx import Row, Tx, marks

PUZZLE_LOCK = "puzzles:"  # the rating lock's key prefix (apart from the games' own ratings)
MOVED_ON = "The puzzle has moved on since."


def attempt_row(r: Row) -> AttemptRow:
    return AttemptRow(id=r["id"], user_id=r["user_id"], puzzle_id=r["puzzle_id"], variant=r["variant"],
                      slot=r["slot"], day=r["day"], guild_id=r["guild_id"], rated=bool(r["rated"]),
                      progress=r["progress"], status=r["status"], started_at=r["started_at"],
                      ended_at=r["ended_at"], before=r["before"], after=r["after"])


class PuzzleSql(SqlPart):
    """The puzzle and review operations of SqlStore (which supplies the transactions and reads)."""

    async def _lock_ratings(self, tx: Tx, variant: str, user_ids: Iterable[int]) -> None:
        raise NotImplementedError

    # ----- attempts -----------------------------------------------------------------------------
    async def start_attempt(self, *, user_id: int, puzzle_id: str, variant: str, slot: str, day: str | None,
                            guild_id: int | None, now: float) -> AttemptRow:
        """A new open attempt, rated if the player never tried this puzzle before; StoreError if
        the player already has an open attempt in this slot."""
        try:
            async with self._tx() as tx:
                tried = await tx.rows("SELECT COUNT(*) AS n FROM puzzle_attempts WHERE user_id = ? AND puzzle_id = ?",
                                      (user_id, puzzle_id))
                rated = tried[0]["n"] == 0
                attempt_id = await tx.insert_id(
                    "INSERT INTO puzzle_attempts (user_id, puzzle_id, variant, slot, day, guild_id, rated, progress, "
                    "status, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
                    (user_id, puzzle_id, variant, slot, day, guild_id, int(rated), OPEN, now))
        except Conflict as err:
            if err.unique:
                raise StoreError("An attempt in this slot is open already.") from None
            raise
        return AttemptRow(attempt_id, user_id, puzzle_id, variant, slot, day, guild_id, rated, 0, OPEN, now)

    async def get_attempt(self, attempt_id: int) -> AttemptRow | None:
        rows = await self._read("SELECT * FROM puzzle_attempts WHERE id = ?", (attempt_id,))
        return attempt_row(rows[0]) if rows else None

    async def open_attempt(self, user_id: int, slot: str) -> AttemptRow | None:
        """The player's open attempt in a slot (a game, or the daily puzzle), if any."""
        rows = await self._read("SELECT * FROM puzzle_attempts WHERE user_id = ? AND slot = ? AND status = ?",
                                (user_id, slot, OPEN))
        return attempt_row(rows[0]) if rows else None

    async def attempts_at(self, user_id: int, puzzle_ids: Sequence[str] | None = None,
                          variant: str | None = None) -> list[AttemptRow]:
        """A player's attempts (at these puzzles, or in one game), oldest first."""
        sql, args = "SELECT * FROM puzzle_attempts WHERE user_id = ?", list[Any]([user_id])
        if puzzle_ids is not None:
            if not puzzle_ids:
                return []
            sql += f" AND puzzle_id IN ({marks(puzzle_ids)})"
            args += list(puzzle_ids)
        if variant is not None:
            sql += " AND variant = ?"
            args.append(variant)
        return [attempt_row(r) for r in await self._read(sql + " ORDER BY id", args)]

    async def advance_attempt(self, attempt_id: int, progress: int, to: int) -> None:
        """A right move that does not end the puzzle: the attempt moves from ``progress`` to
        ``to`` (StoreError if it is no longer open at ``progress``: a second press got there)."""
        async with self._tx() as tx:
            await tx.run("UPDATE puzzle_attempts SET progress = ? WHERE id = ? AND status = ? AND progress = ?",
                         (to, attempt_id, OPEN, progress), expect=1, refusal=MOVED_ON)

    async def end_attempt(self, attempt_id: int, progress: int, to: int, end: PuzzleEnd, now: float
                          ) -> tuple[PuzzlePlayerRow, PuzzleRatingRow]:
        """End an open attempt at ``progress`` (solved or failed) and write the player's and the
        puzzle's new rows, computed by ``end.settle`` from those stored now, in one transaction
        (StoreError if the attempt was no longer open at ``progress``). An attempt that is not
        rated still counts for the streak and the record; ``settle`` leaves the ratings as they
        were then."""
        async with self._tx() as tx:
            await tx.run("UPDATE puzzle_attempts SET status = ?, progress = ?, ended_at = ? WHERE id = ? AND "
                         "status = ? AND progress = ?", (SOLVED if end.solved else FAILED, to, now, attempt_id, OPEN,
                                                         progress), expect=1, refusal=MOVED_ON)
            found = await tx.rows("SELECT user_id, puzzle_id, variant FROM puzzle_attempts WHERE id = ?", (attempt_id,))
            user_id, puzzle_id, variant = found[0]["user_id"], found[0]["puzzle_id"], found[0]["variant"]
            await self._lock_ratings(tx, PUZZLE_LOCK + variant, [user_id])
            await self._lock_ratings(tx, PUZZLE_LOCK + puzzle_id, [0])  # its row may not exist yet
            players = await tx.rows("SELECT * FROM puzzle_players WHERE user_id = ? AND variant = ?",
                                    (user_id, variant), lock=True)
            puzzles = await tx.rows("SELECT * FROM puzzle_ratings WHERE puzzle_id = ?", (puzzle_id,), lock=True)
            player, puzzle, before, after = end.settle(PuzzlePlayerRow(**dict(players[0])) if players else None,
                                                       PuzzleRatingRow(**dict(puzzles[0])) if puzzles else None)
            await self._put_puzzle_rows(tx, player, puzzle)
            await tx.run("UPDATE puzzle_attempts SET before = ?, after = ? WHERE id = ?", (before, after, attempt_id))
        return player, puzzle

    @staticmethod
    async def _put_puzzle_rows(tx: Tx, p: PuzzlePlayerRow, q: PuzzleRatingRow) -> None:
        await tx.run("INSERT INTO puzzle_players (user_id, variant, name, mu, sigma, attempts, solved, streak, "
                     "best_streak, best, last_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                     "ON CONFLICT (user_id, variant) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
                     "sigma = excluded.sigma, attempts = excluded.attempts, solved = excluded.solved, "
                     "streak = excluded.streak, best_streak = excluded.best_streak, best = excluded.best, "
                     "last_at = excluded.last_at",
                     (p.user_id, p.variant, p.name, p.mu, p.sigma, p.attempts, p.solved, p.streak, p.best_streak,
                      p.best, p.last_at))
        await tx.run("INSERT INTO puzzle_ratings (puzzle_id, variant, mu, sigma, attempts, solved) "
                     "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (puzzle_id) DO UPDATE SET mu = excluded.mu, "
                     "sigma = excluded.sigma, attempts = excluded.attempts, solved = excluded.solved",
                     (q.puzzle_id, q.variant, q.mu, q.sigma, q.attempts, q.solved))

    # ----- ratings ------------------------------------------------------------------------------
    async def puzzle_players(self, user_id: int, variant: str | None = None) -> list[PuzzlePlayerRow]:
        sql, args = "SELECT * FROM puzzle_players WHERE user_id = ?", list[Any]([user_id])
        if variant is not None:
            sql += " AND variant = ?"
            args.append(variant)
        return [PuzzlePlayerRow(**dict(r)) for r in await self._read(sql + " ORDER BY variant", args)]

    async def puzzle_ratings(self, variant: str) -> dict[str, PuzzleRatingRow]:
        """The puzzles of one game that someone has tried, by id."""
        rows = await self._read("SELECT * FROM puzzle_ratings WHERE variant = ?", (variant,))
        return {r["puzzle_id"]: PuzzleRatingRow(**dict(r)) for r in rows}

    async def puzzle_pool(self, variant: str, guild_id: int | None = None) -> list[PuzzlePlayerRow]:
        """Everyone with a puzzle rating in a game, or those who solved puzzles in one server."""
        sql, args = "SELECT * FROM puzzle_players WHERE variant = ?", list[Any]([variant])
        if guild_id is not None:
            sql += " AND user_id IN (SELECT user_id FROM puzzle_attempts WHERE variant = ? AND guild_id = ?)"
            args += [variant, guild_id]
        return [PuzzlePlayerRow(**dict(r)) for r in await self._read(sql, args)]

    # ----- the daily puzzle's post ------------------------------------------------------------------
    async def set_daily_post(self, guild_id: int, channel_id: int, hour: int, now: float, today: str,
                             posted_today: bool) -> None:
        """Post the daily puzzle in a server's channel at an hour (UTC). ``posted_today``: count
        today's as posted (its hour has passed), so the first post comes at the next such hour;
        a post made today already stays made."""
        async with self._tx() as tx:
            await tx.run("INSERT INTO daily_puzzles (guild_id, channel_id, hour, last_day, set_at) "
                         "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET channel_id = "
                         "excluded.channel_id, hour = excluded.hour, set_at = excluded.set_at, last_day = CASE "
                         "WHEN daily_puzzles.last_day = ? THEN daily_puzzles.last_day ELSE excluded.last_day END",
                         (guild_id, channel_id, hour, today if posted_today else None, now, today))

    async def drop_daily_post(self, guild_id: int) -> bool:
        """Stop a server's daily post; whether there was one."""
        try:
            async with self._tx() as tx:
                await tx.run("DELETE FROM daily_puzzles WHERE guild_id = ?", (guild_id,), expect=1)
        except StoreError:
            return False
        return True

    async def daily_post(self, guild_id: int) -> DailyPost | None:
        rows = await self._read("SELECT * FROM daily_puzzles WHERE guild_id = ?", (guild_id,))
        return DailyPost(**dict(rows[0])) if rows else None

    async def due_daily_posts(self, day: str, hour: int) -> list[DailyPost]:
        """The servers whose post of ``day`` is due by ``hour`` (UTC) and not made yet."""
        rows = await self._read("SELECT * FROM daily_puzzles WHERE hour <= ? AND (last_day IS NULL OR last_day <> ?) "
                                "ORDER BY guild_id", (hour, day))
        return [DailyPost(**dict(r)) for r in rows]

    async def claim_daily_post(self, guild_id: int, day: str) -> bool:
        """Mark the post of ``day`` made in a server; False if it was made already (by another
        process, or an earlier tick)."""
        try:
            async with self._tx() as tx:
                await tx.run("UPDATE daily_puzzles SET last_day = ? WHERE guild_id = ? AND (last_day IS NULL OR "
                             "last_day <> ?)", (day, guild_id, day), expect=1)
        except StoreError:
            return False
        return True

    # ----- reviews ------------------------------------------------------------------------------
    async def get_review(self, game_id: int, version: str) -> str | None:
        rows = await self._read("SELECT data FROM reviews WHERE game_id = ? AND version = ?", (game_id, version))
        return str(rows[0]["data"]) if rows else None

    async def put_review(self, game_id: int, version: str, data: str, now: float) -> None:
        async with self._tx() as tx:
            await tx.run("INSERT INTO reviews (game_id, version, data, created_at) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT (game_id, version) DO UPDATE SET data = excluded.data, "
                         "created_at = excluded.created_at", (game_id, version, data, now))
