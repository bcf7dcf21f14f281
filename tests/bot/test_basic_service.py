"""Basic Pai Sho through the game service and the console, on a real SQLite file: the coin and the
choice, spring turns and their refusals, scores in the turn messages, a restart, the end."""
from __future__ import annotations

import re

import pytest

from bot.console import ConsoleSession
from bot.records import rules_text
from bot.service import GameService, UserError
from data import Store
from engine.basic.notation import read_turn
from tests.helpers import ALICE, BOB

CH = 700


def person(row, seat: int):
    return ALICE if row.seats[seat].user_id == ALICE.id else BOB


async def start(service, options=None):
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="basic",
                            options=options)
    started = await service.accept(BOB, channel_id=CH)
    row, game = service.game_in(CH)
    return started, row, game


async def through_spring(service):
    """Choose, then play the first legal spring placement six times; returns the winner's name."""
    row, game = service.game_in(CH)
    winner = person(row, game.coin_winner)
    await service.move(CH, winner, "choose move")
    for _ in range(6):
        row, game = service.game_in(CH)
        await service.move(CH, person(row, game.to_move), game.legal_moves()[0])
    return winner


async def test_coin_choice_and_spring_refusals(service):
    started, row, game = await start(service)
    winner, other = person(row, game.coin_winner), person(row, 1 - game.coin_winner)
    assert f"{winner.name} (P{game.coin_winner + 1}) won the coin: choose place" in started.text
    with pytest.raises(UserError, match=r"^It is not your turn\.$"):
        await service.move(CH, other, "choose move")
    with pytest.raises(UserError, match="^The coin winner must first send choose place or choose move$"):
        await service.move(CH, winner, "Ja@e1")
    reply = await service.move(CH, winner, "Choose Move")
    assert reply.text.startswith(f"{winner.name} played choose move. {other.name} (P")
    assert "places a spring flower (1 of 6)." in reply.text
    with pytest.raises(UserError, match=r"^It is not your turn\.$"):  # the other player places first
        await service.move(CH, winner, "Ro@k11")
    for move, message in (("Ja@i9", "i9 is a port; spring flowers may not be placed on ports"),
                          ("choose place", "There is nothing to choose now"),
                          ("e5-e6", "Place a spring flower (for example Ja@")):
        with pytest.raises(UserError) as err:
            await service.move(CH, other, move)
        assert str(err.value).startswith(message)
    _, game = service.game_in(CH)
    assert game.spring_turn == 0 and game.board == {}


async def test_turn_messages_suggestions_and_resignation(service):
    _, row, _ = await start(service, {"pot_points": "5"})
    await through_spring(service)
    row, game = service.game_in(CH)
    mover = person(row, game.to_move)
    with pytest.raises(UserError, match="^You have a legal move; you cannot pass$"):
        await service.move(CH, mover, "pass")
    ja = "Ja@i1" if game.to_move == 0 else "Ja@i17"
    assert service.suggestions(CH, mover.id, "ja@")[:1] == [ja]
    reply = await service.move(CH, mover, ja.lower())
    assert f"played {ja}. Score: P1 0, P2 0." in reply.text
    row, game = service.game_in(CH)
    loser = person(row, game.to_move)
    reply = await service.resign(CH, loser)
    assert re.search(r"Game over: \w+ \(P\d\) wins \(by resignation; final count: alice -?\d+ \(0 points, "
                     r"[^)]*\), bob -?\d+ \(0 points, [^)]*\)\)\.", reply.text), reply.text
    assert "\u2013-" not in reply.text  # no "59–-5"


async def test_a_basic_game_survives_a_restart(db_path, clock):
    store = await Store.open(db_path)
    service = GameService(store, clock=clock)
    await start(service, {"target_points": "30"})
    await through_spring(service)
    row, game = service.game_in(CH)
    await service.move(CH, person(row, game.to_move), game.legal_moves()[0])
    before = service.game_in(CH)[1].position()
    await store.close()
    store = await Store.open(db_path)
    service = GameService(store, clock=clock)
    await service.reload()
    row, game = service.game_in(CH)
    assert game.position() == before and game.options["target_points"] == 30 and game.main_turns == 1
    assert len(row.moves) == 8  # choose, six spring flowers, one main-phase turn
    await store.close()


async def test_console_plays_setup_and_a_first_turn(service, tmp_path):
    session = ConsoleSession(service, tmp_path / "boards")
    assert await session.handle("alice: challenge basic bob target_points=30") != []
    await session.handle("bob: accept")
    row, game = service.game_in(session.channel_id)
    names = {0: row.seats[0].name, 1: row.seats[1].name}
    out = await session.handle(f"{names[game.coin_winner]}: choose place")
    assert any(f"{names[game.coin_winner]} played choose place." in line for line in out)
    for _ in range(6):
        _, game = service.game_in(session.channel_id)
        out = await session.handle(f"{names[game.to_move]}: {game.legal_moves()[0]}")
        assert not any(line.startswith("! ") for line in out)
    _, game = service.game_in(session.channel_id)
    assert game.phase == "main" and game.to_move == 1 - game.coin_winner
    out = await session.handle(f"{names[game.to_move]}: q1-q2")
    assert out == ["! q1 is off the board"]
    out = await session.handle(f"{names[game.to_move]}: {game.legal_moves()[0]}")
    assert any("Score: P1 0, P2 0" in line for line in out)
    assert len(list((tmp_path / "boards").glob("*.png"))) == 9  # the start, 7 setup turns, one turn


def test_every_move_form_in_the_rules_text_reads():
    move_like = re.compile(r"[@>-]|^[a-q]\d+x|^choose |^pass$")
    examples = [e for e in re.findall(r"`([^`]+)`", rules_text("basic")) if move_like.search(e)]
    assert {"Ja@i1", "m6-m8", "m6xm5", "e12>cw3", "c7-e7,e7>cw2", "h5>i5-j5", "h5>g4-g7,h5>i4-i7",
            "h5-h6,h6>i6-j6", "choose place", "choose move", "pass", "Ro@k11", "Kn@e6", "WL@e4"} <= set(examples)
    for example in examples:
        read_turn(example)  # no PARSE error
