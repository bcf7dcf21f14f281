"""``scripts/start copy-to``: a SQLite database from real play (every game kind, running and
finished, ratings, timers, an offer, a bot seat, a server's timings) copied into the throwaway
PostgreSQL cluster; the same games then continue there, the ratings match, and new game numbers
follow the highest copied; this wave's tables (tournaments, players' settings, lessons, puzzle attempts)
come along. A copy that cannot be made, or does not check out, leaves PostgreSQL as
it was."""
from __future__ import annotations

import asyncio
import re
import sqlite3

import asyncpg
import pytest

from bot.__main__ import main
from bot.copy_to import copy_to
from data import LessonRow
from data.copy import CopyRefused, copy_to_postgres
from data.postgres import PostgresStore
from data.together_rows import Entrant, PlayerSettings
from tests.bot.real_play import GUILD, make_service, play_turns, real_play
from tests.helpers import ALICE, BOB, CAROL, DAVE

EVERYONE = [p.id for p in (ALICE, BOB, CAROL, DAVE)]


async def everything(store) -> dict:
    """All a store holds that the bot reads, through its own queries."""
    rows = await store.games_of(statuses=("challenge", "running", "finished", "aborted", "declined", "expired"))
    games = [await store.get_game(r.id) for r in rows]
    return {"games": games,
            "offers": [await store.offers(g.id) for g in games],
            "timers": [await store.timer(g.id) for g in games],
            "ratings": sorted(await store.ratings(EVERYONE), key=lambda r: (r.user_id, r.variant)),
            "history": [await store.history(u, v) for u in EVERYONE for v in ("basic", "ancient", "iroh", "kutai",
                                                                               "quaterno", "pauso")],
            "settings": await store.guild_settings(GUILD),
            "tournaments": [await store.get_tournament(t.id) for t in await store.tournaments_in(
                GUILD, ("signup", "running", "finished", "cancelled"))],
            "player settings": await store.player_settings(EVERYONE),
            "lessons": [await store.lesson_progress(u) for u in EVERYONE],
            "puzzle attempts": [await store.open_attempt(u, "pauso") for u in EVERYONE]}


async def this_waves_rows(store, clock) -> None:
    """What the newest tables hold in play: a tournament with an entrant, a player's notification
    settings, a lesson under way and a puzzle being solved."""
    tid = await store.create_tournament(guild_id=GUILD, channel_id=400, organiser_id=ALICE.id, name="Cup",
                                        variant="pauso", options={}, format="swiss", rounds=3, rated=True,
                                        move_seconds=3600.0, round_seconds=7200.0, adjudication="loss",
                                        signup_until=clock.now + 3600, now=clock.now)
    await store.add_entrant(tid, Entrant(BOB.id, "bob"), clock.now, 64)
    await store.put_player_settings(PlayerSettings(CAROL.id, notify="dm", quiet_from=22, quiet_to=7))
    await store.save_lesson(LessonRow(DAVE.id, "pauso", "01-place-and-push", 2, ("R@b2",), 1, clock.now), None)
    await store.start_attempt(user_id=ALICE.id, puzzle_id="0df583c80d", variant="pauso", slot="pauso", day=None,
                              guild_id=GUILD, now=clock.now)


@pytest.fixture
async def played(db_path, clock, stores):
    """A SQLite file from real play, closed; what it holds."""
    store = await stores(db_path)
    service = make_service(store, clock)
    games = await real_play(service, clock)
    await this_waves_rows(store, clock)
    held = await everything(store)
    service.close()
    await store.close()
    return games, held


def table_counts(path: str) -> dict[str, int]:
    conn = sqlite3.connect(path)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in tables}
    finally:
        conn.close()


async def test_a_copy_of_real_play_continues_on_postgresql(played, db_path, postgres_url, clock):
    games, held = played
    copied, _ = await copy_to(db_path, postgres_url)
    assert dict(sorted(copied.counts.items())) == table_counts(db_path)
    highest = max(g.id for g in held["games"])
    assert copied.next_ids == {"games.id": highest + 1, "tournaments.id": 2, "puzzle_attempts.id": 2}
    assert copied.checked == "every game replays from its record (8 running, 7 finished)"

    store = await PostgresStore.open(postgres_url)
    try:
        assert await everything(store) == held  # every game, offer, timer, rating, history row and setting
        service = make_service(store, clock)
        assert await service.reload() == len(games.running)
        for channel, game_id in games.running.items():  # each running game goes on where it stopped
            before = len((await store.get_game(game_id)).moves)
            await play_turns(service, channel, 1, seed=40)
            after = await store.get_game(game_id)
            assert len(after.moves) > before and after.moves[:before] == held_moves(held, game_id)
        assert (await store.timer(games.running[100])).deadline_at == clock.now + 48 * 3600  # the server's timings
        # ratings go on from the copied ones
        (alice_before,) = [r for r in held["ratings"] if r.user_id == ALICE.id and r.variant == "basic"] or [None]
        await service.resign(100, BOB)
        (alice,) = await store.ratings([ALICE.id], "basic")
        assert alice.games == (alice_before.games if alice_before else 0) + 1
        # a new game gets the number after the highest copied
        reply = await service.challenge(guild_id=GUILD, channel_id=900, challenger=CAROL, opponents=[DAVE],
                                        variant="iroh")
        assert reply.game_id == highest + 1
        service.close()
    finally:
        await store.close()


