"""Time per move: each server's settings (time per move, when to remind) and the timer of the
player to move that a turn sets."""
from __future__ import annotations

from collections.abc import Callable

import engine
from data import GameRow, GameStore, TurnTimer

from .base import HOUR, Reply, UserError

DEFAULT_REMINDER = 24 * HOUR
DEFAULT_DEADLINE = 72 * HOUR


class Timers:
    def __init__(self, store: GameStore, clock: Callable[[], float], *, reminder_after: float = DEFAULT_REMINDER,
                 move_deadline: float = DEFAULT_DEADLINE) -> None:
        self.store = store
        self.clock = clock
        self.reminder_after = reminder_after
        self.move_deadline = move_deadline

    async def timings(self, guild_id: int | None) -> tuple[float, float]:
        """(seconds per move, seconds before a reminder) for a server."""
        settings = await self.store.guild_settings(guild_id) if guild_id is not None else None
        return settings or (self.move_deadline, self.reminder_after)

    def for_turn(self, row: GameRow, game: engine.Game, now: float) -> TurnTimer | None:
        """The reminder and deadline of the player to move, by the server's settings (which the
        store looks up in the transaction that stores the turn), or by the game's own time per
        move (a tournament's); a player on vacation has the clock start when it ends."""
        if game.to_move is None or row.is_bot(game.to_move):
            return None  # the bot keeps no clock: it moves at once
        return self.for_seat(game.to_move, row.seats[game.to_move].user_id, row.guild_id, row.move_seconds, now)

    def for_seat(self, seat: int, user_id: int, guild_id: int | None, move_seconds: float | None,
                 now: float) -> TurnTimer:
        """The timer of ``seat``'s turn from ``now``: the game's own time per move when it has one
        (reminded halfway, or after the usual delay if that is sooner), else the server's."""
        if move_seconds is not None:
            return TurnTimer(seat, now, min(self.reminder_after, move_seconds / 2), move_seconds, guild_id,
                             user_id=user_id, own=True)
        return TurnTimer(seat, now, self.reminder_after, self.move_deadline, guild_id, user_id=user_id)

    async def set_timings(self, guild_id: int, *, move_hours: float, reminder_hours: float) -> Reply:
        """A server admin sets the time per move and when players are reminded (new turns on)."""
        if not 1 <= move_hours <= 30 * 24:
            raise UserError("The time per move must be between 1 hour and 30 days (720 hours).")
        if not 0 < reminder_hours < move_hours:
            raise UserError("The reminder must come after more than 0 hours and before the time per move runs out.")
        await self.store.set_guild_settings(guild_id, move_hours * HOUR, reminder_hours * HOUR)
        return Reply(f"From the next turn on, each move has {move_hours:g} hours; the player to move is "
                     f"reminded after {reminder_hours:g} hours.")
