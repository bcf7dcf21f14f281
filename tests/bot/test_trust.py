"""Issue 15 at the service: a confirmed move is never lost, misreported or timed out, and a
failing store or engine never breaks the bot. Races are made deterministic with events."""
from __future__ import annotations

import asyncio
import logging
import sqlite3

import pytest

from bot.service import UserError
from tests.helpers import ALICE, BOB, CAROL, CH, start_round5

HOUR = 3600


async def test_a_move_made_in_time_is_never_followed_by_a_timeout(service, store, clock):
    """The sweep reads a due timer while alice's move is being stored; the timeout is decided
    after the move, inside the game's lock, so it does not happen."""
    game_id, _ = await start_round5(service, players=(BOB,))
    clock.advance(72 * HOUR - 1)  # alice moves one second before her deadline ...
    entered, release = asyncio.Event(), asyncio.Event()
    real_add_move = store.add_move

    async def slow_add_move(*args, **kwargs):
        entered.set()
        await release.wait()
        return await real_add_move(*args, **kwargs)

    store.add_move = slow_add_move
    moving = asyncio.create_task(service.move(CH, ALICE, "c3"))
    await entered.wait()
    clock.advance(2)  # ... and the sweep runs while her move is being saved
    sweeping = asyncio.create_task(service.tick())
    for _ in range(20):
        await asyncio.sleep(0)
    release.set()
    reply = await moving
    notices = await sweeping
    assert reply.text.startswith("alice played R@c3.")
    assert notices == []
    row = await store.get_game(game_id)
    assert row.moves == ["R@c3"] and row.status == "running"
    assert (await store.timer(game_id)).seat == 1


async def test_a_timeout_is_judged_on_the_stored_turn_after_a_restart_of_the_clock(service, store, clock):
    """A stale due timer (read before a move stored a new one) never ends the game."""
    game_id, _ = await start_round5(service, players=(BOB,))
    clock.advance(73 * HOUR)
    stale = await store.due_timers(clock())
    await service.move(CH, ALICE, "c3")  # the service accepted it: her clock had not been swept yet
    store.due_timers = lambda now: _return(stale)
    assert await service.tick() == []
    assert (await store.get_game(game_id)).moves == ["R@c3"]


async def _return(value):
    return value


async def fail_next_commit(store, monkeypatch) -> str:
    """Make the store's next COMMIT fail once, inside the database layer (SQLite: the batch runs,
    then its COMMIT raises; PostgreSQL: a deferred trigger refuses the COMMIT once); returns the
    error the log must show."""
    import data.store
    if isinstance(store, data.store.Store):
        real_apply = data.store._apply
        failures = []

        def apply(conn, begin, statements, commit):  # the batch runs, then its COMMIT fails once
            real_apply(conn, begin, statements, False)
            if commit and not failures:
                failures.append("COMMIT")
                raise sqlite3.OperationalError("disk I/O error")
            if commit:
                conn._conn.execute("COMMIT")

        monkeypatch.setattr(data.store, "_apply", apply)
        return "disk I/O error"
    async with store._pool.acquire() as conn:  # a sequence is not rolled back: the trigger fires once
        await conn.execute("""
            CREATE SEQUENCE commit_failures;
            CREATE FUNCTION fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF nextval('commit_failures') = 1 THEN
                    RAISE EXCEPTION 'could not write: No space left on device' USING ERRCODE = 'disk_full';
                END IF;
                RETURN NULL;
            END $$;
            CREATE CONSTRAINT TRIGGER fail_commit AFTER INSERT ON moves
                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_once();""")
    return "No space left on device"


async def test_a_failed_commit_refuses_the_move_and_the_next_move_is_stored(service, store, caplog, monkeypatch):
    game_id, _ = await start_round5(service, players=(BOB,))
    logged = await fail_next_commit(store, monkeypatch)
    with caplog.at_level(logging.ERROR):
        with pytest.raises(UserError) as refused:
            await service.move(CH, ALICE, "c3")
    assert str(refused.value) == ("That move could not be saved; the board is as it was. Please try again.")
    assert logged in caplog.text and f"Game {game_id}" in caplog.text
    assert "cannot" not in caplog.text
    assert (await store.get_game(game_id)).moves == []
    reply = await service.move(CH, ALICE, "c3")  # the store keeps serving
    assert reply.text.startswith("alice played R@c3.")
    assert (await store.get_game(game_id)).moves == ["R@c3"]


