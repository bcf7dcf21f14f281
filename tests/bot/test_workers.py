"""Worker processes: work runs in another process and its result comes back; the loop answers
meanwhile; a crashed worker is replaced; the bot's pictures are drawn by processes of their own."""
from __future__ import annotations

import asyncio
import os

import pytest

import rendering
from bot.service import GameService
from bot.workers import FairQueue, InlineWorkers, Workers, painters
from tests.helpers import ALICE, BOB


def _pid_and_square(n: int) -> tuple[int, int]:
    return os.getpid(), n * n


def _die() -> None:
    os._exit(3)


@pytest.mark.slow  # spawned processes (tests/README.md)
async def test_work_runs_in_another_process_and_the_loop_keeps_answering():
    workers = Workers(1)
    try:
        ticks = 0

        async def ticker():
            nonlocal ticks
            while True:
                await asyncio.sleep(0.001)
                ticks += 1

        running = asyncio.create_task(ticker())
        pid, square = await workers.run(_pid_and_square, 12)
        running.cancel()
        assert square == 144 and pid != os.getpid()
        assert ticks > 0
    finally:
        workers.close()


@pytest.mark.slow  # spawned processes (tests/README.md)
async def test_a_crashed_worker_is_replaced():
    workers = Workers(1)
    try:
        try:
            await workers.run(_die)
        except Exception:  # noqa: BLE001  (the retry dies too)
            pass
        pid, square = await workers.run(_pid_and_square, 3)
        assert square == 9 and pid != os.getpid()
    finally:
        workers.close()


def test_pictures_run_where_the_setting_says():
    assert isinstance(painters(0), InlineWorkers)
    assert type(painters(None)) is Workers and type(painters(2)) is Workers and painters(2).processes == 2


@pytest.mark.slow  # spawned processes (tests/README.md)
async def test_the_board_picture_of_a_turn_is_drawn_in_a_painter_process(store, clock):
    service = GameService(store, clock=clock, workers=InlineWorkers(), painters=Workers(1))
    try:
        await service.challenge(guild_id=1, channel_id=10, challenger=ALICE, opponents=[BOB], variant="quaterno")
        await service.accept(BOB, channel_id=10)
        channel = 10
        row, game = service.game_in(channel)
        mover = ALICE if row.seats[game.to_move].user_id == ALICE.id else BOB
        reply = await service.move(channel, mover, game.legal_moves()[0])
        assert service.painters._pool is not None  # the painter process drew it
        row, game = service.game_in(channel)
        assert reply.image == rendering.render_view(game.view(), [s.name for s in row.seats])  # the same picture
    finally:
        service.close()


def _labelled(label: str, seconds: float) -> str:
    import time
    time.sleep(seconds)
    return label


def test_the_queue_serves_moves_first_then_reviews_then_replays_and_servers_in_turn():
    queue = FairQueue()
    for label, kind, key in [("r1", "replay", "A"), ("v1", "review", "A"), ("a1", "move", "A"), ("a2", "move", "A"),
                             ("a3", "move", "A"), ("b1", "move", "B"), ("v2", "review", "C"), ("b2", "move", "B"),
                             ("c1", "move", "C"), ("r2", "replay", "B")]:
        queue.put(kind, key, (_labelled, (label,), None))  # type: ignore[arg-type]
    order = [job[1][0] for job in iter(queue.pop, None)]
    assert order == ["a1", "b1", "c1", "a2", "b2", "a3", "v2", "v1", "r2", "r1"]  # C, B served longer ago than A
    assert queue.waiting() == 0


@pytest.mark.slow  # spawned processes (tests/README.md)
async def test_a_burst_of_replays_does_not_hold_up_another_servers_move():
    """One worker busy with a replay from server A, then a burst from A (replays, moves) and one
    move from B: B's move runs as soon as the worker is free, A's moves next, the replays last."""
    workers = Workers(1)
    try:
        jobs = [asyncio.ensure_future(workers.run(_labelled, "replay A0", 0.4, kind="replay", key="A"))]
        await asyncio.sleep(0.1)  # the worker has taken it
        burst = [("replay A1", "replay", "A"), ("replay A2", "replay", "A"), ("move A1", "move", "A"),
                 ("move A2", "move", "A"), ("move B1", "move", "B")]
        done: list[str] = []
        for label, kind, key in burst:
            job = asyncio.ensure_future(workers.run(_labelled, label, 0.01, kind=kind, key=key))
            job.add_done_callback(lambda f: done.append(f.result()))
            jobs.append(job)
        await asyncio.sleep(0)  # each has reached the queue
        assert workers.queue.waiting() == 5 and workers.queue.waiting("move") == 3
        await asyncio.gather(*jobs)
        assert done == ["move B1", "move A1", "move A2", "replay A1", "replay A2"]
    finally:
        workers.close()
