"""Tournaments through the service with the clock moved by hand, on both stores: sign-up, the
start, rounds paired and played in threads of their own, byes, withdrawals, deadlines, standings
and the end, and a restart in the middle."""
from __future__ import annotations

import re

import pytest

from bot.service import UserError
from tests.bot.together import GUILD, LOBBY, PEOPLE, by_id, resign_for, round_games, together_service

HOUR = 3600.0
ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL, IVY = PEOPLE


async def make(service, fmt="swiss", players=PEOPLE[:4], **kwargs):
    args = dict(guild_id=GUILD, channel_id=LOBBY, organiser=ANN, manages=True, name="Spring Open", variant="pauso",
                options={"board": "square4", "rings": "4"}, format=fmt, rounds=3, move_hours=24, round_hours=72,
                signup_hours=24)
    args.update(kwargs)
    reply = await service.tournaments.create(**args)
    tid = reply.tournament
    await service.tournaments.posted(tid, 4242)  # the announcement's message
    for p in players:
        await service.tournaments.join(p, tid, GUILD)
    return tid


async def test_a_four_player_round_robin_runs_to_its_final_standings(store, clock):
    service = together_service(store, clock)
    tid = await make(service, "roundrobin")
    started = await service.tournaments.start(ANN, tid, GUILD, manages=True)
    notices = started.notices
    assert notices[0].reply.text.startswith("Sign-up for Spring Open is closed: 4 players, 3 rounds. Starting numbers: "
                                            "1. ann, 2. ben, 3. cat, 4. dan.")
    assert notices[0].reply.announce.open is False
    assert notices[1].channel_id == LOBBY and notices[1].reply.text.startswith("Round 1 of 3 of Spring Open: ")
    starts = [n for n in notices if n.reply.started]
    assert len(starts) == 2 and {n.channel_id for n in starts} == {9001, 9002}
    assert "round 1: game #" in starts[0].reply.text and "The round ends" in starts[0].reply.text
    assert starts[0].reply.image is not None
    for start in starts:  # both players of each game hear that it has begun, the one to move first
        row = await store.get_game(start.reply.game_id)
        assert start.reply.mention == (row.seats[0].user_id, row.seats[1].user_id)  # seat 1 moves first
    met = set()
    for round_no in (1, 2, 3):
        games = round_games(service, tid)
        assert len(games) == 2
        for row, _game in games:
            pair = frozenset(s.user_id for s in row.seats)
            assert pair not in met
            met.add(pair)
            assert row.move_seconds == 24 * HOUR and row.lobby_id == LOBBY
            # the higher starting number loses: seat of the lower id wins
            loser = max((by_id(s.user_id) for s in row.seats), key=lambda p: p.id)
            await resign_for(service, row, loser)
        notices = await service.tick()
        texts = [n.reply.text for n in notices]
        if round_no < 3:
            leaders = "1= ann 1, 1= ben 1, 3= cat 0" if round_no == 1 else "1= ann 2, 1= ben 2, 3= cat 0, 3= dan 0"
            assert texts[0].startswith(f"Standings of Spring Open after round {round_no} of 3: {leaders}")
            assert notices[0].reply.image is not None and texts[1].startswith(f"Round {round_no + 1} of 3")
        else:
            assert texts[0] == ("Spring Open is over after 3 rounds! Winner: ann. Final standings: 1. ann 3, 2. ben 2, "
                                "3. cat 1, 4. dan 0.")
    assert len(met) == 6
    final = await service.tournaments.standings(GUILD, tid)
    assert final.text.startswith("Final standings of Spring Open (SB breaks ties):\n1. ann: 3")
    assert final.image is not None
    assert (await store.get_tournament(tid)).status == "finished"
    assert await service.tick() == []


