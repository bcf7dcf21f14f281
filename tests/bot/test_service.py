"""The game service on a real SQLite file: challenges, the board agreement, moves, errors, restarts."""
from __future__ import annotations

import asyncio
import io
import random

import pytest
from PIL import Image

import engine
from bot.service import GameService, UserError
from data import Store
from tests.engine.examples import T_P11
from tests.helpers import ALICE, BOB, CAROL, CH, DAVE, looker, start_round5


async def test_whole_three_player_game_through_the_service(service, store):
    game_id, started = await start_round5(service)
    assert started.started and started.mention == (ALICE.id,)
    assert "alice (Periwinkle) to move" in started.text
    players = [ALICE, BOB, CAROL]
    for turn, (move, *_) in enumerate(T_P11, start=1):
        reply = await service.move(CH, players[(turn - 1) % 3], move)
        assert reply.text.startswith(f"{players[(turn - 1) % 3].name} played {move}.")
        assert Image.open(io.BytesIO(reply.image)).size[0] == 800
    assert reply.finished and reply.mention == (ALICE.id, BOB.id, CAROL.id) and reply.rematch
    assert "alice (Periwinkle) and bob (Apricot) share the win (every piece is placed). Scores: alice 2, bob 2, carol 0." in reply.text
    row = await store.get_game(game_id)
    assert row.status == "finished"
    assert row.result == {"type": "shared_win", "winners": [0, 1], "scores": [2, 2, 0], "reason": "supplies_empty",
                          "ratings": {"1": [1500, 1529], "2": [1500, 1529], "3": [1500, 1443]}}
    assert reply.text.endswith("Ratings: alice +29 -> 1529, bob +29 -> 1529, carol -57 -> 1443.")
    assert row.moves == [m for m, *_ in T_P11]
    with pytest.raises(UserError, match="^Game #1 in this channel is over; the board, moves and export commands still show it"):
        await service.move(CH, ALICE, "a3")


async def test_refusals_a_player_meets(service):
    with pytest.raises(UserError, match="^There is no game running in this channel. Start one with challenge.$"):
        await service.move(CH, ALICE, "c3")
    await start_round5(service, players=(BOB,))
    for user, move, message in [
        (BOB, "c3", "It is not your turn."),
        (DAVE, "c3", "You are not playing in this game."),
        (ALICE, "a1", "a1 is a gap: there is no board card there."),
        (ALICE, "zz", "I can't read \"zz\". Place a Ring with R@c3 (or just c3)."),  # quoted as in every game
    ]:
        with pytest.raises(UserError) as err:
            await service.move(CH, user, move)
        assert str(err.value) == message
    await service.move(CH, ALICE, "c3")
    with pytest.raises(UserError, match="^c3 is occupied.$"):
        await service.move(CH, BOB, "c3")
    with pytest.raises(UserError, match="already running in this channel"):
        await service.challenge(guild_id=1, channel_id=CH, challenger=CAROL, opponents=[DAVE], variant="pauso")


@pytest.mark.parametrize("kwargs, message", [
    ({"variant": "chess"}, "Unknown game 'chess'"),
    ({"opponents": []}, "Name at least one opponent."),
    ({"opponents": [ALICE]}, "You cannot challenge yourself."),
    ({"opponents": [BOB, BOB]}, "Each opponent can be named only once."),
    ({"opponents": [BOB, CAROL, DAVE, DAVE]}, "Each opponent can be named only once."),
    ({"options": {"rings": "2"}}, "The option rings must be a whole number from 4 to 12"),
    ({"options": {"colour": "P"}}, "Unknown option 'colour' for PAUSO"),
    ({"options": {"board": "oo?o"}}, "Unexpected '?' in row 1 of the layout."),
])
async def test_challenge_refusals(service, kwargs, message):
    args = dict(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="pauso")
    args.update(kwargs)
    with pytest.raises(UserError) as err:
        await service.challenge(**args)
    assert str(err.value).startswith(message)


