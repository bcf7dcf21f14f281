"""The move panel's service part on a real store: a move picked step by step and played through
the same path as /move (committed, the turn message with its Play button), refused to anyone but
the player to move and once the game has moved on (a takeback included, and even when the move
arrives at the very moment another is played), working after a restart, and the engine-and-
picture part on a game that is not stored (lessons, puzzles and hints use it)."""
from __future__ import annotations

import asyncio
import io
import random

import pytest
from PIL import Image

import engine
from bot.service import GameService, UserError, Viewer
from bot.service.base import MOVED_ON
from bot.service.panel import picking
from bot.service.pictures import Pictures
from bot.workers import InlineWorkers
from engine import steps
from tests.helpers import ALICE, BOB, CAROL

CH = 200


async def start(service, variant="quaterno", options=None, opponent=BOB) -> int:
    reply = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[opponent],
                                    variant=variant, options=options)
    started = await service.accept(opponent, channel_id=CH)
    assert started.pick  # a person is to move: the turn message offers Play
    return reply.game_id


async def pick(service, user, game_id: int, move: str):
    """Open the panel and take every choice that leads to ``move``; the last panel."""
    panel = await service.open_panel(user, game_id=game_id)
    _, game = service.game_in(CH)
    path = steps.path_of(game, move)
    for k in range(1, len(path) + 1):
        panel = await service.panel_step(user, game_id, panel.version, path[:k])
        assert panel.step.path == path[:k]
    return panel


async def test_a_finished_games_panel_says_so(service):
    game_id = await start(service, "pauso", {"board": "square4", "rings": 4})
    panel = await service.open_panel(ALICE, game_id=game_id)
    await service.resign(CH, BOB)
    with pytest.raises(UserError, match=f"^Game #{game_id} is no longer running, so there is nothing to play.$"):
        await service.panel_step(ALICE, game_id, panel.version, "a")


async def test_a_move_picked_in_steps_is_played_as_move_plays_it(service, store):
    game_id = await start(service)
    first = await service.open_panel(ALICE, channel_id=CH)
    assert first.step.prompt == "Which tile?" and first.text.startswith("Quaterno #1 \u00b7 your move\n**Which tile?**")
    assert Image.open(io.BytesIO(first.image)).size[0] == 800
    panel = await pick(service, ALICE, game_id, "So@k4")
    assert panel.step.done and panel.step.move == "So@k4"
    assert panel.text == "Quaterno #1 \u00b7 your move\n**Your move: So@k4** (Soldier, k4). Press **Play it** to play it."
    reply = await service.play_panel(ALICE, game_id, panel.version, panel.step.path)
    assert reply.text == "alice played So@k4. bob (Player 2) to move." and reply.mention == (BOB.id,)
    assert reply.pick and reply.image is not None
    assert (await store.get_game(game_id)).moves == ["So@k4"]
    with pytest.raises(UserError, match="^The game has moved on since this panel was opened"):
        await service.play_panel(ALICE, game_id, panel.version, panel.step.path)  # pressed twice
    assert (await store.get_game(game_id)).moves == ["So@k4"]


async def test_only_the_player_to_move_gets_a_panel(service):
    game_id = await start(service)
    panel = await service.open_panel(ALICE, game_id=game_id)
    for user, message in [(CAROL, "You are not playing in this game."),
                          (BOB, "It is not your turn: alice is to move. The panel opens for the player to move.")]:
        with pytest.raises(UserError) as err:
            await service.open_panel(user, game_id=game_id)
        assert str(err.value) == message
        with pytest.raises(UserError) as err:  # a panel's press with its ids forged by someone else
            await service.panel_step(user, game_id, panel.version, "a")
        assert str(err.value) == message
        with pytest.raises(UserError) as err:
            await service.play_panel(user, game_id, panel.version, "ada")
        assert str(err.value) == message
    with pytest.raises(UserError, match="^There is no game running in this channel"):
        await service.open_panel(ALICE, channel_id=CH + 1)
    with pytest.raises(UserError, match="^No game 99 here.$"):  # as any lookup by number answers
        await service.open_panel(ALICE, game_id=99)
    elsewhere = Viewer(ALICE.id, guild_id=2)  # the player herself, asking from another server
    with pytest.raises(UserError, match=f"^No game {game_id} here.$"):
        await service.open_panel(ALICE, game_id=game_id, viewer=elsewhere)
    with pytest.raises(UserError, match=f"^No game {game_id} here.$"):
        await service.panel_step(ALICE, game_id, panel.version, "a", elsewhere)
    assert (await service.open_panel(ALICE, game_id=game_id, viewer=Viewer(ALICE.id, guild_id=1))).step.options


async def test_a_wrong_or_unfinished_path_is_refused_and_changes_nothing(service, store):
    game_id = await start(service)
    panel = await service.open_panel(ALICE, game_id=game_id)
    for path in ["z", "aaaaaaaa", "a" * 200]:
        with pytest.raises(UserError, match="^That choice is not on offer any more"):
            await service.panel_step(ALICE, game_id, panel.version, path)
    with pytest.raises(UserError, match="^Choose the rest of your move first"):
        await service.play_panel(ALICE, game_id, panel.version, "a")
    assert (await store.get_game(game_id)).moves == []


