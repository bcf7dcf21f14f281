"""Hints: in a casual game or a game against the bot, the player to move may ask, privately, which
move the bot's AI would play for them and why, in one line (engine.lessons.explain: what the engine
sees the move do). At most ``PER_GAME`` per player and game, counted in the store (``seats.hints``),
shown in the game's record and on the player's profile. Never in a rated game, never for a seat the
asker does not play, never for a player who is not to move.

The AI thinks in the worker pool, in the fair queue of the bot's own moves (one server's requests
wait behind another's turn, never the other way round), on the game's record: in a game with hidden
tiles it sees only what the asker's seat may see. One hint at a time per user (another asked
meanwhile is refused). A hint is counted only once it is shown, and not if the game moved on
while the AI thought.
"""
from __future__ import annotations

import logging

from data import StoreError
from engine import steps
from engine.notation import GAME_OVER

from .. import ai_turns
from ..workers import Workers
from .base import LEFT_GAME, NOT_PLAYING, Person, Reply, UserError
from .bots import ai_seed
from .running import RunningGames, saving

log = logging.getLogger(__name__)

PER_GAME = 3
LEVEL = "hard"  # the AI level whose move a hint shows
RATED = ("Hints are for casual games and games against the bot: this game is rated, so each player plays it on "
         "their own.")
USED_UP = f"You have used your {PER_GAME} hints in this game."
MOVED_ON = "The game moved on while I was thinking, so no hint was used. Ask again if you still want one."
THINKING = "One moment: I am still working out your last hint."


class Hints:
    def __init__(self, running: RunningGames, workers: Workers) -> None:
        self.running = running
        self.workers = workers
        self._thinking: set[int] = set()  # users whose hint the AI is working out (one at a time each)

    async def hint(self, channel_id: int, user: Person) -> Reply:
        """The hint for ``user``, the player to move in the game of this channel (private)."""
        row, game = self.running.require(channel_id, user)
        seat = row.seat_of(user.id)
        if seat is None:
            raise UserError(NOT_PLAYING)
        if row.rated:
            raise UserError(RATED)
        if game.outcome is not None or game.to_move is None:
            raise UserError(GAME_OVER)
        if seat in game.left_players:
            raise UserError(LEFT_GAME)
        if game.to_move != seat:
            raise UserError(f"Hints are for the player to move; it is {row.seats[game.to_move].name}'s turn.")
        if row.seats[seat].hints >= PER_GAME:
            raise UserError(USED_UP)
        version = steps.version(game)
        if user.id in self._thinking:  # asking again meanwhile would only take the workers from everyone
            raise UserError(THINKING)
        self._thinking.add(user.id)
        try:
            move, why = await self.workers.run(ai_turns.hint, row.variant, len(row.seats), row.seed, row.options,
                                               list(game.record), LEVEL, ai_seed(row, game), kind="move",
                                               key=row.guild_id)
        except Exception:
            log.exception("Game %d (%s): the hint for seat %d failed", row.id, row.variant, seat)
            raise UserError("I could not work out a hint just now; it has been logged, and no hint was used.") from None
        finally:
            self._thinking.discard(user.id)
        async with self.running.lock(row.id):
            row, game = self.running.require(channel_id, user)
            if steps.version(game) != version or game.to_move != seat:
                raise UserError(MOVED_ON)
            try:
                used = await saving(row, self.running.store.use_hint(row.id, seat, PER_GAME))
            except StoreError:
                raise UserError(USED_UP) from None
            row.seats[seat].hints = used
        left = PER_GAME - used
        more = f"{left} more in this game" if left else "no more in this game"
        return Reply(f"Hint {used} of {PER_GAME} (only you see this; {more}): the bot would play **{move}**: {why}.",
                     game_id=row.id)
