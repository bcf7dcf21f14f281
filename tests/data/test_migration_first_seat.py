"""Migration 6 on a real SQLite file: games stored while a random first player came from Python's
random.Random keep the seat that began them and replay move for move as they were played (the
random choice now comes from SplitMix64, which draws another seat for these seeds)."""
from __future__ import annotations

import json
import random
import sqlite3

import engine
from data import Store
from data.migrations import MIGRATIONS

# Played and written down with the engine as it was before migration 6 (random.Random's seat).
OLD_GAMES = {
    1: dict(variant="pauso", seed=1002, status="running", names=("ann", "ben", "cat"),
            moves=["R@d3", "R@b4", "R@e4", "R@a4", "R@a6", "R@f2", "R@d4", "R@a5", "R@c5", "R@e1", "R@a2", "R@d6"],
            seats=[2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1],
            position="oP2ooA2o/oP5o/oMoA3ooA/2ooPooMo/oPooM2ooA/4ooMo"),
    2: dict(variant="quaterno", seed=1000, status="finished", names=("ann", "ben"),
            moves=["St@k7", "Fa@i10", "Co@i1", "Co@h10", "Fa@f2", "An@a7", "So@j7", "So@a5", "An@e1", "St@a9",
                   "i1>e1-k1", "f7>j7-i3"],
            seats=[1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0],
            position="1:Su@f5,Mo@e6,Fa@f2,An@k1,St@k7,Co@i1,So@i3;2:Su@f7,Mo@g6,Fa@i10,An@a7,St@a9,Co@h10,So@a5;"
                     "turn:13;used:"),
}
OPEN_CHALLENGE, HOST_FIRST = 3, 4


def version_5_file(path: str) -> None:
    """A database as the bot left it at schema version 5, holding the old games."""
    raw = sqlite3.connect(path)
    for script in MIGRATIONS[:5]:
        assert isinstance(script, str)
        raw.executescript(script)
    raw.execute("PRAGMA user_version = 5")
    games = {**OLD_GAMES,
             OPEN_CHALLENGE: dict(variant="pauso", seed=1002, status="challenge", names=("ann", "ben", "cat"),
                                  moves=[], seats=[], first="random"),
             HOST_FIRST: dict(variant="quaterno", seed=1000, status="running", names=("ann", "ben"),
                              moves=["Fa@c1"], seats=[0], first="host")}
    for game_id, g in games.items():
        options = {"first": g.get("first", "random")}
        raw.execute("INSERT INTO games (id, variant, options, seed, channel_id, status, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, 0, 0)",
                    (game_id, g["variant"], json.dumps(options), g["seed"], 100 + game_id, g["status"]))
        for seat, name in enumerate(g["names"]):
            raw.execute("INSERT INTO seats (game_id, seat, user_id, name, accepted) VALUES (?, ?, ?, ?, 1)",
                        (game_id, seat, seat + 1, name))
        for ply, (move, seat) in enumerate(zip(g["moves"], g["seats"])):
            raw.execute("INSERT INTO moves (game_id, ply, seat, move, created_at) VALUES (?, ?, ?, ?, 0)",
                        (game_id, ply, seat, move))
    raw.commit()
    raw.close()


async def test_an_old_game_with_a_random_first_player_replays_as_it_was_played(db_path):
    version_5_file(db_path)
    store = await Store.open(db_path)
    assert await store.schema_version() == len(MIGRATIONS)
    for game_id, old in OLD_GAMES.items():
        row = await store.get_game(game_id)
        players, began = len(row.seats), old["seats"][0]
        assert began == random.Random(old["seed"]).randrange(players)  # the seat the old engine drew
        # without the migration the new generator would seat someone else first
        assert engine.new_game(row.variant, players=players, seed=row.seed, options={"first": "random"}).to_move != began
        assert row.options == {"first": f"seat{began + 1}"}
        game = engine.new_game(row.variant, players=players, seed=row.seed, options=row.options)
        for move, seat in zip(row.moves, row.move_seats):
            assert game.to_move == seat  # every stored move was made by the seat now to move
            game.play(move)
        assert game.record == old["moves"] and game.position_text() == old["position"]
    await store.close()


async def test_open_challenges_and_other_first_players_are_left_as_they_were(db_path):
    version_5_file(db_path)
    store = await Store.open(db_path)
    assert (await store.get_game(OPEN_CHALLENGE)).options == {"first": "random"}  # draws when it begins
    assert (await store.get_game(HOST_FIRST)).options == {"first": "host"}
    await store.close()
    again = await Store.open(db_path)  # the step runs once: reopening changes nothing
    assert (await again.get_game(1)).options == {"first": "seat3"}
    await again.close()
