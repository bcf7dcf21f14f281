"""Kutai Pai Sho through the game service and the console, on a real SQLite file."""
from __future__ import annotations

import io

import pytest
from PIL import Image

import engine
from bot.console import run_console
from bot.service import GameService, UserError
from data import Store
from tests.engine.examples import K2
from tests.helpers import ALICE, BOB, CAROL

CH = 300


async def start(service, options=None):
    reply = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB],
                                    variant="kutai", options=options)
    started = await service.accept(BOB, channel_id=CH)
    return reply.game_id, started


async def test_k2_opening_through_the_service_ends_with_a_harmony_win(service, store):
    game_id, started = await start(service, {"target": 10})
    assert started.started and started.mention == (ALICE.id,)
    assert "alice (Player 1) to move" in started.text
    players = [ALICE, BOB]
    for turn, (move, total, _) in enumerate(K2):
        reply = await service.move(CH, players[turn % 2], move.lower())
        assert reply.text.startswith(f"{players[turn % 2].name} played {move}. Harmony {total} (")
        assert Image.open(io.BytesIO(reply.image)).size[0] == 800
    assert reply.finished
    assert "Game over: bob (Player 2) wins 12\u20139 (the Harmony passed the target)." in reply.text
    assert "Ratings: alice " in reply.text
    row = await store.get_game(game_id)
    assert row.status == "finished" and row.moves == [m for m, _, _ in K2]
    assert row.result["reason"] == "harmony" and row.result["scores"] == [9, 12]


async def test_kutai_refusals_are_the_rules_messages(service):
    await start(service)
    for user, move, message in [
        (ALICE, "Cu@i9", "The first tile must be the Centerpiece: one of your flowers on i9"),
        (ALICE, "DMa@q1", "q1 is off the board"),
        (ALICE, "pass", "You have a legal move; you cannot pass"),
        (BOB, "DMa@i9", "It is not your turn."),
    ]:
        with pytest.raises(UserError) as err:
            await service.move(CH, user, move)
        assert str(err.value) == message
    await service.move(CH, ALICE, "DMa@i9")
    with pytest.raises(UserError, match=r"^Clover \(a white flower\) may only be placed on a point with some "
                                        r"white or yellow \(l12 is red\)$"):
        await service.move(CH, BOB, "DCl@l12")
    assert service.suggestions(CH, BOB.id, "dcl@f1")[:3] == ["DCl@f1", "DCl@f10", "DCl@f11"]


async def test_typing_resign_as_a_move_resigns(service, store):
    game_id, _ = await start(service)
    await service.move(CH, ALICE, "DMa@i9")
    reply = await service.move(CH, BOB, "resign")
    assert reply.text.startswith("bob resigned. Game over:") and reply.finished
    assert "alice (Player 1) wins" in reply.text
    row = await store.get_game(game_id)
    assert row.moves == ["DMa@i9", "resign 2"]


async def test_kutai_is_for_two_players_and_checks_its_options(service):
    with pytest.raises(UserError, match="Kutai Pai Sho is played by exactly 2 players, not 3."):
        await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB, CAROL], variant="kutai")
    with pytest.raises(UserError, match="The option sight must be 'queen' or 'any', not 'rook'."):
        await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="kutai",
                                options={"sight": "rook"})
    assert "Centerpiece" in service.rules("kutai").text


async def test_a_kutai_game_survives_a_restart(db_path, clock):
    store = await Store.open(db_path)
    service = GameService(store, clock=clock)
    await start(service, {"sight": "any"})
    for turn, (move, _, _) in enumerate(K2[:5]):
        await service.move(CH, [ALICE, BOB][turn % 2], move)
    await store.close()
    store = await Store.open(db_path)
    service = GameService(store, clock=clock)
    await service.reload()
    _, game = service.game_in(CH)
    assert game.options["sight"] == "any" and game.total == 8 and game.to_move == 1
    assert game.position() == engine.load("kutai", "1: DMa@i9, DRh@i3, DIr@m5; 2: DCl@f12, Wh@a9; best: 8, 6",
                                          {"sight": "any"}).position()
    await store.close()


async def test_console_kutai_game(service, tmp_path):
    lines = ["alice: challenge kutai bob target=10", "bob: accept"]
    lines += [f"{['alice', 'bob'][turn % 2]}: {move}" for turn, (move, _, _) in enumerate(K2)]
    out: list[str] = []
    await run_console(service, tmp_path / "boards", iter(lines), out.append)
    text = "\n".join(out)
    assert "alice challenges bob to a rated game of Kutai Pai Sho" in text
    assert "bob played DCl@f12. Harmony 2 (+2); more than 10 wins. alice (Player 1) to move." in text
    assert "bob played NCh@i2. Harmony 6 (-2); more than 10 wins." in text
    assert "Game over: bob (Player 2) wins 12\u20139 (the Harmony passed the target)." in text
    assert len(list((tmp_path / "boards").glob("*.png"))) == 1 + 8  # the start and every move
