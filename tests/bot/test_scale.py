"""Two game services on one database (as two bot processes, each with its own connection), on
SQLite and on PostgreSQL: games in different channels at the same moment, the same player in
both, and that player's rating stays exact (every game rated once, each from the rating the one
before left). Also for real: two ``python -m bot console`` processes on one PostgreSQL."""
from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bench.load import one_chain
from bot.console import stable_id
from bot.service import GameService, UserError
from data import Store
from tests.helpers import ALICE, BOB, CAROL

GAMES = 6  # per service


@pytest.fixture
async def two_services(request, any_store, clock):
    if isinstance(any_store, Store):
        second = await Store.open(any_store.path)
    else:
        from data.postgres import PostgresStore
        second = await PostgresStore.open(request.getfixturevalue("postgres_cluster"))
    services = [GameService(s, clock=clock, rng=random.Random(i)) for i, s in enumerate((any_store, second))]
    yield services
    for service in services:
        service.close()
    await second.close()


def assert_one_chain(history, rating) -> None:
    """Each game was rated from the rating the one before left (none lost, none doubled), in the
    order the history lists them, and the last left the stored rating."""
    steps = [(h.before, h.after) for h in history]  # oldest first
    assert one_chain(steps), steps
    assert history[-1].mu == rating.mu


async def play_games(service: GameService, first_channel: int, opponent) -> None:
    """Games in channels of their own: alice moves, then wins or loses by a resignation."""
    for i in range(GAMES):
        channel = first_channel + i
        await service.challenge(guild_id=1, channel_id=channel, challenger=ALICE, opponents=[opponent],
                                variant="pauso", options={"board": "round5", "rings": 4})
        await service.accept(opponent, channel_id=channel)
        await service.move(channel, ALICE, "c3")
        await asyncio.sleep(0)
        await service.resign(channel, opponent if i % 3 else ALICE)


async def test_two_services_on_one_database_keep_a_players_rating_exact(two_services):
    one, two = two_services
    await asyncio.gather(play_games(one, 1000, BOB), play_games(two, 2000, CAROL))
    store = one.store
    (alice,) = await store.ratings([ALICE.id], "pauso")
    assert alice.games == 2 * GAMES and alice.wins + alice.losses == 2 * GAMES
    history = await store.history(ALICE.id, "pauso")
    assert len(history) == 2 * GAMES and len({h.game_id for h in history}) == 2 * GAMES
    assert_one_chain(history, alice)
    bob, carol = (await store.ratings([BOB.id], "pauso"))[0], (await store.ratings([CAROL.id], "pauso"))[0]
    assert bob.games == carol.games == GAMES
    assert {r.status for r in await store.games_of(user_id=ALICE.id, statuses=("finished",))} == {"finished"}


async def test_a_turn_of_one_game_from_two_processes_at_once_is_recorded_once(two_services):
    """Both processes hold the same game (neither owns the server alone) and take alice's turn at
    the same moment: the database lets one turn in; the other is refused and reloads the game."""
    one, two = two_services
    await one.challenge(guild_id=1, channel_id=7, challenger=ALICE, opponents=[BOB], variant="pauso",
                        options={"board": "round5", "rings": 4})
    await one.accept(BOB, channel_id=7)
    await two.reload()  # the second process registers the running game too
    results = await asyncio.gather(one.move(7, ALICE, "c3"), two.move(7, ALICE, "b2"), return_exceptions=True)
    refused = [r for r in results if isinstance(r, Exception)]
    played = [r for r in results if not isinstance(r, Exception)]
    assert [str(e) for e in refused] == ["That move could not be saved; the board is as it was. Please try again."]
    assert len(played) == 1 and played[0].text.startswith("alice played R@")
    row = await one.store.get_game(1)
    assert len(row.moves) == 1
    # the refused process reloaded the stored game: its next turn is judged on it
    loser = two if row.moves == ["R@c3"] else one
    with pytest.raises(UserError, match="^It is not your turn.$"):
        await loser.move(7, ALICE, "a3")


async def test_each_shard_cluster_keeps_only_its_servers_games(two_services, clock):
    """Two processes with SHARD_COUNT=2, one shard each: after a restart each registers and serves
    only the games of its own shard's servers; both games are in the one database."""
    from bot.config import Config, shard_of
    one, two = two_services
    servers = (81384788765712384, 81384788765712384 + (1 << 22))  # shards 0 and 1 of 2 (or 1 and 0)
    assert {shard_of(s, 2) for s in servers} == {0, 1}
    for service, server, channel in zip((one, two), servers, (11, 12)):
        await service.challenge(guild_id=server, channel_id=channel, challenger=ALICE, opponents=[BOB],
                                variant="pauso", options={"board": "round5", "rings": 4})
        await service.accept(BOB, channel_id=channel)
    restarted = []
    for shard in (0, 1):
        config = Config(token=None, database_path="", dev_guild_id=None, log_level="INFO", challenge_ttl=3600,
                        reminder_after=3600, move_deadline=3600, shard_count=2, shard_ids=(shard,))
        service = GameService(one.store, clock=clock, owns=config.owns)
        assert await service.reload() == 1
        restarted.append(service)
    for service, shard in zip(restarted, (0, 1)):
        mine = 11 if shard_of(servers[0], 2) == shard else 12
        theirs = 23 - mine
        assert service.game_in(mine) is not None and service.game_in(theirs) is None
        with pytest.raises(UserError, match="no game running in this channel"):
            await service.move(theirs, ALICE, "c3")
        service.close()


def console_script(channel: str, opponent: str) -> str:
    """A console session: games in channels of its own, alice against ``opponent``; alice
    moves, then one of them resigns (alice every third game)."""
    lines = []
    for i in range(GAMES):
        lines += [f"channel {channel}-{i}", f"alice: challenge pauso {opponent} board=round5 rings=4",
                  f"{opponent}: accept", "alice: c3", f"{'alice' if i % 3 == 0 else opponent}: resign"]
    return "\n".join(lines + ["quit"]) + "\n"


async def test_two_console_processes_on_one_postgresql_keep_a_players_rating_exact(postgres_url, tmp_path):
    root = Path(__file__).resolve().parents[2]
    env = os.environ | {"DATABASE_URL": postgres_url, "PYTHONPATH": str(root)}
    consoles = [subprocess.Popen([sys.executable, "-m", "bot", "console", "--boards", str(tmp_path / name)],
                                 cwd=root, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
                for name in ("one", "two")]
    outputs = await asyncio.gather(*(asyncio.to_thread(c.communicate, console_script(name, opponent), 300)
                                     for c, name, opponent in zip(consoles, ("one", "two"), ("bob", "carol"))))
    for console, (out, err) in zip(consoles, outputs):
        assert console.returncode == 0, err
        assert "Traceback" not in out + err
        # Both consoles own every game (no shards), so one that starts while the other has just
        # saved a turn may announce that turn as left unshown by a stop; such lines are the other's.
        own = [line for line in out.splitlines() if not line.startswith("Saved just before the bot restarted")]
        assert sum(line.count("resigned") for line in own) == GAMES, out
    from data.postgres import PostgresStore
    store = await PostgresStore.open(postgres_url)
    try:
        (alice,) = await store.ratings([stable_id("user", "alice")], "pauso")
        history = await store.history(alice.user_id, "pauso")
        assert alice.games == len(history) == 2 * GAMES
        assert_one_chain(history, alice)
    finally:
        await store.close()