async def test_an_engine_bug_is_logged_and_answered_politely(service, store, caplog, monkeypatch):
    game_id, _ = await start_round5(service, players=(BOB,))
    _, game = service.game_in(CH)

    def broken(self, move):
        raise KeyError("oops")

    monkeypatch.setattr(type(game), "_play", broken)
    with caplog.at_level(logging.ERROR):
        with pytest.raises(UserError) as refused:
            await service.move(CH, ALICE, "c3")
    assert "went wrong on our side" in str(refused.value) and "unchanged" in str(refused.value)
    assert "KeyError" in caplog.text and f"game {game_id}" in caplog.text.lower()
    assert service.suggestions(CH, ALICE.id, "c") is not None
    monkeypatch.undo()
    assert (await service.move(CH, ALICE, "c3")).text.startswith("alice played R@c3.")


async def test_autocomplete_survives_an_engine_bug(service, caplog, monkeypatch):
    await start_round5(service, players=(BOB,))
    _, game = service.game_in(CH)
    monkeypatch.setattr(type(game), "suggest", lambda self, text, limit=25: {}["boom"])
    with caplog.at_level(logging.ERROR):
        assert service.suggestions(CH, ALICE.id, "c") == []
    assert "KeyError" in caplog.text


async def test_three_players_accepting_at_once_start_one_game_in_its_own_channel(service, store):
    """Two last acceptances at the same moment: exactly one starts the game, in the channel
    that the starting acceptance made for it (a thread), never in the lobby."""
    reply = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB, CAROL],
                                    variant="pauso", options={"board": "round5", "rings": 4})
    made = []

    async def make_thread(title):
        await asyncio.sleep(0)
        made.append(title)
        return 500 + len(made)

    results = await asyncio.gather(
        service.accept(BOB, game_id=reply.game_id, make_channel=make_thread),
        service.accept(CAROL, game_id=reply.game_id, make_channel=make_thread),
        return_exceptions=True)
    started = [r for r in results if not isinstance(r, BaseException) and r.started]
    assert len(started) == 1, results
    assert made == ["alice vs bob vs carol \u00b7 PAUSO #1"]
    row = await store.get_game(reply.game_id)
    assert row.status == "running" and row.channel_id == 501
    assert service.game_in(CH) is None and service.game_in(501) is not None


async def test_the_picture_shows_the_position_when_it_was_asked_for(service, monkeypatch):
    """A board picture is drawn from a snapshot: a move made while it is being drawn does not
    change what it shows."""
    import threading

    import rendering

    await start_round5(service, players=(BOB,))
    _, live = service.game_in(CH)
    drawing, go_on = threading.Event(), threading.Event()
    seen = []
    real_render = rendering.render_view
    before = live.view()

    def slow_render(view, names=None):
        drawing.set()
        go_on.wait(5)
        seen.append(view == before)
        return real_render(view, names)

    monkeypatch.setattr(rendering, "render_view", slow_render)
    showing = asyncio.create_task(service.board(CH))
    await asyncio.to_thread(drawing.wait, 5)
    monkeypatch.setattr(rendering, "render_view", real_render)
    await service.move(CH, ALICE, "c3")
    go_on.set()
    await showing
    assert seen == [True]  # the position before the move
    assert service.game_in(CH)[1].view() != before


async def test_a_finished_game_leaves_no_lock_behind(service):
    game_id, _ = await start_round5(service, players=(BOB,))
    await service.move(CH, ALICE, "c3")
    await service.resign(CH, BOB)
    import gc
    gc.collect()
    assert game_id not in service.running._locks


async def test_a_picture_that_cannot_be_drawn_leaves_the_move_stored_and_the_reply_true(store, clock, caplog):
    from concurrent.futures.process import BrokenProcessPool

    from bot.service import GameService
    from bot.workers import InlineWorkers

    class BrokenPainters(InlineWorkers):
        async def run(self, fn, *args, **where):
            raise BrokenProcessPool("a painter process died")

    service = GameService(store, clock=clock, painters=BrokenPainters(), workers=InlineWorkers())
    game_id, _ = await start_round5(service, players=(BOB,))
    with caplog.at_level(logging.ERROR):
        reply = await service.move(CH, ALICE, "c3")
    assert reply.text.startswith("alice played R@c3.") and reply.image is None
    assert (await store.get_game(game_id)).moves == ["R@c3"]
    assert f"Could not draw the board of game {game_id}" in caplog.text and "a painter process died" in caplog.text
    assert (await service.move(CH, BOB, "b2")).text.startswith("bob played")  # the game goes on
