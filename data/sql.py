"""Every store operation written once in SQL both databases speak, over a small transaction
interface (``Tx``) that each database implements: SQLite (store.py) and PostgreSQL (postgres.py).

Statements use ``?`` placeholders (PostgreSQL's store numbers them). What must hold with several
processes on one database is written into the statements themselves: a turn first updates its
game's row only while the game runs (that row lock serialises turns of one game across
processes), a move is recorded only at the ply that follows the stored record, a challenge
starts only while it is still a challenge, a reminder is claimed once, and ratings are read
under a lock in the transaction that writes them.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from .lesson_sql import LessonSql
from .open_sql import OpenSql
from .player_sql import PlayerSql
from .puzzle_sql import PuzzleSql
from .rating_sql import RatingSql
from .rows import (
    KEEP,
    Conflict,
    GameRow,
    HistoryRow,
    Keep,
    Offer,
    RatingRow,
    RatingUpdate,
    Seat,
    StoreError,
    Timer,
    TurnTimer,
    WriteFailed,
)
from .tournament_sql import TournamentSql
from .tx import Row, Tx, marks

__all__ = ["OPEN_STATUSES", "Row", "SeatSpec", "SqlStore", "Tx", "marks"]

OPEN_STATUSES = ("challenge", "running")
GAME_COLUMNS = ("id, variant, options, seed, big_seed, guild_id, channel_id, status, result, "
                "created_at, updated_at, expires_at, rated, lobby_id, message_id, challenger_id, posted, "
                "pending_channel, tournament_id, move_seconds, open_seats")
SEED_COLUMN = range(-2**63, 2**63)  # seeds the integer column holds; larger ones are kept as digits
# a new seat: user id, name, accepted, then optionally the AI level of a bot seat and the user's own name
SeatSpec = tuple[int, str, bool] | tuple[int, str, bool, str | None] | tuple[int, str, bool, str | None, str | None]

# whether a JSON list of small seat numbers ("[0, 2]") holds the seat given as "%,<seat>,%"
_ACCEPTED_HAS = "(',' || replace(replace(replace(accepted, '[', ''), ']', ''), ' ', '') || ',') LIKE ?"


def game_row(r: Row) -> GameRow:
    seed = int(r["big_seed"]) if r["big_seed"] is not None else r["seed"]
    return GameRow(id=r["id"], variant=r["variant"], options=json.loads(r["options"]), seed=seed,
                   guild_id=r["guild_id"], channel_id=r["channel_id"], status=r["status"],
                   result=json.loads(r["result"]) if r["result"] else None,
                   created_at=r["created_at"], updated_at=r["updated_at"], expires_at=r["expires_at"],
                   rated=bool(r["rated"]), lobby_id=r["lobby_id"], message_id=r["message_id"],
                   challenger_id=r["challenger_id"], posted=r["posted"], pending_channel=r["pending_channel"],
                   tournament_id=r["tournament_id"], move_seconds=r["move_seconds"], open_seats=r["open_seats"])


# when a turn's clock starts: now, or the end of the vacation of the player to move
_TIMER_START = ("COALESCE((SELECT MAX(ends) FROM vacations WHERE user_id = CAST(? AS BIGINT) AND "
                "starts <= CAST(? AS DOUBLE PRECISION) AND ends > CAST(? AS DOUBLE PRECISION)), "
                "CAST(? AS DOUBLE PRECISION))")


def timer_row(r: Row) -> Timer:
    return Timer(r["game_id"], r["seat"], r["remind_at"], r["deadline_at"], bool(r["reminded"]))



class SqlStore(RatingSql, TournamentSql, PlayerSql, OpenSql, LessonSql, PuzzleSql):
    """The store's operations; a database supplies ``_tx`` (a write transaction) and ``_read``."""

    path: str = ""

    def _tx(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def _read(self, sql: str, args: Sequence[Any] = (), *, skip_locked: bool = False) -> list[Row]:
        raise NotImplementedError

    async def _lock_ratings(self, tx: Tx, variant: str, user_ids: Iterable[int]) -> None:
        """Hold, until the transaction ends, the ratings of these players (present or not yet)."""

    async def close(self) -> None:
        raise NotImplementedError

    async def schema_version(self) -> int:
        raise NotImplementedError

    # ----- writes -------------------------------------------------------------------------
    async def create_game(self, *, variant: str, options: dict[str, Any], seed: int,
                          guild_id: int | None, channel_id: int, status: str,
                          seats: Iterable[SeatSpec], now: float,
                          expires_at: float | None = None, rated: bool = True,
                          challenger_id: int | None = None, replaces: Sequence[int] = (),
                          open_seats: int | None = None) -> int:
        """A new game row with its seats (user id, name, accepted[, AI level of a bot seat[, the
        user's own name]]) in seat order; the challenger is seat 0 unless ``challenger_id`` says
        otherwise (a rematch rotates the seats). The open challenges it ``replaces`` are declined
        in the same transaction. ``open_seats``: an open challenge that anyone may join, up to
        that many seats."""
        async with self._tx() as tx:
            game_id = await self._insert_game(tx, variant=variant, options=options, seed=seed, guild_id=guild_id,
                                              channel_id=channel_id, lobby_id=channel_id, status=status,
                                              seats=list(seats), now=now, expires_at=expires_at, rated=rated,
                                              challenger_id=challenger_id, open_seats=open_seats)
            for old in replaces:
                await tx.run("UPDATE games SET status = 'declined', updated_at = ? "
                             "WHERE id = ? AND status = 'challenge'", (now, old))
        return game_id

    @staticmethod
    async def _insert_game(tx: Tx, *, variant: str, options: dict[str, Any], seed: int, guild_id: int | None,
                           channel_id: int, lobby_id: int, status: str, seats: list[SeatSpec], now: float,
                           expires_at: float | None = None, rated: bool = True, challenger_id: int | None = None,
                           open_seats: int | None = None, tournament_id: int | None = None,
                           move_seconds: float | None = None, posted: int = 0) -> int:
        """Insert a game row and its seats in ``tx``; returns the game's id."""
        game_id = await tx.insert_id(
            "INSERT INTO games (variant, options, seed, big_seed, guild_id, channel_id, lobby_id, status, "
            "created_at, updated_at, expires_at, rated, challenger_id, open_seats, tournament_id, move_seconds, "
            "posted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (variant, json.dumps(options), seed if seed in SEED_COLUMN else 0,
             None if seed in SEED_COLUMN else str(seed), guild_id, channel_id, lobby_id, status, now, now,
             expires_at, int(rated), challenger_id if challenger_id is not None else seats[0][0], open_seats,
             tournament_id, move_seconds, posted))
        await tx.many("INSERT INTO seats (game_id, seat, user_id, name, accepted, level, account) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?)",
                      [(game_id, i, s[0], s[1], int(s[2]), s[3] if len(s) > 3 else None,
                        s[4] if len(s) > 4 else None) for i, s in enumerate(seats)])
        return game_id

    async def set_posted(self, game_id: int, ply: int) -> None:
        """The message of the record's first ``ply`` entries went out (0: the start)."""
        async with self._tx() as tx:
            await tx.run("UPDATE games SET posted = ? WHERE id = ? AND posted < ?", (ply, game_id, ply))

    async def set_pending_channel(self, game_id: int, channel_id: int | None) -> None:
        """A thread made for a challenge being started (None: no longer pending)."""
        async with self._tx() as tx:
            await tx.run("UPDATE games SET pending_channel = ? WHERE id = ?", (channel_id, game_id))

    async def set_message(self, game_id: int, message_id: int) -> None:
        """The message that shows a challenge (to edit when the challenge closes)."""
        async with self._tx() as tx:
            await tx.run("UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id))

    async def put_offer(self, offer: Offer) -> None:
        """Open an offer, or record who has agreed to it so far (one offer of a kind per game)."""
        async with self._tx() as tx:
            await tx.run("DELETE FROM offers WHERE game_id = ? AND kind = ?", (offer.game_id, offer.kind))
            await tx.run("INSERT INTO offers (game_id, kind, seat, ply, accepted, created_at) "
                         "VALUES (?, ?, ?, ?, ?, ?)", (offer.game_id, offer.kind, offer.seat, offer.ply,
                                                        json.dumps(offer.accepted), offer.created_at))

    async def drop_offers(self, game_id: int, kind: str | None = None) -> None:
        """Close a game's open offers (of one kind, or all)."""
        async with self._tx() as tx:
            if kind is None:
                await tx.run("DELETE FROM offers WHERE game_id = ?", (game_id,))
            else:
                await tx.run("DELETE FROM offers WHERE game_id = ? AND kind = ?", (game_id, kind))

    async def take_back(self, game_id: int, from_ply: int, now: float, timer: Timer | TurnTimer | None) -> None:
        """Remove the moves from ``from_ply`` on (a takeback both sides agreed to), close the
        takeback offer and set the timer of the player to move again, in one transaction."""
        async with self._tx() as tx:
            await tx.run("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            await tx.run("DELETE FROM moves WHERE game_id = ? AND ply >= ?", (game_id, from_ply))
            await tx.run("DELETE FROM offers WHERE game_id = ?", (game_id,))
            await self._put_timer(tx, game_id, timer)

    async def set_accepted(self, game_id: int, seat: int, accepted: bool, now: float) -> None:
        async with self._tx() as tx:
            await tx.run("UPDATE seats SET accepted = ? WHERE game_id = ? AND seat = ?", (int(accepted), game_id, seat))
            await tx.run("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))

    async def set_proposal(self, game_id: int, options: dict[str, Any], proposer: int, now: float) -> None:
        """New options proposed by seat ``proposer``: every other seat's acceptance is cleared."""
        async with self._tx() as tx:
            await tx.run("UPDATE games SET options = ?, updated_at = ? WHERE id = ?",
                         (json.dumps(options), now, game_id))
            await tx.run("UPDATE seats SET accepted = CASE WHEN seat = ? THEN 1 ELSE 0 END WHERE game_id = ?",
                         (proposer, game_id))

    async def start_game(self, game_id: int, seat: int, channel_id: int, now: float,
                         timer: Timer | TurnTimer | None = None) -> None:
        """Seat ``seat`` accepts last: the challenge becomes a running game in ``channel_id``
        (one running game per channel). Only an open challenge starts: of two acceptances at
        once (two processes), the second is refused."""
        try:
            async with self._tx() as tx:
                await tx.run("UPDATE games SET status = 'running', channel_id = ?, updated_at = ?, "
                             "expires_at = NULL, posted = -1, pending_channel = NULL "
                             "WHERE id = ? AND status = 'challenge'", (channel_id, now, game_id),
                             expect=1, refusal="This challenge is no longer open.")
                await tx.run("UPDATE seats SET accepted = 1 WHERE game_id = ? AND seat = ?", (game_id, seat))
                await self._put_timer(tx, game_id, timer)
        except Conflict as err:
            if not err.unique:
                raise WriteFailed(f"The database refused to start the game: {err}") from err
            raise StoreError("A game is already running in this channel.") from None

    async def set_status(self, game_id: int, status: str, now: float,
                         result: dict[str, Any] | None = None, *, only_from: str | None = None) -> None:
        """A game's new status; with ``only_from``, only if it still has that status (else
        StoreError: another process got there first)."""
        async with self._tx() as tx:
            if only_from is None:
                await tx.run("UPDATE games SET status = ?, result = ?, updated_at = ? WHERE id = ?",
                             (status, json.dumps(result) if result is not None else None, now, game_id))
            else:
                await tx.run("UPDATE games SET status = ?, result = ?, updated_at = ? WHERE id = ? AND status = ?",
                             (status, json.dumps(result) if result is not None else None, now, game_id, only_from),
                             expect=1, refusal=f"Game {game_id} is no longer {only_from}.")
            await tx.run("DELETE FROM offers WHERE game_id = ?", (game_id,))
            await self._put_timer(tx, game_id, None)

    @staticmethod
    async def _put_timer(tx: Tx, game_id: int, timer: Timer | TurnTimer | Keep | None) -> None:
        if timer is KEEP:
            return
        await tx.run("DELETE FROM timers WHERE game_id = ?", (game_id,))
        if isinstance(timer, Timer):
            await tx.run("INSERT INTO timers (game_id, seat, remind_at, deadline_at, reminded) "
                         "VALUES (?, ?, ?, ?, ?)", (game_id, timer.seat, timer.remind_at,
                                                    timer.deadline_at, int(timer.reminded)))
        elif isinstance(timer, TurnTimer):  # the server's own settings and a vacation, looked up here
            t = timer
            guild = None if t.own else t.guild_id
            start = (t.user_id, t.start, t.start, t.start)
            await tx.run(
                f"INSERT INTO timers (game_id, seat, remind_at, deadline_at, reminded) "
                f"SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), {_TIMER_START} + COALESCE("
                f"(SELECT reminder_after FROM guild_settings WHERE guild_id = ?), CAST(? AS DOUBLE PRECISION)), "
                f"{_TIMER_START} + COALESCE((SELECT move_deadline FROM guild_settings WHERE guild_id = ?), "
                f"CAST(? AS DOUBLE PRECISION)), 0",
                (game_id, t.seat, *start, guild, t.remind_after, *start, guild, t.deadline_after))

    async def mark_reminded(self, game_id: int) -> None:
        async with self._tx() as tx:
            await tx.run("UPDATE timers SET reminded = 1 WHERE game_id = ?", (game_id,))

    async def claim_reminder(self, game_id: int, seat: int, deadline_at: float | None = None) -> bool:
        """Mark the reminder of ``seat``'s turn sent (and move its deadline to ``deadline_at`` when
        given); False if it already was (by this process or another): exactly one sweep sends it."""
        try:
            async with self._tx() as tx:
                await tx.run("UPDATE timers SET reminded = 1, deadline_at = COALESCE(?, deadline_at) "
                             "WHERE game_id = ? AND seat = ? AND reminded = 0",
                             (deadline_at, game_id, seat), expect=1, refusal="already reminded")
        except StoreError as err:
            if isinstance(err, WriteFailed):
                raise
            return False
        return True

    async def set_guild_settings(self, guild_id: int, move_deadline: float, reminder_after: float) -> None:
        async with self._tx() as tx:
            await tx.run("INSERT INTO guild_settings (guild_id, move_deadline, reminder_after) VALUES (?, ?, ?) "
                         "ON CONFLICT (guild_id) DO UPDATE SET move_deadline = excluded.move_deadline, "
                         "reminder_after = excluded.reminder_after", (guild_id, move_deadline, reminder_after))

    async def add_move(self, game_id: int, ply: int, seat: int, move: str, now: float,
                       result: dict[str, Any] | None = None, timer: Timer | TurnTimer | Keep | None = None,
                       ratings: list[tuple[RatingRow, HistoryRow]] | None = None,
                       replace: bool = False, *, rate: RatingUpdate | None = None,
                       close_offers_for: int | None = None) -> list[tuple[str, int]]:
        """Record one move with, in the same transaction, the result and the rating changes if
        it ended the game, or else the next player's timer. A game is rated at most once.
        ``replace`` rewrites the last move instead (a turn completed in two inputs, such as a
        ``draw`` followed by ``discard T``, is one record entry: ``draw,discard T``).

        The game must be running and ``ply`` must follow its stored record (else StoreError: a
        turn of another process got there first). ``rate`` computes the ratings from those
        stored now (under a lock) and may add them to ``result`` before it is written.
        ``close_offers_for``: the mover's turn closes the open offers, except a draw offer they
        agreed to; returns the closed ones as (kind, asking seat)."""
        closed: list[Row] = []
        try:
            async with self._tx() as tx:
                await tx.run("UPDATE games SET updated_at = ? WHERE id = ? AND status = 'running'", (now, game_id),
                             expect=1, refusal=f"Game {game_id} is not running.")
                if replace:
                    await tx.run("UPDATE moves SET move = ?, created_at = ? WHERE game_id = ? AND ply = ? AND ply = "
                                 "(SELECT MAX(ply) FROM moves WHERE game_id = ?)", (move, now, game_id, ply, game_id),
                                 expect=1, refusal=f"Move {ply} of game {game_id} is not its last.")
                else:
                    await tx.run("INSERT INTO moves (game_id, ply, seat, move, created_at) SELECT CAST(? AS BIGINT), "
                                 "CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS DOUBLE PRECISION) "
                                 "WHERE (SELECT COUNT(*) FROM moves WHERE game_id = ?) = ?",
                                 (game_id, ply, seat, move, now, game_id, ply),
                                 expect=1, refusal=f"Move {ply} of game {game_id} is already recorded.")
                changes = list(ratings or ())
                if rate is not None:
                    await self._lock_ratings(tx, rate.variant, rate.user_ids)
                    old = await tx.rows(f"SELECT * FROM ratings WHERE variant = ? AND user_id IN "
                                        f"({marks(rate.user_ids)})", (rate.variant, *rate.user_ids), lock=True)
                    changes += rate.compute([RatingRow(**dict(r)) for r in old])
                if result is not None:
                    await tx.run("UPDATE games SET status = 'finished', result = ? WHERE id = ?",
                                 (json.dumps(result), game_id))
                    await tx.run("DELETE FROM offers WHERE game_id = ?", (game_id,))
                elif close_offers_for is not None:
                    closed = tx.later(f"DELETE FROM offers WHERE game_id = ? AND NOT (kind = 'draw' AND "
                                      f"{_ACCEPTED_HAS}) RETURNING kind, seat", (game_id, f"%,{close_offers_for},%"))
                await self._put_timer(tx, game_id, timer if result is None else None)
                for rating, history in changes:
                    await self._put_rating(tx, rating, history)
        except Conflict as err:
            if not err.unique:
                raise WriteFailed(f"The database refused the move: {err}") from err
            raise StoreError(f"Move {ply} of game {game_id} is already recorded.") from None
        return sorted((r["kind"], r["seat"]) for r in closed)

    # ----- reads -----------------------------------------------------------------------------
    async def _fill(self, rows: list[GameRow], moves: bool = True) -> list[GameRow]:
        """Attach seats (and moves) to the rows, a few hundred games per query."""
        by_id = {row.id: row for row in rows}
        ids = list(by_id)
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            for r in await self._read(f"SELECT game_id, seat, user_id, name, accepted, level, account, hints "
                                      f"FROM seats WHERE game_id IN ({marks(chunk)}) ORDER BY game_id, seat", chunk):
                by_id[r["game_id"]].seats.append(Seat(r["seat"], r["user_id"], r["name"], bool(r["accepted"]),
                                                      r["level"], r["account"], r["hints"]))
            if moves:
                for r in await self._read(f"SELECT game_id, seat, move FROM moves WHERE game_id IN ({marks(chunk)}) "
                                          "ORDER BY game_id, ply", chunk):
                    by_id[r["game_id"]].moves.append(r["move"])
                    by_id[r["game_id"]].move_seats.append(r["seat"])
        return rows

    async def _select(self, where: str, args: Sequence[Any] = (), moves: bool = True) -> list[GameRow]:
        rows = [game_row(r) for r in await self._read(f"SELECT {GAME_COLUMNS} FROM games WHERE {where}", args)]
        return await self._fill(rows, moves)

    async def get_game(self, game_id: int) -> GameRow | None:
        rows = await self._select("id = ?", (game_id,))
        return rows[0] if rows else None

    async def running_game_in(self, channel_id: int) -> GameRow | None:
        rows = await self._select("channel_id = ? AND status = 'running'", (channel_id,))
        return rows[0] if rows else None

    async def open_challenges_in(self, channel_id: int) -> list[GameRow]:
        return await self._select("channel_id = ? AND status = 'challenge' ORDER BY id", (channel_id,), moves=False)

    async def running_games(self) -> list[GameRow]:
        return await self._select("status = 'running' ORDER BY id")

    async def unposted_games(self, since: float) -> list[GameRow]:
        """Games changed since ``since`` whose last turn (or start) was saved but never shown."""
        return await self._select("status IN ('running', 'finished') AND updated_at >= ? AND posted < "
                                  "(SELECT COUNT(*) FROM moves WHERE moves.game_id = games.id) ORDER BY id", (since,))

    async def orphan_channels(self) -> list[GameRow]:
        """Open challenges with a thread made for a start that never completed."""
        return await self._select("status = 'challenge' AND pending_channel IS NOT NULL ORDER BY id", moves=False)

    async def expired_challenges(self, now: float) -> list[GameRow]:
        return await self._select("status = 'challenge' AND expires_at IS NOT NULL AND expires_at <= ?",
                                  (now,), moves=False)

    async def offers(self, game_id: int) -> list[Offer]:
        return [Offer(r["game_id"], r["kind"], r["seat"], r["ply"], json.loads(r["accepted"]), r["created_at"])
                for r in await self._read("SELECT * FROM offers WHERE game_id = ? ORDER BY kind", (game_id,))]

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

    async def results_against_bots(self, user_id: int) -> list[tuple[str, str, str, int]]:
        """A player's finished games against the bot: (game, bot level, win|draw|loss, hints used) each."""
        rows = await self._select("status = 'finished' AND id IN (SELECT game_id FROM seats WHERE user_id = ?) "
                                  "AND id IN (SELECT game_id FROM seats WHERE level IS NOT NULL) ORDER BY id",
                                  (user_id,), moves=False)
        out = []
        for row in rows:
            seat = row.seat_of(user_id)
            winners = (row.result or {}).get("winners", [])
            everyone = len(winners) == len(row.seats) or (row.result or {}).get("reason") == "agreement"
            result = "draw" if everyone else ("win" if seat in winners else "loss")
            hints = row.seats[seat].hints if seat is not None else 0
            for level in sorted({s.level for s in row.seats if s.level is not None}):
                out.append((row.variant, level, result, hints))
        return out

    async def recent_games_of(self, user_id: int, limit: int = 25,
                              statuses: tuple[str, ...] = ("running", "finished")) -> list[GameRow]:
        """A player's most recent games, newest first."""
        return await self._select(f"status IN ({marks(statuses)}) AND id IN (SELECT game_id FROM seats "
                                  "WHERE user_id = ?) ORDER BY id DESC LIMIT ?", (*statuses, user_id, limit),
                                  moves=False)

    async def timer(self, game_id: int) -> Timer | None:
        rows = await self._read("SELECT * FROM timers WHERE game_id = ?", (game_id,))
        return timer_row(rows[0]) if rows else None

    async def due_timers(self, now: float) -> list[Timer]:
        """Timers whose deadline has passed, or whose reminder is due and not yet sent (a timer
        that another process is rewriting at this moment is skipped: its turn is being stored)."""
        return [timer_row(r) for r in await self._read(
            "SELECT * FROM timers WHERE deadline_at <= ? OR (reminded = 0 AND remind_at <= ?) ORDER BY game_id",
            (now, now), skip_locked=True)]

    async def guild_settings(self, guild_id: int) -> tuple[float, float] | None:
        """(move deadline, reminder delay) in seconds set for a server, if any."""
        rows = await self._read("SELECT move_deadline, reminder_after FROM guild_settings WHERE guild_id = ?",
                                (guild_id,))
        return (rows[0]["move_deadline"], rows[0]["reminder_after"]) if rows else None

    async def games_of(self, *, guild_id: int | None = None, user_id: int | None = None,
                       statuses: tuple[str, ...] = OPEN_STATUSES) -> list[GameRow]:
        where = f"status IN ({marks(statuses)})"
        args: list[Any] = list(statuses)
        if guild_id is not None:
            where += " AND guild_id = ?"
            args.append(guild_id)
        if user_id is not None:
            where += " AND id IN (SELECT game_id FROM seats WHERE user_id = ?)"
            args.append(user_id)
        return await self._select(where + " ORDER BY id", tuple(args), moves=False)


