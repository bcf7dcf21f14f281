"""Looking at games without changing them: the board, the moves, the record to keep (of the game
in a channel, the game that ended there last, or any game by number), the games of a server or a
player, a game's rules; and what to tell someone who asks where no game runs."""
from __future__ import annotations

import engine
from data import GameRow, GameStore

from .. import records
from . import wording
from .base import NO_GAME_HERE, NoGameHere, Person, Reply, UserError, Viewer, no_game
from .pictures import Pictures
from .running import RunningGames, replay

RECENT = 10  # finished games a player's list shows
NEVER_STARTED = ("challenge", "declined", "expired")


class Looking:
    def __init__(self, store: GameStore, running: RunningGames, pictures: Pictures) -> None:
        self.store = store
        self.running = running
        self.pictures = pictures

    async def numbered(self, game_id: int, viewer: Viewer | None, started: bool = True) -> GameRow:
        """A game by its number, if ``viewer`` may see it (else the same refusal whether it exists
        or not); with ``started``, challenges that never started are not games yet."""
        found = self.running.loaded(game_id)
        row = found[0] if found is not None else await self.store.get_game(game_id)
        if row is None or (started and row.status in NEVER_STARTED) or viewer is None or not viewer.may_see(row):
            raise UserError(no_game(game_id))
        return row

    async def find(self, channel_id: int | None, game_id: int | None, user: Person | None = None,
                   viewer: Viewer | None = None) -> tuple[GameRow, engine.Game]:
        """A game by number (if ``viewer`` may see it), else the one running in the channel, else
        the one that ended there last (its thread keeps showing it)."""
        if game_id is not None:
            row = await self.numbered(game_id, viewer)
            found = self.running.loaded(game_id)
            return found if found is not None else (row, replay(row))
        if channel_id is None:
            raise UserError("Which game? Give its number.")
        found = self.running.game_in(channel_id)
        if found is not None:
            return found
        last = await self.store.last_game_in(channel_id)
        if last is None:
            raise NoGameHere(channel_id, user)
        return last, replay(last)

    @staticmethod
    def elsewhere(row: GameRow, channel_id: int | None) -> bool:
        """Whether a game lives in another channel than the one asked from (then only the asker
        is shown it: its own channel's people may see it, this one's perhaps not)."""
        return channel_id is None or channel_id not in (row.channel_id, row.lobby_id)

    async def board(self, channel_id: int | None = None, *, game_id: int | None = None,
                    user: Person | None = None, viewer: Viewer | None = None) -> Reply:
        row, game = await self.find(channel_id, game_id, user, viewer)
        return Reply(f"Game #{row.id}, {wording.game_name(row.variant)}. {wording.status_text(row, game)}",
                     image=await self.pictures.board(row, game), game_id=row.id,
                     elsewhere=self.elsewhere(row, channel_id))

    async def moves(self, channel_id: int | None = None, *, game_id: int | None = None,
                    user: Person | None = None, viewer: Viewer | None = None) -> Reply:
        row, game = await self.find(channel_id, game_id, user, viewer)
        return Reply(records.moves_text(row, game), game_id=row.id, elsewhere=self.elsewhere(row, channel_id))

    async def export(self, *, channel_id: int | None = None, game_id: int | None = None,
                     user: Person | None = None, viewer: Viewer | None = None) -> Reply:
        """The full record of a game as text that ``import`` (and engine.replay) can read back; a
        game with a secret seed shows it once the game is over."""
        row, game = await self.find(channel_id, game_id, user, viewer)
        return Reply(records.export_text(row, game), game_id=row.id, elsewhere=self.elsewhere(row, channel_id))

    async def games(self, viewer: Viewer, *, guild_id: int | None = None, mine: bool = False) -> Reply:
        """Running games and open challenges of a server that the asker can see (``mine``: the
        asker's own, with their recent ends)."""
        user_id = viewer.user_id if mine else None
        rows = [r for r in await self.store.games_of(guild_id=guild_id, user_id=user_id) if viewer.may_see(r)]
        finished = ([r for r in await self.store.recent_games_of(viewer.user_id, RECENT, ("finished",))
                     if viewer.may_see(r)] if mine else [])
        if not rows and not finished:
            return Reply("No games are running." if not mine
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

    async def recent(self, viewer: Viewer, typed: str = "", limit: int = 25) -> list[tuple[str, int]]:
        """The asker's recent games that may be looked at from here, for autocomplete:
        (``#42 <game>: alice, bob (over)``, 42)."""
        out = []
        for row in await self.store.recent_games_of(viewer.user_id, 50):
            if not viewer.may_see(row):
                continue
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

    async def rules_page(self, variant: str) -> Reply:
        """A game's rules, with its legend picture (each tile, the owners, the last move: drawn by
        the game's own renderer, rendering/legend.py)."""
        reply = self.rules(variant)
        reply.image = await self.pictures.legend(engine.info(variant).id)
        return reply

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
