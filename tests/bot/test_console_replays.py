"""The console's replay and browse: the replay is a GIF saved in the boards folder, a position a
PNG; refusals are one-line messages."""
from __future__ import annotations

import random
from pathlib import Path

from PIL import Image

from bot.console import ConsoleSession
from bot.service import GameService
from bot.workers import InlineWorkers


async def test_replay_and_browse_save_pictures(store, clock, tmp_path):
    service = GameService(store, clock=clock, rng=random.Random(5), workers=InlineWorkers())
    session = ConsoleSession(service, tmp_path)
    assert await session.handle("alice: replay") == [
        "! There is no game running in this channel; give the number of the game you mean, e.g. 12."]
    for line in ("alice: challenge pauso bob board=round5 rings=4", "bob: accept", "alice: c1", "bob: c2"):
        await session.handle(line)
    text, saved = await session.handle("replay")
    assert text == "Replay of game #1, PAUSO: alice vs bob, 2 moves so far."
    path = Path(saved.removeprefix("[replay: ").removesuffix("]"))
    assert path.suffix == ".gif" and path.parent == tmp_path
    assert Image.open(path).n_frames == 3
    text, saved = await session.handle("browse #1 1")
    assert text == "Game #1, PAUSO: alice vs bob. Move 1/2: alice played R@c1."
    assert Image.open(saved.removeprefix("[picture: ").removesuffix("]")).width == 800
    assert (await session.handle("browse 0"))[0].endswith("Start \u00b7 2 moves.")
    assert await session.handle("replay #x") == ["! Give the game as a number, e.g. replay #12 or browse #12 5."]
    assert await session.handle("replay 9") == ["! No game 9 here."]
