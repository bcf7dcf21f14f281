"""A seventh game plugs in with no shared file edited: the toy Nim of tests/toy/nim.py is played
through the service and through the console."""
from __future__ import annotations

import pytest

import engine
from bot.console import ConsoleSession
from tests.helpers import ALICE, BOB
from tests.toy import nim


@pytest.fixture
def toy_game():
    nim.install()
    yield
    nim.uninstall()


async def test_a_toy_game_is_played_through_the_service(toy_game, service, store):
    assert "nim" in [d.id for d in engine.games()] and "nim" not in engine.VARIANT_IDS
    reply = await service.challenge(guild_id=1, channel_id=5, challenger=ALICE, opponents=[BOB],
                                    variant="nim", options={"stones": "6"})
    assert "game of Nim" in reply.text and "stones 6" in reply.text
    started = await service.accept(BOB, channel_id=5)
    assert started.started and started.image.startswith(b"\x89PNG")
    assert service.suggestions(5, ALICE.id, "") == ["1", "2", "3"]
    await service.move(5, ALICE, "3")
    with pytest.raises(Exception, match="Take 1, 2 or 3 stones"):
        await service.move(5, BOB, "4")
    final = await service.move(5, BOB, "3")
    assert final.finished and "bob (Player 2) wins" in final.text
    assert (await store.get_game(reply.game_id)).moves == ["3", "3"]
    assert "Nim**: take 1 to 3 stones" in service.rules("nim").text


async def test_a_toy_game_is_played_in_the_console(toy_game, service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    out = []
    for line in ("alice: challenge nim bob stones=5", "bob: accept", "alice: 2", "bob: 3"):
        out += await session.handle(line)
    text = "\n".join(out)
    assert "challenges bob to a rated game of Nim" in text and "bob (Player 2) wins" in text
    assert "nim" in "\n".join(await session.handle("help"))
    assert list(tmp_path.glob("*.png"))
