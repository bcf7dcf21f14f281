"""The store's ratings in SQL both databases speak: each player's rating per game and its history,
written with a finished game's last turn (sql.py ``add_move``), read for profiles and
leaderboards, and rewritten once when a migration asks for the history to be replayed (a chore)."""
from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .rows import GameRow, HistoryRow, RatingRow, StoreError
from .sql_part import SqlPart
from .tx import Tx, marks


class RatingSql(SqlPart):
    """The rating operations of SqlStore (which supplies the transactions and reads)."""

    @staticmethod
    async def _put_rating(tx: Tx, rating: RatingRow, history: HistoryRow) -> None:
        h = history
        await tx.run("INSERT INTO rating_history (game_id, user_id, variant, guild_id, result, before, "
                     "after, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     (h.game_id, h.user_id, h.variant, h.guild_id, h.result, h.before, h.after, h.mu, h.sigma, h.at))
        r = rating
        await tx.run("INSERT INTO ratings (user_id, variant, name, mu, sigma, games, wins, draws, losses, "
                     "best, last_played) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                     "ON CONFLICT (user_id, variant) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
                     "sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, "
                     "draws = excluded.draws, losses = excluded.losses, best = excluded.best, "
                     "last_played = excluded.last_played",
                     (r.user_id, r.variant, r.name, r.mu, r.sigma, r.games, r.wins, r.draws, r.losses,
                      r.best, r.last_played))

    # ----- chores: work a migration leaves for the next start ---------------------------------
    async def chores(self) -> list[str]:
        return [r["name"] for r in await self._read("SELECT name FROM chores ORDER BY name")]

    async def rated_games(self) -> tuple[list[GameRow], dict[int, float], int]:
        """Every game that changed ratings, when it was rated (its history's time), and how many
        history rows there are."""
        when = {r["game_id"]: r["at"] for r in await self._read(
            "SELECT game_id, MIN(at) AS at FROM rating_history GROUP BY game_id")}
        rows = await self._select("id IN (SELECT game_id FROM rating_history) ORDER BY id")
        count = await self._read("SELECT COUNT(*) AS n FROM rating_history")
        return rows, when, count[0]["n"]

    async def replace_ratings(self, chore: str, seen: int, ratings: list[tuple[RatingRow, HistoryRow]],
                              results: dict[int, dict[str, Any]]) -> None:
        """Rewrite every rating and its history (and the rating changes in the games' results) in
        one transaction, and mark the chore done: refused (StoreError) if another process did it,
        or if a game was rated since the ``seen`` history rows were read."""
        async with self._tx() as tx:
            await tx.run("DELETE FROM chores WHERE name = ?", (chore,), expect=1, refusal=f"{chore} is done")
            count = await tx.rows("SELECT COUNT(*) AS n FROM rating_history")
            if count[0]["n"] != seen:
                raise StoreError("A game was rated meanwhile.")
            await tx.run("DELETE FROM rating_history")
            await tx.run("DELETE FROM ratings")
            for rating, history in ratings:
                await self._put_rating(tx, rating, history)
            for game_id, result in results.items():
                await tx.run("UPDATE games SET result = ? WHERE id = ?", (json.dumps(result), game_id))

    # ----- ratings ----------------------------------------------------------------------------
    async def ratings(self, user_ids: Iterable[int], variant: str | None = None) -> list[RatingRow]:
        ids = list(user_ids)
        if not ids:
            return []
        sql = f"SELECT * FROM ratings WHERE user_id IN ({marks(ids)})"
        args: list[Any] = ids
        if variant is not None:
            sql += " AND variant = ?"
            args = ids + [variant]
        return [RatingRow(**dict(r)) for r in await self._read(sql + " ORDER BY variant", args)]

    async def history(self, user_id: int, variant: str, limit: int = 200) -> list[HistoryRow]:
        """A player's rating changes in one game, oldest first (the last ``limit``)."""
        rows = [HistoryRow(**dict(r)) for r in await self._read(
            "SELECT * FROM rating_history WHERE user_id = ? AND variant = ? ORDER BY at DESC, game_id DESC "
            "LIMIT ?", (user_id, variant, limit))]
        return rows[::-1]

    async def rating_pool(self, variant: str, guild_id: int | None = None) -> list[RatingRow]:
        """Everyone rated in a game, or only those who played rated games in one server."""
        sql = "SELECT * FROM ratings WHERE variant = ?"
        args: list[Any] = [variant]
        if guild_id is not None:
            sql += " AND user_id IN (SELECT user_id FROM rating_history WHERE variant = ? AND guild_id = ?)"
            args += [variant, guild_id]
        return [RatingRow(**dict(r)) for r in await self._read(sql, args)]

