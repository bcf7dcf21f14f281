"""Iroh Pai Sho through the console and the game service, on a real SQLite file."""
from __future__ import annotations

import pytest

from bot.console import run_console
from bot.service import UserError
from tests.engine.examples import I5
from tests.helpers import ALICE, BOB

CH = 500


async def test_console_plays_the_complete_game_of_i5(service, tmp_path):
    lines = ["alice: challenge iroh bob", "bob: accept"]
    lines += [f"{['bob', 'alice'][turn % 2]}: {move}" for turn, move in enumerate(I5)]  # the guest starts
    out: list[str] = []
    await run_console(service, tmp_path / "boards", iter(lines), out.append)
    text = "\n".join(out)
    assert "Game #1 of Iroh Pai Sho begins" in text and "bob (Guest) to move" in text
    assert "bob played Rk@i5. alice (Host) to move." in text
    assert ("alice played proclaim. No harmony across all four midlines - the turn is over. "
            "bob (Guest) to move.") in text
    assert ("alice played proclaim. Harmonies across all four midlines: h3-j3 (S), k5-k13 (E), e10-o10 (N), "
            "f2-f15 (W). Game over: alice (Host) wins (harmonies across all four midlines).") in text
    assert len(list((tmp_path / "boards").glob("*.png"))) == 1 + len(I5)


async def test_iroh_refusals_through_the_service(service):
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="iroh",
                            options={"fire_range": "2"})
    await service.accept(BOB, channel_id=CH)
    for user, move, message in [
        (ALICE, "h3-h4", "It is not your turn."),
        (BOB, "j15-j12", "Fire can move at most 2 points"),
        (BOB, "Rk@i2", "Rocks may not be placed on a home point"),
        (BOB, "a9-a10", "Fire moves only on red points (a10)"),
    ]:
        with pytest.raises(UserError) as err:
            await service.move(CH, user, move)
        assert str(err.value) == message
    assert service.suggestions(CH, BOB.id, "a9")[:3] == ["a9-b9", "a9-c9"]
    reply = await service.move(CH, BOB, "PROCLAIM")
    assert reply.text == ("bob played proclaim. No harmony across all four midlines - the turn is over. "
                          "alice (Host) to move.")
    assert "proclaim" in service.rules("iroh").text
