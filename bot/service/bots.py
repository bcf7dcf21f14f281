"""Seats the bot plays. After every turn that leaves a bot seat to move (and after a start, for
turns that were pending when the bot stopped), the bot's move is computed in a worker process —
the event loop keeps answering — then committed and announced like any other turn. The AI's
seed comes from the game's seed and the turn's number, so the same record gets the same move.
The bot accepts every takeback request (players learn by trying again) and plays on when offered
a draw."""
from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable

import engine
from data import GameRow

from .. import ai_turns
from ..workers import Workers
from .base import Notice, Reply, UserError
from .play import Play
from .running import RunningGames

log = logging.getLogger(__name__)


def ai_seed(row: GameRow, game: engine.Game) -> int:
    """The AI's seed for this turn: a hash of the game's seed and the turn's number, so the bot's
    choices tell nothing of a secret seed (one that deals hidden tiles)."""
    digest = hashlib.blake2b(f"{row.seed}:{len(game.record)}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")


SORRY = ("{name} could not find a move: something went wrong on my side (it has been logged), so I resign "
         "this game. Sorry about that!")


class Bots:
    # seconds to wait before trying again after a failed search (then the bot resigns)
    RETRY_AFTER: tuple[float, ...] = (5.0, 30.0)

    def __init__(self, running: RunningGames, play: Play, workers: Workers) -> None:
        self.running = running
        self.play = play
        self.workers = workers
        # where bot turns are announced (the front-end posts them); set by the bot app / console
        self.announce: Callable[[Notice], Awaitable[None]] | None = None
        self._tasks: dict[int, asyncio.Task[None]] = {}  # only while the bot thinks in a game

    def wake(self, game_id: int) -> None:
        """Make sure the bot plays its turns in this game (does nothing if it is not the bot's
        turn, or the bot is already thinking there)."""
        running = self._tasks.get(game_id)
        if running is not None and not running.done():
            return
        found = self.running.loaded(game_id)
        if found is None or not self._bot_to_move(*found):
            return
        task = asyncio.create_task(self._play_turns(game_id), name=f"bot-turns-{game_id}")
        self._tasks[game_id] = task
        task.add_done_callback(lambda done: self._tasks.pop(game_id) if self._tasks.get(game_id) is done else None)

    def wake_all(self) -> int:
        """After a start: resume every game where a bot seat is to move (only games with a bot
        seat are replayed for it); returns how many."""
        for row in self.running.rows():
            if any(s.level is not None for s in row.seats):
                self.wake(row.id)
        return sum(1 for t in self._tasks.values() if not t.done())

    async def settle(self) -> None:
        """Wait until the bot has played every turn it owes (tests, the console)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.gather(*[t for t in self._tasks.values() if not t.done()], return_exceptions=True)

    def close(self) -> None:
        for task in self._tasks.values():
            task.cancel()

    @staticmethod
    def _bot_to_move(row: GameRow, game: engine.Game) -> bool:
        return game.to_move is not None and row.is_bot(game.to_move)

    async def _play_turns(self, game_id: int) -> None:
        """Play the bot's turns in a game until a person is to move or the game is over (a game
        with no person left, after a stop between a player leaving and its end, ends instead)."""
        while True:
            found = self.running.loaded(game_id)
            if found is None or not self._bot_to_move(*found):
                return
            row, game = found
            if self.play.unpeopled(row, game):
                await self._end_unpeopled(game_id)
                return
            seat = game.to_move
            assert seat is not None
            record = list(game.record)
            reply = await self._think_and_play(row, game, seat, record)
            if reply is None:
                continue  # the game changed while the bot thought: think again on the new position
            if self.announce is not None:
                try:
                    await self.announce(Notice(row.channel_id, reply))
                except Exception:
                    log.exception("Game %d: the bot's turn at ply %d could not be announced", game_id, len(record))

    async def _think_and_play(self, row: GameRow, game: engine.Game, seat: int, record: list[str]) -> Reply | None:
        """Find the bot's move in a worker and play it, trying again after a failure (with a pause
        that grows); after the last try the bot resigns with an apology, so no game waits for it."""
        level = row.seats[seat].level or "medium"
        for attempt, pause in enumerate((*self.RETRY_AFTER, None), start=1):
            try:
                move = await self.workers.run(ai_turns.think, row.variant, len(row.seats), row.seed, row.options,
                                              record, level, ai_seed(row, game), kind="move", key=row.guild_id)
                return await self._commit(row.id, seat, record, move)
            except Exception:
                log.exception("Game %d (%s): the bot could not play seat %d at ply %d (attempt %d)",
                              row.id, row.variant, seat, len(record), attempt)
            if pause is not None:
                await asyncio.sleep(pause)
        try:
            return await self._give_up(row.id, seat, record)
        except Exception:
            log.exception("Game %d: the bot could not resign seat %d either", row.id, seat)
            return None

    async def _give_up(self, game_id: int, seat: int, record: list[str]) -> Reply | None:
        """The bot resigns a seat it could not play (if the game is still where it failed)."""
        async with self.running.lock(game_id):
            found = self.running.loaded(game_id)
            if found is None or found[1].record != record:
                return None
            row, game = found
            after = await self.play.leave(row, game, seat, "resignation")
        name = row.seats[seat].name
        return await self.play.turn_reply(row, after, SORRY.format(name=name))

    async def _end_unpeopled(self, game_id: int) -> None:
        async with self.running.lock(game_id):
            found = self.running.loaded(game_id)
            if found is None:
                return
            row, game = found
            after = await self.play.end_unpeopled(row, game)
        if after is not game and self.announce is not None:
            reply = await self.play.turn_reply(row, after, "Only my seats are left in this game.")
            await self.announce(Notice(row.channel_id, reply))

    async def _commit(self, game_id: int, seat: int, record: list[str], move: str) -> Reply | None:
        """Play and store the bot's move if the game is still where the bot thought; None if not."""
        async with self.running.lock(game_id):
            found = self.running.loaded(game_id)
            if found is None:
                return None
            row, game = found
            if game.record != record or game.to_move != seat:
                return None
            after = game.copy()
            canonical = after.play(move)
            await self.play.commit(row, after, seat, canonical)
        name = row.seats[seat].name
        try:
            return await self.play.turn_reply(row, after, f"{name} played {canonical}.")
        except UserError:
            return None
