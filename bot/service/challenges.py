"""Challenges: making one, accepting (the last acceptance starts the game, in a channel of its
own), declining or withdrawing, proposing another board, and expiry."""
from __future__ import annotations

import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import engine
from data import GameRow, GameStore, StoreError, WriteFailed
from data.sql import SeatSpec
from engine import ai
from engine.paisho.rng import new_secret_seed

from .. import records
from ..options import suggest_options
from . import wording
from .base import SAVE_FAILED, Closed, Person, Reply, UserError
from .notify import Notify
from .pictures import Pictures
from .running import RunningGames, replay, saving
from .timers import Timers

log = logging.getLogger(__name__)
DEFAULT_CHALLENGE_TTL = 24 * 3600.0
BOT_GAMES = 3  # running games against the bot a user may have in one server
OPEN_CHALLENGES = 5  # open challenges a user may have made in one server


class Challenges:
    def __init__(self, store: GameStore, running: RunningGames, timers: Timers, clock: Callable[[], float],
                 pictures: Pictures, notify: Notify, *, ttl: float = DEFAULT_CHALLENGE_TTL,
                 rng: random.Random | None = None) -> None:
        self.notify = notify
        self.store = store
        self.running = running
        self.timers = timers
        self.clock = clock
        self.pictures = pictures
        self.ttl = ttl
        self.rng = rng or random.SystemRandom()

    async def challenge(self, *, guild_id: int | None, channel_id: int, challenger: Person,
                        opponents: list[Person], variant: str,
                        options: dict[str, Any] | None = None, rated: bool = True,
                        make_channel: Callable[[str], Awaitable[int | None]] | None = None) -> Reply:
        """Challenge one or more players to a game; they accept or decline. Seats the bot plays
        (opponents with a ``level``) accept at once, and a game against the bot alone starts at
        once (in a channel of its own if ``make_channel`` makes one); such games are not rated."""
        try:
            info = engine.info(variant)
        except ValueError as err:
            raise UserError(str(err)) from None
        if not opponents:
            raise UserError("Name at least one opponent.")
        if any(p.bot and p.level is None for p in opponents):
            raise UserError("Other bots cannot play; challenge a person, or me.")
        bots = [p for p in opponents if p.level is not None]
        if bots:
            self._check_bot_seats(info, bots)
        people = [challenger.id] + [p.id for p in opponents if p.level is None]
        if challenger.id in people[1:]:
            raise UserError("You cannot challenge yourself.")
        if len(set(people)) < len(people):
            raise UserError("Each opponent can be named only once.")
        seed = self.new_seed(info)
        try:
            game = engine.new_game(info.id, players=1 + len(opponents), seed=seed, options=options)
        except ValueError as err:
            raise UserError(str(err)) from None
        if self.running.game_in(channel_id) is not None:
            raise UserError("A game is already running in this channel. Finish it first, or "
                            "challenge in another channel.")
        seats: list[SeatSpec] = [(challenger.id, challenger.name, True, None, challenger.account)]
        for n, p in enumerate(opponents, start=1):
            seats.append((-n, p.name, True, p.level, None) if p.level is not None
                         else (p.id, p.name, False, None, p.account))
        return await self._open_new(challenger, info, game.options, seed, guild_id, channel_id, seats,
                                    rated and not bots, f"{challenger.name} challenges", make_channel)

    def new_seed(self, info: engine.GameDescriptor) -> int:
        """A new game's seed: a 128-bit secret (engine.paisho.rng) where the seed deals hidden tiles,
        else a small number (it decides only what everybody sees, such as a coin toss)."""
        return new_secret_seed(self.rng.getrandbits) if info.secret_seed else self.rng.randrange(2**31)

    @staticmethod
    def _check_bot_seats(info: engine.GameDescriptor, bots: list[Person]) -> None:
        """A game the bot can play, at levels it knows."""
        if info.ai is None:
            have = ", ".join(d.name for d in engine.games() if d.ai is not None)
            raise UserError(f"I cannot play {info.name} yet. Games I play: {have}.")
        for bot in bots:
            if bot.level not in ai.LEVELS:
                raise UserError(f"I play at the levels {', '.join(ai.LEVELS)}, not '{bot.level}'.")

    async def _open_new(self, challenger: Person, info: engine.GameDescriptor, options: dict[str, Any], seed: int,
                        guild_id: int | None, channel_id: int, seats: list[SeatSpec],
                        rated: bool, opening: str,
                        make_channel: Callable[[str], Awaitable[int | None]] | None = None) -> Reply:
        """Store a new challenge (replacing the challenger's open one in this channel) and word it;
        with nobody left to accept (the bot plays every other seat) the game starts at once."""
        game_id, replaced, closes = await self.store_new(challenger, info, options, seed, guild_id, channel_id,
                                                         seats, rated)
        invited = [s for s in seats if not s[2]]
        if not invited:
            row = await self.store.get_game(game_id)
            assert row is not None
            async with self.running.lock(game_id):
                started = await self.start_in(row, 0, self.clock(), make_channel)
            return replace(started, closes=tuple(closes) + started.closes)
        bots = [s for s in seats if len(s) > 3 and s[3] is not None]
        who = ", ".join(s[1] for s in invited)
        also = f" with {', '.join(s[1] for s in bots)}" if bots else ""
        text = (f"{opening} {who} to a {'rated' if rated else 'casual'} game of {info.name}{also}: game #{game_id}, "
                f"{records.options_text(info, options)}. {who}: accept or decline.")
        if replaced:
            text += f" (This replaces your challenge {', '.join(f'#{r.id}' for r in replaced)}.)"
        image = await self.pictures.proposal(info.id, options)
        if image is not None:
            text += " Any player may propose another board; everyone accepts the board they play on."
        return Reply(text, image=image, mention=tuple(s[0] for s in invited), game_id=game_id,
                     closes=tuple(closes), challenge=True)

    async def store_new(self, challenger: Person, info: engine.GameDescriptor, options: dict[str, Any], seed: int,
                        guild_id: int | None, channel_id: int, seats: list[SeatSpec], rated: bool,
                        open_seats: int | None = None) -> tuple[int, list[GameRow], list[Closed]]:
        """Store a new challenge within the challenger's limits, declining their open one in this
        channel: its id, the challenges it replaced and the edits of their messages."""
        now = self.clock()
        replaced = [r for r in await self.store.open_challenges_in(channel_id) if self.challenger(r) == challenger.id]
        await self._check_limits(challenger, guild_id, replaced, bot_game=any(len(s) > 3 and s[3] for s in seats))
        try:
            game_id = await self.store.create_game(
                variant=info.id, options=options, seed=seed, guild_id=guild_id, channel_id=channel_id,
                status="challenge", seats=seats, now=now, expires_at=now + self.ttl, rated=rated,
                challenger_id=challenger.id, replaces=[r.id for r in replaced], open_seats=open_seats)
        except WriteFailed:
            log.exception("Could not store a challenge of %s in channel %d", challenger.id, channel_id)
            raise UserError(SAVE_FAILED) from None
        closes = []
        for old in replaced:
            closes += self._closed(old, f"Replaced by challenge #{game_id}.")
        return game_id, replaced, closes

    async def _check_limits(self, user: Person, guild_id: int | None, replaced: list[GameRow], bot_game: bool) -> None:
        """Fair use, per server: at most BOT_GAMES running games against the bot and OPEN_CHALLENGES
        open challenges a user made (a challenge this one replaces does not count)."""
        mine = [r for r in await self.store.games_of(user_id=user.id) if r.guild_id == guild_id]
        if bot_game:
            against_bot = [r for r in mine if r.status == "running" and any(s.level for s in r.seats)]
            if len(against_bot) >= BOT_GAMES:
                numbers = ", ".join(f"#{r.id}" for r in against_bot)
                raise UserError(f"You already play {len(against_bot)} games against me here ({numbers}), the most "
                                f"at once. Finish or resign one of them first.")
        gone = {r.id for r in replaced}
        waiting = [r for r in mine if r.status == "challenge" and self.challenger(r) == user.id and r.id not in gone]
        if len(waiting) >= OPEN_CHALLENGES:
            numbers = ", ".join(f"#{r.id}" for r in waiting)
            raise UserError(f"You already have {len(waiting)} open challenges here ({numbers}), the most at once. "
                            "Wait for an answer, or withdraw one by declining it.")

    @staticmethod
    def challenger(row: GameRow) -> int:
        """Who made a challenge (seat 1 for challenges stored before the bot kept it)."""
        return row.challenger_id if row.challenger_id is not None else row.seats[0].user_id

    @staticmethod
    def _closed(row: GameRow, state: str) -> list[Closed]:
        """The edit of a closed challenge's message (if it has one): its state in words."""
        if row.message_id is None:
            return []
        title = f"Challenge #{row.id} ({wording.game_name(row.variant)}, {' vs '.join(s.name for s in row.seats)})"
        return [Closed(row.lobby_id or row.channel_id, row.message_id, f"{title}: {state}")]

    async def posted(self, game_id: int, message_id: int) -> None:
        """The message that shows a challenge (edited when the challenge closes)."""
        await self.store.set_message(game_id, message_id)

    async def rematch(self, user: Person, game_id: int | None, *, channel_id: int) -> Reply:
        """Offer the players of a finished game (by number, or the last one in this channel) the
        same game again, seats rotated by one; the others accept it as a challenge."""
        row = await (self.store.get_game(game_id) if game_id is not None else self.store.last_game_in(channel_id))
        if row is None or row.status != "finished":
            which = f"Game #{game_id} is" if game_id is not None else "The last game in this channel is"
            raise UserError(f"{which} not a finished game: a rematch is offered once a game is over.")
        if row.seat_of(user.id) is None:
            raise UserError("Only its players can ask for a rematch of a game.")
        if self.running.game_in(channel_id) is not None:
            raise UserError("A game is already running in this channel; ask for the rematch elsewhere.")
        info = engine.info(row.variant)
        rotated = row.seats[1:] + row.seats[:1]
        seats: list[SeatSpec] = [(s.user_id, s.name, s.user_id == user.id or s.level is not None, s.level, s.account)
                                 for s in rotated]
        opening = f"{user.name} asks for a rematch of game #{row.id}, challenging"
        return await self._open_new(user, info, row.options, self.new_seed(info), row.guild_id, channel_id,
                                    seats, row.rated, opening)

    async def _open(self, user: Person, game_id: int | None, channel_id: int | None) -> GameRow:
        """The open challenge ``user`` means: by number, or their latest in this channel."""
        if game_id is not None:
            row = await self.store.get_game(game_id)
            if row is None:
                raise UserError(f"There is no challenge #{game_id}.")
        else:
            mine = [r for r in await self.store.open_challenges_in(channel_id or 0)
                    if r.seat_of(user.id) is not None]
            if not mine:
                raise UserError("There is no open challenge for you in this channel.")
            row = mine[-1]
        if row.seat_of(user.id) is None:
            if row.open_seats is not None and row.status == "challenge":
                raise UserError(f"Challenge #{row.id} is open to anyone: take a seat with its Take a seat button "
                                "(console: take).")
            raise UserError("This challenge is not for you.")
        if row.status == "expired" or (row.status == "challenge" and row.expires_at is not None
                                       and row.expires_at <= self.clock()):
            if row.status == "challenge":
                await self.store.set_status(row.id, "expired", self.clock())
            raise UserError("This challenge has expired. Start a new one with challenge.")
        if row.status == "running":
            raise UserError(f"This challenge was accepted: the game is on in <#{row.channel_id}>.")
        if row.status != "challenge":
            raise UserError("This challenge is no longer open.")
        return row

    async def accept(self, user: Person, *, game_id: int | None = None, channel_id: int | None = None,
                     make_channel: Callable[[str], Awaitable[int | None]] | None = None) -> Reply:
        """Accept a challenge (and its current board). The last acceptance starts the game: in a
        channel of its own if ``make_channel(title)`` makes one (a thread; it returns its id, or
        None to play where the challenge was made), else where the challenge was made. Decided
        inside the challenge's lock, so two acceptances at once start exactly one game."""
        row = await self._open(user, game_id, channel_id)
        async with self.running.lock(row.id):
            row = await self._open(user, row.id, None)
            seat = row.seat_of(user.id)
            assert seat is not None
            if row.open_seats is not None:
                raise UserError(f"You have a seat in open challenge #{row.id}; it starts when every seat is taken, "
                                f"or when {row.seats[0].name} starts it (Start button, console: start).")
            if row.seats[seat].accepted:
                others = ", ".join(s.name for s in row.seats if not s.accepted)
                raise UserError(f"You have already accepted; waiting for {others}.")
            now = self.clock()
            waiting = [s.name for s in row.seats if not s.accepted and s.seat != seat]
            if waiting:
                await saving(row, self.store.set_accepted(row.id, seat, True, now))
                return Reply(f"{user.name} accepted. Waiting for {', '.join(waiting)}.", game_id=row.id)
            return await self.start_in(row, seat, now, make_channel)

    async def start_in(self, row: GameRow, seat: int, now: float,
                        make_channel: Callable[[str], Awaitable[int | None]] | None) -> Reply:
        """Start the game in a channel of its own if ``make_channel`` makes one (noted in the store
        first, so a start that fails, even by a stop, leaves no thread behind: see ``orphans``)."""
        play_in = await make_channel(wording.game_title(row)) if make_channel is not None else None
        if play_in is None:
            return await self._start(row, seat, row.channel_id, now)
        await saving(row, self.store.set_pending_channel(row.id, play_in))
        try:
            return await self._start(row, seat, play_in, now)
        except Exception:
            try:  # the front-end removes the channel; a stop before this leaves it to ``orphans``
                await self.store.set_pending_channel(row.id, None)
            except StoreError:
                pass
            raise

    async def orphans(self) -> list[int]:
        """Channels (threads) made for games whose start never completed, to remove; each is
        forgotten as it is returned."""
        found = []
        for row in await self.store.orphan_channels():
            if self.running.owns(row.guild_id) and row.pending_channel is not None:
                found.append(row.pending_channel)
                await self.store.set_pending_channel(row.id, None)
        return found

    async def _start(self, row: GameRow, seat: int, channel_id: int, now: float) -> Reply:
        if self.running.game_in(channel_id) is not None:
            raise UserError("A game is already running in this channel; accept again once it is over.")
        game = replay(row)
        try:
            await saving(row, self.store.start_game(row.id, seat, channel_id, now,
                                                    self.timers.for_turn(row, game, now)))
        except StoreError as err:
            raise UserError(str(err)) from None
        started = await self.store.get_game(row.id)
        assert started is not None and game.to_move is not None
        self.running.keep(started, game)
        where = f" in <#{channel_id}>" if channel_id != row.channel_id else ""
        closes = self._closed(started, f"accepted; the game is on{where}.")
        names = wording.names(started, game)
        text = (f"Game #{started.id} of {wording.game_name(started.variant)} begins: {', '.join(names)}. "
                f"{names[game.to_move]} {game.turn_words()}.")
        if game.hidden_hands:
            text += " Your tiles are private: see them with the hand command."
        reply = Reply(text, image=await self.pictures.board(started, game),
                      mention=wording.mentions(started, [game.to_move]), game_id=started.id, started=True,
                      pick=not started.is_bot(game.to_move),
                      closes=tuple(closes), ply=0, **await self.pictures.private(game, seat))
        return await self.notify.route(reply, started)

    async def decline(self, user: Person, *, game_id: int | None = None,
                      channel_id: int | None = None) -> Reply:
        """A challenged player declines (or the challenger withdraws) a challenge."""
        row = await self._open(user, game_id, channel_id)
        async with self.running.lock(row.id):
            row = await self._open(user, row.id, None)
            if row.open_seats is not None and user.id != self.challenger(row):
                raise UserError(f"To give up your seat in open challenge #{row.id}, use its Leave button "
                                "(console: leave).")
            await saving(row, self.store.set_status(row.id, "declined", self.clock()))
        withdrew = user.id == self.challenger(row)
        verb = "withdrew" if withdrew else "declined"
        return Reply(f"{user.name} {verb} the challenge #{row.id}.", game_id=row.id,
                     closes=tuple(self._closed(row, f"{verb} by {user.name}.")))

    async def propose_board(self, user: Person, board: str, *, game_id: int | None = None,
                            channel_id: int | None = None) -> Reply:
        """Propose another board for an open challenge, in games whose board is an option
        (everyone accepts the board they play on)."""
        row = await self._open(user, game_id, channel_id)
        async with self.running.lock(row.id):
            row = await self._open(user, row.id, None)
            option = engine.info(row.variant).board_option
            if option is None:
                raise UserError(f"{wording.game_name(row.variant)} has no board to choose.")
            options = dict(row.options, **{option: board})
            try:
                game = engine.new_game(row.variant, players=len(row.seats), seed=row.seed, options=options)
            except ValueError as err:
                raise UserError(str(err)) from None
            seat = row.seat_of(user.id)
            assert seat is not None
            await saving(row, self.store.set_proposal(row.id, game.options, seat, self.clock()))
        others = [s for s in row.seats if s.seat != seat]
        text = (f"{user.name} proposes the board {game.options[option]}. "
                f"{', '.join(s.name for s in others)}: accept this board or propose another.")
        return Reply(text, image=await self.pictures.proposal(row.variant, game.options),
                     mention=tuple(s.user_id for s in others), game_id=row.id)

    async def board_suggestions(self, user: Person, typed: str, *, channel_id: int) -> list[str]:
        """Autocomplete of a board to propose for the user's open challenge in this channel."""
        try:
            row = await self._open(user, None, channel_id)
        except UserError:
            return []
        option = engine.info(row.variant).board_option
        if option is None:
            return []
        return [o.partition("=")[2] for o in suggest_options(row.variant, f"{option}={typed}")]

    def expired_reply(self, row: GameRow) -> Reply:
        """The notice of a challenge that expired, with the edit of its message."""
        return Reply(f"Challenge #{row.id} ({wording.game_name(row.variant)}) expired before everyone accepted.",
                     game_id=row.id, closes=tuple(self._closed(row, "expired before everyone accepted.")))

    async def expire(self) -> list[GameRow]:
        """Mark every challenge past its time as expired; returns them (for notices)."""
        expired = []
        for row in await self.store.expired_challenges(self.clock()):
            if not self.running.owns(row.guild_id):
                continue  # another process (shard) serves that server and says it
            try:
                await self.store.set_status(row.id, "expired", self.clock(), only_from="challenge")
            except StoreError:
                continue  # accepted (or expired by another process) just now
            expired.append(row)
        return expired
