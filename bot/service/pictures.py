"""The pictures replies carry, drawn off the event loop by the service's painters (worker
processes in the Discord bot, a thread elsewhere; bot/workers.py): the board and a player's own
hand (each from the game's view, an immutable snapshot taken at once, so the live game may move on
while it is drawn), a step of the move panel, a proposed board, a rating chart and a position of a
stored record.

A picture that cannot be drawn (a worker that died twice, a bug in a renderer) is logged and left
out: the reply it belonged to still says what happened, and a move it follows is already stored.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import engine
import rendering
from data import GameRow
from engine.steps import Step
from engine.view import BoardView
from rendering import legend as legends
from rendering import panel as panels
from rendering import replay as drawing
from rendering.standings import Standings, render_standings

from ..texts import plain_name
from ..workers import Workers

log = logging.getLogger(__name__)


def seat_names(row: GameRow) -> list[str]:
    """The players' names as a picture writes them (plain text)."""
    return [plain_name(s.name) for s in row.seats]


class Pictures:
    """Draws every still picture of the service with ``painters``."""

    def __init__(self, painters: Workers) -> None:
        self.painters = painters

    async def _draw(self, what: str, fn: Callable[..., bytes | None], *args: Any) -> bytes | None:
        """``fn(*args)`` in a painter; None (logged) when it fails."""
        try:
            return await self.painters.run(fn, *args)
        except Exception:
            log.exception("Could not draw %s; the reply goes without it", what)
            return None

    async def board(self, row: GameRow, game: engine.Game) -> bytes | None:
        """The board PNG of the position as it is now."""
        return await self._draw(f"the board of game {row.id}", rendering.render_view, game.view(),
                                seat_names(row))

    async def view(self, view: BoardView, names: list[str] | None = None) -> bytes | None:
        """The picture of any position's view (a lesson's, a game that is not stored)."""
        return await self._draw(f"a {view.variant} position", rendering.render_view, view, names)

    async def game(self, game: engine.Game, names: list[str], what: str) -> bytes | None:
        """The picture of a game that is not stored (a puzzle's position, a reviewed turn)."""
        return await self._draw(what, rendering.render_view, game.view(), [plain_name(n) for n in names])

    async def hand(self, game: engine.Game, seat: int) -> bytes | None:
        """A picture of one player's own tiles (games with hidden hands)."""
        return await self._draw(f"the hand of seat {seat}", rendering.render_hand_view, game.hand_view(seat))

    async def private(self, game: engine.Game, seat: int) -> dict[str, Any]:
        """The acting player's private note and hand picture, in games with hidden tiles (as
        Reply fields)."""
        if not game.hidden_hands or game.outcome is not None:
            return {}
        return {"private": game.private_note(seat), "private_image": await self.hand(game, seat)}

    async def panel(self, view: BoardView, step: Step, names: list[str] | None = None) -> bytes | None:
        """One step of the move panel (rendering.panel), for the player to move alone."""
        return await self._draw(f"a {view.variant} move panel step", panels.render_panel, view, step, names)

    async def legend(self, variant: str) -> bytes | None:
        """A game's legend: each tile with its code and name, the owners' looks, the last move."""
        return await self._draw(f"the {variant} legend", legends.legend_png, variant)

    async def proposal(self, variant: str, options: dict[str, Any]) -> bytes | None:
        """A preview of the board a challenge proposes, in games whose board is an option."""
        board_option = engine.info(variant).board_option
        if board_option is None or board_option not in options:
            return None
        return await self._draw(f"a proposed {variant} board", rendering.render_board_option, variant,
                                options[board_option])

    async def rating_chart(self, title: str, values: list[float]) -> bytes | None:
        """A player's rating over their games."""
        return await self._draw(f"the rating chart {title!r}", rendering.rating_chart, plain_name(title), values)

    async def standings(self, table: Standings) -> bytes | None:
        """A tournament's standings table (rendering.standings)."""
        return await self._draw(f"the standings of {table.title!r}", render_standings, table)

    async def position(self, row: GameRow, ply: int) -> bytes:
        """The position after ``ply`` entries of a stored record (rebuilt in the painter)."""
        return await self.painters.run(drawing.position_png, row.variant, len(row.seats), row.seed, row.options,
                                       list(row.moves), seat_names(row), ply)
