"""The game service: challenges, the board agreement, moves, resignations, records.

Front-ends (the Discord cogs, the local console) turn what a user did into one call here and
show the Reply that comes back; a refusal raises UserError with the message for that user.
Every accepted move is committed to the store before the reply exists; moves for one game are
serialised by a per-game lock, so the second of two simultaneous moves is judged on the new
position.
"""
from __future__ import annotations

import asyncio
import logging
import random
import time
import weakref
from dataclasses import dataclass, replace
from typing import Any, Awaitable, Callable, TypeVar

import engine
import rendering
from data import GameRow, HistoryRow, RatingRow, Store, StoreError, Timer, WriteFailed
from engine.notation import GAME_OVER, NOT_YOUR_TURN, squash

from . import ratings, records
from .options import suggest_options

log = logging.getLogger(__name__)
T = TypeVar("T")

DEFAULT_CHALLENGE_TTL = 24 * 3600.0
DEFAULT_REMINDER = 24 * 3600.0
DEFAULT_DEADLINE = 72 * 3600.0
HOUR = 3600.0
NO_GAME_HERE = "There is no game running in this channel. Start one with challenge."
ENGINE_FAILED = ("Something went wrong on our side while checking that move; it has been logged. "
                 "The game is unchanged.")
SAVE_FAILED = "The bot could not save that just now, so nothing was changed. Please try again."


class UserError(Exception):
    """Something a user asked for that cannot be done; ``str(err)`` tells them why."""


@dataclass(frozen=True)
class Person:
    """A user as the service knows them: a stable id and a display name."""

    id: int
    name: str
    bot: bool = False


@dataclass
class Reply:
    """What to show after a successful action."""

    text: str
    image: bytes | None = None  # a PNG (board picture or proposal)
    mention: tuple[int, ...] = ()  # users to notify (the player to move, challenged players)
    game_id: int | None = None
    started: bool = False  # a challenge became a running game with this reply
    finished: bool = False  # the game ended with this reply
    private: str = ""  # for the acting player only (their hand in a game with hidden tiles)
    private_image: bytes | None = None  # a picture for them alone (their hand)


@dataclass
class Notice:
    """Something the background loop has to post in a channel (reminder, timeout, expiry)."""

    channel_id: int
    reply: Reply


def game_name(variant: str) -> str:
    """A game's display name; its id if the game is not installed any more."""
    try:
        return engine.info(variant).name
    except ValueError:
        return variant


def in_words(seconds: float) -> str:
    """A duration for people: ``in 3 days``, ``in 5 hours``, ``in 20 minutes``."""
    if seconds >= 2 * 86400:
        return f"in {round(seconds / 86400)} days"
    if seconds >= 2 * 3600:
        return f"in {round(seconds / 3600)} hours"
    return f"in {max(1, round(seconds / 60))} minutes"


def outcome_dict(outcome: engine.Outcome) -> dict[str, Any]:
    return {"type": "win" if len(outcome.winners) == 1 else "shared_win",
            "winners": list(outcome.winners),
            "scores": list(outcome.scores) if outcome.scores is not None else None,
            "reason": outcome.reason}


