"""Tournaments: what people ask of one. An organiser (a member who may manage the server, or who
has the role the server names) creates it with the game, its options, the format, the rounds, the
times and the rule for games unfinished at a round's deadline; players join and leave until
sign-up closes (the organiser may add the bot at a level, start it early, or call it off); a
player who leaves a running tournament resigns their game of the round and is not paired again;
anyone in the server may see its standings. Its rounds run by themselves (rounds.py)."""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import engine
from data import GameStore, StoreError, WriteFailed
from data.together_rows import FORMATS, Entrant, TournamentRow
from engine import ai
from engine.notation import echo

from . import scoring, wording
from .base import HOUR, SAVE_FAILED, Notice, Person, Reply, UserError
from .play import Play
from .rounds import FEWEST, MOST, Rounds, announcement, announcement_text
from .running import RunningGames
from .settings import when

log = logging.getLogger(__name__)
ACTIVE = ("signup", "running")
PER_ORGANISER = 2  # tournaments one organiser may have in sign-up or running in a server
BOT_ENTRANT = -1  # the bot's entrant id (its seats in the games get ids of their own)
FORMAT_WORDS = {"roundrobin": "round robin", "swiss": "Swiss", "tables": "tables"}


class Tournaments:
    def __init__(self, store: GameStore, running: RunningGames, play: Play, rounds: Rounds,
                 clock: Callable[[], float]) -> None:
        self.store = store
        self.running = running
        self.play = play
        self.rounds = rounds
        self.clock = clock

    async def may_organise(self, guild_id: int, manages: bool, roles: tuple[int, ...]) -> bool:
        """Whether a member may organise tournaments here: they may manage the server, or have the
        role the server named for organisers."""
        if manages:
            return True
        role = await self.store.organiser_role(guild_id)
        return role is not None and role in roles

    async def create(self, *, guild_id: int | None, channel_id: int, organiser: Person, manages: bool = False,
                     roles: tuple[int, ...] = (), name: str, variant: str, options: dict[str, Any] | None = None,
                     format: str = "swiss", rounds: int = 5, rated: bool = True, move_hours: float = 24,
                     round_hours: float = 72, signup_hours: float = 24, adjudication: str = "loss") -> Reply:
        """Announce a new tournament (sign-up opens); see the module's docstring."""
        if guild_id is None:
            raise UserError("A tournament belongs to a server: create it in one of its channels.")
        if not await self.may_organise(guild_id, manages, roles):
            role = await self.store.organiser_role(guild_id)
            who = f" or have the role <@&{role}>" if role is not None else ""
            raise UserError(f"Only members who may manage this server{who} can create tournaments here.")
        try:
            info = engine.info(variant)
        except ValueError as err:
            raise UserError(str(err)) from None
        if format not in FORMATS:
            raise UserError(f"The format is one of {', '.join(FORMATS)}, not '{echo(format)}'.")
        if format == "tables" and info.max_players < 3:
            raise UserError(f"{info.name} is played by two: choose round robin or Swiss (tables of three and four "
                            "are for games of more players).")
        if info.min_players > 2 and format != "tables":
            raise UserError(f"{info.name} needs {info.min_players} players: choose tables.")
        name = " ".join(name.split())
        if not 1 <= len(name) <= 60:
            raise UserError("Give the tournament a name of 1 to 60 characters.")
        if format != "roundrobin" and not 1 <= rounds <= 20:
            raise UserError("A tournament has 1 to 20 rounds.")
        if not 1 <= move_hours <= 30 * 24:
            raise UserError("The time per move must be between 1 hour and 30 days (720 hours).")
        if not move_hours <= round_hours <= 60 * 24:
            raise UserError("The time per round must be at least the time per move and at most 60 days (1440 hours).")
        if not 0 <= signup_hours <= 30 * 24:
            raise UserError("Sign-up lasts from 0 hours (the start command starts it) up to 30 days (720 hours).")
        if adjudication not in ("loss", "draw"):
            raise UserError("At a round's deadline an unfinished game is lost by the player to move (loss) or drawn "
                            f"(draw), not '{echo(adjudication)}'.")
        options = self._checked_options(info, format, options or {})
        mine = [t for t in await self.store.tournaments_in(guild_id, ACTIVE) if t.organiser_id == organiser.id]
        if len(mine) >= PER_ORGANISER:
            raise UserError(f"You already run {len(mine)} tournaments here ({', '.join(f'#{t.id}' for t in mine)}), "
                            "the most at once.")
        now = self.clock()
        try:
            tid = await self.store.create_tournament(
                guild_id=guild_id, channel_id=channel_id, organiser_id=organiser.id, name=name, variant=info.id,
                options=options, format=format, rounds=rounds if format != "roundrobin" else 0, rated=rated,
                move_seconds=move_hours * HOUR, round_seconds=round_hours * HOUR, adjudication=adjudication,
                signup_until=now + signup_hours * HOUR, now=now)
        except WriteFailed:
            raise UserError(SAVE_FAILED) from None
        t = await self._get(tid, guild_id)
        return Reply(announcement_text(t), tournament=t.id)

    @staticmethod
    def _checked_options(info: engine.GameDescriptor, format: str, given: dict[str, Any]) -> dict[str, Any]:
        """The options as given, checked for every table size the format may play at (the rest
        follow each game's player count, as a board whose default depends on it does)."""
        sizes = (2, 3, 4) if format == "tables" else (2,)
        checked: dict[str, Any] = {}
        for players in sizes:
            try:
                checked = engine.new_game(info.id, players=players, seed=0, options=given).options
            except ValueError as err:
                raise UserError(str(err) if players == 2 else f"With {players} players: {err}") from None
        return {name: checked[name] for name in given if name in checked}

    async def posted(self, tournament_id: int, message_id: int) -> None:
        """The announcement's message (edited as players join and when sign-up closes)."""
        await self.store.set_tournament_message(tournament_id, message_id)

    async def _get(self, tournament_id: int, guild_id: int | None) -> TournamentRow:
        """A tournament of this server (else the same refusal whether it exists or not)."""
        t = await self.store.get_tournament(tournament_id)
        if t is None or guild_id is None or t.guild_id != guild_id:
            raise UserError(f"No tournament #{tournament_id} here.")
        return t

    async def _mine_or_latest(self, guild_id: int | None, tournament_id: int | None,
                              user_id: int | None = None) -> TournamentRow:
        """The tournament meant: by number, else the user's (or the server's) latest active one."""
        if tournament_id is not None:
            return await self._get(tournament_id, guild_id)
        if guild_id is None:
            raise UserError("Tournaments belong to a server: ask in one.")
        found = await self.store.tournaments_in(guild_id, ACTIVE)
        if user_id is not None:
            found = [t for t in found if t.entrant(user_id) is not None and t.entrant(user_id).active]  # type: ignore[union-attr]
        if not found:
            raise UserError("Which tournament? Give its number (the suggestions list this server's).")
        return found[-1]

    async def join(self, user: Person, tournament_id: int, guild_id: int | None) -> Reply:
        if user.bot:
            raise UserError("Other bots cannot play.")
        t = await self._get(tournament_id, guild_id)
        async with self.rounds.lock(t.id):
            t = await self._get(tournament_id, guild_id)
            if t.status != "signup":
                raise UserError(f"Sign-up for {t.name} is closed.")
            if t.entrant(user.id) is not None:
                raise UserError(f"You have joined {t.name} already.")
            await self._write(self.store.add_entrant(t.id, Entrant(user.id, user.name, user.account), self.clock(),
                                                     MOST[t.format]))
            t = await self._get(tournament_id, guild_id)
        return Reply("", private=f"You joined {t.name} ({wording.count(len(t.entrants), 'player')} so far). Sign-up "
                                 "closes " + when(t.signup_until) + "; your games will ping you in their threads.",
                     announce=announcement(t))

    async def add_bot(self, user: Person, tournament_id: int, guild_id: int | None, level: str, bot_name: str,
                      manages: bool = False) -> Reply:
        """The organiser seats the bot, at a level, as a player."""
        t = await self._get(tournament_id, guild_id)
        self._organiser(t, user, manages)
        if engine.info(t.variant).ai is None:
            raise UserError(f"I cannot play {wording.game_name(t.variant)} yet.")
        if level not in ai.LEVELS:
            raise UserError(f"I play at the levels {', '.join(ai.LEVELS)}, not '{echo(level)}'.")
        async with self.rounds.lock(t.id):
            t = await self._get(tournament_id, guild_id)
            if t.status != "signup":
                raise UserError(f"Sign-up for {t.name} is closed.")
            if t.entrant(BOT_ENTRANT) is not None:
                raise UserError(f"I play in {t.name} already.")
            await self._write(self.store.add_entrant(t.id, Entrant(BOT_ENTRANT, f"{bot_name} ({level})", None, level),
                                                     self.clock(), MOST[t.format]))
            t = await self._get(tournament_id, guild_id)
        return Reply("", private=f"I play in {t.name} at level {level}; my games are never rated.",
                     announce=announcement(t))

    async def leave(self, user: Person, tournament_id: int | None, guild_id: int | None) -> Reply:
        """Leave before the start, or withdraw from a running tournament (resigning the game of the
        round, if it runs)."""
        t = await self._mine_or_latest(guild_id, tournament_id, user.id)
        async with self.rounds.lock(t.id):
            t = await self._get(t.id, guild_id)
            entrant = t.entrant(user.id)
            if entrant is None or not entrant.active:
                raise UserError(f"You are not playing in {t.name}.")
            if t.status == "signup":
                await self._write(self.store.remove_entrant(t.id, user.id, self.clock()))
                t = await self._get(t.id, guild_id)
                return Reply("", private=f"You left {t.name}.", announce=announcement(t))
            if t.status != "running":
                raise UserError(f"{t.name} is over.")
            await self._write(self.store.withdraw_entrant(t.id, user.id, t.round_no, self.clock()))
            notices = await self._resign_round_game(t, user)
        said = f"You withdrew from {t.name}; you will not be paired again."
        if notices:
            said += " Your game of this round is resigned."
        return Reply("", private=said, notices=tuple(notices))

    async def _resign_round_game(self, t: TournamentRow, user: Person) -> list[Notice]:
        out = []
        for p in await self.store.pairings(t.id):
            if p.round_no != t.round_no or p.game_id is None or user.id not in p.players or p.decided:
                continue
            async with self.running.lock(p.game_id):
                found = self.running.loaded(p.game_id)
                if found is None or found[1].outcome is not None:
                    continue
                row, game = found
                seat = row.seat_of(user.id)
                if seat is None or seat in game.left_players:
                    continue
                after = await self.play.leave(row, game, seat, "resignation")
            said = f"{user.name} withdrew from {t.name} and resigned."
            out.append(Notice(row.channel_id, await self.play.turn_reply(row, after, said)))
        return out

    def _organiser(self, t: TournamentRow, user: Person, manages: bool) -> None:
        if user.id != t.organiser_id and not manages:
            raise UserError(f"Only the organiser of {t.name} (or a member who may manage the server) can do that.")

    async def start(self, user: Person, tournament_id: int, guild_id: int | None, manages: bool = False) -> Reply:
        """The organiser closes sign-up now and round 1 begins."""
        t = await self._get(tournament_id, guild_id)
        self._organiser(t, user, manages)
        async with self.rounds.lock(t.id):
            t = await self._get(tournament_id, guild_id)
            if t.status != "signup":
                raise UserError(f"{t.name} has started already." if t.status == "running" else f"{t.name} is over.")
            if len(t.entrants) < FEWEST[t.format]:
                raise UserError(f"{t.name} needs at least {FEWEST[t.format]} players; "
                                f"{wording.count(len(t.entrants), 'player')} so far.")
            try:
                notices = await self.rounds.begin(t)
            except WriteFailed:
                log.exception("Tournament %d: its start could not be saved whole", t.id)
                after = await self.store.get_tournament(t.id)
                if after is None or after.status == "signup":
                    raise UserError(SAVE_FAILED) from None
                return Reply("", private=f"{t.name} has started; its first round is paired within a minute.")
        return Reply("", private=f"{t.name} has started.", notices=tuple(notices))

    async def cancel(self, user: Person, tournament_id: int, guild_id: int | None, manages: bool = False) -> Reply:
        """The organiser calls the tournament off; games already running play on, for nothing."""
        t = await self._get(tournament_id, guild_id)
        self._organiser(t, user, manages)
        async with self.rounds.lock(t.id):
            t = await self._get(tournament_id, guild_id)
            try:
                await self.store.set_tournament_status(t.id, "cancelled", self.clock(), only_from=ACTIVE)
            except WriteFailed:
                raise UserError(SAVE_FAILED) from None
            except StoreError:
                raise UserError(f"{t.name} is over already.") from None
            t.status = "cancelled"
        running = any(p.game_id is not None and not p.decided for p in await self.store.pairings(t.id))
        text = f"{user.name} called off {t.name}."
        if running:
            text += " Its games still running play on as ordinary games; their results count for nothing here."
        return Reply(text, announce=announcement(t))

    async def standings(self, guild_id: int | None, tournament_id: int | None = None) -> Reply:
        """The standings so far (or final) of a tournament of this server, as a picture."""
        if tournament_id is None and guild_id is not None:
            every = await self.store.tournaments_in(guild_id, ("running", "finished", "signup"))
            if not every:
                raise UserError("No tournaments here yet.")
            t = every[-1]
        else:
            t = await self._mine_or_latest(guild_id, tournament_id)
        if t.status == "signup":
            return Reply(announcement_text(t))
        pairings = await self.store.pairings(t.id)
        table = scoring.standings(t, pairings)
        final = t.status == "finished"
        image = await self.rounds.pictures.standings(scoring.picture_rows(t, table, final, pairings))
        lines = [f"{scoring.heading(t, pairings, final)} of {t.name} ({scoring.TIEBREAK[t.format]} breaks ties):"]
        lines += [f"{s.place}{'=' if s.shared else '.'} {s.name}: {scoring.show(s.points)}"
                  + (" (withdrew)" if s.withdrawn else "") for s in table[:20]]
        return Reply("\n".join(lines), image=image)

    async def choices(self, guild_id: int | None, typed: str = "") -> list[tuple[str, int]]:
        """This server's tournaments for autocomplete: (``#3 Spring Open (Swiss, <game>, signup)``, 3)."""
        if guild_id is None:
            return []
        out = []
        for t in reversed(await self.store.tournaments_in(guild_id, ("signup", "running", "finished"))):
            label = f"#{t.id} {t.name} ({FORMAT_WORDS[t.format]}, {wording.game_name(t.variant)}, {t.status})"
            if typed.strip().lstrip("#").lower() in label.lower():
                out.append((label[:100], t.id))
        return out[:25]

    async def set_role(self, guild_id: int | None, role_id: int | None) -> Reply:
        """(Manage Server) name the role whose members may organise tournaments (None: nobody but
        those who may manage the server)."""
        if guild_id is None:
            raise UserError("Use this in a server.")
        await self._write(self.store.set_organiser_role(guild_id, role_id))
        if role_id is None:
            return Reply("", private="Only members who may manage the server can create tournaments now.")
        return Reply("", private=f"Members with the role <@&{role_id}> can now create tournaments here.")

    @staticmethod
    async def _write(write: Awaitable[None]) -> None:
        try:
            await write
        except WriteFailed:
            log.exception("A tournament write failed")
            raise UserError(SAVE_FAILED) from None
        except StoreError as err:
            raise UserError(str(err)) from None
