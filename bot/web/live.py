"""The pages watching each game, told at once when it changes (a move from anywhere: a page, /move,
the panel, the bot's own turn; a takeback, a resignation, a timeout, the end). The service's
running games call ``Hub.tell`` for every game they keep or forget; each watching page's socket
then sends ``{"type": "changed"}`` and the page fetches the state again.

Sockets are limited per user and in all, so nobody can hold the bot's connections."""
from __future__ import annotations

import asyncio
from collections import defaultdict

PER_USER = 8  # sockets one user may hold open at once
IN_ALL = 2000  # sockets in all


class Full(Exception):
    """No more sockets for this user (or for anyone): the words say which."""


class Watch:
    """One page watching one game: ``await watch.changed()`` returns when the game changed."""

    def __init__(self, game_id: int, user_id: int) -> None:
        self.game_id, self.user_id = game_id, user_id
        self._flag = asyncio.Event()

    def poke(self) -> None:
        self._flag.set()

    async def changed(self) -> None:
        await self._flag.wait()
        self._flag.clear()


class Hub:
    """Every open watch, by game."""

    def __init__(self, per_user: int = PER_USER, in_all: int = IN_ALL) -> None:
        self.per_user, self.in_all = per_user, in_all
        self._by_game: dict[int, set[Watch]] = defaultdict(set)
        self._by_user: dict[int, int] = defaultdict(int)
        self.count = 0

    def join(self, game_id: int, user_id: int) -> Watch:
        if self.count >= self.in_all:
            raise Full("The bot is watching too many boards right now; the page will try again shortly.")
        if self._by_user[user_id] >= self.per_user:
            raise Full(f"You have {self.per_user} boards open already: close one to follow this one live.")
        watch = Watch(game_id, user_id)
        self._by_game[game_id].add(watch)
        self._by_user[user_id] += 1
        self.count += 1
        return watch

    def leave(self, watch: Watch) -> None:
        watching = self._by_game.get(watch.game_id)
        if watching is None or watch not in watching:
            return
        watching.discard(watch)
        if not watching:
            del self._by_game[watch.game_id]
        self._by_user[watch.user_id] -= 1
        if self._by_user[watch.user_id] <= 0:
            del self._by_user[watch.user_id]
        self.count -= 1

    def tell(self, game_id: int) -> None:
        """Game ``game_id`` changed: every page watching it hears so."""
        for watch in self._by_game.get(game_id, ()):
            watch.poke()

    def watching(self, game_id: int) -> int:
        return len(self._by_game.get(game_id, ()))
