"""Each player's turn notifications through the service, with the clock moved by hand, on both
stores: a mention, a direct message with the board and a link, the daily digest, quiet hours that
hold a notice back until they end (a turn, the news that a tournament game began; a digest due in
them comes when they end), vacations that stop a player's clocks (and show in the turn
message), the monthly allowance of vacation days, and a direct message Discord refused."""
from __future__ import annotations

import pytest

from bot.service import UserError
from tests.bot.together import GUILD, LOBBY, PEOPLE, by_id, together_service

HOUR = 3600.0
DAY = 24 * HOUR
ANN, BEN, CAT, DAN = PEOPLE[:4]
CH = 800


async def game(service, first=ANN, second=BEN):
    """A two-player PAUSO game on a small board in channel CH of server 1; ann moves first."""
    await service.challenge(guild_id=1, channel_id=CH, challenger=first, opponents=[second], variant="pauso",
                            options={"board": "square4", "rings": 4})
    return await service.accept(second, channel_id=CH)


async def test_a_mention_by_default_and_a_direct_message_when_chosen(store, clock):
    service = together_service(store, clock)
    started = await game(service)
    assert started.mention == (ANN.id,) and started.dms == ()
    saved = await service.settings.change(BEN, notify="dm")
    assert "Your turn is told by a direct message with the board and a link." in saved.private
    moved = await service.move(CH, ANN, "c3")
    assert moved.mention == ()
    [dm] = moved.dms
    assert dm.user_id == BEN.id and dm.image is not None and dm.game_id == 1
    assert dm.text.startswith("It is your move in game #1 (PAUSO): <#800>\nann played R@c3.") and dm.places == ((1, 800),)


async def test_quiet_hours_hold_a_notice_back_until_they_end(store, clock):
    service = together_service(store, clock)
    await game(service)
    await service.settings.change(BEN, zone="Europe/Berlin", quiet="22-7")  # 08:00 UTC is 09:00 in Berlin
    clock.advance(13 * HOUR)  # 21:00 UTC: 22:00 in Berlin, quiet
    moved = await service.move(CH, ANN, "c3")
    assert moved.mention == () and moved.dms == ()
    clock.advance(8 * HOUR)  # 05:00 UTC: 06:00 in Berlin, still quiet
    assert await service.tick() == []
    clock.advance(1 * HOUR)  # 07:00 in Berlin
    [notice] = await service.tick()
    assert notice.channel_id == CH and notice.reply.mention == (BEN.id,)
    assert notice.reply.text == "ben, it is your move in game #1 (PAUSO) (held back during your quiet hours)."
    assert await service.tick() == []  # once


async def test_a_notice_held_for_a_player_who_chose_direct_messages_comes_as_one_when_quiet_hours_end(store, clock):
    service = together_service(store, clock)
    await game(service)
    await service.settings.change(BEN, notify="dm", zone="Europe/Berlin", quiet="22-7")
    clock.advance(13 * HOUR)  # 21:00 UTC: 22:00 in Berlin, quiet
    moved = await service.move(CH, ANN, "c3")
    assert moved.mention == () and moved.dms == ()
    clock.advance(8 * HOUR)  # 06:00 in Berlin, still quiet
    assert await service.tick() == []
    clock.advance(1 * HOUR)  # 07:00 in Berlin
    [notice] = await service.tick()
    assert notice.channel_id == CH and notice.reply.mention == () and notice.reply.text == ""  # nothing in the thread
    [dm] = notice.reply.dms
    assert dm.user_id == BEN.id and dm.text == "It is your move in game #1 (PAUSO): <#800>"
    assert dm.image is not None and dm.places == ((1, 800),) and dm.game_id == 1
    assert await service.tick() == []  # once


