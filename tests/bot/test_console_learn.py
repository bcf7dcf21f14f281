"""Lessons in the local console (bot/console_learn.py): learn shows the progress, learn <game> opens
the next lesson, numbers pick in its panel, a bare move is tried in the open lesson (not in the game
of the channel), each picture is saved, and the progress is kept after stop and a new session."""
from __future__ import annotations

from pathlib import Path

from bot.console import ConsoleSession
from tests.helpers import make_service


async def test_a_whole_lesson_in_the_console(store, clock, tmp_path):
    service = make_service(store, clock)
    console = ConsoleSession(service, tmp_path)
    shown = await console.handle("ann: learn")
    assert "\nBasic Pai Sho: 0 of 15 done" in "\n".join(shown)
    await console.handle("ann: challenge pauso bob rings=4")  # a game in the channel meanwhile
    await console.handle("bob: accept")
    opened = await console.handle("ann: learn pauso")
    assert "PAUSO \u00b7 lesson 1 of 9: Place a Ring, push the others (only ann sees this)" in opened
    picture = Path(opened[-1].split(": ", 1)[1].rstrip("]"))
    assert picture.is_file() and picture.read_bytes().startswith(b"\x89PNG")
    wrong = await console.handle("ann: a1")  # a bare move: tried in the lesson, not played in the game
    assert wrong[1].startswith("\u274c You tried R@a1. Nothing was pushed")
    assert service.game_in(console.channel_id)[1].record == []
    chosen = await console.handle("ann: 2")  # the panel: a2
    assert "Your move: R@a2 (A Ring from your supply, a2)." in chosen
    done = await console.handle("ann: pick 1")
    assert "Lesson done: \u2605\u2605\u2606 (1 wrong try)" in "\n".join(done)
    assert (await console.handle("ann: stop")) == ["Lesson closed; your progress is kept. learn shows it."]
    assert (await console.handle("ann: hint"))[0].startswith("! Hints are for casual games")  # the rated game's
    again = ConsoleSession(make_service(store, clock), tmp_path)
    progress = await again.handle("ann: learn pauso")
    assert "\u2605\u2605\u2606 1. Place a Ring, push the others" in "\n".join(progress)
    assert "PAUSO \u00b7 lesson 2 of 9: Make a Point (only ann sees this)" in progress
    service.close()


async def test_rules_in_the_console_save_the_legend(store, clock, tmp_path):
    console = ConsoleSession(make_service(store, clock), tmp_path)
    shown = await console.handle("ann: rules iroh")
    assert "White Lotus" in shown[0]
    saved = Path(shown[-1].split(": ", 1)[1].rstrip("]"))
    assert shown[-1].startswith("[legend (each tile, the owners, the last move): ") and saved.is_file()
    assert saved.read_bytes().startswith(b"\x89PNG")
