"""Worker processes: work runs in another process and its result comes back; the loop answers
meanwhile; a crashed worker is replaced."""
from __future__ import annotations

import asyncio
import os

from bot.workers import Workers


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