async def test_a_seven_player_swiss_with_a_bye_a_withdrawal_and_a_deadline(store, clock):
    service = together_service(store, clock)
    tid = await make(service, "swiss", players=PEOPLE[:7])
    clock.advance(24 * HOUR)  # sign-up closes by itself
    notices = await service.tick()
    round_text = next(n.reply.text for n in notices if n.reply.text.startswith("Round 1 of 3"))
    assert "gus has a bye (1 point)" in round_text  # the lowest starting number
    assert len(round_games(service, tid)) == 3
    for row, _game in round_games(service, tid):
        await resign_for(service, row, by_id(max(s.user_id for s in row.seats)))
    notices = await service.tick()
    assert notices[0].reply.text.startswith("Standings of Spring Open after round 1 of 3:")
    round_text = next(n.reply.text for n in notices if n.reply.text.startswith("Round 2 of 3"))
    assert "gus has a bye" not in round_text and "has a bye" in round_text  # at most one bye each
    # eve withdraws during round 2: her game is resigned, and she is not paired again
    left = await service.tournaments.leave(EVE, tid, GUILD)
    assert left.private.startswith("You withdrew from Spring Open")
    eve_games = [n for n in left.notices if "eve withdrew from Spring Open and resigned." in n.reply.text]
    assert len(eve_games) <= 1
    # the other games run past the round's deadline: the player to move loses
    clock.advance(73 * HOUR)
    notices = await service.tick()
    ended = [n.reply.text for n in notices if "The round's deadline has passed" in n.reply.text]
    assert ended and all("who was to move, loses." in t for t in ended)
    round3 = next(n.reply.text for n in notices if n.reply.text.startswith("Round 3 of 3"))
    assert "eve" not in round3
    for row, _game in round_games(service, tid):
        await resign_for(service, row, by_id(row.seats[0].user_id))
    notices = await service.tick()
    assert notices[0].reply.text.startswith("Spring Open is over after 3 rounds!")
    standings = await service.tournaments.standings(GUILD, tid)
    assert "eve: " in standings.text and "(withdrew)" in standings.text
    pairings = await store.pairings(tid)
    byes = [p.players[0] for p in pairings if p.kind == "bye"]
    assert len(byes) == len(set(byes)) == 2  # rounds 1 and 2; six are left for round 3: no bye


async def test_a_nine_player_pauso_event_at_tables_of_three_survives_a_restart(store, clock, request):
    service = together_service(store, clock)
    tid = await make(service, "tables", players=PEOPLE, rounds=2)
    await service.tournaments.start(ANN, tid, GUILD, manages=True)
    tables = round_games(service, tid)
    assert [len(row.seats) for row, _ in tables] == [3, 3, 3]
    assert all(row.options["board"] == "4o/4o/4o/4o" and row.options["colours"] == "PAM" for row, _ in tables)
    # a restart: a new service on the same store carries on
    service.close()
    service = together_service(store, clock)
    await service.reload()
    clock.advance(73 * HOUR)
    notices = await service.tick()
    ended = [n for n in notices if "The round's deadline has passed" in n.reply.text]
    assert len(ended) == 3 and all(n.reply.finished for n in ended)
    assert any(n.reply.text.startswith("Standings of Spring Open after round 1 of 2") for n in notices)
    second = round_games(service, tid)
    assert [len(row.seats) for row, _ in second] == [3, 3, 3]
    first = {frozenset(s.user_id for s in row.seats) for row, _ in tables}
    assert not ({frozenset(s.user_id for s in row.seats) for row, _ in second} & first)
    clock.advance(73 * HOUR)
    notices = await service.tick()
    final = next(n for n in notices if n.reply.text.startswith("Spring Open is over after 2 rounds!"))
    assert final.reply.image is not None


async def test_who_may_organise_and_what_a_tournament_refuses(store, clock):
    service = together_service(store, clock)
    args = dict(guild_id=GUILD, channel_id=LOBBY, organiser=BEN, name="Open", variant="pauso", format="swiss")
    with pytest.raises(UserError, match="Only members who may manage this server can create tournaments here."):
        await service.tournaments.create(**args)
    await service.tournaments.set_role(GUILD, 55)
    with pytest.raises(UserError, match="or have the role <@&55>"):
        await service.tournaments.create(**args, roles=(54,))
    reply = await service.tournaments.create(**args, roles=(55,))
    tid = reply.tournament
    await service.tournaments.posted(tid, 4343)
    assert "**Open**: a rated Swiss tournament of PAUSO, 3 rounds." not in reply.text  # 5 rounds by default
    assert reply.text.startswith("**Open**: a rated Swiss tournament of PAUSO, 5 rounds. 24 hours per move, 3 days "
                                 "per round; a game not finished by its round's deadline is lost by the player to move.")
    for bad, message in [(dict(format="tables", variant="basic"), "Basic Pai Sho is played by two"),
                         (dict(rounds=0), "A tournament has 1 to 20 rounds."),
                         (dict(move_hours=48, round_hours=24), "The time per round must be at least"),
                         (dict(options={"rings": "99"}), "The option rings must be a whole number from 4 to 12"),
                         (dict(name=" "), "Give the tournament a name"),
                         (dict(adjudication="coin"), "lost by the player to move (loss) or drawn (draw)")]:
        with pytest.raises(UserError, match=re.escape(message)):
            await service.tournaments.create(**{**args, "roles": (55,), **bad})
    await service.tournaments.join(CAT, tid, GUILD)
    with pytest.raises(UserError, match="You have joined Open already."):
        await service.tournaments.join(CAT, tid, GUILD)
    with pytest.raises(UserError, match="No tournament #"):
        await service.tournaments.join(CAT, tid, GUILD + 1)  # another server: as if it did not exist
    with pytest.raises(UserError, match="Only the organiser of Open"):
        await service.tournaments.start(CAT, tid, GUILD)
    with pytest.raises(UserError, match="Open needs at least 2 players; 1 player so far."):
        await service.tournaments.start(BEN, tid, GUILD)
    left = await service.tournaments.leave(CAT, tid, GUILD)
    assert left.private == "You left Open." and "Players (0): nobody yet" in left.announce.text
    clock.advance(25 * HOUR)
    [notice] = await service.tick()
    assert notice.reply.text == "Open is called off: 0 players signed up, and it needs at least 2."


