"""The pictures a reply carries, drawn off the event loop: the board and a player's own hand
(each from the game's view, an immutable snapshot taken at once, so the live game may move on
while it is drawn), and a proposed board."""
from __future__ import annotations

import asyncio
from typing import Any

import engine
import rendering
from data import GameRow


async def board(row: GameRow, game: engine.Game) -> bytes:
    """The board PNG of the position as it is now."""
    return await asyncio.to_thread(rendering.render_view, game.view(), [s.name for s in row.seats])


async def hand(game: engine.Game, seat: int) -> bytes:
    """A picture of one player's own tiles (games with hidden hands)."""
    return await asyncio.to_thread(rendering.render_hand_view, game.hand_view(seat))


async def private(game: engine.Game, seat: int) -> dict[str, Any]:
    """The acting player's private note and hand picture, in games with hidden tiles (as Reply
    fields)."""
    if not game.hidden_hands or game.outcome is not None:
        return {}
    return {"private": game.private_note(seat), "private_image": await hand(game, seat)}


async def proposal(variant: str, options: dict[str, Any]) -> bytes | None:
    """A preview of the board a challenge proposes, in games whose board is an option."""
    board_option = engine.info(variant).board_option
    if board_option is None or board_option not in options:
        return None
    return await asyncio.to_thread(rendering.render_board_option, variant, options[board_option])
