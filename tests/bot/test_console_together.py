"""Playing together in the local console: a tournament from its announcement to the second round
(games in channels of their own), an open challenge taken, and settings that turn a ping into a
printed direct message."""
from __future__ import annotations

from bot.console import ConsoleSession


async def lines(session, *said):
    out = []
    for line in said:
        out += await session.handle(line)
    return out


async def test_a_tournament_in_the_console(service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    created = await lines(session, 'ann: tournament create pauso swiss name="Spring Open" rounds=2 board=square4 '
                                   "rings=4 signup_hours=1")
    assert created[0].startswith("Spring Open: a rated Swiss tournament of PAUSO (board 4o/4o/4o/4o, rings 4)")
    for name in ("ann", "ben", "cat"):
        joined = await session.handle(f"{name}: tournament join")
        assert joined[0].startswith("You joined Spring Open")
    started = await session.handle("ann: tournament start")
    assert started[:2] == ["Spring Open has started.",
                           "Sign-up for Spring Open is closed: 3 players, 2 rounds. Starting numbers: 1. ann, 2. ben, "
                           "3. cat."]
    assert started[2].startswith("Round 1 of 2 of Spring Open: ann vs ben (game #1 in #spring-open-r1-1); cat has a "
                                 "bye (1 point).")
    assert any(line.startswith("[#spring-open-r1-1] Spring Open, round 1: game #1 of PAUSO begins") for line in started)
    played = await lines(session, "ann: channel spring-open-r1-1", "ann: resign")
    assert "[#console] Standings of Spring Open after round 1 of 2: 1= ben 1, 1= cat 1, 3. ann 0." in played
    assert any(line.startswith("[#console] Round 2 of 2 of Spring Open: ben vs cat") for line in played)
    standings = await lines(session, "ann: channel console", "ann: tournament standings")
    assert standings[1].startswith("Standings during round 2 of 2 of Spring Open (Buchholz breaks ties):\n1= ann: 1")
    assert standings[-1].startswith("[picture: ")


async def test_an_open_challenge_and_a_direct_message_in_the_console(service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    opened = await session.handle("ann: challenge pauso board=square4 rings=4")
    assert opened == ["ann opens a rated game of PAUSO to anyone here: challenge #1, board 4o/4o/4o/4o, rings 4. "
                      "Take a seat with the button (4 seats): the game starts when they are all taken, or when ann "
                      "starts it once 1 or more have joined.", "(take a seat with: take ; the host may start it with: "
                                                               "start)"]
    listed = await session.handle("ben: games open")
    assert listed[0].startswith("Open challenges (take a seat with the button under each):\n#1 PAUSO by ann: ann; 3 "
                                "seats free, in #console")
    assert (await session.handle("ben: take"))[0] == ("ben takes a seat in challenge #1 (PAUSO): ann, ben; 2 seats "
                                                      "left. ann may start it now.")
    saved = await session.handle("ben: settings notify=dm")
    assert saved[0].startswith("Saved. Your turn is told by a direct message with the board and a link.")
    started = await session.handle("ann: start")
    assert started[0].startswith("Game #1 of PAUSO begins: ann (Periwinkle), ben (Apricot).")
    moved = await session.handle("ann: c3")
    assert moved[0].startswith("ann played R@c3.")
    assert any(line.startswith("(direct message to ben) It is your move in game #1 (PAUSO): #console") for line in moved)
    assert not any(line.startswith("(notifies:") for line in moved)
    refused = await session.handle("ben: settings vacation=30")
    assert refused == ["! A vacation lasts 1 to 14 days (0 ends the one you are on)."]