async def test_challenge_acceptance_rules(service, clock):
    reply = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB, CAROL],
                                    variant="pauso")
    assert reply.mention == (BOB.id, CAROL.id) and reply.image is not None
    with pytest.raises(UserError, match="^This challenge is not for you.$"):
        await service.accept(DAVE, game_id=reply.game_id)
    with pytest.raises(UserError, match="already accepted; waiting for bob, carol"):
        await service.accept(ALICE, game_id=reply.game_id)
    await service.accept(BOB, game_id=reply.game_id)
    with pytest.raises(UserError, match="already accepted; waiting for carol"):
        await service.accept(BOB, game_id=reply.game_id)
    clock.advance(3601)
    with pytest.raises(UserError, match="^This challenge has expired"):
        await service.accept(CAROL, game_id=reply.game_id)
    with pytest.raises(UserError, match="expired"):
        await service.accept(CAROL, game_id=reply.game_id)
    with pytest.raises(UserError, match="There is no challenge #99."):
        await service.accept(CAROL, game_id=99)


async def test_board_agreement_every_seated_player_accepts_the_last_proposal(service, store):
    reply = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="pauso")
    assert (await store.get_game(reply.game_id)).options["board"] == "5o/5o/5o/5o/5o"
    proposal = await service.propose_board(BOB, "whirlpool", channel_id=CH)
    assert "5o/o2>vo/o^ovo/o^2<o/5o" in proposal.text and proposal.mention == (ALICE.id,)
    with pytest.raises(UserError, match="^Unknown board 'squar'"):
        await service.propose_board(ALICE, "squar", channel_id=CH)
    started = await service.accept(ALICE, channel_id=CH)
    assert started.started
    _, game = service.game_in(CH)
    assert game.options["board"] == "5o/o2>vo/o^ovo/o^2<o/5o"


async def test_decline_and_withdraw(service, store):
    reply = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="pauso")
    assert "bob declined" in (await service.decline(BOB, channel_id=CH)).text
    assert (await store.get_game(reply.game_id)).status == "declined"
    with pytest.raises(UserError, match="no longer open"):
        await service.accept(BOB, game_id=reply.game_id)
    again = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="pauso")
    assert "alice withdrew" in (await service.decline(ALICE, game_id=again.game_id)).text


async def test_expire_challenges(service, clock, store):
    reply = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="pauso")
    assert await service.expire_challenges() == []
    clock.advance(3600)
    assert [r.id for r in await service.expire_challenges()] == [reply.game_id]
    assert (await store.get_game(reply.game_id)).status == "expired"


async def test_a_stored_record_that_no_longer_replays_is_logged_and_frees_nothing_else(db_path, clock, caplog):
    import sqlite3
    store = await Store.open(db_path)
    service = GameService(store, clock=clock, rng=random.Random(1))
    await start_round5(service)
    await service.move(CH, ALICE, "c1")
    await store.close()
    with sqlite3.connect(db_path) as db:  # damage the stored record
        db.execute("UPDATE moves SET move = 'z9' WHERE ply = 0")
    store = await Store.open(db_path)
    service = GameService(store, clock=clock)
    assert await service.reload() == 1  # registered; replayed when first needed
    assert await service.warm() == 0
    assert service.game_in(CH) is None
    assert "Could not replay game" in caplog.text
    with pytest.raises(UserError, match="^There is no game running in this channel"):
        await service.move(CH, BOB, "c2")
    await store.close()


async def test_a_game_survives_a_restart(db_path, clock):
    store = await Store.open(db_path)
    service = GameService(store, clock=clock, rng=random.Random(1))
    await start_round5(service)
    for move, who in zip(["c1", "c2", "b1"], [ALICE, BOB, CAROL]):
        await service.move(CH, who, move)
    await store.close()            # the bot stops mid-game
    store = await Store.open(db_path)
    service = GameService(store, clock=clock)
    assert await service.reload() == 1
    assert await service.warm() == 1 and await service.warm() == 0  # replayed once, in the background
    _, game = service.game_in(CH)
    assert game.position_layout() == ".3o/5o/3ooAo/5o/.oMooP" and game.to_move == 0
    reply = await service.move(CH, ALICE, "d4")
    assert "bob (Apricot) to move" in reply.text
    await store.close()


