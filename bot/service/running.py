"""The running games in memory: each registered at a start and replayed from its stored record on
first use, found by channel, with one lock per game (or challenge) that serialises what changes
it. Also the one place that turns a failed database write into a clear refusal."""
from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from typing import TypeVar

import engine
from data import GameRow, GameStore, WriteFailed

from .base import SAVE_FAILED, NoGameHere, Person, UserError

log = logging.getLogger(__name__)
T = TypeVar("T")


def replay(row: GameRow) -> engine.Game:
    """The engine game a stored record describes."""
    return engine.replay(row.variant, row.moves, players=len(row.seats), seed=row.seed, options=row.options)


async def saving(row: GameRow, write: Awaitable[T]) -> T:
    """Await a store write; a database failure is logged with the game and answered with a clear
    refusal (the store has rolled back: nothing was changed)."""
    try:
        return await write
    except WriteFailed:
        log.exception("Game %d (%s, channel %d): a write failed", row.id, row.variant, row.channel_id)
        raise UserError(SAVE_FAILED) from None


class RunningGames:
    """Running games by id and by channel; None for a game registered but not yet replayed."""

    def __init__(self, store: GameStore, owns: Callable[[int | None], bool] | None = None) -> None:
        self.store = store
        # whether this process serves a server's games (by guild id; None outside a server): with
        # several processes on one database (shards), each keeps only its own servers' games
        self.owns: Callable[[int | None], bool] = owns or (lambda guild_id: True)
        self._games: dict[int, tuple[GameRow, engine.Game | None]] = {}
        self._by_channel: dict[int, int] = {}
        # one lock per game (or challenge), alive while someone holds or waits for it
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # told the id of every game that is started or changed (the bot looks whether it is to move)
        self.changed: Callable[[int], None] = lambda game_id: None

    async def reload(self) -> int:
        """Register every running game after a start; returns how many. A game is replayed from
        its stored record the first time it is needed (a move, the board, a timer), so a restart
        with many long games is quick and each game costs its replay once."""
        count = 0
        for row in await self.store.running_games():
            if not self.owns(row.guild_id):
                continue
            self._games[row.id] = (row, None)
            self._by_channel[row.channel_id] = row.id
            count += 1
        return count

    async def warm(self) -> int:
        """Replay the games a start only registered, one at a time, yielding to the event loop
        between games (a turn for a game not yet replayed replays it at once); returns how many
        games were replayed."""
        count = 0
        for game_id in list(self._games):
            found = self._games.get(game_id)
            if found is not None and found[1] is None:
                count += self.loaded(game_id) is not None
                await asyncio.sleep(0)
        return count

    def loaded(self, game_id: int) -> tuple[GameRow, engine.Game] | None:
        """A running game from memory, replayed now if the start only registered it."""
        found = self._games.get(game_id)
        if found is None:
            return None
        row, game = found
        if game is not None:
            return row, game
        try:
            game = replay(row)
        except Exception:
            log.exception("Could not replay game %d (%s, channel %d); it stays stored but unloaded",
                          row.id, row.variant, row.channel_id)
            self.forget(row)
            return None
        self._games[game_id] = (row, game)
        return row, game

    def keep(self, row: GameRow, game: engine.Game) -> None:
        """Remember a running game as it is now."""
        self._games[row.id] = (row, game)
        self._by_channel[row.channel_id] = row.id
        self.changed(row.id)

    def rows(self) -> list[GameRow]:
        """Every running game's stored row (without replaying any)."""
        return [row for row, _ in self._games.values()]

    def forget(self, row: GameRow) -> None:
        """A game that is no longer running."""
        self._games.pop(row.id, None)
        if self._by_channel.get(row.channel_id) == row.id:
            del self._by_channel[row.channel_id]

    async def settle_turns(self, timeout: float) -> bool:
        """Wait until no game is being changed (every turn being saved is stored), at most
        ``timeout`` seconds; whether that came to pass. For a clean stop."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while any(lock.locked() for lock in list(self._locks.values())):
            if loop.time() >= deadline:
                return False
            await asyncio.sleep(0.01)
        return True

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def game_in(self, channel_id: int) -> tuple[GameRow, engine.Game] | None:
        """The running game in a channel (from memory), if any."""
        game_id = self._by_channel.get(channel_id)
        return self.loaded(game_id) if game_id is not None else None

    def require(self, channel_id: int, user: Person | None = None) -> tuple[GameRow, engine.Game]:
        """The running game in a channel, or the refusal that there is none (for ``user``)."""
        found = self.game_in(channel_id)
        if found is None:
            raise NoGameHere(channel_id, user)
        return found
