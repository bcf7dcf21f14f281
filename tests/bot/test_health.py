"""/healthz and /metrics read over real HTTP from a running service (a ``python -m bot console``
process with METRICS_PORT): the figures move when a turn is played, and /healthz answers 503 with
the reason when the database is gone (SQLite's file deleted; a PostgreSQL database dropped).
Also: a port that cannot be used stops the start with the reason, and the health server's own
answers to a failing or hanging check."""
from __future__ import annotations

import asyncio
import socket

import asyncpg
import pytest

from bot import health
from bot.health import HealthServer
from tests.bot.console_process import Console, figure, figures, free_port, get


@pytest.mark.slow  # starts a process
async def test_health_and_metrics_of_a_running_console(tmp_path):
    port = free_port()
    db = str(tmp_path / "games.db")
    async with Console(db, str(tmp_path / "boards"), METRICS_PORT=str(port)) as console:
        await console.expect(f"Health and metrics: http://127.0.0.1:{port}/healthz and /metrics")
        assert await get(port, "/healthz") == (200, "ok\ndatabase: ok\n")
        await console.say("alice: challenge pauso bob board=round5 rings=4", "bob: accept")
        await console.expect("Game #1 of PAUSO begins")
        status, text = await get(port, "/metrics")
        assert status == 200
        before = figures(text)
        assert figure(before, "paisho_running_games") == 1
        assert figure(before, "paisho_turns_total", game="pauso") == 0

        await console.say("alice: c1")
        await console.expect("alice played R@c1.")
        after = figures((await get(port, "/metrics"))[1])
        assert figure(after, "paisho_turns_total", game="pauso") == 1
        assert figure(after, "paisho_turn_seconds_count", game="pauso") == 1
        assert 0 < figure(after, "paisho_turn_seconds_sum", game="pauso") < 5
        assert figure(after, "paisho_work_seconds_count", pool="pictures", job="render_view") == \
            figure(before, "paisho_work_seconds_count", pool="pictures", job="render_view") + 1
        assert figure(after, "paisho_database_seconds_count", operation="add_move") == 1
        assert figure(after, "paisho_queue_length", pool="pictures") == 0
        assert figure(after, "paisho_open_challenges") == 0
        await console.say("channel lobby", "carol: challenge basic dave")
        await console.expect("carol challenges dave")
        assert figure(figures((await get(port, "/metrics"))[1]), "paisho_open_challenges") == 1

        (tmp_path / "games.db").unlink()  # the database file is gone under the running service
        status, text = await get(port, "/healthz")
        assert status == 503
        assert text == (f"unhealthy\ndatabase: the database file {db} was deleted, moved or replaced while the bot "
                        "runs; restart the bot (scripts/start restore puts a backup back)\n")
        code, _, err = await console.finish()
        assert code == 0 and "Traceback" not in err


@pytest.mark.slow  # starts a process
async def test_healthz_says_when_a_postgresql_database_is_gone(postgres_url, tmp_path):
    admin = await asyncpg.connect(postgres_url)
    try:
        await admin.execute("DROP DATABASE IF EXISTS health_check")
        await admin.execute("CREATE DATABASE health_check")
        url = postgres_url.replace("/postgres?", "/health_check?")
        port = free_port()
        async with Console(str(tmp_path / "unused.db"), str(tmp_path / "boards"), METRICS_PORT=str(port),
                           DATABASE_URL=url) as console:
            await console.expect("Health and metrics")
            assert await get(port, "/healthz") == (200, "ok\ndatabase: ok\n")
            await admin.execute("DROP DATABASE health_check WITH (FORCE)")
            status, text = await get(port, "/healthz")
            assert status == 503
            assert text.startswith("unhealthy\ndatabase: the database does not answer: ")
            assert 'database "health_check" does not exist' in text
            await console.finish()
    finally:
        await admin.close()


@pytest.mark.slow  # starts a process
async def test_a_metrics_port_in_use_stops_the_start_with_the_reason(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        async with Console(str(tmp_path / "games.db"), str(tmp_path / "boards"), METRICS_PORT=str(port)) as console:
            code, out, err = await console.finish()
    assert code == 1
    assert err.startswith(f"The console could not start: Could not serve health and metrics on 127.0.0.1:{port} "
                          "(Address already in use). Choose another METRICS_PORT")
    assert "Traceback" not in err


async def test_each_failing_check_is_a_reason(monkeypatch):
    monkeypatch.setattr(health, "CHECK_TIMEOUT", 0.2)

    async def fine():
        return None

    async def hangs():
        await asyncio.sleep(10)

    async def crashes():
        raise RuntimeError("boom")

    server = HealthServer("127.0.0.1", free_port(), {"discord": fine, "database": hangs, "disk": crashes})
    await server.start()
    try:
        status, text = await get(server.port, "/healthz")
        assert status == 503
        assert text == "unhealthy\ndatabase: no answer within 0.2 seconds\ndisk: the check failed: boom\n"
        server.checks = {"discord": fine}
        assert await get(server.port, "/healthz") == (200, "ok\ndiscord: ok\n")
        server.stopping = True
        assert await get(server.port, "/healthz") == (503, "unhealthy\nthe bot is shutting down\n")
    finally:
        await server.stop()
    with pytest.raises(OSError):
        await get(server.port, "/healthz")  # stopped: nothing listens any more
