"""Open challenges through the service, on both stores: anyone may take a seat, the first to take
a two-player seat plays, people pressing at once each get a seat of their own and the game starts
once, the host of a bigger table starts it when enough have joined, the trust limits count open
challenges, and the server's open challenges are listed."""
from __future__ import annotations

import asyncio

import pytest

from bot.service import UserError, Viewer
from tests.bot.together import PEOPLE, together_service

ANN, BEN, CAT, DAN, EVE = PEOPLE[:5]
CH = 900


def threads():
    made = []

    async def make(title: str) -> int:
        made.append(title)
        return 5000 + len(made)
    return make, made


async def test_the_first_to_take_the_seat_plays(store, clock):
    service = together_service(store, clock)
    opened = await service.open_seats.open(guild_id=1, channel_id=CH, host=ANN, variant="quaterno")
    assert opened.seats_open and opened.mention == ()
    assert opened.text == ("ann opens a rated game of Quaterno to anyone here: challenge #1, standard rules. Take the "
                           "seat with the button: the first to take it plays, and the game starts at once.")
    make, made = threads()
    started = await service.open_seats.take(BEN, 1, make)
    assert started.started and made == ["ann vs ben \u00b7 Quaterno #1"]
    assert service.game_in(5001) is not None
    with pytest.raises(UserError, match=r"^Challenge #1 has all its players: the game is on in <#5001>.$"):
        await service.open_seats.take(CAT, 1, make)


async def test_two_pressing_at_once_one_plays_and_one_game_starts(store, clock):
    service = together_service(store, clock)
    await service.open_seats.open(guild_id=1, channel_id=CH, host=ANN, variant="quaterno")
    make, made = threads()
    results = await asyncio.gather(service.open_seats.take(BEN, 1, make), service.open_seats.take(CAT, 1, make),
                                   return_exceptions=True)
    started = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, UserError)]
    assert len(started) == 1 and started[0].started and len(refused) == 1
    assert str(refused[0]) == "Challenge #1 has all its players: the game is on in <#5001>."
    assert len(made) == 1
    row = await store.get_game(1)
    assert row.status == "running" and len(row.seats) == 2


async def test_a_pauso_table_fills_seat_by_seat_and_starts_when_full(store, clock):
    service = together_service(store, clock)
    opened = await service.open_seats.open(guild_id=1, channel_id=CH, host=ANN, variant="pauso",
                                           options={"rings": "4"}, seats=3)
    assert "Take a seat with the button (3 seats): the game starts when they are all taken, or when ann starts it " \
           "once 1 or more have joined." in opened.text
    make, made = threads()
    results = await asyncio.gather(service.open_seats.take(BEN, 1, make), service.open_seats.take(CAT, 1, make))
    assert sum(r.started for r in results) == 1 and len(made) == 1
    row = await store.get_game(1)
    assert [s.name for s in row.seats][0] == "ann" and sorted(s.name for s in row.seats) == ["ann", "ben", "cat"]
    assert service.game_in(5001)[1].options["board"] == "6o/6o/6o/6o/6o/6o"  # the board for three players


async def test_the_host_starts_with_whoever_has_joined(store, clock):
    service = together_service(store, clock)
    await service.open_seats.open(guild_id=1, channel_id=CH, host=ANN, variant="pauso")
    make, made = threads()
    with pytest.raises(UserError, match="^Nobody has taken a seat in challenge #1 yet.$"):
        await service.open_seats.start(ANN, 1, make)
    taken = await service.open_seats.take(BEN, 1, make)
    assert taken.text == "ben takes a seat in challenge #1 (PAUSO): ann, ben; 2 seats left. ann may start it now."
    await service.open_seats.take(CAT, 1, make)
    left = await service.open_seats.leave(CAT, 1)
    assert left.text == "cat gives up their seat in challenge #1 (PAUSO): ann, ben; 2 seats left. ann may start it now."
    with pytest.raises(UserError, match="^Only ann, who opened challenge #1, can start it.$"):
        await service.open_seats.start(BEN, 1, make)
    with pytest.raises(UserError, match="use its Leave button"):
        await service.decline(BEN, game_id=1)
    with pytest.raises(UserError, match="You have a seat in open challenge #1"):
        await service.accept(BEN, game_id=1)
    started = await service.open_seats.start(ANN, 1, make)
    assert started.started and "ann (Periwinkle), ben (Apricot)" in started.text
    assert service.game_in(5001)[1].options["board"] == "5o/5o/5o/5o/5o"


async def test_the_host_withdraws_and_open_challenges_count_against_the_limit(store, clock):
    service = together_service(store, clock)
    for n in range(5):
        await service.open_seats.open(guild_id=1, channel_id=CH + n, host=ANN, variant="pauso")
    with pytest.raises(UserError, match="You already have 5 open challenges here"):
        await service.open_seats.open(guild_id=1, channel_id=CH + 9, host=ANN, variant="pauso")
    withdrawn = await service.open_seats.leave(ANN, 1)
    assert withdrawn.text == "ann withdrew the challenge #1."
    with pytest.raises(UserError, match="This challenge is no longer open."):
        await service.open_seats.take(BEN, 1)
    listing = await service.open_seats.listing(Viewer(BEN.id, 1, lambda c, lobby: True), 1)
    assert listing.text.splitlines()[0] == "Open challenges (take a seat with the button under each):"
    assert listing.text.splitlines()[1] == "#2 PAUSO by ann: ann; 3 seats free, in <#901> (expires in 1 hour)"
    assert len(listing.text.splitlines()) == 5
    hidden = await service.open_seats.listing(Viewer(BEN.id, 1, lambda c, lobby: False), 1)
    assert hidden.text.startswith("No open challenges here.")


async def test_open_challenges_expire_and_refuse_bad_input(store, clock):
    service = together_service(store, clock)
    with pytest.raises(UserError, match="^PAUSO is played by 2 to 4 players, not 5.$"):
        await service.open_seats.open(guild_id=1, channel_id=CH, host=ANN, variant="pauso", seats=5)
    with pytest.raises(UserError, match="The option rings must be a whole number from 4 to 12"):
        await service.open_seats.open(guild_id=1, channel_id=CH, host=ANN, variant="pauso", options={"rings": "40"})
    await service.open_seats.open(guild_id=1, channel_id=CH, host=ANN, variant="pauso")
    with pytest.raises(UserError, match="You have a seat in challenge #1 already."):
        await service.open_seats.take(ANN, 1)
    clock.advance(3601)
    with pytest.raises(UserError, match="This challenge has expired."):
        await service.open_seats.take(BEN, 1)
    [expired] = await service.tick()
    assert expired.reply.text == "Challenge #1 (PAUSO) expired before everyone accepted."
