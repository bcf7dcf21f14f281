"""Running as a service: SIGTERM during a turn loses nothing (a real console process is stopped
while it plays a long game as fast as it can: every move it confirmed is stored, nothing else, and
a new process continues the game); a fatal start-up error exits non-zero with the reason; a stop
waits for the turns being saved."""
from __future__ import annotations

import asyncio
import re
import socket
import sqlite3

import pytest

import engine
from bot.app import PaiShoBot, run_bot
from bot.service.running import RunningGames
from data.filelock import DatabaseLock
from engine import ai
from tests.bot.console_process import SIGTERM, Console
from tests.discord.helpers import make_config

PLAYED = re.compile(r"^(alice|bob) played (\S+?)\.(?: |$)")


def long_game(turns: int = 80) -> list[str]:
    """The console lines of a Quaterno game between alice and bob, ``turns`` turns long (Quaterno
    draws nothing from the game's seed, so the console's game is this one)."""
    game = engine.new_game("quaterno", players=2, seed=0)
    lines = ["alice: challenge quaterno bob", "bob: accept"]
    for i in range(turns):
        if game.to_move is None:
            break
        move = ai.choose_move(game, level="easy", seed=i)
        lines.append(f"{['alice', 'bob'][game.to_move]}: {move}")
        game.play(move)
    return lines


def stored_moves(db: str) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return [m for (m,) in conn.execute("SELECT move FROM moves WHERE game_id = 1 ORDER BY ply")]
    finally:
        conn.close()


@pytest.mark.slow  # starts a process
@pytest.mark.parametrize("after", [1, 6, 17])
async def test_sigterm_during_a_turn_loses_nothing(tmp_path, after):
    db, boards = str(tmp_path / "games.db"), str(tmp_path / "boards")
    lines = long_game()
    async with Console(db, boards) as console:
        await console.say(*lines)  # as fast as it can play them
        for _ in range(after):
            await console.expect(" played ")
        code, _, err = await console.finish(SIGTERM)
    assert code == 0 and "Traceback" not in err, err
    assert console.out[-1] == "Stopped: the last command was finished and everything is saved."
    confirmed = [m.group(2) for m in map(PLAYED.match, console.out) if m]
    assert after <= len(confirmed) < len(lines) - 2  # stopped in the middle of the game
    assert stored_moves(db) == confirmed  # every confirmed move is stored, and nothing else

    async with Console(db, boards) as again:  # a new process continues where it stopped
        await again.say(lines[2 + len(confirmed)])
        await again.expect(f"played {lines[2 + len(confirmed)].split(': ')[1]}")
        await again.finish()
    assert len(stored_moves(db)) == len(confirmed) + 1


async def fake_login(self: PaiShoBot, token: str) -> None:
    """No Discord here: straight to the bot's set-up, as login does once Discord said yes."""
    await self.setup_hook()


def test_a_database_being_restored_stops_the_start_with_a_non_zero_exit(tmp_path, monkeypatch, capsys):
    db = str(tmp_path / "games.db")
    monkeypatch.setattr(PaiShoBot, "login", fake_login)
    with DatabaseLock.exclusive(db):
        assert run_bot(make_config(db)) == 1
    assert capsys.readouterr().err == (f"Pai Sho Bot could not start: {db} is being restored or copied right now "
                                       "(scripts/start restore or copy-to); start the bot again when that has "
                                       "finished.\n")


def test_a_metrics_port_in_use_stops_the_bot_and_releases_the_database(tmp_path, monkeypatch, capsys):
    db = str(tmp_path / "games.db")
    monkeypatch.setattr(PaiShoBot, "login", fake_login)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = run_bot(make_config(db, metrics_port=port))
    assert code == 1
    assert capsys.readouterr().err.startswith(f"Pai Sho Bot could not start: Could not serve health and metrics "
                                              f"on 127.0.0.1:{port} (Address already in use).")
    DatabaseLock.exclusive(db).release()  # the failed start closed the database


async def test_a_stop_waits_for_the_turn_being_saved(db_path, stores):
    store = await stores(db_path)
    running = RunningGames(store)
    lock = running.lock(7)
    await lock.acquire()
    waiting = asyncio.create_task(running.settle_turns(5))
    await asyncio.sleep(0.05)
    assert not waiting.done()
    lock.release()
    assert await asyncio.wait_for(waiting, 1) is True
    await lock.acquire()
    assert await running.settle_turns(0.05) is False  # it does not wait for ever
    lock.release()


@pytest.mark.slow  # starts a process
async def test_a_database_that_cannot_be_opened_stops_the_start_with_the_reason(tmp_path):
    url = "postgresql://paisho:hunter2@127.0.0.1:1/paisho"  # nothing listens on port 1
    async with Console(str(tmp_path / "unused.db"), str(tmp_path / "boards"), DATABASE_URL=url) as console:
        code, out, err = await console.finish()
    assert code == 1 and "Traceback" not in err and "hunter2" not in out + err
    assert err.startswith("The console could not start: Could not open the database "
                          "postgresql://paisho:***@127.0.0.1:1/paisho: ")
