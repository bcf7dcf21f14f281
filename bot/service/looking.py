"""Looking at games without changing them: the board, the moves, the record to keep, the games
of a server, a game's rules."""
from __future__ import annotations

import engine
from data import Store

from .. import records
from . import pictures, wording
from .base import Reply, UserError
from .running import RunningGames, replay


class Looking:
    def __init__(self, store: Store, running: RunningGames) -> None:
        self.store = store
        self.running = running

    async def board(self, channel_id: int) -> Reply:
        row, game = self.running.require(channel_id)
        return Reply(f"Game #{row.id}, {wording.game_name(row.variant)}. {wording.status_text(row, game)}",
                     image=await pictures.board(row, game), game_id=row.id)

    async def moves(self, channel_id: int) -> Reply:
        row, game = self.running.require(channel_id)
        return Reply(records.moves_text(row, game), game_id=row.id)

    async def export(self, *, channel_id: int | None = None, game_id: int | None = None) -> Reply:
        """The full record of a game as text that ``import`` (and engine.replay) can read back."""
        if game_id is not None:
            row = await self.store.get_game(game_id)
            if row is None or row.status in ("challenge", "declined", "expired"):
                raise UserError(f"There is no game #{game_id}.")
            game = replay(row)
        else:
            row, game = self.running.require(channel_id or 0)
        return Reply(records.export_text(row, game), game_id=row.id)

    async def games(self, *, guild_id: int | None = None, user_id: int | None = None) -> Reply:
        rows = await self.store.games_of(guild_id=guild_id, user_id=user_id)
        if not rows:
            return Reply("No games are running." if user_id is None
                         else "You have no running games or open challenges.")
        lines = []
        for row in rows:
            state = "waiting for acceptance" if row.status == "challenge" else "running"
            players = ", ".join(s.name for s in row.seats)
            lines.append(f"#{row.id} {wording.game_name(row.variant)}: {players} ({state})")
        return Reply("\n".join(lines))

    def rules(self, variant: str) -> Reply:
        try:
            info = engine.info(variant)
        except ValueError as err:
            raise UserError(str(err)) from None
        return Reply(records.rules_text(info.id))
