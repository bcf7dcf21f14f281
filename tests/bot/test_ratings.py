"""Ratings: updates checked against openskill itself, exactly once, leaderboards, profiles."""
from __future__ import annotations

import io

import pytest
from openskill.models import PlackettLuce
from PIL import Image

from bot import ratings
from bot.service import UserError
from data import Store
from tests.engine.examples import T_P8, T_P11
from tests.helpers import ALICE, BOB, CAROL, CH, DAVE, start_round5

MODEL = PlackettLuce()


def expected(places, starts=None):
    teams = [[MODEL.rating(mu=s[0], sigma=s[1])] if starts else [MODEL.rating()] for s in (starts or places)]
    return [(t[0].mu, t[0].sigma) for t in MODEL.rate(teams, ranks=list(places))]


async def play(service, moves, players):
    for turn, move in enumerate(moves):
        reply = await service.move(CH, players[turn % len(players)], move)
    return reply


async def two_player_draw(service, channel=CH, guild=1):
    await service.challenge(guild_id=guild, channel_id=channel, challenger=ALICE, opponents=[BOB],
                            variant="pauso", options={"board": "square4", "rings": 4})
    await service.accept(BOB, channel_id=channel)
    for turn, (move, *_r) in enumerate(T_P8):
        reply = await service.move(channel, [ALICE, BOB][turn % 2], move)
    return reply


async def test_two_player_draw_matches_openskill(service, store):
    reply = await two_player_draw(service)
    assert "a draw" in reply.text and reply.text.endswith("Ratings: alice +0 -> 1500, bob +0 -> 1500.")
    rows = {r.user_id: r for r in await store.ratings([ALICE.id, BOB.id], "pauso")}
    (mu_a, sig_a), (mu_b, sig_b) = expected([1, 1])
    assert rows[ALICE.id].mu == pytest.approx(mu_a) and rows[ALICE.id].sigma == pytest.approx(sig_a)
    assert (rows[ALICE.id].draws, rows[ALICE.id].games, rows[BOB.id].draws) == (1, 1, 1)


async def test_two_player_win_by_resignation(service, store):
    await start_round5(service, players=(BOB,))
    await service.move(CH, ALICE, "c3")
    reply = await service.resign(CH, BOB)
    (mu_a, _), (mu_b, _) = expected([1, 2])
    win, loss = round(ratings.display(mu_a)), round(ratings.display(mu_b))
    assert reply.text.endswith(f"Ratings: alice +{win - 1500} -> {win}, bob {loss - 1500} -> {loss}.")
    rows = {r.user_id: r for r in await store.ratings([ALICE.id, BOB.id], "pauso")}
    assert (rows[ALICE.id].wins, rows[BOB.id].losses) == (1, 1)


async def test_three_player_shared_win_matches_openskill(service, store):
    await start_round5(service)
    await play(service, [m for m, *_ in T_P11], [ALICE, BOB, CAROL])
    exp = expected([1, 1, 3])
    rows = {r.user_id: r for r in await store.ratings([ALICE.id, BOB.id, CAROL.id], "pauso")}
    for user, (mu, sigma) in zip((ALICE, BOB, CAROL), exp):
        assert rows[user.id].mu == pytest.approx(mu) and rows[user.id].sigma == pytest.approx(sigma)
    assert [rows[u.id].wins for u in (ALICE, BOB, CAROL)] == [1, 1, 0]


async def test_four_players_with_a_resignation_rank_by_score_then_leavers_last(service, store):
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB, CAROL, DAVE],
                            variant="pauso", options={"board": "square4", "rings": 4})
    for p in (BOB, CAROL, DAVE):
        await service.accept(p, channel_id=CH)
    await service.resign(CH, DAVE)
    players = [ALICE, BOB, CAROL]
    turn = 0
    while service.game_in(CH) is not None:
        mover = players[service.game_in(CH)[1].to_move]
        await service.move(CH, mover, service.game_in(CH)[1].legal_moves()[turn * 5 % 7])
        turn += 1
    row = await store.get_game(1)
    scores, winners = row.result["scores"], row.result["winners"]
    places = ratings.ranks(4, winners, scores, [3])
    assert places[3] == 4 and all(places[w] == 1 for w in winners)
    rows = {r.user_id: r for r in await store.ratings([u.id for u in (ALICE, BOB, CAROL, DAVE)], "pauso")}
    for user, (mu, sigma) in zip((ALICE, BOB, CAROL, DAVE), expected(places)):
        assert rows[user.id].mu == pytest.approx(mu) and rows[user.id].sigma == pytest.approx(sigma)


async def test_casual_and_aborted_games_are_not_rated(service, store):
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="pauso",
                            rated=False)
    await service.accept(BOB, channel_id=CH)
    await service.move(CH, ALICE, "c3")
    reply = await service.resign(CH, BOB)
    assert "Ratings" not in reply.text
    await start_round5(service, players=(BOB,))
    await service.abort(CH, ALICE)
    assert await store.ratings([ALICE.id, BOB.id]) == []