@pytest.mark.parametrize("by_dm", [(ANN, DAN), (BEN, CAT)], ids=["ann-dan-dm", "ben-cat-dm"])
async def test_news_of_a_tournament_game_begun_in_quiet_hours_comes_when_they_end(store, clock, by_dm):
    """Its players not to move hear that it began when their quiet hours end, the way each chose;
    one whose turn came meanwhile hears of that turn instead (once)."""
    service = together_service(store, clock)
    modes = {p.id: "dm" if p in by_dm else "mention" for p in (ANN, BEN, CAT, DAN)}
    for p in (ANN, BEN, CAT, DAN):
        await service.settings.change(p, notify=modes[p.id], quiet="20-8")
    made = await service.tournaments.create(
        guild_id=GUILD, channel_id=LOBBY, organiser=ANN, manages=True, name="Spring Open", variant="pauso",
        options={"board": "square4", "rings": "4"}, format="roundrobin", rounds=3, move_hours=24, round_hours=72,
        signup_hours=24)
    await service.tournaments.posted(made.tournament, 4242)
    for p in (ANN, BEN, CAT, DAN):
        await service.tournaments.join(p, made.tournament, GUILD)
    clock.advance(13 * HOUR)  # 21:00 UTC: everyone's quiet hours
    started = await service.tournaments.start(ANN, made.tournament, GUILD, manages=True)
    starts = [n.reply for n in started.notices if n.reply.started]
    assert len(starts) == 2 and all(r.mention == () and r.dms == () for r in starts)  # nobody told at night
    games = []
    for start in starts:
        row, game = service.running.loaded(start.game_id)
        mover = row.seats[game.to_move].user_id
        games.append((row, mover, next(s.user_id for s in row.seats if s.user_id != mover)))
    (row1, mover1, other1), (row2, mover2, other2) = games
    await service.move(row1.channel_id, by_id(mover1), "c3")  # in the first game, a move at night
    clock.advance(10 * HOUR)  # 07:00
    assert await service.tick() == []

    def told(uid, row, turn):
        name, what = by_id(uid).name, f"game #{row.id} (PAUSO)"
        if modes[uid] == "dm":
            return (uid, f"It is your move in {what}: <#{row.channel_id}>" if turn
                    else f"Spring Open: your {what} has begun: <#{row.channel_id}>")
        return (uid, f"{name}, it is your move in {what} (held back during your quiet hours)." if turn
                else f"{name}, your {what} has begun (held back during your quiet hours).")

    clock.advance(HOUR)  # 08:00: the quiet hours end
    notices = await service.tick()
    heard = sorted([(dm.user_id, dm.text) for n in notices for dm in n.reply.dms]
                   + [(uid, n.reply.text) for n in notices for uid in n.reply.mention])
    assert heard == sorted([told(other1, row1, turn=True), told(mover2, row2, turn=True),
                            told(other2, row2, turn=False)])  # mover1 played: nothing for them
    assert await service.tick() == []


async def test_a_held_notice_is_dropped_when_the_turn_has_passed(store, clock):
    service = together_service(store, clock)
    await game(service)
    await service.settings.change(BEN, quiet="20-8")
    clock.advance(13 * HOUR)  # 21:00 UTC
    await service.move(CH, ANN, "c3")
    await service.move(CH, BEN, "b2")  # he moved anyway
    clock.advance(12 * HOUR)
    assert [n for n in await service.tick() if "held back" in n.reply.text] == []


async def test_the_daily_digest_lists_every_game_waiting(store, clock):
    service = together_service(store, clock)
    await game(service)
    saved = await service.settings.change(ANN, notify="digest", digest_hour=18)
    assert "Your next digest: Fri 15 Jan, 18:00 UTC." in saved.private
    await service.challenge(guild_id=1, channel_id=CH + 1, challenger=ANN, opponents=[PEOPLE[2]], variant="pauso")
    await service.accept(PEOPLE[2], channel_id=CH + 1)
    clock.advance(9 * HOUR)
    assert await service.tick() == []
    clock.advance(1 * HOUR)  # 18:00
    [digest] = await service.tick()
    [dm] = digest.reply.dms
    assert digest.reply.text == "" and dm.user_id == ANN.id
    assert dm.text == ("Your daily digest: 2 games waiting for your move.\n"
                       "#1 PAUSO against ben: <#800>\n"
                       "#2 PAUSO against cat: <#801>")
    assert await service.tick() == []
    await service.move(CH, ANN, "c3")
    await service.resign(CH + 1, ANN)
    clock.advance(DAY)
    assert not any(n.reply.dms for n in await service.tick())  # nothing waits for ann: no digest


async def test_a_digest_due_in_quiet_hours_comes_when_they_end(store, clock):
    service = together_service(store, clock)  # Fri 15 Jan, 08:00 UTC
    await game(service)  # ann to move
    saved = await service.settings.change(ANN, notify="digest", digest_hour=23, quiet="22-7")
    assert "Your next digest: Sat 16 Jan, 07:00 UTC." in saved.private
    start, sent = clock(), []
    for _ in range(2 * 24):  # two days, hour by hour
        clock.advance(HOUR)
        sent += [((clock() - start) / HOUR, dm) for n in await service.tick() for dm in n.reply.dms]
    # Sat 07:00 and Sun 07:00: never at 23:00 inside the quiet hours, and once a day
    assert [hours for hours, _ in sent] == [23, 47]
    assert all(dm.user_id == ANN.id and dm.text.startswith("Your daily digest: 1 game waiting for your move.\n#1 PAUSO")
               for _, dm in sent)
    shown = await service.settings.show(ANN)
    assert "Your next digest: Mon 18 Jan, 07:00 UTC." in shown.private


