"""A database from real play through the service, for the operator's tests (backups, copy-to):
every game kind running and finished (rated, by resignation and by an agreed draw), a 3-player
PAUSO game with a draw offer open, a game against the bot, an open challenge, a server's timings,
and the turns' timers. Moves are the easy AI's, so the games are legal whatever the variant."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import engine
from bot.service import GameService, Person
from bot.workers import InlineWorkers
from engine import ai
from tests.helpers import ALICE, BOB, CAROL, DAVE

GUILD = 1
BOT = Person(-77, "bot (easy)", bot=True, level="easy")
PEOPLE = {p.id: p for p in (ALICE, BOB, CAROL, DAVE)}
OPTIONS = {"pauso": {"board": "round5", "rings": 4}}


@dataclass
class Played:
    running: dict[int, int] = field(default_factory=dict)  # channel -> game id of each running game
    finished: list[int] = field(default_factory=list)
    challenge: int = 0  # an open challenge's game id


def make_service(store, clock) -> GameService:
    return GameService(store, clock=clock, challenge_ttl=24 * 3600, rng=random.Random(11), workers=InlineWorkers())


async def play_turns(service: GameService, channel: int, turns: int, seed: int = 0) -> list[str]:
    """``turns`` turns of the people in the game of ``channel`` (the bot answers by itself)."""
    played = []
    for i in range(turns):
        row, game = service.game_in(channel) or (None, None)
        if row is None or game is None or game.to_move is None:
            break
        mover = row.seats[game.to_move]
        if mover.level is not None:
            await service.settle()
            continue
        move = ai.choose_move(game, level="easy", seed=seed + i)
        reply = await service.move(channel, PEOPLE[mover.user_id], move)
        played.append(reply.text)
        await service.settle()
    return played


async def start(service: GameService, channel: int, variant: str, host: Person, *others: Person) -> int:
    reply = await service.challenge(guild_id=GUILD, channel_id=channel, challenger=host, opponents=list(others),
                                    variant=variant, options=OPTIONS.get(variant))
    for person in others:
        if person.level is None:
            await service.accept(person, game_id=reply.game_id)
    await service.settle()
    assert reply.game_id is not None
    return reply.game_id


async def real_play(service: GameService, clock) -> Played:
    played = Played()
    await service.set_timings(GUILD, move_hours=48, reminder_hours=12)
    for i, variant in enumerate(engine.VARIANT_IDS):
        channel = 100 + i
        played.running[channel] = await start(service, channel, variant, ALICE, BOB)
        await play_turns(service, channel, 3, seed=i)
        clock.advance(600)
        channel = 200 + i
        game_id = await start(service, channel, variant, BOB, CAROL)
        await play_turns(service, channel, 2, seed=10 + i)
        await service.resign(channel, CAROL)
        played.finished.append(game_id)
        clock.advance(600)
    played.running[300] = await start(service, 300, "pauso", ALICE, BOB, CAROL)
    await play_turns(service, 300, 4, seed=3)
    await service.draw(300, ALICE)  # an offer left open
    played.running[301] = await start(service, 301, "quaterno", DAVE, BOT)
    await play_turns(service, 301, 4, seed=5)
    drawn = await start(service, 302, "basic", CAROL, DAVE)
    await play_turns(service, 302, 2, seed=7)
    await service.draw(302, CAROL)
    await service.draw(302, DAVE)
    played.finished.append(drawn)
    reply = await service.challenge(guild_id=GUILD, channel_id=303, challenger=DAVE, opponents=[ALICE],
                                    variant="kutai", options=None)
    assert reply.game_id is not None
    played.challenge = reply.game_id
    return played
