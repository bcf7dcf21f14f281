"""What the tests share (the map: tests/README.md): the people who play and who look on, a clock
the tests move by hand, a store of either kind, a refused move, a three-player game started
through the service, a stored game row, the bot's seats and a service for them, and a console
game played out against the bot. Fixtures stay in conftest.py; what a test imports comes from
here (Discord: tests/discord/helpers.py; the rules files' worked examples:
tests/engine/examples.py)."""
from __future__ import annotations

import asyncio
import random

import pytest

import engine
from bench import pg_cluster
from bot.console import ConsoleSession
from bot.service import GameService, Person, Viewer
from bot.workers import InlineWorkers
from data import Store

ALICE, BOB, CAROL, DAVE = (Person(1, "alice"), Person(2, "bob"), Person(3, "carol"), Person(4, "dave"))
CH = 100  # the channel of the service tests' games


def looker(person: Person, guild_id: int | None = 1, sees: bool = True) -> Viewer:
    """Someone looking at games from a server (``guild_id``; None: a direct message) who can see
    every channel there (``sees``) or none."""
    return Viewer(person.id, guild_id, lambda channel_id, lobby_id: sees)


class Clock:
    """A clock the tests move by hand."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def open_store(kind: str, request):
    """A fresh store of ``kind`` (sqlite | postgresql) for a test (``request``: the test's fixture
    request; PostgreSQL is skipped, with the reason, where it is not installed)."""
    if kind == "sqlite":
        return await Store.open(request.getfixturevalue("db_path"))
    from data.postgres import PostgresStore  # imported here: only the PostgreSQL tier needs it
    url = request.getfixturevalue("postgres_cluster")  # skips with the reason when there is none
    await pg_cluster.empty(url)
    return await PostgresStore.open(url)


def refused(game, move: str) -> str:
    """The message refusing ``move``; the game must be unchanged afterwards."""
    before = (game.to_dict(), game.position(), game.scores)
    with pytest.raises(engine.IllegalMove) as err:
        game.play(move)
    assert (game.to_dict(), game.position(), game.scores) == before
    return str(err.value)


def bot(level: str = "easy") -> Person:
    """The bot's own user, seated at ``level`` (each bot seat is stored under a user id of its own)."""
    return Person(99, f"Pai Sho Bot ({level})", bot=True, level=level)


class StalledWorkers(InlineWorkers):
    """Workers that never finish thinking (a bot turn pending when the process stops)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    async def run(self, fn, *args, **where):
        self.asked += 1
        await asyncio.Event().wait()


def make_service(store: Store, clock, workers=None, **settings) -> GameService:
    """A service whose bot thinks in a thread of this process (``workers``: instead of that)."""
    return GameService(store, clock=clock, challenge_ttl=3600, rng=random.Random(5),
                       workers=workers or InlineWorkers(), **settings)


async def start_round5(service, players=(BOB, CAROL), channel=CH):
    """Alice challenges ``players`` to PAUSO on round5 with 4 rings and they accept: the game's id
    and the last acceptance's reply."""
    reply = await service.challenge(guild_id=1, channel_id=channel, challenger=ALICE, opponents=list(players),
                                    variant="pauso", options={"board": "round5", "rings": 4})
    for p in players:
        last = await service.accept(p, channel_id=channel)
    return reply.game_id, last


async def new_game(store, channel=10, status="running"):
    """A PAUSO game row written straight into ``store`` (alice and bob; bob accepted if running)."""
    return await store.create_game(variant="pauso", options={"board": "4o/4o/4o/4o"}, seed=3, guild_id=7,
                                   channel_id=channel, status=status,
                                   seats=[(1, "alice", True), (2, "bob", status == "running")], now=100.0)


async def play_out_against_the_bot(service: GameService, session: ConsoleSession, person: str,
                                   rng: random.Random, turns: int) -> list[str]:
    """Play ``person``'s random moves (at most ``turns``) until the game in the session's channel
    ends; every line the console printed. The bot must never keep the person waiting."""
    seen: list[str] = []
    for _ in range(turns):
        found = service.game_in(session.channel_id)
        if found is None:
            break
        row, game = found
        seat = game.to_move
        assert seat is not None and not row.is_bot(seat)  # the bot answered at once
        out = await session.handle(f"{person}: {game.copy().random_move(rng)}")
        seen += out
        assert not any(line.startswith("!") for line in out), out
    assert service.game_in(session.channel_id) is None, "the game did not end"
    return seen
