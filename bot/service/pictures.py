"""The pictures replies carry, drawn off the event loop by the service's painters (worker
processes in the Discord bot, a thread elsewhere; bot/workers.py): the board and a player's own
hand (each from the game's view, an immutable snapshot taken at once, so the live game may move on
while it is drawn), a proposed board, a rating chart and a position of a stored record."""
from __future__ import annotations

from typing import Any

import engine
import rendering
from data import GameRow
from rendering import replay as drawing

from ..workers import Workers


class Pictures:
    """Draws every still picture of the service with ``painters``."""

    def __init__(self, painters: Workers) -> None:
        self.painters = painters

    async def board(self, row: GameRow, game: engine.Game) -> bytes:
        """The board PNG of the position as it is now."""
        return await self.painters.run(rendering.render_view, game.view(), [s.name for s in row.seats])

    async def hand(self, game: engine.Game, seat: int) -> bytes:
        """A picture of one player's own tiles (games with hidden hands)."""
        return await self.painters.run(rendering.render_hand_view, game.hand_view(seat))

    async def private(self, game: engine.Game, seat: int) -> dict[str, Any]:
        """The acting player's private note and hand picture, in games with hidden tiles (as
        Reply fields)."""
        if not game.hidden_hands or game.outcome is not None:
            return {}
        return {"private": game.private_note(seat), "private_image": await self.hand(game, seat)}

    async def proposal(self, variant: str, options: dict[str, Any]) -> bytes | None:
        """A preview of the board a challenge proposes, in games whose board is an option."""
        board_option = engine.info(variant).board_option
        if board_option is None or board_option not in options:
            return None
        return await self.painters.run(rendering.render_board_option, variant, options[board_option])

    async def rating_chart(self, title: str, values: list[float]) -> bytes:
        """A player's rating over their games."""
        return await self.painters.run(rendering.rating_chart, title, values)

    async def position(self, row: GameRow, ply: int) -> bytes:
        """The position after ``ply`` entries of a stored record (rebuilt in the painter)."""
        return await self.painters.run(drawing.position_png, row.variant, len(row.seats), row.seed, row.options,
                                       list(row.moves), [s.name for s in row.seats], ply)
