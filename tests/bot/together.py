"""What the tests of playing together share (tournaments, open challenges, notifications): nine
people, a service whose tournament games get threads of their own, and ways to end a game."""
from __future__ import annotations

from bot.service import GameService, Person
from tests.helpers import make_service

PEOPLE = [Person(10 + i, name, account=name) for i, name in enumerate(
    ["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ivy"])]
GUILD, LOBBY = 7, 700  # the server and the channel where tournaments are announced


def by_id(user_id: int) -> Person:
    return next(p for p in PEOPLE if p.id == user_id)


def together_service(store, clock, **settings) -> GameService:
    """A service (tests.helpers.make_service) whose tournament games each get a new thread
    (numbered from 9000)."""
    service = make_service(store, clock, **settings)
    made: list[tuple[int, str]] = []

    async def thread(channel_id: int, title: str) -> int:
        made.append((channel_id, title))
        return 9000 + len(made)

    service.rounds.make_channel = thread
    service.threads_made = made  # type: ignore[attr-defined]
    return service


def round_games(service: GameService, tournament_id: int) -> list[tuple]:
    """The running tournament games in memory: (row, game) each, by game number."""
    return sorted(((row, game) for row in service.running.rows()
                   if row.tournament_id == tournament_id and (game := service.running.loaded(row.id)[1]) is not None),
                  key=lambda found: found[0].id)


async def resign_for(service: GameService, row, loser: Person):
    """``loser`` resigns their game (the others of a bigger table play on)."""
    return await service.resign(row.channel_id, loser)