async def test_a_takeback_changes_the_version_so_an_older_panel_plays_nothing(service, store):
    game_id = await start(service, "pauso", {"board": "square4", "rings": 4})
    await service.move(CH, ALICE, "a1")
    old = await pick(service, BOB, game_id, "R@b2")  # bob's panel, then alice takes her move back
    await service.takeback(CH, ALICE)
    await service.takeback(CH, BOB)
    await service.move(CH, ALICE, "d4")  # the same number of moves again, another position
    with pytest.raises(UserError, match="^The game has moved on"):
        await service.play_panel(BOB, game_id, old.version, old.step.path)
    assert (await store.get_game(game_id)).moves == ["R@d4"]


async def test_a_move_chosen_as_another_arrives_is_judged_under_the_lock(service, store):
    game_id = await start(service, "pauso", {"board": "square4", "rings": 4})
    panel = await pick(service, ALICE, game_id, "R@c3")
    typed = service.move(CH, ALICE, "b2")
    chosen = service.play_panel(ALICE, game_id, panel.version, panel.step.path)
    results = await asyncio.gather(typed, chosen, return_exceptions=True)
    assert not isinstance(results[0], Exception)
    assert isinstance(results[1], UserError) and str(results[1]) in (MOVED_ON, "It is not your turn.")
    assert (await store.get_game(game_id)).moves == ["R@b2"]


async def test_a_panel_goes_on_after_a_restart(service, store, clock):
    game_id = await start(service, "iroh")
    panel = await service.open_panel(BOB, game_id=game_id)  # the Guest moves first
    again = GameService(store, clock=clock, rng=random.Random(5))
    await again.reload()
    _, game = again.game_in(CH)
    move = game.legal_moves()[0]
    path = steps.path_of(game, move)
    done = await again.panel_step(BOB, game_id, panel.version, path)
    assert done.step.move == move
    reply = await again.play_panel(BOB, game_id, panel.version, path)
    assert reply.text.startswith(f"bob played {move}.")
    assert (await store.get_game(game_id)).moves == [move]


async def test_ancient_panels_show_the_movers_own_tiles_only_to_them(service):
    game_id = await start(service, "ancient")
    _, game = service.game_in(CH)
    chooser = [ALICE, BOB][game.to_move]
    await service.move(CH, chooser, "choose first")
    _, game = service.game_in(CH)
    mover, other = ([ALICE, BOB][game.to_move], [ALICE, BOB][1 - game.to_move])
    panel = await service.open_panel(mover, game_id=game_id)
    hand = set(game.hands[game.to_move])
    tiles = {o.tile for o in panel.step.options if o.tile}
    assert tiles and tiles <= hand and "draw" in [o.notation for o in panel.step.options]
    with pytest.raises(UserError, match="^It is not your turn"):
        await service.open_panel(other, game_id=game_id)
    reply = await service.play_panel(mover, game_id, panel.version, steps.path_of(game, "draw"))
    assert reply.private.startswith("You drew a ")  # the acting player's own note, as after /move


async def test_the_engine_and_picture_part_works_on_a_game_that_is_not_stored():
    game = engine.new_game("kutai", seed=3)  # a lesson's or a puzzle's position, say
    pictures = Pictures(InlineWorkers())
    first = await picking(game, "", pictures, "A lesson")
    assert first.text.startswith("A lesson\n**Which tile?**") and first.game_id is None and first.image
    path = steps.path_of(game, "NMa@i9")
    done = await picking(game, path, pictures)
    assert done.step.move == "NMa@i9" and done.version == steps.version(game)
    assert game.record == []  # picking plays nothing
    with pytest.raises(steps.StepError):
        await picking(game, path + "a", pictures)


async def test_a_picture_that_cannot_be_drawn_leaves_the_panel_working(service, monkeypatch):
    game_id = await start(service)

    def broken(*args):
        raise RuntimeError("no fonts today")
    monkeypatch.setattr("rendering.panel.render_panel", broken)
    monkeypatch.setattr("bot.service.pictures.panels.render_panel", broken)
    panel = await service.open_panel(ALICE, game_id=game_id)
    assert panel.image is None and panel.step.prompt == "Which tile?"
    assert panel.text.endswith("**Which tile?**\nPick below.")  # no word of a picture that is not there


async def test_a_player_pressing_faster_than_the_pictures_are_drawn_waits(store, clock):
    """Fair use: one panel picture at a time per user; a press while one is drawn is refused."""
    import asyncio

    from bot.service import GameService
    from bot.workers import InlineWorkers

    gate = asyncio.Event()

    class SlowPainters(InlineWorkers):
        async def run(self, fn, *args, **where):
            await gate.wait()
            return await super().run(fn, *args)

    service = GameService(store, clock=clock, painters=SlowPainters())
    await service.challenge(guild_id=1, channel_id=950, challenger=ALICE, opponents=[BOB], variant="quaterno")
    gate.set()  # the start's own picture is drawn by the same painters
    await service.accept(BOB, channel_id=950)
    gate.clear()
    row, game = service.game_in(950)
    mover = ALICE if row.seats[game.to_move].user_id == ALICE.id else BOB
    first = asyncio.ensure_future(service.panels.open(mover, channel_id=950))
    await asyncio.sleep(0.01)
    with pytest.raises(UserError, match="^One moment: your last choice is still being drawn"):
        await service.panels.open(mover, channel_id=950)
    gate.set()
    assert (await first).image is not None
    assert (await service.panels.open(mover, channel_id=950)).image is not None
    service.close()
