"""In the console a move is never also a command: Ancient's move ``draw`` takes a tile even while
a draw offer is open (the move declines the offer); offers are ``offer draw`` / ``accept draw``."""
from __future__ import annotations

from bot.console import ConsoleSession


async def started_ancient(service, tmp_path) -> tuple[ConsoleSession, str, str]:
    """A running Ancient game of alice and bob, its play order chosen: (session, mover, other)."""
    session = ConsoleSession(service, tmp_path)
    await session.handle("alice: challenge ancient bob")
    await session.handle("bob: accept")
    row, game = service.game_in(session.channel_id)
    chooser = ["alice", "bob"][game.to_move]
    await session.handle(f"{chooser}: choose first")
    return session, chooser, "bob" if chooser == "alice" else "alice"


async def test_draw_takes_a_tile_while_a_draw_offer_is_open(service, tmp_path):
    session, mover, other = await started_ancient(service, tmp_path)
    offered = await session.handle(f"{other}: offer draw")
    assert offered[0] == f"{other} offers a draw. {mover}: accept or decline; a move declines it."
    assert offered[1] == "(accept draw, or decline draw)"
    took = await session.handle(f"{mover}: draw")
    assert took[0].startswith(f"{mover} played draw. This declines {other}'s draw offer."), took
    row, game = service.game_in(session.channel_id)
    assert game.outcome is None and row.moves[-1] == "draw"


async def test_accept_draw_ends_the_game_and_needs_an_offer(service, tmp_path):
    session, mover, other = await started_ancient(service, tmp_path)
    assert await session.handle(f"{mover}: accept draw") == ["! There is no open draw offer in game #1."]
    await session.handle(f"{other}: offer draw")
    agreed = await session.handle(f"{mover}: accept draw")
    assert agreed[0].startswith(f"{mover} and {other} agreed to a draw" if mover == "alice"
                                else f"{other} and {mover} agreed to a draw"), agreed
    assert service.game_in(session.channel_id) is None


async def test_draw_in_a_game_without_that_move_says_how_to_offer_one(service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    await session.handle("alice: challenge quaterno bob")
    await session.handle("bob: accept")
    out = await session.handle("alice: draw")
    assert out[0].startswith("! ") and out[0].endswith("(To offer a draw, type: offer draw.)"), out
    assert service.game_in(session.channel_id)[0].moves == []
