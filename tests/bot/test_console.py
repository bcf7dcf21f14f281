"""The local console: a scripted three-player PAUSO game and the messages a player meets."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.console import ConsoleSession, run_console
from tests.engine.examples import T_P11

ROOT = Path(__file__).resolve().parents[2]


def script_three_players() -> list[str]:
    lines = ["alice: challenge pauso bob carol board=round5 rings=4", "bob: accept", "carol: accept"]
    for turn, (move, *_rest) in enumerate(T_P11):
        lines.append(f"{['alice', 'bob', 'carol'][turn % 3]}: {move[2:]}")
    return lines


async def test_scripted_game_prints_replies_and_saves_pictures(service, tmp_path):
    out: list[str] = []
    await run_console(service, tmp_path / "boards", iter(script_three_players()), out.append)
    text = "\n".join(out)
    assert "alice challenges bob, carol to a rated game of PAUSO" in text
    assert "Game #1 of PAUSO begins" in text
    assert "bob played R@c2. 1: stay P c1 (edge). carol (Mint) to move." in text
    end = next(i for i, line in enumerate(out) if line.startswith("carol played R@a2."))
    assert "alice (Periwinkle) and bob (Apricot) share the win (every piece is placed). Scores: alice 2, bob 2, carol 0." in out[end]
    assert out[end + 1:end + 3] == ["(rematch offers the same game again)", "(notifies: alice, bob, carol)"]
    pictures = sorted((tmp_path / "boards").glob("*.png"))
    assert len(pictures) == 1 + 1 + 12  # challenge board, start, every move
    assert Image.open(pictures[-1]).size[0] == 800


async def test_console_errors_are_one_line_messages(service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    assert await session.handle("c3") == ['! Who is speaking? Start the line with a name, e.g. "alice: help".']
    assert await session.handle("alice: c3") == [
        "! There is no game running in this channel. Start one with challenge."]
    assert await session.handle("challenge pauso") == ["! Name at least one opponent."]
    assert (await session.handle("challenge pauso bob rings=20"))[0].startswith(
        "! The option rings must be a whole number from 4 to 12")
    await session.handle("challenge pauso bob")
    assert await session.handle("bob: accept #x") == [
        "! Give the challenge number, e.g. accept #3, or nothing for the one here."]
    assert (await session.handle("bob: accept"))[0].startswith("Game #1 of PAUSO begins")
    assert await session.handle("bob: c3") == ["! It is not your turn."]
    assert await session.handle("alice: move") == ["! Which move? For example: move c3"]
    assert await session.handle("alice: Fa@c1") == ["! PAUSO has only Rings: write R@c1 or c1."]
    assert (await session.handle("alice: move R@c3"))[0] == "alice played R@c3. bob (Apricot) to move."
    assert await session.handle("bob: c3") == ["! c3 is occupied."]
    assert await session.handle("channel elsewhere") == ["Now in #elsewhere."]
    assert await session.handle("bob: board") == ["! There is no game running in this channel. Start one with challenge."]
    assert "Commands" in (await session.handle("help"))[0]


@pytest.mark.slow  # spawned processes (tests/README.md)
def test_python_m_bot_console_reads_standard_input(tmp_path):
    script = "\n".join(script_three_players()[:5]) + "\nmoves\n"
    done = subprocess.run([sys.executable, "-m", "bot", "console", "--db", str(tmp_path / "c.db"),
                           "--boards", str(tmp_path / "b")], input=script, capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "1. alice: R@c1\n2. bob: R@c2" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_python_m_bot_without_token_explains_how_to_get_one(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "bot"], capture_output=True, text=True, cwd=tmp_path,
                          env=env | {"PYTHONPATH": str(ROOT)}, timeout=60)
    assert done.returncode == 1
    assert "No Discord token is set" in done.stderr and "scripts/start console" in done.stderr
    assert "discord.com/developers/applications" in done.stderr


async def test_console_profile_and_leaderboard(service, tmp_path):
    out: list[str] = []
    await run_console(service, tmp_path / "boards", iter(script_three_players() + [
        "profile alice", "leaderboard pauso", "bob: profile", "leaderboard pauso 2",
        "carol: challenge pauso dave rated=maybe"]), out.append)
    text = "\n".join(out)
    assert "Ratings: alice +29 -> 1529, bob +29 -> 1529, carol -57 -> 1443." in text
    assert "alice's ratings\nPAUSO: 1529? \u00b7 1 game (1 W, 0 D, 0 L)" in text
    assert "bob's ratings" in text
    assert "PAUSO leaderboard (everyone), page 1 of 1\nProvisional:\nalice 1529? (1 game)" in text
    assert "! There is only 1 page." in text
    assert "! The option rated must be yes or no, not 'maybe'." in text
    assert len(list((tmp_path / "boards").glob("*.png"))) == 14 + 2  # two rating charts
