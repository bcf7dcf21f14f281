"""The SQLite store (aiosqlite, WAL): games, seats and moves, written in short transactions.

A confirmed move is committed before the bot reports it; a restart reloads every running game
from its stored record (variant, players, seed, options and moves).
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import aiosqlite

from .migrations import MIGRATIONS

log = logging.getLogger(__name__)

OPEN_STATUSES = ("challenge", "running")
SYNCHRONOUS = ("FULL", "NORMAL")  # PRAGMA synchronous settings the store accepts


async def _run(db: aiosqlite.Connection, sql: str, args: tuple | list = ()) -> None:
    """Execute one statement and close its cursor at once (an open cursor blocks COMMIT)."""
    cursor = await db.execute(sql, args)
    await cursor.close()


class StoreError(Exception):
    """A write the store refused (e.g. a second running game in one channel)."""


class WriteFailed(StoreError):
    """The database could not complete a write (disk full, I/O error, locked): nothing of it was
    stored, the store has rolled back and keeps serving. ``__cause__`` is the database's error."""


@dataclass
class Seat:
    seat: int
    user_id: int
    name: str
    accepted: bool
    level: str | None = None  # the AI level of a seat the bot plays; None for a person


@dataclass
class Timer:
    """When the player to move of a running game is reminded, and when their time runs out."""

    game_id: int
    seat: int
    remind_at: float
    deadline_at: float
    reminded: bool


@dataclass
class RatingRow:
    """One player's rating in one game (mu/sigma of openskill) and their record."""

    user_id: int
    variant: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    draws: int
    losses: int
    best: float
    last_played: float


@dataclass
class HistoryRow:
    game_id: int
    user_id: int
    variant: str
    guild_id: int | None
    result: str
    before: float
    after: float
    mu: float
    sigma: float
    at: float


@dataclass
class Offer:
    """An open offer in a running game: a draw, or a takeback of the asker's last turn."""

    game_id: int
    kind: str  # draw | takeback
    seat: int  # who asked
    ply: int  # the record's length when asked
    accepted: list[int]  # the seats that agreed, the asker first
    created_at: float


@dataclass
class GameRow:
    """One stored game with its seats and (when loaded) its record."""

    id: int
    variant: str
    options: dict[str, Any]
    seed: int
    guild_id: int | None
    channel_id: int
    status: str
    result: dict[str, Any] | None
    created_at: float
    updated_at: float
    expires_at: float | None
    rated: bool = True
    lobby_id: int | None = None  # the channel where the challenge was made
    message_id: int | None = None  # the challenge's message there (edited when it closes)
    challenger_id: int | None = None  # who made the challenge (None: stored before we kept it)
    seats: list[Seat] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    move_seats: list[int] = field(default_factory=list)

    def is_bot(self, seat: int) -> bool:
        """Whether the bot plays this seat."""
        return self.seats[seat].level is not None

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None


_GAME_COLUMNS = ("id, variant, options, seed, guild_id, channel_id, status, result, "
                 "created_at, updated_at, expires_at, rated, lobby_id, message_id, challenger_id")