async def test_the_bot_can_play_in_a_tournament(store, clock):
    service = together_service(store, clock)
    tid = await make(service, "roundrobin", players=[BEN])
    added = await service.tournaments.add_bot(ANN, tid, GUILD, "easy", "Pai Sho Bot", manages=True)
    assert "Pai Sho Bot (easy)" in added.announce.text
    await service.tournaments.start(ANN, tid, GUILD, manages=True)
    await service.settle()
    [(row, game)] = round_games(service, tid)
    assert not row.rated and any(s.level == "easy" for s in row.seats)
    await resign_for(service, row, BEN)
    notices = await service.tick()
    assert notices[0].reply.text.startswith("Spring Open is over after 1 round! Winner: Pai Sho Bot (easy).")


async def test_a_tournament_game_cannot_be_aborted_and_cancel_leaves_games_running(store, clock):
    service = together_service(store, clock)
    tid = await make(service, "swiss", players=PEOPLE[:2])
    await service.tournaments.start(ANN, tid, GUILD, manages=True)
    [(row, game)] = round_games(service, tid)
    with pytest.raises(UserError, match="A tournament game cannot be called off"):
        await service.abort(row.channel_id, by_id(row.seats[0].user_id))
    cancelled = await service.tournaments.cancel(ANN, tid, GUILD)
    assert cancelled.text == ("ann called off Spring Open. Its games still running play on as ordinary games; "
                              "their results count for nothing here.")
    assert service.game_in(row.channel_id) is not None
    clock.advance(100 * HOUR)
    assert not any("deadline" in n.reply.text for n in await service.tick())


async def test_threads_that_cannot_be_made_are_tried_again(store, clock):
    service = together_service(store, clock)
    tid = await make(service, "swiss", players=PEOPLE[:4])
    maker = service.rounds.make_channel
    service.rounds.make_channel = None
    started = await service.tournaments.start(ANN, tid, GUILD, manages=True)
    assert any("I could not open a thread for the games of round 1" in n.reply.text for n in started.notices)
    assert round_games(service, tid) == []
    assert not any("I could not open" in n.reply.text for n in await service.tick())  # said once
    service.rounds.make_channel = maker
    notices = await service.tick()
    assert len([n for n in notices if n.reply.started]) == 2 and len(round_games(service, tid)) == 2


async def test_a_stop_between_the_start_and_the_first_pairing_is_picked_up(store, clock):
    service = together_service(store, clock)
    tid = await make(service, "swiss", players=PEOPLE[:4])
    await store.start_tournament(tid, {p.id: n for n, p in enumerate(PEOPLE[:4], start=1)}, 3, clock.now)
    again = together_service(store, clock)  # the bot stopped here and started again
    await again.reload()
    notices = await again.tick()
    assert any(n.reply.text.startswith("Round 1 of 3 of Spring Open:") for n in notices)
    assert len(round_games(again, tid)) == 2


async def test_a_game_that_could_not_be_opened_by_the_deadline_counts_as_a_draw(store, clock):
    service = together_service(store, clock)
    tid = await make(service, "swiss", players=PEOPLE[:2], rounds=1)
    service.rounds.make_channel = None  # Discord refuses every thread
    await service.tournaments.start(ANN, tid, GUILD, manages=True)
    clock.advance(73 * HOUR)
    notices = [n.reply.text for n in await service.tick()]
    assert "Round 1 of Spring Open: the game ann vs ben could not be opened before the round's deadline, so it " \
           "counts as a draw." in notices
    assert notices[-1].startswith("Spring Open is over after 1 round! Winners: ann and ben.")
