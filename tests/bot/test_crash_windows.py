"""Crash windows (issue 36), with the service stopped between two steps on a real SQLite file: a
turn saved but never shown is announced after the restart, once; a thread made for a game whose
start never completed is handed back for removal; replacing a challenge is one transaction."""
from __future__ import annotations

import random

import pytest

from bot.service import GameService, UserError
from data import Store, WriteFailed
from tests.helpers import ALICE, BOB, CAROL

CH, THREAD = 600, 601


async def open_service(db_path, clock) -> tuple[Store, GameService]:
    store = await Store.open(db_path)
    service = GameService(store, clock=clock, rng=random.Random(4))
    await service.reload()
    return store, service


async def test_a_turn_saved_but_never_shown_is_announced_once_after_a_restart(db_path, clock):
    store, service = await open_service(db_path, clock)
    try:
        await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="pauso",
                                options={"board": "square4", "rings": 4})
        started = await service.accept(BOB, channel_id=CH)
        await service.posted(started)
        shown = await service.move(CH, ALICE, "a1")
        await service.posted(shown)
        await service.move(CH, BOB, "b2")  # saved; the bot stops before its message goes out
    finally:
        service.close()
        await store.close()
    store, service = await open_service(db_path, clock)
    try:
        [notice] = await service.unannounced()
        assert notice.channel_id == CH and notice.reply.mention == (ALICE.id,)
        assert notice.reply.text.startswith("Saved just before the bot restarted: Move 2/2: bob played R@b2. ")
        assert notice.reply.text.endswith("alice (Periwinkle) to move.")
        assert notice.reply.image is not None
        assert await service.unannounced() == [notice]  # until it is posted
        await service.posted(notice.reply)
        assert await service.unannounced() == []  # once
    finally:
        service.close()
        await store.close()


async def test_a_game_start_never_shown_is_announced(db_path, clock):
    store, service = await open_service(db_path, clock)
    try:
        await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="quaterno")
        await service.accept(BOB, channel_id=CH)
        [notice] = await service.unannounced()
        assert notice.reply.text.startswith("Saved just before the bot restarted: Game #1 began.")
    finally:
        service.close()
        await store.close()


async def test_a_thread_made_for_a_start_that_failed_is_handed_back(db_path, clock, monkeypatch):
    store, service = await open_service(db_path, clock)
    try:
        await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="quaterno")

        async def make_thread(title):
            return THREAD

        async def disk_full(*args, **kwargs):
            raise WriteFailed("disk full")

        monkeypatch.setattr(store, "start_game", disk_full)
        with pytest.raises(UserError):
            await service.accept(BOB, channel_id=CH, make_channel=make_thread)
        assert await service.orphans() == []  # refused in this process: the front-end removed it
        monkeypatch.undo()

        async def stop_after_the_thread(*args, **kwargs):
            raise KeyboardInterrupt  # the process dies between the thread and the start

        monkeypatch.setattr(store, "start_game", stop_after_the_thread)
        with pytest.raises(KeyboardInterrupt):
            await service.accept(BOB, channel_id=CH, make_channel=make_thread)
        monkeypatch.undo()
    finally:
        service.close()
        await store.close()
    store, service = await open_service(db_path, clock)
    try:
        assert await service.orphans() == [THREAD]
        assert await service.orphans() == []  # handed back once
        assert (await store.get_game(1)).status == "challenge"  # bob may accept again
        assert (await service.accept(BOB, channel_id=CH)).started
    finally:
        service.close()
        await store.close()


async def test_replacing_a_challenge_is_one_transaction(db_path, clock, monkeypatch):
    store, service = await open_service(db_path, clock)
    try:
        await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="quaterno")
        original = store._tx

        def failing_tx():
            raise WriteFailed("the disk failed")

        monkeypatch.setattr(store, "_tx", failing_tx)
        with pytest.raises(UserError, match="could not save that just now, so nothing was changed"):
            await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[CAROL],
                                    variant="quaterno")
        monkeypatch.setattr(store, "_tx", original)
        assert [r.id for r in await store.open_challenges_in(CH)] == [1]  # the old one stands
        replaced = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[CAROL],
                                           variant="quaterno")
        assert [r.id for r in await store.open_challenges_in(CH)] == [replaced.game_id]
        assert (await store.get_game(1)).status == "declined"
    finally:
        service.close()
        await store.close()