class Store:
    """Open with ``await Store.open(path)``; close with ``await store.close()``."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self.path = path
        self.synchronous = "FULL"
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: str, *, synchronous: str = "FULL") -> Store:
        """Open (and migrate) the database at ``path``. ``synchronous=FULL`` (the default) syncs
        the write-ahead log at every commit, so a move the bot confirmed survives a power loss;
        the benchmark compares it with NORMAL."""
        if synchronous not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}")
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        store = cls(await cls._connect(path, synchronous), path)
        store.synchronous = synchronous
        await store._migrate()
        return store

    @staticmethod
    async def _connect(path: str, synchronous: str) -> aiosqlite.Connection:
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = sqlite3.Row
        for pragma in ("journal_mode = WAL", "foreign_keys = ON", f"synchronous = {synchronous}",
                       "busy_timeout = 5000"):
            await _run(conn, f"PRAGMA {pragma}")
        return conn

    async def close(self) -> None:
        await self._conn.close()

    async def _migrate(self) -> None:
        version = await self.schema_version()
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            log.info("Applying database migration %d to %s", number, self.path)
            async with self.transaction():
                if callable(script):
                    await script(self._conn)
                else:
                    for statement in filter(str.strip, script.split(";")):
                        await _run(self._conn, statement)
                await _run(self._conn, f"PRAGMA user_version = {number}")

    async def schema_version(self) -> int:
        async with self._conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        assert row is not None  # PRAGMA user_version always answers
        return int(row[0])

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction at a time, committed at the end. If anything inside or the
        COMMIT itself fails, it is rolled back (or the connection is reopened) so the next write
        starts clean; a database failure is raised as WriteFailed with the real cause."""
        async with self._write:
            try:
                await _run(self._conn, "BEGIN IMMEDIATE")
                yield self._conn
                await _run(self._conn, "COMMIT")
            except BaseException as err:
                await self._roll_back(err)
                if isinstance(err, sqlite3.Error) and not isinstance(err, sqlite3.IntegrityError):
                    raise WriteFailed(f"The database could not save the change: {err}") from err
                raise

    async def _roll_back(self, err: BaseException) -> None:
        """Leave no transaction open after ``err``. SQLite may have rolled back already (a full
        disk does); if the rollback itself fails, the connection is replaced."""
        if isinstance(err, sqlite3.Error):
            log.error("Database write failed on %s: %s", self.path, err)
        try:
            if self._conn.in_transaction:
                await _run(self._conn, "ROLLBACK")
            if not self._conn.in_transaction:
                return
        except sqlite3.Error:
            log.exception("Rollback after a failed write on %s failed; reopening the database", self.path)
        try:
            await self._conn.close()
        except sqlite3.Error:
            log.exception("Closing the broken connection to %s failed", self.path)
        self._conn = await self._connect(self.path, self.synchronous)

    # ----- writes -------------------------------------------------------------------------
    async def create_game(self, *, variant: str, options: dict[str, Any], seed: int,
                          guild_id: int | None, channel_id: int, status: str,
                          seats: Iterable[tuple[int, str, bool] | tuple[int, str, bool, str | None]], now: float,
                          expires_at: float | None = None, rated: bool = True,
                          challenger_id: int | None = None) -> int:
        """A new game row with its seats (user id, name, accepted[, AI level of a bot seat]) in
        seat order; the challenger is seat 0 unless ``challenger_id`` says otherwise (a rematch
        rotates the seats)."""
        seats = list(seats)
        async with self.transaction() as db:
            cur = await db.execute(
                "INSERT INTO games (variant, options, seed, guild_id, channel_id, lobby_id, status, "
                "created_at, updated_at, expires_at, rated, challenger_id) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (variant, json.dumps(options), seed, guild_id, channel_id, channel_id, status, now, now,
                 expires_at, int(rated), challenger_id if challenger_id is not None else seats[0][0]))
            game_id = cur.lastrowid
            await cur.close()
            cur = await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name, accepted, level) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, i, s[0], s[1], int(s[2]), s[3] if len(s) > 3 else None) for i, s in enumerate(seats)])
            await cur.close()
        assert game_id is not None  # an INSERT always has a row id
        return game_id

    async def set_message(self, game_id: int, message_id: int) -> None:
        """The message that shows a challenge (to edit when the challenge closes)."""
        async with self.transaction() as db:
            await _run(db, "UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id))

    async def put_offer(self, offer: Offer) -> None:
        """Open an offer, or record who has agreed to it so far (one offer of a kind per game)."""
        async with self.transaction() as db:
            await _run(db, "DELETE FROM offers WHERE game_id = ? AND kind = ?", (offer.game_id, offer.kind))
            await _run(db, "INSERT INTO offers (game_id, kind, seat, ply, accepted, created_at) "
                           "VALUES (?, ?, ?, ?, ?, ?)", (offer.game_id, offer.kind, offer.seat, offer.ply,
                                                          json.dumps(offer.accepted), offer.created_at))

    async def drop_offers(self, game_id: int, kind: str | None = None) -> None:
        """Close a game's open offers (of one kind, or all)."""
        async with self.transaction() as db:
            if kind is None:
                await _run(db, "DELETE FROM offers WHERE game_id = ?", (game_id,))
            else:
                await _run(db, "DELETE FROM offers WHERE game_id = ? AND kind = ?", (game_id, kind))

    async def take_back(self, game_id: int, from_ply: int, now: float, timer: Timer | None) -> None:
        """Remove the moves from ``from_ply`` on (a takeback both sides agreed to), close the
        takeback offer and set the timer of the player to move again, in one transaction."""
        async with self.transaction() as db:
            await _run(db, "DELETE FROM moves WHERE game_id = ? AND ply >= ?", (game_id, from_ply))
            await _run(db, "DELETE FROM offers WHERE game_id = ?", (game_id,))
            await _run(db, "UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            await self._put_timer(db, game_id, timer)

    async def set_accepted(self, game_id: int, seat: int, accepted: bool, now: float) -> None:
        async with self.transaction() as db:
            await _run(db, "UPDATE seats SET accepted = ? WHERE game_id = ? AND seat = ?",
                             (int(accepted), game_id, seat))
            await _run(db, "UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))

    async def set_proposal(self, game_id: int, options: dict[str, Any], proposer: int, now: float) -> None:
        """New options proposed by seat ``proposer``: every other seat's acceptance is cleared."""
        async with self.transaction() as db:
            await _run(db, "UPDATE games SET options = ?, updated_at = ? WHERE id = ?",
                             (json.dumps(options), now, game_id))
            await _run(db, "UPDATE seats SET accepted = CASE WHEN seat = ? THEN 1 ELSE 0 END WHERE game_id = ?",
                       (proposer, game_id))

    async def start_game(self, game_id: int, seat: int, channel_id: int, now: float,
                         timer: Timer | None = None) -> None:
        """Seat ``seat`` accepts last: the challenge becomes a running game in ``channel_id``
        (one running game per channel)."""
        try:
            async with self.transaction() as db:
                await _run(db, "UPDATE seats SET accepted = 1 WHERE game_id = ? AND seat = ?",
                                 (game_id, seat))
                await _run(db, "UPDATE games SET status = 'running', channel_id = ?, updated_at = ?, "
                                 "expires_at = NULL WHERE id = ?", (channel_id, now, game_id))
                await self._put_timer(db, game_id, timer)
        except sqlite3.IntegrityError:
            raise StoreError("A game is already running in this channel.") from None

    async def set_status(self, game_id: int, status: str, now: float,
                         result: dict[str, Any] | None = None) -> None:
        async with self.transaction() as db:
            await _run(db, "DELETE FROM offers WHERE game_id = ?", (game_id,))
            await _run(db, "UPDATE games SET status = ?, result = ?, updated_at = ? WHERE id = ?",
                             (status, json.dumps(result) if result is not None else None, now, game_id))
            await self._put_timer(db, game_id, None)

    @staticmethod
    async def _put_timer(db: aiosqlite.Connection, game_id: int, timer: Timer | None) -> None:
        await _run(db, "DELETE FROM timers WHERE game_id = ?", (game_id,))
        if timer is not None:
            await _run(db, "INSERT INTO timers (game_id, seat, remind_at, deadline_at, reminded) "
                             "VALUES (?, ?, ?, ?, ?)", (game_id, timer.seat, timer.remind_at,
                                                        timer.deadline_at, int(timer.reminded)))

    @staticmethod
    async def _put_rating(db: aiosqlite.Connection, rating: RatingRow, history: HistoryRow) -> None:
        h = history
        await _run(db, "INSERT INTO rating_history (game_id, user_id, variant, guild_id, result, before, "
                   "after, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (h.game_id, h.user_id, h.variant, h.guild_id, h.result, h.before, h.after, h.mu, h.sigma, h.at))
        r = rating
        await _run(db, "DELETE FROM ratings WHERE user_id = ? AND variant = ?", (r.user_id, r.variant))
        await _run(db, "INSERT INTO ratings (user_id, variant, name, mu, sigma, games, wins, draws, losses, "
                   "best, last_played) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (r.user_id, r.variant, r.name, r.mu, r.sigma, r.games, r.wins, r.draws, r.losses,
                    r.best, r.last_played))

    async def mark_reminded(self, game_id: int) -> None:
        async with self.transaction() as db:
            await _run(db, "UPDATE timers SET reminded = 1 WHERE game_id = ?", (game_id,))

    async def set_guild_settings(self, guild_id: int, move_deadline: float, reminder_after: float) -> None:
        async with self.transaction() as db:
            await _run(db, "DELETE FROM guild_settings WHERE guild_id = ?", (guild_id,))
            await _run(db, "INSERT INTO guild_settings (guild_id, move_deadline, reminder_after) "
                             "VALUES (?, ?, ?)", (guild_id, move_deadline, reminder_after))

    async def add_move(self, game_id: int, ply: int, seat: int, move: str, now: float,
                       result: dict[str, Any] | None = None, timer: Timer | None = None,
                       ratings: list[tuple[RatingRow, HistoryRow]] | None = None,
                       replace: bool = False) -> None:
        """Record one move with, in the same transaction, the result and the rating changes if
        it ended the game, or else the next player's timer. A game is rated at most once.
        ``replace`` rewrites the last move instead (a turn completed in two inputs, such as a
        ``draw`` followed by ``discard T``, is one record entry: ``draw,discard T``)."""
        try:
            async with self.transaction() as db:
                if replace:
                    await _run(db, "UPDATE moves SET move = ?, created_at = ? WHERE game_id = ? AND ply = ?",
                               (move, now, game_id, ply))
                else:
                    await _run(db, "INSERT INTO moves (game_id, ply, seat, move, created_at) "
                                     "VALUES (?, ?, ?, ?, ?)", (game_id, ply, seat, move, now))
                if result is None:
                    await _run(db, "UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
                else:
                    await _run(db, "UPDATE games SET status = 'finished', result = ?, updated_at = ? "
                                     "WHERE id = ?", (json.dumps(result), now, game_id))
                    await _run(db, "DELETE FROM offers WHERE game_id = ?", (game_id,))
                await self._put_timer(db, game_id, timer if result is None else None)
                for rating, history in ratings or ():
                    await self._put_rating(db, rating, history)
        except sqlite3.IntegrityError as err:
            if "UNIQUE" not in str(err):
                raise WriteFailed(f"The database refused the move: {err}") from err
            raise StoreError(f"Move {ply} of game {game_id} is already recorded.") from None

    # ----- reads -----------------------------------------------------------------------------
    def _row(self, r: sqlite3.Row) -> GameRow:
        return GameRow(id=r["id"], variant=r["variant"], options=json.loads(r["options"]), seed=r["seed"],
                       guild_id=r["guild_id"], channel_id=r["channel_id"], status=r["status"],
                       result=json.loads(r["result"]) if r["result"] else None,
                       created_at=r["created_at"], updated_at=r["updated_at"], expires_at=r["expires_at"],
                       rated=bool(r["rated"]), lobby_id=r["lobby_id"], message_id=r["message_id"],
                       challenger_id=r["challenger_id"])

    async def _fill(self, rows: list[GameRow], moves: bool = True) -> list[GameRow]:
        """Attach seats (and moves) to the rows, a few hundred games per query."""
        by_id = {row.id: row for row in rows}
        ids = list(by_id)
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            marks = ", ".join("?" for _ in chunk)
            async with self._conn.execute(
                    f"SELECT game_id, seat, user_id, name, accepted, level FROM seats WHERE game_id IN ({marks}) "
                    "ORDER BY game_id, seat", chunk) as cur:
                for r in await cur.fetchall():
                    by_id[r["game_id"]].seats.append(Seat(r["seat"], r["user_id"], r["name"], bool(r["accepted"]),
                                                          r["level"]))
            if moves:
                async with self._conn.execute(
                        f"SELECT game_id, seat, move FROM moves WHERE game_id IN ({marks}) "
                        "ORDER BY game_id, ply", chunk) as cur:
                    for r in await cur.fetchall():
                        by_id[r["game_id"]].moves.append(r["move"])
                        by_id[r["game_id"]].move_seats.append(r["seat"])
        return rows

    async def _select(self, where: str, args: tuple = (), moves: bool = True) -> list[GameRow]:
        async with self._conn.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE {where}", args) as cur:
            rows = [self._row(r) for r in await cur.fetchall()]
        return await self._fill(rows, moves)

    async def get_game(self, game_id: int) -> GameRow | None:
        rows = await self._select("id = ?", (game_id,))
        return rows[0] if rows else None

    async def running_game_in(self, channel_id: int) -> GameRow | None:
        rows = await self._select("channel_id = ? AND status = 'running'", (channel_id,))
        return rows[0] if rows else None

    async def open_challenges_in(self, channel_id: int) -> list[GameRow]:
        return await self._select("channel_id = ? AND status = 'challenge' ORDER BY id", (channel_id,),
                                  moves=False)

    async def running_games(self) -> list[GameRow]:
        return await self._select("status = 'running' ORDER BY id")

    async def expired_challenges(self, now: float) -> list[GameRow]:
        return await self._select("status = 'challenge' AND expires_at IS NOT NULL AND expires_at <= ?",
                                  (now,), moves=False)

    async def offers(self, game_id: int) -> list[Offer]:
        async with self._conn.execute("SELECT * FROM offers WHERE game_id = ? ORDER BY kind", (game_id,)) as cur:
            return [Offer(r["game_id"], r["kind"], r["seat"], r["ply"], json.loads(r["accepted"]), r["created_at"])
                    for r in await cur.fetchall()]

    async def last_game_in(self, channel_id: int) -> GameRow | None:
        """The game that started last in a channel or thread (running or finished)."""
        rows = await self._select("channel_id = ? AND status IN ('running', 'finished') ORDER BY id DESC LIMIT 1",
                                  (channel_id,))
        return rows[0] if rows else None

    async def running_games_from(self, lobby_id: int, user_id: int) -> list[GameRow]:
        """A player's running games that were challenged in a channel (and play in their threads)."""
        return await self._select("lobby_id = ? AND status = 'running' AND id IN "
                                  "(SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id", (lobby_id, user_id),
                                  moves=False)

    async def results_against_bots(self, user_id: int) -> list[tuple[str, str, str]]:
        """A player's finished games against the bot: (game, bot level, win|draw|loss) each."""
        rows = await self._select("status = 'finished' AND id IN (SELECT game_id FROM seats WHERE user_id = ?) "
                                  "AND id IN (SELECT game_id FROM seats WHERE level IS NOT NULL) ORDER BY id",
                                  (user_id,), moves=False)
        out = []
        for row in rows:
            seat = row.seat_of(user_id)
            winners = (row.result or {}).get("winners", [])
            everyone = len(winners) == len(row.seats) or (row.result or {}).get("reason") == "agreement"
            result = "draw" if everyone else ("win" if seat in winners else "loss")
            for level in sorted({s.level for s in row.seats if s.level is not None}):
                out.append((row.variant, level, result))
        return out

    async def recent_games_of(self, user_id: int, limit: int = 25,
                              statuses: tuple[str, ...] = ("running", "finished")) -> list[GameRow]:
        """A player's most recent games, newest first."""
        marks = ", ".join("?" for _ in statuses)
        return await self._select(f"status IN ({marks}) AND id IN (SELECT game_id FROM seats WHERE user_id = ?) "
                                  "ORDER BY id DESC LIMIT ?", (*statuses, user_id, limit), moves=False)

    async def timer(self, game_id: int) -> Timer | None:
        async with self._conn.execute("SELECT * FROM timers WHERE game_id = ?", (game_id,)) as cur:
            r = await cur.fetchone()
        return Timer(r["game_id"], r["seat"], r["remind_at"], r["deadline_at"], bool(r["reminded"])) if r else None

    async def due_timers(self, now: float) -> list[Timer]:
        """Timers whose deadline has passed, or whose reminder is due and not yet sent."""
        async with self._conn.execute(
                "SELECT * FROM timers WHERE deadline_at <= ? OR (reminded = 0 AND remind_at <= ?) "
                "ORDER BY game_id", (now, now)) as cur:
            return [Timer(r["game_id"], r["seat"], r["remind_at"], r["deadline_at"], bool(r["reminded"]))
                    for r in await cur.fetchall()]

    async def guild_settings(self, guild_id: int) -> tuple[float, float] | None:
        """(move deadline, reminder delay) in seconds set for a server, if any."""
        async with self._conn.execute("SELECT move_deadline, reminder_after FROM guild_settings "
                                      "WHERE guild_id = ?", (guild_id,)) as cur:
            r = await cur.fetchone()
        return (r["move_deadline"], r["reminder_after"]) if r else None

    # ----- ratings ----------------------------------------------------------------------------
    async def ratings(self, user_ids: Iterable[int], variant: str | None = None) -> list[RatingRow]:
        ids = list(user_ids)
        if not ids:
            return []
        marks = ", ".join("?" for _ in ids)
        sql = f"SELECT * FROM ratings WHERE user_id IN ({marks})"
        args: list[Any] = ids
        if variant is not None:
            sql += " AND variant = ?"
            args = ids + [variant]
        async with self._conn.execute(sql + " ORDER BY variant", args) as cur:
            return [RatingRow(**dict(r)) for r in await cur.fetchall()]

    async def history(self, user_id: int, variant: str, limit: int = 200) -> list[HistoryRow]:
        """A player's rating changes in one game, oldest first (the last ``limit``)."""
        async with self._conn.execute(
                "SELECT * FROM rating_history WHERE user_id = ? AND variant = ? ORDER BY at DESC, game_id DESC "
                "LIMIT ?", (user_id, variant, limit)) as cur:
            rows = [HistoryRow(**dict(r)) for r in await cur.fetchall()]
        return rows[::-1]

    async def rating_pool(self, variant: str, guild_id: int | None = None) -> list[RatingRow]:
        """Everyone rated in a game, or only those who played rated games in one server."""
        sql = "SELECT * FROM ratings WHERE variant = ?"
        args: list[Any] = [variant]
        if guild_id is not None:
            sql += (" AND user_id IN (SELECT user_id FROM rating_history WHERE variant = ? "
                    "AND guild_id = ?)")
            args += [variant, guild_id]
        async with self._conn.execute(sql, args) as cur:
            return [RatingRow(**dict(r)) for r in await cur.fetchall()]

    async def games_of(self, *, guild_id: int | None = None, user_id: int | None = None,
                       statuses: tuple[str, ...] = OPEN_STATUSES) -> list[GameRow]:
        marks = ", ".join("?" for _ in statuses)
        where = f"status IN ({marks})"
        args: list[Any] = list(statuses)
        if guild_id is not None:
            where += " AND guild_id = ?"
            args.append(guild_id)
        if user_id is not None:
            where += " AND id IN (SELECT game_id FROM seats WHERE user_id = ?)"
            args.append(user_id)
        return await self._select(where + " ORDER BY id", tuple(args), moves=False)
