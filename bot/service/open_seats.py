"""Open challenges: a challenge that names no opponent, posted in a channel for anyone there to
take a seat. A two-player game starts as soon as its seat is taken; a game for more players
fills up to its seats and starts when full, or when the host starts it once enough have joined.
Each take is decided inside the challenge's lock and guarded in the store, so of two people
pressing at once each gets their own seat (or the second hears every seat is taken), and only the
take that fills the last seat starts the game. An open challenge counts against its host's open
challenges (the trust limits) and expires like any challenge."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import engine
from data import GameRow, GameStore, StoreError
from data.sql import SeatSpec

from .. import records
from . import wording
from .base import Person, Reply, UserError, Viewer
from .challenges import Challenges
from .running import RunningGames, saving

MakeChannel = Callable[[str], Awaitable[int | None]]


class OpenSeats:
    def __init__(self, store: GameStore, running: RunningGames, challenges: Challenges,
                 clock: Callable[[], float]) -> None:
        self.store = store
        self.running = running
        self.challenges = challenges
        self.clock = clock

    async def open(self, *, guild_id: int | None, channel_id: int, host: Person, variant: str,
                   options: dict[str, Any] | None = None, rated: bool = True, seats: int | None = None) -> Reply:
        """Post an open challenge: ``seats`` is the most players (default: the game's most)."""
        try:
            info = engine.info(variant)
        except ValueError as err:
            raise UserError(str(err)) from None
        if host.bot:
            raise UserError("Other bots cannot play.")
        most = seats if seats is not None else info.max_players
        if not info.min_players <= most <= info.max_players or most < 2:
            low = max(2, info.min_players)
            span = str(low) if low == info.max_players else f"{low} to {info.max_players}"
            raise UserError(f"{info.name} is played by {span} players, not {most}.")
        seed = self.challenges.new_seed(info)
        given = dict(options or {})
        checked: dict[str, Any] = {}
        for players in range(max(2, info.min_players), most + 1):  # the options must suit every table size
            try:
                checked = engine.new_game(info.id, players=players, seed=seed, options=given).options
            except ValueError as err:
                raise UserError(str(err) if players == 2 else f"With {players} players: {err}") from None
        kept = {name: checked[name] for name in given if name in checked}  # the rest follows the player count
        if self.running.game_in(channel_id) is not None:
            raise UserError("A game is already running in this channel. Finish it first, or open the challenge in "
                            "another channel.")
        spec: list[SeatSpec] = [(host.id, host.name, True, None, host.account)]
        game_id, replaced, closes = await self.challenges.store_new(host, info, kept, seed, guild_id, channel_id,
                                                                    spec, rated, open_seats=most)
        kind = "rated" if rated else "casual"
        if most == 2:
            how = "Take the seat with the button: the first to take it plays, and the game starts at once."
        else:
            how = (f"Take a seat with the button ({most} seats): the game starts when they are all taken, or when "
                   f"{host.name} starts it once {max(2, info.min_players) - 1} or more have joined.")
        text = (f"{host.name} opens a {kind} game of {info.name} to anyone here: challenge #{game_id}, "
                f"{records.options_text(info, kept)}. {how}")
        if replaced:
            text += f" (This replaces your challenge {', '.join(f'#{r.id}' for r in replaced)}.)"
        return Reply(text, game_id=game_id, closes=tuple(closes), seats_open=most)

    async def _row(self, game_id: int) -> GameRow:
        row = await self.store.get_game(game_id)
        if row is None or row.open_seats is None:
            raise UserError(f"There is no open challenge #{game_id}.")
        if row.status == "running":
            raise UserError(f"Challenge #{row.id} has all its players: the game is on in <#{row.channel_id}>.")
        if row.status == "challenge" and row.expires_at is not None and row.expires_at <= self.clock():
            raise UserError("This challenge has expired. Open a new one with challenge.")
        if row.status != "challenge":
            raise UserError("This challenge is no longer open.")
        return row

    async def take(self, user: Person, game_id: int, make_channel: MakeChannel | None = None) -> Reply:
        """Take the next free seat; the seat that fills the table starts the game (in a channel of
        its own where ``make_channel`` makes one)."""
        if user.bot:
            raise UserError("Other bots cannot play.")
        await self._row(game_id)
        async with self.running.lock(game_id):
            row = await self._row(game_id)
            if row.seat_of(user.id) is not None:
                raise UserError(f"You have a seat in challenge #{row.id} already.")
            if self.running.game_in(row.channel_id) is not None:
                raise UserError("A game is already running in this channel; this challenge can start once it is "
                                "over.")
            try:
                seat = await saving(row, self.store.take_seat(row.id, (user.id, user.name, True, None, user.account),
                                                              self.clock()))
            except StoreError as err:
                raise UserError(str(err)) from None
            row = await self._row(game_id)
            if len(row.seats) >= (row.open_seats or 0):
                return await self.challenges.start_in(row, seat, self.clock(), make_channel)
        return Reply(self._seated_text(row, f"{user.name} takes a seat"), game_id=row.id)

    def _seated_text(self, row: GameRow, said: str) -> str:
        info = engine.info(row.variant)
        free = (row.open_seats or 0) - len(row.seats)
        names = ", ".join(s.name for s in row.seats)
        text = f"{said} in challenge #{row.id} ({info.name}): {names}; {wording.count(free, 'seat')} left."
        if len(row.seats) >= max(2, info.min_players):
            text += f" {row.seats[0].name} may start it now."
        return text

    async def leave(self, user: Person, game_id: int) -> Reply:
        """A taker gives up their seat before the start (the host withdraws the whole challenge)."""
        row = await self._row(game_id)
        if row.seat_of(user.id) is None:
            raise UserError(f"You have no seat in challenge #{row.id}.")
        if user.id == self.challenges.challenger(row):
            return await self.challenges.decline(user, game_id=game_id)
        async with self.running.lock(game_id):
            row = await self._row(game_id)
            try:
                await saving(row, self.store.leave_seat(row.id, user.id, self.clock()))
            except StoreError as err:
                raise UserError(str(err)) from None
            row = await self._row(game_id)
        return Reply(self._seated_text(row, f"{user.name} gives up their seat"), game_id=row.id)

    async def start(self, user: Person, game_id: int, make_channel: MakeChannel | None = None) -> Reply:
        """The host starts an open challenge with the players seated so far (enough for the game)."""
        row = await self._row(game_id)
        if user.id != self.challenges.challenger(row):
            raise UserError(f"Only {row.seats[0].name}, who opened challenge #{row.id}, can start it.")
        info = engine.info(row.variant)
        async with self.running.lock(game_id):
            row = await self._row(game_id)
            if len(row.seats) < max(2, info.min_players):
                raise UserError(f"Nobody has taken a seat in challenge #{row.id} yet.")
            return await self.challenges.start_in(row, 0, self.clock(), make_channel)

    async def listing(self, viewer: Viewer, guild_id: int | None) -> Reply:
        """The open challenges of a server the asker can see, with their free seats."""
        if guild_id is None:
            raise UserError("Open challenges belong to a server: ask in one.")
        now = self.clock()
        rows = [r for r in await self.store.open_challenges(guild_id)
                if viewer.may_see(r) and (r.expires_at is None or r.expires_at > now)]
        if not rows:
            return Reply("No open challenges here. Open one with the challenge command and no opponent.")
        lines = ["Open challenges (take a seat with the button under each):"]
        for r in rows:
            free = (r.open_seats or 0) - len(r.seats)
            left = wording.in_words((r.expires_at or now) - now)
            lines.append(f"#{r.id} {wording.game_name(r.variant)} by {r.seats[0].name}: "
                         f"{', '.join(s.name for s in r.seats)}; {wording.count(free, 'seat')} free, in "
                         f"<#{r.channel_id}> (expires {left})")
        return Reply("\n".join(lines))