async def test_concurrent_moves_are_serialised(service, store):
    await start_round5(service, players=(BOB,))
    results = await asyncio.gather(service.move(CH, ALICE, "c3"), service.move(CH, ALICE, "b3"),
                                   return_exceptions=True)
    assert sum(isinstance(r, UserError) and str(r) == "It is not your turn." for r in results) == 1
    results = await asyncio.gather(service.move(CH, BOB, "d2"), service.move(CH, BOB, "d2"),
                                   return_exceptions=True)
    assert sum(isinstance(r, UserError) for r in results) == 1
    row = await store.running_game_in(CH)
    assert len(row.moves) == 2


async def test_resign_in_three_player_game_plays_on(service, store):
    game_id, _ = await start_round5(service)
    await service.move(CH, ALICE, "c1")
    reply = await service.resign(CH, BOB)
    assert "bob resigned." in reply.text and "carol (Mint) to move" in reply.text and not reply.finished
    with pytest.raises(UserError, match="already left"):
        await service.resign(CH, BOB)
    reply = await service.resign(CH, CAROL)
    assert reply.finished and "alice (Periwinkle) wins" in reply.text and "by resignation" in reply.text
    row = await store.get_game(game_id)
    assert row.moves == ["R@c1", "resign 2", "resign 3"] and row.result["winners"] == [0]
    again = engine.replay("pauso", row.moves, players=3, seed=row.seed, options=row.options)
    assert again.outcome == engine.Outcome((0,), (0, 0, 0), "resignation")


async def test_abort_only_before_the_first_move(service, store):
    game_id, _ = await start_round5(service, players=(BOB,))
    with pytest.raises(UserError, match="You are not playing"):
        await service.abort(CH, DAVE)
    await service.move(CH, ALICE, "c3")
    with pytest.raises(UserError, match="can no longer be aborted; you can resign instead"):
        await service.abort(CH, BOB)
    await service.resign(CH, BOB)
    game2, _ = await start_round5(service, players=(BOB,))
    assert "aborted" in (await service.abort(CH, BOB)).text
    assert (await store.get_game(game2)).status == "aborted"
    assert service.game_in(CH) is None


async def test_board_moves_export_and_import_round_trip(service):
    from bot.records import parse_export
    await start_round5(service, players=(BOB,))
    for who, move in [(ALICE, "c1"), (BOB, "c2"), (ALICE, "b1")]:
        await service.move(CH, who, move)
    board = await service.board(CH)
    assert "bob (Apricot) to move" in board.text and board.image
    assert (await service.moves(CH)).text.splitlines()[1:] == ["1. alice: R@c1", "2. bob: R@c2", "3. alice: R@b1"]
    text = (await service.export(channel_id=CH)).text
    parsed = parse_export(text)
    game = engine.replay(parsed["variant"], parsed["record"], players=parsed["players"], seed=parsed["seed"],
                         options=parsed["options"])
    assert game.position_layout() == service.game_in(CH)[1].position_layout()
    assert '[Position "' in text


async def test_games_list_and_rules(service):
    assert (await service.games(looker(CAROL), guild_id=1)).text == "No games are running."
    await start_round5(service, players=(BOB,))
    assert "#1 PAUSO: alice, bob (running in <#100>)" in (await service.games(looker(CAROL), guild_id=1)).text
    assert "PAUSO" in service.rules("pauso").text
    assert "Basic Pai Sho" in service.rules("basic").text
    with pytest.raises(UserError, match="Unknown game 'chess'"):
        service.rules("chess")
