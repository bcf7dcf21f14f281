"""Worker processes: work runs in another process and its result comes back; the loop answers
meanwhile; a crashed worker is replaced; the bot's pictures are drawn by processes of their own."""
from __future__ import annotations

import asyncio
import os

import rendering
from bot.service import GameService
from bot.workers import InlineWorkers, Workers, painters
from tests.helpers import ALICE, BOB


def _pid_and_square(n: int) -> tuple[int, int]:
    return os.getpid(), n * n


def _die() -> None:
    os._exit(3)


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
