"""The store's tournaments in SQL both databases speak: a tournament and its entrants, each round's
pairings (a round is paired in one transaction; each game is then made in one transaction with its
timer and the pairing that names it), the points once decided, and the role a server names for
its organisers. What must hold with several processes is in the statements: a player joins only
while sign-up is open and the field is not full, a round is paired once, a pairing gets one game."""
from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from .rows import GameRow, StoreError, Timer, TurnTimer
from .sql_part import SqlPart
from .together_rows import Entrant, Pairing, TournamentRow
from .tx import Row, Tx

TOURNAMENT_COLUMNS = ("id, guild_id, channel_id, message_id, organiser_id, name, variant, options, format, rounds, "
                      "rated, move_seconds, round_seconds, adjudication, status, signup_until, round_no, round_ends, "
                      "created_at, updated_at")


def tournament_row(r: Row) -> TournamentRow:
    return TournamentRow(id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"], message_id=r["message_id"],
                         organiser_id=r["organiser_id"], name=r["name"], variant=r["variant"],
                         options=json.loads(r["options"]), format=r["format"], rounds=r["rounds"],
                         rated=bool(r["rated"]), move_seconds=r["move_seconds"], round_seconds=r["round_seconds"],
                         adjudication=r["adjudication"], status=r["status"], signup_until=r["signup_until"],
                         round_no=r["round_no"], round_ends=r["round_ends"], created_at=r["created_at"],
                         updated_at=r["updated_at"])


def pairing_row(r: Row) -> Pairing:
    return Pairing(r["tournament_id"], r["round_no"], r["board"], r["kind"], json.loads(r["players"]),
                   r["channel_id"], r["game_id"], json.loads(r["points"]) if r["points"] is not None else None)


