"""Backups of the SQLite file and restoring them (issue 37): a backup taken while moves are being
committed is whole and checked and has every move committed before it began; restored, a bot
continues the games. Daily backups keep the newest BACKUP_KEEP. A restore is refused while a bot
holds the database, keeps the database as it was aside, and refuses what is not a usable backup."""
from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys

import pytest

from bot import backup
from bot.__main__ import main
from bot.backup import BackupError, DailyBackups
from bot.restore import restore
from data import Store, StoreError
from data.filelock import DatabaseLock
from data.migrations import MIGRATIONS
from tests.bot.real_play import make_service, play_turns, real_play, start
from tests.helpers import ALICE, BOB


def moves_in(path: str) -> dict[int, list[str]]:
    """Every game's moves as a backup file holds them."""
    conn = sqlite3.connect(path)
    try:
        found: dict[int, list[str]] = {}
        for game_id, move in conn.execute("SELECT game_id, move FROM moves ORDER BY game_id, ply"):
            found.setdefault(game_id, []).append(move)
        return found
    finally:
        conn.close()


@pytest.mark.slow  # whole games played while backups are taken (tests/README.md)
async def test_a_backup_taken_while_moves_are_committed_has_every_committed_move(db_path, clock, tmp_path, stores):
    store = await stores(db_path)
    service = make_service(store, clock)
    channels = list(range(10, 16))
    games = [await start(service, channel, "basic", ALICE, BOB) for channel in channels]
    committed: dict[int, list[str]] = {}
    done = asyncio.Event()

    async def keep_playing() -> None:
        for turn in range(10):
            for channel, game_id in zip(channels, games):
                await play_turns(service, channel, 1, seed=turn)
                committed[game_id] = (await store.get_game(game_id)).moves  # what is committed now
                await asyncio.sleep(0)
        done.set()

    playing = asyncio.create_task(keep_playing())
    taken = []
    while not done.is_set():
        before = {game_id: list(moves) for game_id, moves in committed.items()}
        target = str(tmp_path / f"backup-{len(taken)}.db")
        snapshot = await asyncio.to_thread(backup.take, db_path, target)
        taken.append((target, before, snapshot))
        await asyncio.sleep(0.01)
    await playing
    assert len(taken) >= 2 and sum(map(len, committed.values())) >= 40
    for target, before, snapshot in taken:
        held = moves_in(target)
        assert backup.inspect(target).counts == snapshot.counts  # whole, checked, what it says
        for game_id, moves in before.items():  # every move confirmed before the backup began
            assert held.get(game_id, [])[:len(moves)] == moves
        for game_id, moves in held.items():  # and nothing but committed records
            assert committed[game_id][:len(moves)] == moves
    service.close()
    await store.close()

    # restored, the games continue from the backup's positions
    last, _, snapshot = taken[-1]
    restored = restore(db_path, last)
    assert restored.aside is not None and os.path.exists(restored.aside)
    assert moves_in(restored.aside) == committed  # the database as it was: nothing lost
    assert moves_in(db_path) == moves_in(last)
    store = await stores(db_path)
    service = make_service(store, clock)
    statuses = [(await store.get_game(game_id)).status for game_id in games]
    assert await service.reload() == statuses.count("running") > 0
    for channel, game_id in zip(channels, games):
        if service.game_in(channel) is None:
            continue
        before = len((await store.get_game(game_id)).moves)
        await play_turns(service, channel, 1, seed=99)
        assert len((await store.get_game(game_id)).moves) == before + 1
    service.close()
    await store.close()


@pytest.mark.slow  # real play of every game (tests/README.md)
async def test_a_backup_of_real_play_is_checked_table_by_table(db_path, clock, tmp_path, capsys, monkeypatch,
                                                               stores):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("BACKUP_DIR", raising=False)
    store = await stores(db_path)
    service = make_service(store, clock)
    await real_play(service, clock)
    assert main(["backup", "--db", db_path, str(tmp_path / "saved")]) == 0  # a folder that does not exist yet...
    said = capsys.readouterr().out
    assert said.startswith(f"Backed up {db_path} to {tmp_path / 'saved'} (")
    assert f"checked the copy: schema version {len(MIGRATIONS)}; rows: games 16, seats 33, moves " in said
    os.makedirs(tmp_path / "folder")
    assert main(["backup", "--db", db_path, str(tmp_path / "folder")]) == 0  # ...and a folder that does
    [dated] = os.listdir(tmp_path / "folder")
    assert backup.backups(db_path, str(tmp_path / "folder"))[0][1] == str(tmp_path / "folder" / dated)
    assert main(["backup", "--db", db_path, str(tmp_path / "saved")]) == 1
    assert capsys.readouterr().err.strip() == (f"{tmp_path / 'saved'} already exists; name a new file "
                                               "(a backup never overwrites one).")
    assert main(["backup", "--db", str(tmp_path / "none.db")]) == 1
    assert "There is no database at" in capsys.readouterr().err
    service.close()
    await store.close()