class GameService:
    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 challenge_ttl: float = DEFAULT_CHALLENGE_TTL, reminder_after: float = DEFAULT_REMINDER,
                 move_deadline: float = DEFAULT_DEADLINE, rng: random.Random | None = None) -> None:
        self.store = store
        self.clock = clock
        self.challenge_ttl = challenge_ttl
        self.reminder_after = reminder_after
        self.move_deadline = move_deadline
        self._rng = rng or random.SystemRandom()
        # running games by game id; None: not replayed yet since the start (see reload)
        self._games: dict[int, tuple[GameRow, engine.Game | None]] = {}
        self._by_channel: dict[int, int] = {}
        # one lock per game (or challenge), alive while someone holds or waits for it
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._rating_lock = asyncio.Lock()  # ratings are read, computed and written one game at a time

    # ----- start-up ---------------------------------------------------------------------
    async def reload(self) -> int:
        """Register every running game after a start; returns how many. A game is replayed from
        its stored record the first time it is needed (a move, the board, a timer), so a restart
        with many long games is quick and each game costs its replay once."""
        count = 0
        for row in await self.store.running_games():
            self._cache(row, None)
            count += 1
        return count

    async def warm(self) -> int:
        """Replay the games a start only registered, one at a time, yielding to the event loop
        between games (a turn for a game not yet replayed replays it at once); returns how many
        games were replayed."""
        count = 0
        for game_id in list(self._games):
            found = self._games.get(game_id)
            if found is not None and found[1] is None:
                count += self._loaded(game_id) is not None
                await asyncio.sleep(0)
        return count

    def _loaded(self, game_id: int) -> tuple[GameRow, engine.Game] | None:
        """A running game from memory, replayed now if the start only registered it."""
        found = self._games.get(game_id)
        if found is None or found[1] is not None:
            return found  # type: ignore[return-value]
        row = found[0]
        try:
            game = self._replay(row)
        except Exception:
            log.exception("Could not replay game %d (%s, channel %d); it stays stored but unloaded",
                          row.id, row.variant, row.channel_id)
            self._uncache(row)
            return None
        self._games[game_id] = (row, game)
        return row, game

    @staticmethod
    def _replay(row: GameRow) -> engine.Game:
        return engine.replay(row.variant, row.moves, players=len(row.seats), seed=row.seed,
                             options=row.options)

    def _cache(self, row: GameRow, game: engine.Game) -> None:
        self._games[row.id] = (row, game)
        self._by_channel[row.channel_id] = row.id

    def _uncache(self, row: GameRow) -> None:
        self._games.pop(row.id, None)
        if self._by_channel.get(row.channel_id) == row.id:
            del self._by_channel[row.channel_id]

    @staticmethod
    async def _saving(row: GameRow, write: Awaitable[T]) -> T:
        """Await a store write; a database failure is logged with the game and answered with a
        clear refusal (the store has rolled back: nothing was changed)."""
        try:
            return await write
        except WriteFailed:
            log.exception("Game %d (%s, channel %d): a write failed", row.id, row.variant, row.channel_id)
            raise UserError(SAVE_FAILED) from None

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def game_in(self, channel_id: int) -> tuple[GameRow, engine.Game] | None:
        """The running game in a channel (from memory), if any."""
        game_id = self._by_channel.get(channel_id)
        return self._loaded(game_id) if game_id is not None else None

    def _require_game(self, channel_id: int) -> tuple[GameRow, engine.Game]:
        found = self.game_in(channel_id)
        if found is None:
            raise UserError(NO_GAME_HERE)
        return found

    # ----- helpers for replies ----------------------------------------------------------------
    @staticmethod
    def names(row: GameRow, game: engine.Game | None = None) -> list[str]:
        if game is None:
            return [s.name for s in row.seats]
        return [f"{s.name} ({game.seat_label(s.seat)})" for s in row.seats]

    async def picture(self, row: GameRow, game: engine.Game) -> bytes:
        """The board PNG of the position as it is now, rendered off the event loop from a snapshot
        (the live game may move on while the picture is drawn)."""
        return await asyncio.to_thread(rendering.render, game.copy(), [s.name for s in row.seats])

    def status_text(self, row: GameRow, game: engine.Game) -> str:
        names = self.names(row, game)
        if game.outcome is None:
            return f"{names[game.to_move]} {game.turn_words()}."
        return self.result_text(row, game)

    @staticmethod
    def rating_text(row: GameRow) -> str:
        """``Ratings: alice +9 -> 1538, bob -9 -> 1462.``"""
        parts = []
        for seat in row.seats:
            before, after = row.result["ratings"][str(seat.user_id)]
            parts.append(f"{seat.name} {after - before:+d} -> {after}")
        return "Ratings: " + ", ".join(parts) + "."

    def result_text(self, row: GameRow, game: engine.Game) -> str:
        out = game.outcome
        assert out is not None
        names = self.names(row, game)
        score = ""
        if out.scores is not None:
            score = " " + "\u2013".join(f"{s:g}" for s in out.scores)
        why = game.reason_text(out.reason)
        if len(out.winners) == 1:
            return f"Game over: {names[out.winners[0]]} wins{score} ({why})."
        if len(out.winners) == game.players:
            return f"Game over: a draw{score} ({why})."
        return f"Game over: {' and '.join(names[w] for w in out.winners)} share the win{score} ({why})."

    # ----- challenges ---------------------------------------------------------------------------
    async def challenge(self, *, guild_id: int | None, channel_id: int, challenger: Person,
                        opponents: list[Person], variant: str,
                        options: dict[str, Any] | None = None, rated: bool = True) -> Reply:
        """Challenge one or more players to a game; they accept or decline."""
        try:
            info = engine.info(variant)
        except ValueError as err:
            raise UserError(str(err)) from None
        if not opponents:
            raise UserError("Name at least one opponent.")
        if any(p.bot for p in opponents):
            raise UserError("Bots cannot play yet; challenge a person.")
        ids = [challenger.id] + [p.id for p in opponents]
        if challenger.id in ids[1:]:
            raise UserError("You cannot challenge yourself.")
        if len(set(ids)) < len(ids):
            raise UserError("Each opponent can be named only once.")
        seed = self._rng.randrange(2**31)
        try:
            game = engine.new_game(info.id, players=len(ids), seed=seed, options=options)
        except ValueError as err:
            raise UserError(str(err)) from None
        if self.game_in(channel_id) is not None:
            raise UserError("A game is already running in this channel. Finish it first, or "
                            "challenge in another channel.")
        now = self.clock()
        seats = [(challenger.id, challenger.name, True)] + [(p.id, p.name, False) for p in opponents]
        game_id = await self.store.create_game(
            variant=info.id, options=game.options, seed=seed, guild_id=guild_id,
            channel_id=channel_id, status="challenge", seats=seats, now=now,
            expires_at=now + self.challenge_ttl, rated=rated)
        who = ", ".join(p.name for p in opponents)
        text = (f"{challenger.name} challenges {who} to a {'rated' if rated else 'casual'} game of "
                f"{info.name} (game #{game_id}; "
                f"{records.options_text(info, game.options)}). "
                f"{who}: accept or decline.")
        image = await self._proposal_picture(info.id, game.options)
        if image is not None:
            text += " Any player may propose another board; everyone accepts the board they play on."
        return Reply(text, image=image, mention=tuple(p.id for p in opponents), game_id=game_id)

    @staticmethod
    async def _proposal_picture(variant: str, options: dict[str, Any]) -> bytes | None:
        """A preview of the board a challenge proposes, in games whose board is an option."""
        board = engine.info(variant).board_option
        if board is None or board not in options:
            return None
        return await asyncio.to_thread(rendering.render_board_option, variant, options[board])

    async def _open_challenge(self, user: Person, game_id: int | None, channel_id: int | None) -> GameRow:
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
            raise UserError("This challenge is not for you.")
        if row.status == "expired" or (row.status == "challenge" and row.expires_at is not None
                                       and row.expires_at <= self.clock()):
            if row.status == "challenge":
                await self.store.set_status(row.id, "expired", self.clock())
            raise UserError("This challenge has expired. Start a new one with challenge.")
        if row.status != "challenge":
            raise UserError("This challenge is no longer open.")
        return row

    async def accept(self, user: Person, *, game_id: int | None = None, channel_id: int | None = None,
                     make_channel: Callable[[str], Awaitable[int | None]] | None = None) -> Reply:
        """Accept a challenge (and its current board). The last acceptance starts the game: in a
        channel of its own if ``make_channel(title)`` makes one (a thread; it returns its id, or
        None to play where the challenge was made), else where the challenge was made. Decided
        inside the challenge's lock, so two acceptances at once start exactly one game."""
        row = await self._open_challenge(user, game_id, channel_id)
        async with self._lock(row.id):
            row = await self._open_challenge(user, row.id, None)
            seat = row.seat_of(user.id)
            assert seat is not None
            if row.seats[seat].accepted:
                waiting = ", ".join(s.name for s in row.seats if not s.accepted)
                raise UserError(f"You have already accepted; waiting for {waiting}.")
            now = self.clock()
            waiting = [s.name for s in row.seats if not s.accepted and s.seat != seat]
            if waiting:
                await self._saving(row, self.store.set_accepted(row.id, seat, True, now))
                return Reply(f"{user.name} accepted. Waiting for {', '.join(waiting)}.", game_id=row.id)
            play_in = await make_channel(self.game_title(row)) if make_channel is not None else None
            return await self._start(row, seat, play_in or row.channel_id, now)

    @staticmethod
    def game_title(row: GameRow) -> str:
        """The name of a game's own thread: its players and the game (at most 100 characters)."""
        title = f"{' vs '.join(s.name for s in row.seats)} \u00b7 {engine.info(row.variant).name} #{row.id}"
        return title[:100]

    async def _start(self, row: GameRow, seat: int, channel_id: int, now: float) -> Reply:
        if self.game_in(channel_id) is not None:
            raise UserError("A game is already running in this channel; accept again once it is over.")
        game = self._replay(row)
        try:
            await self._saving(row, self.store.start_game(row.id, seat, channel_id, now,
                                                          await self._timer(row, game, now)))
        except StoreError as err:
            raise UserError(str(err)) from None
        row = await self.store.get_game(row.id)
        assert row is not None
        self._cache(row, game)
        names = self.names(row, game)
        text = (f"Game #{row.id} of {engine.info(row.variant).name} begins: {', '.join(names)}. "
                f"{names[game.to_move]} {game.turn_words()}.")
        if game.hidden_hands:
            text += " Your tiles are private: see them with the hand command."
        return Reply(text, image=await self.picture(row, game), mention=(row.seats[game.to_move].user_id,),
                     game_id=row.id, started=True, **await self._private(game, seat))

    async def decline(self, user: Person, *, game_id: int | None = None,
                      channel_id: int | None = None) -> Reply:
        """A challenged player declines (or the challenger withdraws) a challenge."""
        row = await self._open_challenge(user, game_id, channel_id)
        async with self._lock(row.id):
            row = await self._open_challenge(user, row.id, None)
            await self._saving(row, self.store.set_status(row.id, "declined", self.clock()))
        verb = "withdrew" if row.seat_of(user.id) == 0 else "declined"
        return Reply(f"{user.name} {verb} the challenge #{row.id}.", game_id=row.id)

    async def propose_board(self, user: Person, board: str, *, game_id: int | None = None,
                            channel_id: int | None = None) -> Reply:
        """Propose another board for an open challenge, in games whose board is an option
        (everyone accepts the board they play on)."""
        row = await self._open_challenge(user, game_id, channel_id)
        async with self._lock(row.id):
            row = await self._open_challenge(user, row.id, None)
            option = engine.info(row.variant).board_option
            if option is None:
                raise UserError(f"{engine.info(row.variant).name} has no board to choose.")
            options = dict(row.options, **{option: board})
            try:
                game = engine.new_game(row.variant, players=len(row.seats), seed=row.seed, options=options)
            except ValueError as err:
                raise UserError(str(err)) from None
            seat = row.seat_of(user.id)
            assert seat is not None
            await self._saving(row, self.store.set_proposal(row.id, game.options, seat, self.clock()))
        others = [s for s in row.seats if s.seat != seat]
        text = (f"{user.name} proposes the board {game.options[option]}. "
                f"{', '.join(s.name for s in others)}: accept this board or propose another.")
        return Reply(text, image=await self._proposal_picture(row.variant, game.options),
                     mention=tuple(s.user_id for s in others), game_id=row.id)

    async def board_suggestions(self, user: Person, typed: str, *, channel_id: int) -> list[str]:
        """Autocomplete of a board to propose for the user's open challenge in this channel."""
        try:
            row = await self._open_challenge(user, None, channel_id)
        except UserError:
            return []
        option = engine.info(row.variant).board_option
        if option is None:
            return []
        return [o.partition("=")[2] for o in suggest_options(row.variant, f"{option}={typed}")]

    async def expire_challenges(self) -> list[GameRow]:
        """Mark every challenge past its time as expired; returns them (for notices)."""
        rows = await self.store.expired_challenges(self.clock())
        for row in rows:
            await self.store.set_status(row.id, "expired", self.clock())
        return rows

    # ----- playing ---------------------------------------------------------------------------------
    async def move(self, channel_id: int, user: Person, text: str) -> Reply:
        """Play ``text`` for ``user`` in the game of this channel."""
        if squash(text).lower() == "resign":  # typed as a move: the same as /resign
            return await self.resign(channel_id, user)
        row, _ = self._require_game(channel_id)
        async with self._lock(row.id):
            row, game = self._require_game(channel_id)
            if game.outcome is not None:
                raise UserError(GAME_OVER)
            seat = row.seat_of(user.id)
            if seat is None:
                raise UserError("You are not playing in this game.")
            if seat != game.to_move:
                raise UserError(NOT_YOUR_TURN)
            after = game.copy()
            try:
                canonical = after.play(text)
            except engine.IllegalMove as err:
                raise UserError(str(err)) from None
            except Exception:
                log.exception("Game %d (%s, ply %d): the engine failed on the move %r by seat %d",
                              row.id, row.variant, len(game.record), text[:200], seat)
                raise UserError(ENGINE_FAILED) from None
            await self._commit(row, after, seat, canonical)
        reply = await self._turn_reply(row, after, f"{user.name} played {canonical}.")
        return replace(reply, **await self._private(after, seat))

    async def _private(self, game: engine.Game, seat: int) -> dict[str, Any]:
        """The acting player's private note and hand picture, in games with hidden tiles."""
        if not game.hidden_hands or game.outcome is not None:
            return {}
        image = await asyncio.to_thread(rendering.render_hand, game, seat)
        return {"private": game.private_note(seat), "private_image": image}

    async def hand(self, channel_id: int, user: Person) -> Reply:
        """A player's own tiles, for them alone."""
        row, game = self._require_game(channel_id)
        seat = row.seat_of(user.id)
        if seat is None:
            raise UserError("You are not playing in this game.")
        if not game.hidden_hands:
            raise UserError(f"{engine.info(row.variant).name} has no hidden tiles: everything is on the board.")
        image = await asyncio.to_thread(rendering.render_hand, game, seat)
        return Reply("", game_id=row.id, private=game.hand_text(seat), private_image=image)

    async def _timer(self, row: GameRow, game: engine.Game, now: float) -> Timer | None:
        """The reminder and deadline of the player to move, by the server's settings."""
        if game.to_move is None:
            return None
        deadline, remind = await self.timings(row.guild_id)
        return Timer(row.id, game.to_move, now + remind, now + deadline, False)

    async def timings(self, guild_id: int | None) -> tuple[float, float]:
        """(seconds per move, seconds before a reminder) for a server."""
        settings = await self.store.guild_settings(guild_id) if guild_id is not None else None
        return settings or (self.move_deadline, self.reminder_after)

    async def _commit(self, row: GameRow, game: engine.Game, seat: int, entry: str,
                      before_to_move: int | None = None) -> None:
        result = outcome_dict(game.outcome) if game.outcome is not None else None
        now = self.clock()
        if game.to_move is not None and game.to_move == before_to_move:
            timer = await self.store.timer(row.id)  # someone else left: the clock runs on
        else:
            timer = await self._timer(row, game, now)
        changes = None
        async with self._rating_lock:
            if result is not None and row.rated:
                changes = await self._rating_changes(row, game, now)
                result["ratings"] = {str(h.user_id): [round(h.before), round(h.after)] for _, h in changes}
            replace = len(game.record) == len(row.moves)  # the last entry was completed, not added
            try:
                await self.store.add_move(row.id, len(game.record) - 1, seat, entry, now, result, timer, changes,
                                          replace=replace)
            except StoreError:
                log.exception("Game %d: could not store %r; reloading it from the store", row.id, entry)
                fresh = await self.store.get_game(row.id)
                if fresh is not None and fresh.status == "running":
                    self._cache(fresh, self._replay(fresh))
                raise UserError("That move could not be saved; the board is as it was. Please try again.")
        if replace:
            row.moves[-1] = entry
        else:
            row.moves.append(entry)
            row.move_seats.append(seat)
        if game.outcome is not None:
            row.status = "finished"
            row.result = result
            self._uncache(row)
        else:
            self._cache(row, game)

    async def _rating_changes(self, row: GameRow, game: engine.Game,
                              now: float) -> list[tuple[RatingRow, HistoryRow]]:
        """New ratings of every seat after a rated game (inactivity first widens uncertainty)."""
        out = game.outcome
        assert out is not None
        users = [s.user_id for s in row.seats]
        old = {r.user_id: r for r in await self.store.ratings(users, row.variant)}
        skills = []
        for uid in users:
            r = old.get(uid)
            skills.append(ratings.Skill() if r is None else
                          ratings.after_inactivity(ratings.Skill(r.mu, r.sigma), now - r.last_played))
        places = ratings.ranks(game.players, out.winners, out.scores, game.left_players)
        new = ratings.rate(skills, places)
        shared_by_all = len(set(places)) == 1
        changes = []
        for seat, (uid, before, after) in enumerate(zip(users, skills, new)):
            r = old.get(uid)
            result = "draw" if shared_by_all else ("win" if seat in out.winners else "loss")
            shown_after = ratings.display(after.mu)
            rating = RatingRow(
                user_id=uid, variant=row.variant, name=row.seats[seat].name, mu=after.mu, sigma=after.sigma,
                games=(r.games if r else 0) + 1, wins=(r.wins if r else 0) + (result == "win"),
                draws=(r.draws if r else 0) + (result == "draw"), losses=(r.losses if r else 0) + (result == "loss"),
                best=max(r.best if r else shown_after, shown_after), last_played=now)
            history = HistoryRow(row.id, uid, row.variant, row.guild_id, result, ratings.display(before.mu),
                                 shown_after, after.mu, after.sigma, now)
            changes.append((rating, history))
        return changes

    async def _turn_reply(self, row: GameRow, game: engine.Game, said: str) -> Reply:
        detail = game.describe_last_turn()
        text = said + (f" {detail}." if detail else "") + " " + self.status_text(row, game)
        if game.outcome is not None and row.result and row.result.get("ratings"):
            text += " " + self.rating_text(row)
        mention = () if game.outcome is not None else (row.seats[game.to_move].user_id,)
        return Reply(text, image=await self.picture(row, game), mention=mention, game_id=row.id,
                     finished=game.outcome is not None)

    async def resign(self, channel_id: int, user: Person) -> Reply:
        """``user`` leaves the game of this channel (in games of more than two, the others may
        play on)."""
        row, _ = self._require_game(channel_id)
        async with self._lock(row.id):
            row, game = self._require_game(channel_id)
            seat = row.seat_of(user.id)
            if seat is None:
                raise UserError("You are not playing in this game.")
            after = await self._leave(row, game, seat, "resignation")
        return await self._turn_reply(row, after, f"{user.name} resigned.")

    async def _leave(self, row: GameRow, game: engine.Game, seat: int, reason: str) -> engine.Game:
        """Seat ``seat`` leaves (resignation or timeout), committed; call with the game's lock held."""
        after = game.copy()
        try:
            after.resign(seat, reason)
        except (engine.IllegalMove, ValueError) as err:
            raise UserError(str(err)) from None
        await self._commit(row, after, seat, after.record[-1], before_to_move=game.to_move)
        return after

    async def abort(self, channel_id: int, user: Person) -> Reply:
        """Call the game off before the first move (it is not rated and has no result)."""
        row, _ = self._require_game(channel_id)
        async with self._lock(row.id):
            row, game = self._require_game(channel_id)
            if row.seat_of(user.id) is None:
                raise UserError("You are not playing in this game.")
            if game.record:
                raise UserError("The game has started, so it can no longer be aborted; you can resign instead.")
            await self._saving(row, self.store.set_status(row.id, "aborted", self.clock()))
            self._uncache(row)
        return Reply(f"{user.name} aborted game #{row.id} before the first move.", game_id=row.id,
                     finished=True)

    def suggestions(self, channel_id: int, user_id: int, typed: str, limit: int = 25) -> list[str]:
        """Autocomplete: legal moves completing ``typed``, only for the player to move."""
        found = self.game_in(channel_id)
        if found is None:
            return []
        row, game = found
        if game.to_move is None or row.seat_of(user_id) != game.to_move:
            return []
        try:
            return game.suggest(typed, limit)
        except Exception:
            log.exception("Game %d (%s, ply %d): autocomplete failed on %r", row.id, row.variant,
                          len(game.record), typed[:200])
            return []

    # ----- time -------------------------------------------------------------------------------------
    async def tick(self) -> list[Notice]:
        """Expire old challenges, send due reminders, end games whose deadline has passed."""
        notices = [Notice(row.channel_id, Reply(
            f"Challenge #{row.id} ({engine.info(row.variant).name}) expired before everyone accepted.",
            game_id=row.id)) for row in await self.expire_challenges()]
        for timer in await self.store.due_timers(self.clock()):
            try:
                notice = await self._due(timer.game_id)
            except UserError as err:
                log.warning("Game %d: the timer of seat %d was not applied: %s", timer.game_id, timer.seat, err)
                continue
            if notice is not None:
                notices.append(notice)
        return notices

    async def _due(self, game_id: int) -> Notice | None:
        """The reminder or timeout that is due in a game, decided inside the game's lock against
        the stored timer (whose turn it is and when that turn began), so a move that got the lock
        first always counts and is never followed by a timeout."""
        async with self._lock(game_id):
            found = self._loaded(game_id)
            timer = await self.store.timer(game_id)
            now = self.clock()
            if found is None or timer is None:
                return None
            row, game = found
            if game.to_move != timer.seat:
                log.warning("Game %d: stored timer for seat %d but seat %s is to move; left alone",
                            row.id, timer.seat, game.to_move)
                return None
            seat = row.seats[timer.seat]
            if timer.deadline_at <= now:
                after = await self._leave(row, game, timer.seat, "timeout")
            elif not timer.reminded and timer.remind_at <= now:
                await self.store.mark_reminded(row.id)
                text = (f"{seat.name}, it is your move in game #{row.id} ({engine.info(row.variant).name}). "
                        f"Your time runs out {in_words(timer.deadline_at - now)}.")
                return Notice(row.channel_id, Reply(text, mention=(seat.user_id,), game_id=row.id))
            else:
                return None  # a move has just set a new timer
        return Notice(row.channel_id, await self._turn_reply(row, after, f"{seat.name} ran out of time."))

    async def set_timings(self, guild_id: int, *, move_hours: float, reminder_hours: float) -> Reply:
        """A server admin sets the time per move and when players are reminded (new turns on)."""
        if not 1 <= move_hours <= 30 * 24:
            raise UserError("The time per move must be between 1 hour and 30 days (720 hours).")
        if not 0 < reminder_hours < move_hours:
            raise UserError("The reminder must come after more than 0 hours and before the time per move runs out.")
        await self.store.set_guild_settings(guild_id, move_hours * HOUR, reminder_hours * HOUR)
        return Reply(f"From the next turn on, each move has {move_hours:g} hours; the player to move is "
                     f"reminded after {reminder_hours:g} hours.")

    # ----- ratings ------------------------------------------------------------------------------------
    def _standing(self, row: RatingRow) -> tuple[float, float]:
        """(displayed rating, uncertainty after the time since the last rated game)."""
        skill = ratings.after_inactivity(ratings.Skill(row.mu, row.sigma), self.clock() - row.last_played)
        return ratings.display(skill.mu), skill.sigma

    async def profile(self, user: Person, variant: str | None = None) -> Reply:
        """A player's ratings (one game or all), record, best, recent results and a chart."""
        if variant:
            try:
                variant = engine.info(variant).id
            except ValueError as err:
                raise UserError(str(err)) from None
        rows = await self.store.ratings([user.id], variant)
        if not rows:
            where = f" in {engine.info(variant).name}" if variant else ""
            return Reply(f"{user.name} has no rated games{where} yet.")
        lines = [f"{user.name}'s ratings"]
        chart = None
        for row in sorted(rows, key=lambda r: -r.games):
            shown, sigma = self._standing(row)
            history = await self.store.history(user.id, row.variant)
            recent = " ".join(h.result[0].upper() for h in history[-5:])
            lines.append(f"{engine.info(row.variant).name}: {ratings.shown_value(shown, sigma)} \u00b7 "
                         f"{row.games} games ({row.wins} W, {row.draws} D, {row.losses} L) \u00b7 "
                         f"best {round(row.best)} \u00b7 recent {recent}")
            if chart is None:
                values = [history[0].before] + [h.after for h in history]
                title = f"{user.name} \u00b7 {engine.info(row.variant).name}"
                chart = await asyncio.to_thread(rendering.rating_chart, title, values)
        return Reply("\n".join(lines), image=chart)

    async def leaderboard(self, variant: str, *, guild_id: int | None = None, page: int = 1,
                          per_page: int = 10) -> Reply:
        """Players by rating in one game (this server's players, or everyone); provisional
        ratings are listed apart, after the established ones; equal ratings share a place."""
        try:
            info = engine.info(variant)
        except ValueError as err:
            raise UserError(str(err)) from None
        pool = [(*self._standing(r), r) for r in await self.store.rating_pool(info.id, guild_id)]
        scope = "this server" if guild_id is not None else "everyone"
        if not pool:
            return Reply(f"No rated {info.name} games yet ({scope}).")
        settled = sorted((p for p in pool if p[1] <= ratings.PROVISIONAL_SIGMA), key=lambda p: (-p[0], p[2].name))
        unsure = sorted((p for p in pool if p[1] > ratings.PROVISIONAL_SIGMA), key=lambda p: (-p[0], p[2].name))
        lines: list[tuple[str, str]] = []  # (section, line)
        place, last = 0, None
        for i, (shown, sigma, row) in enumerate(settled):
            if round(shown) != last:
                place, last = i + 1, round(shown)
            lines.append(("", f"{place}. {row.name} {round(shown)} ({row.games} games)"))
        for shown, sigma, row in unsure:
            lines.append(("Provisional", f"{row.name} {ratings.shown_value(shown, sigma)} ({row.games} games)"))
        pages = (len(lines) + per_page - 1) // per_page
        if not 1 <= page <= pages:
            raise UserError(f"There {'is only 1 page' if pages == 1 else f'are {pages} pages'}.")
        text = [f"{info.name} leaderboard ({scope}), page {page} of {pages}"]
        section = None
        for sec, line in lines[(page - 1) * per_page: page * per_page]:
            if sec and sec != section:
                text.append(f"{sec}:")
            section = sec
            text.append(line)
        return Reply("\n".join(text))

    # ----- looking -------------------------------------------------------------------------------------
    async def board(self, channel_id: int) -> Reply:
        row, game = self._require_game(channel_id)
        return Reply(f"Game #{row.id}, {engine.info(row.variant).name}. {self.status_text(row, game)}",
                     image=await self.picture(row, game), game_id=row.id)

    async def moves(self, channel_id: int) -> Reply:
        row, game = self._require_game(channel_id)
        return Reply(records.moves_text(row, game), game_id=row.id)

    async def export(self, *, channel_id: int | None = None, game_id: int | None = None) -> Reply:
        """The full record of a game as text that ``import`` (and engine.replay) can read back."""
        if game_id is not None:
            row = await self.store.get_game(game_id)
            if row is None or row.status in ("challenge", "declined", "expired"):
                raise UserError(f"There is no game #{game_id}.")
            game = self._replay(row)
        else:
            row, game = self._require_game(channel_id or 0)
        return Reply(records.export_text(row, game), game_id=row.id)

    async def games(self, *, guild_id: int | None = None, user_id: int | None = None) -> Reply:
        rows = await self.store.games_of(guild_id=guild_id, user_id=user_id)
        if not rows:
            return Reply("No games are running." if user_id is None else "You have no running games or open challenges.")
        lines = []
        for row in rows:
            name = game_name(row.variant)
            state = "waiting for acceptance" if row.status == "challenge" else "running"
            lines.append(f"#{row.id} {name}: {', '.join(s.name for s in row.seats)} ({state})")
        return Reply("\n".join(lines))

    def rules(self, variant: str) -> Reply:
        try:
            info = engine.info(variant)
        except ValueError as err:
            raise UserError(str(err)) from None
        return Reply(records.rules_text(info.id))
