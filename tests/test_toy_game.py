"""A seventh game plugs in with no shared file edited: the toy Nim of tests/toy/nim.py is played
through the service and through the console, and in the worker processes (spawned, so they
import the engine afresh) with its pictures and a bot seat."""
from __future__ import annotations

import os

import pytest

import engine
import rendering
from bot.console import ConsoleSession
from bot.service import GameService, Person
from bot.workers import Workers
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


def _pid() -> int:
    return os.getpid()


@pytest.mark.slow  # spawned processes (tests/README.md)
async def test_a_toy_game_is_played_with_pictures_and_a_bot_seat_in_worker_processes(store, clock):
    nim.install(ai=True)
    service = GameService(store, clock=clock, workers=Workers(1), painters=Workers(1))
    try:
        heard = []

        async def hear(notice):
            heard.append(notice)

        service.bots.announce = hear
        bot = Person(99, "Pai Sho Bot (hard)", bot=True, level="hard")
        started = await service.challenge(guild_id=1, channel_id=8, challenger=ALICE, opponents=[bot],
                                          variant="nim", options={"stones": "9"})
        assert "Game #1 of Nim begins" in started.text
        reply = await service.move(8, ALICE, "2")  # 7 stones left: the bot takes 3 and leaves 4
        assert reply.image == nim.draw(engine.replay("nim", ["2"], options={"stones": 9}).view())
        await service.settle()
        assert [n.reply.text.split(".")[0] for n in heard] == ["Pai Sho Bot (hard) played 3"]
        assert heard[0].reply.image == nim.draw(engine.replay("nim", ["2", "3"], options={"stones": 9}).view())
        assert (await store.get_game(started.game_id)).moves == ["2", "3"]
        for pool in (service.workers, service.painters):  # both ran in processes of their own
            assert await pool.run(_pid) != os.getpid()
    finally:
        service.close()
        nim.uninstall()


@pytest.mark.slow  # spawned processes (tests/README.md)
async def test_a_game_registered_after_the_workers_started_reaches_them():
    workers = Workers(1)
    try:
        quaterno = engine.new_game("quaterno")
        first = await workers.run(_pid)
        assert await workers.run(rendering.render_view, quaterno.view()) == rendering.render_view(quaterno.view())
        nim.install()
        try:
            view = engine.new_game("nim").view()
            assert await workers.run(rendering.render_view, view) == nim.draw(view)
            assert await workers.run(_pid) != first  # new workers, told about Nim
        finally:
            nim.uninstall()
    finally:
        workers.close()