def test_daily_backups_keep_the_newest(db_path, tmp_path):
    conn = sqlite3.connect(db_path)
    conn.executescript("CREATE TABLE games (id INTEGER PRIMARY KEY); INSERT INTO games VALUES (1);")
    conn.close()
    now = [1_700_000_000.0]
    folder = str(tmp_path / "daily")
    daily = DailyBackups(db_path, folder, keep=3, clock=lambda: now[0])
    assert daily.due_in() == 0  # none yet: at once
    os.makedirs(folder)
    stranger = os.path.join(folder, "notes.db")  # not a backup of ours: never touched
    open(stranger, "w").close()
    for _ in range(5):
        daily.take_one()
        assert daily.due_in() == backup.DAY
        now[0] += backup.DAY
    kept = [os.path.basename(p) for _, p in backup.backups(db_path, folder)]
    assert kept == ["games-20231116-221320.db", "games-20231117-221320.db", "games-20231118-221320.db"]
    assert os.path.exists(stranger)
    assert daily.due_in() == 0  # a day after the newest


async def test_the_daily_backup_runs_by_itself(db_path, tmp_path, clock, stores):
    store = await stores(db_path)
    await make_service(store, clock).challenge(guild_id=1, channel_id=5, challenger=ALICE, opponents=[BOB],
                                               variant="basic")
    daily = DailyBackups(db_path, str(tmp_path / "daily"), keep=2)
    daily.start()
    for _ in range(200):
        if backup.newest(db_path, str(tmp_path / "daily")):
            break
        await asyncio.sleep(0.02)
    await daily.stop()
    [(when, path)] = backup.backups(db_path, str(tmp_path / "daily"))
    assert backup.inspect(path).counts["games"] == 1
    await store.close()


async def test_restore_is_refused_while_a_bot_holds_the_database(db_path, tmp_path, clock, stores):
    store = await stores(db_path)
    await make_service(store, clock).challenge(guild_id=1, channel_id=5, challenger=ALICE, opponents=[BOB],
                                               variant="basic")
    saved = str(tmp_path / "saved.db")
    backup.take(db_path, saved)
    with pytest.raises(BackupError, match=r"^Not restored\. A bot or console is using .* right now\. Stop it first"):
        restore(db_path, saved)
    await store.close()
    lock = DatabaseLock.exclusive(db_path)  # a restore in progress: no bot may start meanwhile
    with pytest.raises(StoreError, match="is being restored or copied right now"):
        await Store.open(db_path)
    lock.release()


KILLED_WRITER = """
import os, sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
conn.execute("PRAGMA journal_mode = WAL")
for ply, move in enumerate(["R@c3", "R@b2", "R@d4"]):
    conn.execute("INSERT INTO moves (game_id, ply, seat, move, created_at) VALUES (1, ?, ?, ?, 1.0)", (ply, ply % 2, move))
conn.commit()
os._exit(0)  # killed: no checkpoint, the moves are in the write-ahead log only
"""


@pytest.mark.slow  # starts a process
async def test_restore_keeps_the_database_as_it_was_with_its_write_ahead_log(db_path, tmp_path, clock, stores):
    store = await stores(db_path)
    await start(make_service(store, clock), 5, "pauso", ALICE, BOB)
    saved = str(tmp_path / "saved.db")
    backup.take(db_path, saved)
    await store.close()
    done = subprocess.run([sys.executable, "-c", KILLED_WRITER, db_path], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert os.path.getsize(db_path + "-wal") > 0
    restored = restore(db_path, saved, now=1_700_000_000)
    assert restored.aside == os.path.join(os.path.dirname(db_path), "games-before-restore-20231114-221320.db")
    assert moves_in(restored.aside) == {1: ["R@c3", "R@b2", "R@d4"]}  # kept aside, with what the log held
    assert moves_in(db_path) == {}
    assert not os.path.exists(db_path + "-wal")
    assert "Start the bot again" in restored.described()


@pytest.mark.parametrize("content, reason", [
    (b"hello, not a database at all" * 100, "is not a SQLite database"),
    (None, "is a SQLite database, but not one of Pai Sho Bot"),
])
def test_restore_refuses_what_is_not_a_backup_and_changes_nothing(db_path, tmp_path, content, reason):
    conn = sqlite3.connect(db_path)
    conn.executescript("CREATE TABLE games (id INTEGER PRIMARY KEY); INSERT INTO games VALUES (7);")
    conn.close()
    bad = str(tmp_path / "bad.db")
    if content is None:
        other = sqlite3.connect(bad)
        other.executescript("CREATE TABLE notes (text TEXT);")
        other.close()
    else:
        with open(bad, "wb") as f:
            f.write(content)
    with pytest.raises(BackupError, match=reason):
        restore(db_path, bad)
    assert sorted(os.listdir(tmp_path)) == ["bad.db", "games.db"]


def test_restore_refuses_a_backup_from_a_newer_bot(db_path, tmp_path):
    newer = str(tmp_path / "newer.db")
    conn = sqlite3.connect(newer)
    conn.executescript("CREATE TABLE games (id INTEGER PRIMARY KEY); PRAGMA user_version = 999;")
    conn.close()
    with pytest.raises(BackupError, match="was made by a newer version of the bot"):
        restore(db_path, newer)
    assert not os.path.exists(db_path)


def test_the_commands_refuse_postgresql(monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", "postgresql://paisho:hunter2@localhost/paisho")
    monkeypatch.delenv("BACKUP_DIR", raising=False)
    assert main(["backup"]) == 1
    err = capsys.readouterr().err
    assert "The bot uses PostgreSQL (DATABASE_URL), so back it up and restore it with pg_dump" in err
    assert "hunter2" not in err