async def test_a_crash_while_rating_loses_nothing_and_rates_once(service, store, monkeypatch):
    await start_round5(service, players=(BOB,))
    await service.move(CH, ALICE, "c3")
    calls = {"n": 0}
    original = type(store)._put_rating  # SQLite's store or PostgreSQL's

    async def crash_on_second(db, rating, history):
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("power cut")
        await original(db, rating, history)

    monkeypatch.setattr(type(store), "_put_rating", staticmethod(crash_on_second))
    with pytest.raises(RuntimeError):
        await service.resign(CH, BOB)
    row = await store.get_game(1)
    assert row.status == "running" and row.moves == ["R@c3"]          # the whole step rolled back
    assert await store.ratings([ALICE.id, BOB.id]) == []
    monkeypatch.setattr(type(store), "_put_rating", staticmethod(original))
    await service.reload()
    await service.resign(CH, BOB)
    assert len(await store.history(ALICE.id, "pauso")) == 1
    rows = await store.ratings([ALICE.id, BOB.id])
    assert sorted(r.games for r in rows) == [1, 1]


async def test_leaderboards_per_server_and_for_everyone(service, store):
    await two_player_draw(service, channel=CH, guild=1)
    await service.challenge(guild_id=2, channel_id=CH + 1, challenger=CAROL, opponents=[DAVE], variant="pauso")
    await service.accept(DAVE, channel_id=CH + 1)
    await service.move(CH + 1, CAROL, "c3")
    await service.resign(CH + 1, DAVE)
    one = (await service.leaderboard("pauso", guild_id=1)).text
    assert "alice" in one and "bob" in one and "carol" not in one
    everyone = (await service.leaderboard("pauso")).text
    assert all(n in everyone for n in ("alice", "bob", "carol", "dave"))
    assert "Provisional:" in everyone and "1500?" in everyone          # new players are provisional
    assert (await service.leaderboard("pauso", guild_id=3)).text == "No rated PAUSO games yet (this server)."
    with pytest.raises(UserError, match="There is only 1 page."):
        await service.leaderboard("pauso", page=2)


async def test_established_players_are_ranked_with_shared_places(service, store, clock):
    from data import RatingRow
    rows = [RatingRow(10 + i, "pauso", name, mu, 1.9, 40, 20, 0, 20, 1600, clock())
            for i, (name, mu) in enumerate([("ann", 27.0), ("ben", 27.0), ("cy", 26.0), ("di", 25.0)])]
    values = [(r.user_id, r.variant, r.name, r.mu, r.sigma, r.games, r.wins, r.draws, r.losses, r.best,
               r.last_played) for r in rows]
    if isinstance(store, Store):
        async with store.transaction() as db:
            await db.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", values)
    else:
        async with store._pool.acquire() as conn:
            await conn.executemany("INSERT INTO ratings VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                                   values)
    text = (await service.leaderboard("pauso")).text.splitlines()
    assert text[1:] == ["1. ann 1580 (40 games)", "1. ben 1580 (40 games)", "3. cy 1540 (40 games)",
                        "4. di 1500 (40 games)"]
    clock.advance(400 * 86400)          # a year and more away: uncertain again
    assert "Provisional:" in (await service.leaderboard("pauso")).text
    assert "1580?" in (await service.leaderboard("pauso")).text


def test_scale_and_inactivity():
    assert ratings.display(25) == 1500 and ratings.shown_value(1500, ratings.START_SIGMA) == "1500?"
    a, b = ratings.Skill(25, 1.8), ratings.Skill(25, 1.8)
    new = ratings.rate([a, b], [1, 2])
    assert 8 <= ratings.display(new[0].mu) - 1500 <= 12          # about 10 points
    later = ratings.after_inactivity(ratings.Skill(25, 1.8), 365 * 86400)
    assert later.sigma > ratings.PROVISIONAL_SIGMA and later.mu == 25
    assert ratings.after_inactivity(ratings.Skill(25, 8.0), 10 * 365 * 86400).sigma == ratings.START_SIGMA


async def test_profile_with_chart(service):
    reply = await service.profile(ALICE)
    assert reply.text == "alice has no rated games yet." and reply.image is None
    await two_player_draw(service)
    reply = await service.profile(ALICE, "pauso")
    assert "PAUSO: 1500? \u00b7 1 game (0 W, 1 D, 0 L) \u00b7 best 1500 \u00b7 recent D" in reply.text
    assert Image.open(io.BytesIO(reply.image)).size == (640, 260)
    with pytest.raises(UserError, match="Unknown game"):
        await service.profile(ALICE, "chess")
