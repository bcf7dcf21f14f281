"""Looking at games without changing them: the board, the moves, the record to keep (of the game
in a channel, the game that ended there last, or any game by number), the games of a server or a
player, a game's rules; and what to tell someone who asks where no game runs."""
from __future__ import annotations

import engine
from data import GameRow, GameStore

from .. import records
from . import wording
from .base import NO_GAME_HERE, NoGameHere, Person, Reply, UserError
from .pictures import Pictures
from .running import RunningGames, replay

RECENT = 10  # finished games a player's list shows


class Looking:
    def __init__(self, store: GameStore, running: RunningGames, pictures: Pictures) -> None:
        self.store = store
        self.running = running
        self.pictures = pictures

    async def find(self, channel_id: int | None, game_id: int | None,
                   user: Person | None = None) -> tuple[GameRow, engine.Game]:
        """A game by number, else the one running in the channel, else the one that ended there
        last (its thread keeps showing it)."""
        if game_id is not None:
            found = self.running.loaded(game_id)
            if found is not None:
                return found
            row = await self.store.get_game(game_id)
            if row is None or row.status in ("challenge", "declined", "expired"):
                raise UserError(f"There is no game #{game_id}.")
            return row, replay(row)
        if channel_id is None:
            raise UserError("Which game? Give its number.")
        found = self.running.game_in(channel_id)
        if found is not None:
            return found
        last = await self.store.last_game_in(channel_id)
        if last is None:
            raise NoGameHere(channel_id, user)
        return last, replay(last)

    async def board(self, channel_id: int | None = None, *, game_id: int | None = None,
                    user: Person | None = None) -> Reply:
        row, game = await self.find(channel_id, game_id, user)
        return Reply(f"Game #{row.id}, {wording.game_name(row.variant)}. {wording.status_text(row, game)}",
                     image=await self.pictures.board(row, game), game_id=row.id)

    async def moves(self, channel_id: int | None = None, *, game_id: int | None = None,
                    user: Person | None = None) -> Reply:
        row, game = await self.find(channel_id, game_id, user)
        return Reply(records.moves_text(row, game), game_id=row.id)

    async def export(self, *, channel_id: int | None = None, game_id: int | None = None,
                     user: Person | None = None) -> Reply:
        """The full record of a game as text that ``import`` (and engine.replay) can read back; a
        game with a secret seed shows it once the game is over."""
        row, game = await self.find(channel_id, game_id, user)
        return Reply(records.export_text(row, game), game_id=row.id)

    async def games(self, *, guild_id: int | None = None, user_id: int | None = None) -> Reply:
        """Running games and open challenges (of a server, or a player's with their recent ends)."""
        rows = await self.store.games_of(guild_id=guild_id, user_id=user_id)
        finished = ([r for r in await self.store.recent_games_of(user_id, RECENT, ("finished",))]
                    if user_id is not None else [])
        if not rows and not finished:
            return Reply("No games are running." if user_id is None
                         else "You have no running games or open challenges.")
        lines = []
        for row in rows:
            state = ("waiting for acceptance" if row.status == "challenge" else "running") + f" in <#{row.channel_id}>"
            players = ", ".join(s.name for s in row.seats)
            lines.append(f"#{row.id} {wording.game_name(row.variant)}: {players} ({state})")
        if finished:
            lines.append("Recently finished:")
            for row in finished:
                players = ", ".join(s.name for s in row.seats)
                lines.append(f"#{row.id} {wording.game_name(row.variant)}: {players} (over, in <#{row.channel_id}>)")
        return Reply("\n".join(lines))

    async def recent(self, user_id: int, typed: str = "", limit: int = 25) -> list[tuple[str, int]]:
        """A player's recent games for autocomplete: (``#42 <game>: alice, bob (over)``, 42)."""
        out = []
        for row in await self.store.recent_games_of(user_id, 50):
            state = "running" if row.status == "running" else "over"
            label = f"#{row.id} {wording.game_name(row.variant)}: {', '.join(s.name for s in row.seats)} ({state})"
            if typed.strip().lstrip("#") in label:
                out.append((label[:100], row.id))
        return out[:limit]

    def rules(self, variant: str) -> Reply:
        try:
            info = engine.info(variant)
        except ValueError as err:
            raise UserError(str(err)) from None
        return Reply(records.rules_text(info.id))

    async def explain(self, missing: NoGameHere) -> str:
        """What someone who asked for the game of a channel where none runs should hear: the
        challenge waiting there, their game in its own thread, or the game that ended there."""
        waiting = await self.store.open_challenges_in(missing.channel_id)
        if waiting:
            row = waiting[-1]
            names = ", ".join(s.name for s in row.seats if not s.accepted)
            return (f"No game is running here yet: challenge #{row.id} ({wording.game_name(row.variant)}) "
                    f"is waiting for {names} to accept.")
        if missing.user is not None:
            mine = [r for r in await self.store.running_games_from(missing.channel_id, missing.user.id)
                    if r.channel_id != missing.channel_id]
            if mine:
                where = ", ".join(f"#{r.id} in <#{r.channel_id}>" for r in mine)
                return f"No game is running in this channel; your game is played in its own thread: {where}."
        last = await self.store.last_game_in(missing.channel_id)
        if last is not None and last.status == "finished":
            return (f"Game #{last.id} in this channel is over; the board, moves and export commands still show it. "
                    "Start a new one with challenge.")
        return NO_GAME_HERE
