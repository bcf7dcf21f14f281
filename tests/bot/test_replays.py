"""Replays and positions through the service: a game by number or by its channel, running or
finished, drawn in a worker process; clear refusals for unknown, unstarted, empty and foreign
games; looking never changes a game."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.service import GameService, UserError
from bot.workers import InlineWorkers
from tests.helpers import ALICE, BOB, CAROL, looker

CH = 300
GUILD = 1


@pytest.fixture
def quick(store, clock):
    """A service whose 'worker' is a thread of this process (the real pool is tested once below)."""
    return GameService(store, clock=clock, challenge_ttl=3600, rng=random.Random(5), workers=InlineWorkers())


async def start(service, moves=(), channel=CH):
    reply = await service.challenge(guild_id=GUILD, channel_id=channel, challenger=ALICE, opponents=[BOB],
                                    variant="pauso", options={"board": "round5", "rings": 4})
    await service.accept(BOB, channel_id=channel)
    for i, move in enumerate(moves):
        await service.move(channel, (ALICE, BOB)[i % 2], move)
    return reply.game_id


def gif_frames(data: bytes) -> int:
    return Image.open(io.BytesIO(data)).n_frames


async def test_a_running_game_replays_by_channel_in_a_worker_process(service):
    game_id = await start(service, ["c1", "c2", "b1"])
    try:
        replay = await service.replay(channel_id=CH)
    finally:
        service.close()
    assert replay.game_id == game_id and replay.frames == 4 == gif_frames(replay.gif)
    assert replay.text == f"Replay of game #{game_id}, PAUSO: alice vs bob, 3 moves so far."


async def test_a_finished_game_replays_by_number_and_is_unchanged(quick, store):
    game_id = await start(quick, ["c1", "c2"])
    await quick.resign(CH, BOB)
    before = await store.get_game(game_id)
    replay = await quick.replay(game_id=game_id, viewer=looker(CAROL))
    assert replay.frames == 4 == gif_frames(replay.gif)  # the start, two moves, the resignation
    assert replay.text == f"Replay of game #{game_id}, PAUSO: alice vs bob, 3 moves."
    after = await store.get_game(game_id)
    assert (after.moves, after.status, after.result) == (before.moves, before.status, before.result)


async def test_positions_for_the_step_through(quick):
    game_id = await start(quick, ["c1", "c2", "b1"])
    last = await quick.position(channel_id=CH)
    assert (last.ply, last.plies, last.running) == (3, 3, True)
    assert last.text == f"Game #{game_id}, PAUSO: alice vs bob. Move 3/3: alice played R@b1."
    first = await quick.position(game_id, 0, viewer=looker(CAROL))
    assert first.ply == 0 and first.text.endswith("Start \u00b7 3 moves.")
    with pytest.raises(UserError, match=f"^Game #{game_id} has 3 moves: pick a position from 0 \\(the start\\) to 3.$"):
        await quick.position(game_id, 99, viewer=looker(CAROL))
    second = await quick.position(game_id, 2, viewer=looker(CAROL))
    assert second.image != last.image and Image.open(io.BytesIO(second.image)).width == 800
    await quick.move(CH, BOB, "c3")  # the game moves on: the last position with it
    assert (await quick.position(game_id, viewer=looker(CAROL))).ply == 4


async def test_refusals(quick, store):
    with pytest.raises(UserError, match="^There is no game running in this channel; give the number"):
        await quick.replay(channel_id=CH)
    with pytest.raises(UserError, match=r"^No game 77 here\.$"):
        await quick.replay(game_id=77, viewer=looker(CAROL))
    open_one = await quick.challenge(guild_id=GUILD, channel_id=CH, challenger=ALICE, opponents=[CAROL],
                                     variant="pauso")
    with pytest.raises(UserError, match=f"^Game #{open_one.game_id} never started: its challenge is still open.$"):
        await quick.replay(game_id=open_one.game_id, viewer=looker(CAROL))
    await quick.decline(CAROL, game_id=open_one.game_id)
    with pytest.raises(UserError, match="its challenge was declined"):
        await quick.position(open_one.game_id, viewer=looker(CAROL))
    game_id = await start(quick, channel=CH + 1)
    with pytest.raises(UserError, match=f"^There is nothing to replay in game #{game_id}: it has no moves yet.$"):
        await quick.replay(channel_id=CH + 1)
    await quick.abort(CH + 1, ALICE)
    with pytest.raises(UserError, match="called off before the first move"):
        await quick.replay(game_id=game_id, viewer=looker(CAROL))
    other = await start(quick, ["c1"], channel=CH + 2)
    with pytest.raises(UserError, match=f"^No game {other} here.$"):  # another server's game
        await quick.replay(game_id=other, viewer=looker(CAROL, guild_id=GUILD + 1))
