"""The review in the local console: ``review`` of the game that ended here (its chart and the
marked turns' pictures saved in the boards folder), refused while it runs; ``review record <file>``
reads an export back."""
from __future__ import annotations

import random

import pytest

from bot.console import ConsoleSession
from bot.service import GameService
from bot.workers import InlineWorkers


@pytest.mark.slow  # the AI reviews every position of two whole games (tests/README.md)
async def test_review_of_the_game_here_and_of_an_exported_file(store, clock, tmp_path):
    service = GameService(store, clock=clock, rng=random.Random(2), workers=InlineWorkers())
    session = ConsoleSession(service, tmp_path / "boards")
    await session.handle("alice: challenge pauso bob board=square5 rings=6")
    await session.handle("bob: accept")
    assert (await session.handle("alice: review"))[0].startswith("! Game #1 is still running")
    rng = random.Random(4)
    while (found := service.game_in(session.channel_id)) is not None:
        _, game = found
        await session.handle(f"{['alice', 'bob'][game.to_move]}: {rng.choice(game.legal_moves())}")
    lines = await session.handle("carol: review")
    assert lines[0].startswith("Review of game #1, PAUSO: alice vs bob, 12 moves.")
    assert any(line.startswith("[chart: ") for line in lines)
    assert any(" played R@" in line for line in lines) and any(line.startswith("[picture: ") for line in lines)
    export = "\n".join(await session.handle("export #1"))
    record = tmp_path / "game1.txt"
    record.write_text(export.strip("`\n"), encoding="utf-8")
    lines = await session.handle(f"review record {record}")
    assert lines[0].startswith("Review of the record, PAUSO: alice vs bob, 12 moves.")
    missing = await session.handle(f"review record {tmp_path / 'nothing.txt'}")
    assert missing[0].startswith("! I could not read the record file")
