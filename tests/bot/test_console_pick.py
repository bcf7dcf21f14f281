"""The move panel in the local console: pick shows the steps as numbered lists, pick <n> chooses,
back goes one choice back, cancel closes it, and the whole move is played as move plays it; each
step's picture is saved in the boards folder."""
from __future__ import annotations

import re

from PIL import Image

from bot.console import ConsoleSession, help_text
from engine import steps
from engine.steps import KEYS


async def start_quaterno(session: ConsoleSession) -> None:
    await session.handle("alice: challenge quaterno bob")
    await session.handle("bob: accept")


async def test_pick_a_move_in_steps_and_play_it(service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    await start_quaterno(session)
    shown = await session.handle("alice: pick")
    assert shown[:8] == ["Quaterno #1 \u00b7 your move", "Which tile?", "  1. Fan  [A]", "  2. Anchor  [B]",
                         "  3. Stick  [C]", "  4. Compass  [D]", "  5. Soldier  [E]",
                         "Choose with pick <number>; back goes one choice back, cancel closes the panel."]
    picture = shown[8].removeprefix("[picture for alice: ").removesuffix("]")
    assert Image.open(picture).size[0] == 800 and "-pick-alice" in picture
    squares = await session.handle("pick 5")  # the Soldier: its squares, by region of the board
    assert squares[1] == "Which square?" and squares[2] == "So far: Soldier"
    regions = [line for line in squares if line.startswith("  ")]
    assert len(regions) >= 2 and all(re.fullmatch(r"  \d+\. [a-k]\d+\u2013[a-k]\d+ \(\d+\)  \[[A-Y]\]", line)
                                     for line in regions)
    _, game = service.game_in(session.channel_id)
    path = steps.path_of(game, "So@k4")  # Soldier, the region holding k4, k4
    inside = await session.handle(f"pick {path[1]}")  # a letter works as well as a number
    assert inside[1].startswith("Which square? (in ") and inside[2] == "So far: Soldier"
    assert f"  {KEYS.index(path[2].upper()) + 1}. k4  [{path[2].upper()}]" in inside
    done = await session.handle(f"pick {KEYS.index(path[2].upper()) + 1}")
    assert done[1:4] == ["Your move: So@k4 (Soldier, k4).", "  1. Play it",
                         "pick 1 (or pick play) plays it; back changes it, cancel closes the panel."]
    assert (await session.handle("pick 2")) == [
        "! Your move is chosen: pick 1 (or pick play) plays it; back changes it, cancel closes the panel."]
    played = await session.handle("pick play")
    assert played == ["alice played So@k4. bob (Player 2) to move.", "(notifies: bob)",
                      played[2]] and played[2].startswith("[picture: ")
    assert await session.handle("pick 1") == ["! No move panel is open for you: pick opens one."]


async def test_back_cancel_and_refusals(service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    await start_quaterno(session)
    assert await session.handle("bob: pick") == [
        "! It is not your turn: alice is to move. The panel opens for the player to move."]
    assert await session.handle("carol: pick") == ["! You are not playing in this game."]
    assert await session.handle("alice: back") == ["! No move panel is open for you: pick opens one."]
    first = await session.handle("alice: pick")
    await session.handle("pick 1")
    assert (await session.handle("back"))[:-1] == first[:-1]  # the first step again (a new picture)
    assert await session.handle("pick 9") == ["! Choose one of the numbers 1-5 shown (pick 2), or back, or cancel."]
    assert await session.handle("cancel") == ["Cancelled: nothing was played."]
    assert await session.handle("pick 1") == ["! No move panel is open for you: pick opens one."]
    await session.handle("pick")
    await session.handle("pick 1")
    await session.handle("Fa@c1")  # typed meanwhile: the panel's position is gone
    assert (await session.handle("pick 1"))[0].startswith("! The game has moved on since this panel was opened")
    assert await session.handle("pick 1") == ["! No move panel is open for you: pick opens one."]


def test_the_help_names_pick():
    assert "pick <n> chooses, back, cancel" in help_text()