class TournamentSql(SqlPart):
    """The tournament operations of SqlStore (which supplies the transactions and reads)."""

    _insert_game: Callable[..., Awaitable[int]]  # SqlStore's: a game row and its seats, in a transaction

    async def _put_timer(self, tx: Tx, game_id: int, timer: Timer | TurnTimer | None) -> None:
        raise NotImplementedError

    # ----- writes -----------------------------------------------------------------------------
    async def create_tournament(self, *, guild_id: int, channel_id: int, organiser_id: int, name: str,
                                variant: str, options: dict[str, Any], format: str, rounds: int, rated: bool,
                                move_seconds: float, round_seconds: float, adjudication: str,
                                signup_until: float, now: float) -> int:
        async with self._tx() as tx:
            return await tx.insert_id(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, variant, options, format, "
                "rounds, rated, move_seconds, round_seconds, adjudication, status, signup_until, round_no, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?, 0, ?, ?)",
                (guild_id, channel_id, organiser_id, name, variant, json.dumps(options), format, rounds, int(rated),
                 move_seconds, round_seconds, adjudication, signup_until, now, now))

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        async with self._tx() as tx:
            await tx.run("UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id))

    async def add_entrant(self, tournament_id: int, entrant: Entrant, now: float, most: int) -> None:
        """A player joins while sign-up is open and fewer than ``most`` have joined (else
        StoreError with the reason); joining twice is refused by the key."""
        async with self._tx() as tx:
            await tx.run("UPDATE tournaments SET updated_at = ? WHERE id = ? AND status = 'signup'",
                         (now, tournament_id), expect=1, refusal="Sign-up for this tournament is closed.")
            await tx.run("INSERT INTO entrants (tournament_id, user_id, name, account, level, joined_at) "
                         "SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS TEXT), "
                         "CAST(? AS TEXT), CAST(? AS DOUBLE PRECISION) "
                         "WHERE (SELECT COUNT(*) FROM entrants WHERE tournament_id = ?) < ?",
                         (tournament_id, entrant.user_id, entrant.name, entrant.account, entrant.level, now,
                          tournament_id, most), expect=1, refusal=f"The tournament is full ({most} players).")

    async def remove_entrant(self, tournament_id: int, user_id: int, now: float) -> None:
        """A player leaves before the start (StoreError if sign-up closed or they had not joined)."""
        async with self._tx() as tx:
            await tx.run("UPDATE tournaments SET updated_at = ? WHERE id = ? AND status = 'signup'",
                         (now, tournament_id), expect=1, refusal="The tournament has started.")
            await tx.run("DELETE FROM entrants WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id),
                         expect=1, refusal="You have not joined this tournament.")

    async def withdraw_entrant(self, tournament_id: int, user_id: int, after_round: int, now: float) -> None:
        """A player leaves a running tournament after ``after_round`` rounds (not paired again)."""
        async with self._tx() as tx:
            await tx.run("UPDATE entrants SET withdrawn = ? WHERE tournament_id = ? AND user_id = ? "
                         "AND withdrawn IS NULL", (after_round, tournament_id, user_id),
                         expect=1, refusal="You have already left this tournament.")
            await tx.run("UPDATE tournaments SET updated_at = ? WHERE id = ?", (now, tournament_id))

    async def start_tournament(self, tournament_id: int, numbers: dict[int, int], rounds: int, now: float) -> None:
        """Sign-up closes: each entrant gets a starting number and the rounds are fixed (StoreError
        if it was no longer in sign-up)."""
        async with self._tx() as tx:
            await tx.run("UPDATE tournaments SET status = 'running', rounds = ?, updated_at = ? "
                         "WHERE id = ? AND status = 'signup'", (rounds, now, tournament_id),
                         expect=1, refusal="The tournament is no longer in sign-up.")
            await tx.many("UPDATE entrants SET number = ? WHERE tournament_id = ? AND user_id = ?",
                          [(number, tournament_id, user_id) for user_id, number in numbers.items()])

    async def set_tournament_status(self, tournament_id: int, status: str, now: float, *,
                                    only_from: Sequence[str]) -> None:
        """A tournament ends (finished, cancelled) while in one of ``only_from`` (else StoreError)."""
        async with self._tx() as tx:
            await tx.run(f"UPDATE tournaments SET status = ?, updated_at = ? WHERE id = ? AND status IN "
                         f"({', '.join('?' for _ in only_from)})", (status, now, tournament_id, *only_from),
                         expect=1, refusal="The tournament has ended.")

    async def put_round(self, tournament_id: int, round_no: int, pairings: list[Pairing], round_ends: float,
                        now: float) -> None:
        """Pair round ``round_no`` (the one after the current), with its deadline: refused
        (StoreError) if that round was paired already."""
        async with self._tx() as tx:
            await tx.run("UPDATE tournaments SET round_no = ?, round_ends = ?, updated_at = ? "
                         "WHERE id = ? AND round_no = ? AND status = 'running'",
                         (round_no, round_ends, now, tournament_id, round_no - 1),
                         expect=1, refusal=f"Round {round_no} is paired already.")
            await tx.many("INSERT INTO pairings (tournament_id, round_no, board, kind, players, points) "
                          "VALUES (?, ?, ?, ?, ?, ?)",
                          [(tournament_id, round_no, p.board, p.kind, json.dumps(p.players),
                            json.dumps(p.points) if p.points is not None else None) for p in pairings])

    async def set_pairing_channel(self, pairing: Pairing, channel_id: int) -> None:
        """The thread made for a pairing's game (kept, so a start that a stop interrupts reuses it)."""
        async with self._tx() as tx:
            await tx.run("UPDATE pairings SET channel_id = ? WHERE tournament_id = ? AND round_no = ? AND board = ? "
                         "AND game_id IS NULL", (channel_id, pairing.tournament_id, pairing.round_no, pairing.board))

    async def open_pairing_game(self, pairing: Pairing, *, game: dict[str, Any], timer: TurnTimer | None) -> int:
        """Make a pairing's game, running in the pairing's thread, with its first timer, in one
        transaction that also names it in the pairing (StoreError if the pairing has a game)."""
        async with self._tx() as tx:
            game_id = await self._insert_game(tx, **game)
            await self._put_timer(tx, game_id, timer)
            await tx.run("UPDATE pairings SET game_id = ? WHERE tournament_id = ? AND round_no = ? AND board = ? "
                         "AND game_id IS NULL", (game_id, pairing.tournament_id, pairing.round_no, pairing.board),
                         expect=1, refusal="This pairing has its game already.")
        return game_id

    async def set_points(self, pairing: Pairing, points: list[float]) -> None:
        async with self._tx() as tx:
            await tx.run("UPDATE pairings SET points = ? WHERE tournament_id = ? AND round_no = ? AND board = ?",
                         (json.dumps(points), pairing.tournament_id, pairing.round_no, pairing.board))

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        async with self._tx() as tx:
            await tx.run("DELETE FROM organiser_roles WHERE guild_id = ?", (guild_id,))
            if role_id is not None:
                await tx.run("INSERT INTO organiser_roles (guild_id, role_id) VALUES (?, ?)", (guild_id, role_id))

    # ----- reads ------------------------------------------------------------------------------
    async def _tournaments(self, where: str, args: Sequence[Any]) -> list[TournamentRow]:
        rows = [tournament_row(r) for r in await self._read(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE {where} ORDER BY id", args)]
        by_id = {t.id: t for t in rows}
        if by_id:
            ids = list(by_id)
            for r in await self._read(
                    f"SELECT * FROM entrants WHERE tournament_id IN ({', '.join('?' for _ in ids)}) "
                    "ORDER BY tournament_id, COALESCE(number, 0), joined_at, user_id", ids):
                by_id[r["tournament_id"]].entrants.append(
                    Entrant(r["user_id"], r["name"], r["account"], r["level"], r["number"], r["withdrawn"],
                            r["joined_at"]))
        return rows

    async def get_tournament(self, tournament_id: int) -> TournamentRow | None:
        found = await self._tournaments("id = ?", (tournament_id,))
        return found[0] if found else None

    async def tournaments_in(self, guild_id: int, statuses: Sequence[str]) -> list[TournamentRow]:
        return await self._tournaments(f"guild_id = ? AND status IN ({', '.join('?' for _ in statuses)})",
                                       (guild_id, *statuses))

    async def active_tournaments(self) -> list[TournamentRow]:
        """Tournaments in sign-up or running (the sweep's work)."""
        return await self._tournaments("status IN ('signup', 'running')", ())

    async def pairings(self, tournament_id: int) -> list[Pairing]:
        return [pairing_row(r) for r in await self._read(
            "SELECT * FROM pairings WHERE tournament_id = ? ORDER BY round_no, board", (tournament_id,))]

    async def pairing_of(self, game_id: int) -> Pairing | None:
        rows = await self._read("SELECT * FROM pairings WHERE game_id = ?", (game_id,))
        return pairing_row(rows[0]) if rows else None

    async def round_games(self, tournament_id: int, round_no: int) -> list[GameRow]:
        """The games of a round, with their records."""
        return await self._select("id IN (SELECT game_id FROM pairings WHERE tournament_id = ? AND round_no = ?) "
                                  "ORDER BY id", (tournament_id, round_no))

    async def organiser_role(self, guild_id: int) -> int | None:
        rows = await self._read("SELECT role_id FROM organiser_roles WHERE guild_id = ?", (guild_id,))
        return rows[0]["role_id"] if rows else None


__all__ = ["TournamentSql", "StoreError"]
