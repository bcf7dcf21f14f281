"""Migration 10 (playing together) on a real SQLite file: a database the bot left at version 9,
with a running game and its timer, a finished game and an open challenge, opens at the newest version with
everything kept; the games are ordinary (no tournament, the server's time, named opponents), the
running one goes on (its next timer now asks about vacations), and the new tables take rows."""
from __future__ import annotations

import json
import random
import sqlite3

from bot.service import GameService, Person
from data import Store
from data.migrations import MIGRATIONS
from data.together_rows import Entrant, PlayerSettings

ALICE, BOB = Person(1, "alice"), Person(2, "bob")


def version_9_file(path: str) -> None:
    raw = sqlite3.connect(path)
    for script in MIGRATIONS[:9]:
        if isinstance(script, str):  # step 6 converts games of an older generator: none here
            raw.executescript(script)
    raw.execute("PRAGMA user_version = 9")
    options = json.dumps({"board": "4o/4o/4o/4o", "rings": 4, "first": "host", "colours": "PA"})
    for game_id, status, moves in ((1, "running", ["R@c3"]), (2, "finished", ["R@c3", "resign 2"]),
                                   (3, "challenge", [])):
        raw.execute("INSERT INTO games (id, variant, options, seed, guild_id, channel_id, lobby_id, status, result, "
                    "created_at, updated_at, posted) VALUES (?, 'pauso', ?, 7, 1, ?, ?, ?, ?, 0, 0, ?)",
                    (game_id, options, 100 + game_id, 100 + game_id, status,
                     json.dumps({"type": "win", "winners": [0], "scores": None, "reason": "resignation"})
                     if status == "finished" else None, len(moves)))
        for seat, (uid, name) in enumerate(((1, "alice"), (2, "bob"))):
            raw.execute("INSERT INTO seats (game_id, seat, user_id, name, accepted) VALUES (?, ?, ?, ?, 1)",
                        (game_id, seat, uid, name))
        for ply, move in enumerate(moves):
            raw.execute("INSERT INTO moves (game_id, ply, seat, move, created_at) VALUES (?, ?, ?, ?, 0)",
                        (game_id, ply, ply % 2, move))
    raw.execute("INSERT INTO timers (game_id, seat, remind_at, deadline_at, reminded) VALUES (1, 1, 50, 100, 0)")
    raw.commit()
    raw.close()


async def test_a_version_9_database_opens_at_the_newest_version_with_everything_kept(db_path, clock):
    version_9_file(db_path)
    store = await Store.open(db_path)
    assert await store.schema_version() == len(MIGRATIONS) >= 10
    games = [await store.get_game(n) for n in (1, 2, 3)]
    assert [g.status for g in games] == ["running", "finished", "challenge"]
    assert all(g.tournament_id is None and g.move_seconds is None and g.open_seats is None for g in games)
    assert games[0].moves == ["R@c3"] and (await store.timer(1)).deadline_at == 100
    service = GameService(store, clock=clock, rng=random.Random(1))
    await service.reload()
    reply = await service.move(101, BOB, "b2")
    assert reply.text.startswith("bob played R@b2.") and reply.mention == (ALICE.id,)
    timer = await store.timer(1)
    assert timer.seat == 0 and timer.deadline_at == clock.now + 72 * 3600
    tid = await store.create_tournament(guild_id=1, channel_id=5, organiser_id=1, name="Cup", variant="pauso",
                                        options={}, format="swiss", rounds=3, rated=True, move_seconds=3600.0,
                                        round_seconds=7200.0, adjudication="loss", signup_until=clock.now, now=clock.now)
    await store.add_entrant(tid, Entrant(2, "bob"), clock.now, 64)
    assert [e.name for e in (await store.get_tournament(tid)).entrants] == ["bob"]
    await store.put_player_settings(PlayerSettings(1, notify="dm"))
    assert (await store.player_settings([1]))[1].notify == "dm"
    await store.close()
    reopened = await Store.open(db_path)
    assert await reopened.schema_version() == len(MIGRATIONS) and (await reopened.get_game(1)).moves == ["R@c3", "R@b2"]
    await reopened.close()