def held_moves(held: dict, game_id: int) -> list[str]:
    return next(g.moves for g in held["games"] if g.id == game_id)


async def count_rows(url: str, table: str = "games") -> int:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval(f"SELECT COUNT(*) FROM {table}")
    finally:
        await conn.close()


async def test_a_target_that_is_not_empty_is_refused_and_left_alone(played, db_path, postgres_url):
    await copy_to(db_path, postgres_url)
    before = await count_rows(postgres_url, "moves")
    with pytest.raises(CopyRefused, match=r"^The PostgreSQL database is not empty: games \(16 rows\), guild_settings \(1 row\), "):
        await copy_to(db_path, postgres_url)
    assert await count_rows(postgres_url, "moves") == before


async def test_a_copy_that_does_not_check_out_is_rolled_back(played, db_path, postgres_url):
    async def distrust(source, copy):
        assert len(await copy.games_of(statuses=("running",))) == 8  # the copy is there, in the transaction
        raise CopyRefused("Game 3 does not replay from PostgreSQL.")

    with pytest.raises(CopyRefused, match="^Game 3 does not replay"):
        await copy_to_postgres(db_path, postgres_url, distrust)
    assert await count_rows(postgres_url) == 0  # the tables exist, empty: nothing was committed
    copied, _ = await copy_to(db_path, postgres_url)  # and a copy can be made afterwards
    assert copied.counts["games"] == 16


async def test_no_copy_while_a_bot_holds_the_sqlite_file(played, db_path, postgres_url, stores):
    store = await stores(db_path)
    with pytest.raises(CopyRefused, match=r"^Not copied\. A bot or console is using .* right now"):
        await copy_to(db_path, postgres_url)
    await store.close()
    conn = await asyncpg.connect(postgres_url)
    try:
        assert await conn.fetchval("SELECT to_regclass('games')") is None  # nothing was made there
    finally:
        await conn.close()


async def test_copy_to_from_the_command_line(played, db_path, postgres_url, capsys, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("BACKUP_DIR", raising=False)
    def run(*args: str) -> int:  # the command runs its own event loop
        return main(["copy-to", "--db", db_path, *args])

    assert await asyncio.to_thread(run, "postgresql://paisho:hunter2@127.0.0.1:1/paisho") == 1
    said = capsys.readouterr()
    assert said.err.startswith("Could not connect to PostgreSQL:") and "hunter2" not in said.out + said.err
    assert await asyncio.to_thread(run, "mysql://paisho@localhost/paisho") == 1
    assert "Give the PostgreSQL database to copy into as a URL" in capsys.readouterr().err
    assert await asyncio.to_thread(run, postgres_url) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Copied {db_path} into {postgres_url} in one transaction (")
    assert re.search(r"^Rows: .*\bgames 16\b", out, re.M), out
    assert "new numbers continue after the highest copied (" in out
    assert all(f"{column} from {n}" in out for column, n in (("games.id", 17), ("tournaments.id", 2),
                                                             ("puzzle_attempts.id", 2)))
    assert f"Next: put DATABASE_URL={postgres_url} in .env and start the bot" in out


@pytest.mark.parametrize("content, reason", [
    (b"not a database", "is not a SQLite database"),
    (None, "is not a Pai Sho Bot database (it has no games table)."),
])
async def test_a_file_that_is_not_a_bot_database_is_refused_untouched(tmp_path, content, reason):
    path = tmp_path / "other.db"
    if content is None:
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.close()
    else:
        path.write_bytes(content)
    before = path.read_bytes()
    with pytest.raises(CopyRefused, match=re.escape(reason)):
        await copy_to(str(path), "postgresql://paisho@127.0.0.1:1/paisho")
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]
