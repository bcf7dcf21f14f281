"""python -m bench.roundtrips: how many round trips to the SQLite store's database thread a turn
through the service costs (an ordinary move, and the move that ends a rated game with its
ratings). Counts the calls aiosqlite hands to its thread; prints them, asserts nothing."""
from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from pathlib import Path

from bot.service import GameService, Person
from data import Store

MOVES = ["c3", "b2", "a3"]  # PAUSO on the round5 board: a few ordinary moves, then a resignation


def count_calls(store: Store) -> list[int]:
    """A one-item counter of the calls made to the store's database thread from now on."""
    counter = [0]
    conn = store._conn
    real = conn._execute

    async def counted(fn, *args, **kwargs):
        counter[0] += 1
        return await real(fn, *args, **kwargs)

    conn._execute = counted  # type: ignore[method-assign]
    return counter


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(str(Path(folder) / "roundtrips.db"))
        service = GameService(store, rng=random.Random(1))
        alice, bob = Person(1, "alice"), Person(2, "bob")
        await service.challenge(guild_id=1, channel_id=5, challenger=alice, opponents=[bob], variant="pauso",
                                options={"board": "round5", "rings": 4})
        await service.accept(bob, channel_id=5)
        counter = count_calls(store)
        per_move = []
        for turn, move in enumerate(MOVES):
            before = counter[0]
            await service.move(5, (alice, bob)[turn % 2], move)
            per_move.append(counter[0] - before)
        before = counter[0]
        await service.resign(5, alice)  # ends the rated game: result and both ratings
        final = counter[0] - before
        print(f"round trips to the database thread: ordinary turn {per_move} "
              f"(median {sorted(per_move)[len(per_move) // 2]}), rated final turn {final}")
        service.close()
        await store.close()


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
