"""Quaterno through the console and the game service, on a real SQLite file."""
from __future__ import annotations

import pytest

from bot.console import ConsoleSession, run_console
from bot.service import UserError
from tests.engine.examples import T_Q8
from tests.helpers import ALICE, BOB

CH = 400


async def test_console_plays_the_complete_game_of_t_q8(service, tmp_path):
    lines = ["alice: challenge quaterno bob", "bob: accept"]
    lines += [f"{['alice', 'bob'][turn % 2]}: {move}" for turn, (move, _) in enumerate(T_Q8)]
    out: list[str] = []
    await run_console(service, tmp_path / "boards", iter(lines), out.append)
    text = "\n".join(out)
    assert "alice challenges bob to a rated game of Quaterno" in text
    assert "alice played So@k4. bob (Player 2) to move." in text
    assert "alice played c5>f5-e5. bob (Player 2) to move." in text
    assert ("alice played e6-f6. Figure Compass for Player 1 (k7 and g11, mirrored across the diagonal a1-k11); "
            "Figure Soldier for Player 1 (k4 and d11, mirrored across the diagonal a1-k11). Game over: alice (Player 1) wins 2\u20130 (two figures).") in text
    assert len(list((tmp_path / "boards").glob("*.png"))) == 1 + 15


async def test_quaterno_refusals_and_autocomplete(service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    await session.handle("alice: challenge quaterno bob")
    await session.handle("bob: accept")
    assert await session.handle("alice: Fa@e4") == [
        "! e4 is 2 away from the centre f6; tiles must be placed at least 4 away."]
    assert await session.handle("alice: e6-e9") == ["! It is the placement phase: place a tile, e.g. Fa@c1."]
    assert await session.handle("bob: So@d11") == ["! It is not your turn."]
    await session.handle("alice: So@k4")
    assert await session.handle("bob: Fa@j4") == ["! The east quarter is controlled by your opponent."]
    row, game = service.game_in(session.channel_id)
    alice, bob = (seat.user_id for seat in row.seats)
    assert service.suggestions(session.channel_id, bob, "so@d1") == ["So@d1", "So@d10", "So@d11"]
    assert service.suggestions(session.channel_id, alice, "so") == []  # not alice's turn


async def test_quaterno_challenge_checks_options(service):
    with pytest.raises(UserError, match="The option move_limit must be a whole number from 50 to 500"):
        await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB],
                                variant="quaterno", options={"move_limit": "10"})
    assert "Orbit" in service.rules("quaterno").text
