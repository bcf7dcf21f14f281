"""Seeds of every size round-trip exactly through both stores (a keyed seed is 2**128 + a 128-bit
secret, beyond a 64-bit integer column: migration 7 keeps it as digits), and a game stored before
the keyed generator existed replays exactly as it was played after the migration."""
from __future__ import annotations

import json
import sqlite3

import pytest

import engine
from data import Store
from data.migrations import MIGRATIONS
from engine.paisho.rng import KEYED

A8_START = ["choose second", "draw,discard Ja", "draw,discard WL", "Kn@m1"]  # the first entries of rules A-8 (seed 286)


@pytest.mark.parametrize("seed", [0, 3, 2**63 - 1, -2**63, 2**63, 2**64, KEYED, KEYED + 2**128 - 1])
async def test_a_seed_round_trips_exactly(store, seed):
    game_id = await store.create_game(variant="ancient", options={}, seed=seed, guild_id=7, channel_id=10,
                                      status="challenge", seats=[(1, "alice", True), (2, "bob", False)], now=1.0)
    assert (await store.get_game(game_id)).seed == seed
    assert [r.seed for r in await store.games_of(guild_id=7)] == [seed]


def version_6_file(path: str) -> None:
    """A database as the bot left it at schema version 6, with an Ancient game under way."""
    raw = sqlite3.connect(path)
    for script in MIGRATIONS[:5]:
        assert isinstance(script, str)
        raw.executescript(script)
    raw.execute("PRAGMA user_version = 6")
    raw.execute("INSERT INTO games (id, variant, options, seed, channel_id, status, created_at, updated_at) "
                "VALUES (1, 'ancient', ?, 286, 100, 'running', 0, 0)", (json.dumps({}),))
    for seat, name in enumerate(("ann", "ben")):
        raw.execute("INSERT INTO seats (game_id, seat, user_id, name, accepted) VALUES (1, ?, ?, ?, 1)",
                    (seat, seat + 1, name))
    for ply, (move, seat) in enumerate(zip(A8_START, [1, 0, 1, 0])):
        raw.execute("INSERT INTO moves (game_id, ply, seat, move, created_at) VALUES (1, ?, ?, ?, 0)", (ply, seat, move))
    raw.commit()
    raw.close()


async def test_an_old_ancient_game_keeps_its_deal_after_the_migration(db_path):
    version_6_file(db_path)
    store = await Store.open(db_path)
    assert await store.schema_version() == len(MIGRATIONS)
    row = await store.get_game(1)
    assert row.seed == 286
    game = engine.replay(row.variant, row.moves, players=2, seed=row.seed, options=row.options)
    # rules A-8: seed 286 deals P2 "Ja Ja Wh Ja WL" and P2 then draws from the same pile as ever
    expected = engine.replay("ancient", A8_START, seed=286)
    assert game.hands == expected.hands and game.piles == expected.piles and game.record == A8_START
    assert sorted(engine.new_game("ancient", seed=286).hands[1]) == sorted("Ja Ja Wh Ja WL".split())
    await store.close()