async def test_a_vacation_stops_the_clock_and_shows_in_the_turn_message(store, clock):
    service = together_service(store, clock)
    await game(service)
    saved = await service.settings.change(BEN, vacation_days=5)
    assert saved.private.startswith("Enjoy your vacation: your clocks are stopped until Wed 20 Jan, 08:00 UTC")
    moved = await service.move(CH, ANN, "c3")
    assert "ben is on vacation until Wed 20 Jan, 08:00 UTC; their clock is stopped until then." in moved.text
    clock.advance(4 * DAY)
    assert await service.tick() == []  # no reminder, no timeout while he is away
    clock.advance(DAY + 23 * HOUR)  # his 72 hours start when the vacation ends: the reminder after 24
    assert await service.tick() == []
    clock.advance(2 * HOUR)
    [reminder] = await service.tick()
    assert reminder.reply.text.startswith("ben, it is your move in game #1 (PAUSO). Your time runs out in 47 hours.")


async def test_ending_a_vacation_early_starts_the_clock_again_from_then(store, clock):
    service = together_service(store, clock)
    await game(service, first=BEN, second=ANN)  # ben to move, his clock already running
    clock.advance(10 * HOUR)
    await service.settings.change(BEN, vacation_days=7)
    clock.advance(2 * DAY)
    back = await service.settings.change(BEN, vacation_days=0)
    assert back.private.startswith("Welcome back: your vacation has ended and your clocks run again from now.")
    clock.advance(13 * HOUR)  # 10 + 13 hours of his 24 before a reminder: not yet
    assert await service.tick() == []
    clock.advance(2 * HOUR)
    [reminder] = await service.tick()
    assert reminder.reply.mention == (BEN.id,)


async def test_at_most_fourteen_vacation_days_a_month(store, clock):
    service = together_service(store, clock)  # 15 January
    await service.settings.change(ANN, vacation_days=10)
    clock.advance(10 * DAY)
    with pytest.raises(UserError) as refused:
        await service.settings.change(ANN, vacation_days=5)
    assert str(refused.value) == ("That would make 15 days of vacation in January 2027; at most 14 a month, and you "
                                  "have 4 left there.")
    await service.settings.change(ANN, vacation_days=4)
    with pytest.raises(UserError, match="^You are on vacation until Fri 29 Jan, 08:00 UTC. To change it"):
        await service.settings.change(ANN, vacation_days=1)


async def test_settings_refuse_what_they_cannot_read_and_change_nothing(store, clock):
    service = together_service(store, clock)
    for kwargs, message in [({"zone": "Mars/Olympus"}, "I don't know the time zone 'Mars/Olympus'"),
                            ({"zone": "../../etc/passwd"}, "I don't know the time zone"),
                            ({"quiet": "late"}, "Write quiet hours as two whole hours, from-to, e.g. 22-7"),
                            ({"quiet": "7-7"}, "Quiet hours need a different start and end hour"),
                            ({"quiet": "22-30"}, "Quiet hours go from 0 to 23 o'clock"),
                            ({"notify": "pigeon"}, "Choose how you are told: mention, dm, digest"),
                            ({"vacation_days": 15}, "A vacation lasts 1 to 14 days"),
                            ({"vacation_days": 0}, "You are not on vacation."),
                            ({"notify": "dm", "vacation_days": 20}, "A vacation lasts 1 to 14 days")]:
        with pytest.raises(UserError, match=message):
            await service.settings.change(ANN, **kwargs)
    assert await store.player_settings([ANN.id]) == {}
    shown = await service.settings.show(ANN)
    assert shown.private.startswith("Your turn is told by a mention in the game's thread.\nNo quiet hours. Time zone: UTC.")


async def test_a_refused_direct_message_falls_back_to_a_mention_and_is_told_once(store, clock):
    service = together_service(store, clock)
    await game(service)
    await service.settings.change(BEN, notify="dm")
    moved = await service.move(CH, ANN, "c3")
    [fallback] = await service.dm_refused(moved.dms[0])
    assert fallback.channel_id == CH and fallback.reply.mention == (BEN.id,)
    assert fallback.reply.text == "ben, it is your move in game #1 (PAUSO): I could not send you a direct message."
    note = await service.note_for(BEN.id)
    assert note.startswith("I could not send you a direct message (Discord refused it")
    assert await service.note_for(BEN.id) is None
    # a restart still knows a note not yet told
    await service.dm_refused(moved.dms[0])
    again = together_service(store, clock)
    await again.reload()
    assert (await again.note_for(BEN.id)).startswith("I could not send you a direct message")
