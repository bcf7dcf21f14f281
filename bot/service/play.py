"""Playing a running game: moves, resignations, aborts, a player's hand, autocomplete, and the
commit that stores each turn (with the result, the ratings and the next timer) before any
reply exists. Everything that changes a game runs inside that game's lock."""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import replace

import engine
from data import KEEP, GameRow, GameStore, StoreError, TurnTimer
from data.rows import Keep  # the type of KEEP
from engine import steps
from engine.notation import GAME_OVER, NOT_YOUR_TURN, squash

from .. import metrics
from . import wording
from .base import ENGINE_FAILED, LEFT_GAME, MOVE_NOT_SAVED, MOVED_ON, NOT_PLAYING, Person, Reply, UserError
from .pictures import Pictures
from .running import RunningGames, replay, saving
from .standings import Standings
from .timers import Timers

log = logging.getLogger(__name__)


class Play:
    def __init__(self, store: GameStore, running: RunningGames, timers: Timers, standings: Standings,
                 clock: Callable[[], float], pictures: Pictures) -> None:
        self.store = store
        self.running = running
        self.timers = timers
        self.standings = standings
        self.clock = clock
        self.pictures = pictures

    async def move(self, channel_id: int, user: Person, text: str, version: str | None = None) -> Reply:
        """Play ``text`` for ``user`` in the game of this channel; ``version``: the position the
        move was picked in (the move panel, engine.steps.version), refused if the game moved on."""
        if squash(text).lower() == "resign":  # typed as a move: the same as /resign
            return await self.resign(channel_id, user)
        started = time.perf_counter()
        row, _ = self.running.require(channel_id, user)
        async with self.running.lock(row.id):
            row, game = self.running.require(channel_id, user)
            if game.outcome is not None:
                raise UserError(GAME_OVER)
            seat = row.seat_of(user.id)
            if seat is None:
                raise UserError(NOT_PLAYING)
            if seat in game.left_players:
                raise UserError(LEFT_GAME)
            if seat != game.to_move:
                raise UserError(NOT_YOUR_TURN)
            if version is not None and steps.version(game) != version:
                raise UserError(MOVED_ON)
            after = game.copy()
            try:
                canonical = after.play(text)
            except engine.IllegalMove as err:
                raise UserError(wording.refusal(str(err))) from None
            except Exception:
                log.exception("Game %d (%s, ply %d): the engine failed on the move %r by seat %d",
                              row.id, row.variant, len(game.record), text[:200], seat)
                raise UserError(ENGINE_FAILED) from None
            closed = await self.commit(row, after, seat, canonical, close_offers=True)
            declined = self.closed_offers(row, closed)
        reply = await self.turn_reply(row, after, f"{user.name} played {canonical}.{declined}")
        reply = replace(reply, **await self.pictures.private(after, seat))
        metrics.TURN_SECONDS.labels(game=row.variant).observe(time.perf_counter() - started)
        return reply

    async def resign(self, channel_id: int, user: Person) -> Reply:
        """``user`` leaves the game of this channel (in games of more than two, the others may
        play on)."""
        row, _ = self.running.require(channel_id, user)
        async with self.running.lock(row.id):
            row, game = self.running.require(channel_id, user)
            seat = row.seat_of(user.id)
            if seat is None:
                raise UserError(NOT_PLAYING)
            after = await self.leave(row, game, seat, "resignation")
        return await self.turn_reply(row, after, f"{user.name} resigned.")

    async def leave(self, row: GameRow, game: engine.Game, seat: int, reason: str) -> engine.Game:
        """Seat ``seat`` leaves (resignation or timeout), committed; call with the game's lock held.
        When only the bot's seats are left, the game ends there (``end_unpeopled``)."""
        after = game.copy()
        try:
            after.resign(seat, reason)
        except (engine.IllegalMove, ValueError) as err:
            raise UserError(str(err)) from None
        await self.commit(row, after, seat, after.record[-1], before_to_move=game.to_move)
        return await self.end_unpeopled(row, after)

    @staticmethod
    def unpeopled(row: GameRow, game: engine.Game) -> bool:
        """Whether a running game has no person left in it (only the bot's seats)."""
        left = set(game.left_players)
        return game.outcome is None and all(row.is_bot(s) for s in range(game.players) if s not in left)

    async def end_unpeopled(self, row: GameRow, game: engine.Game) -> engine.Game:
        """A game whose last person left ends at once, ranked by the scores of that moment (the
        bot does not play on against itself); committed. Call with the game's lock held."""
        if not self.unpeopled(row, game):
            return game
        after = game.copy()
        after.end_by_scores()
        assert game.to_move is not None
        await self.commit(row, after, game.to_move, after.record[-1])
        return after

    async def abort(self, channel_id: int, user: Person) -> Reply:
        """Call the game off before the first move (it is not rated and has no result)."""
        row, _ = self.running.require(channel_id, user)
        async with self.running.lock(row.id):
            row, game = self.running.require(channel_id, user)
            if row.seat_of(user.id) is None:
                raise UserError(NOT_PLAYING)
            if game.record:
                raise UserError("The game has started, so it can no longer be aborted; you can resign instead.")
            await saving(row, self.store.set_status(row.id, "aborted", self.clock()))
            self.running.forget(row)
        return Reply(f"{user.name} aborted game #{row.id} before the first move.", game_id=row.id,
                     finished=True)

    async def hand(self, channel_id: int, user: Person) -> Reply:
        """A player's own tiles, for them alone."""
        row, game = self.running.require(channel_id, user)
        seat = row.seat_of(user.id)
        if seat is None:
            raise UserError(NOT_PLAYING)
        if not game.hidden_hands:
            raise UserError(f"{wording.game_name(row.variant)} has no hidden tiles: everything is on the board.")
        return Reply("", game_id=row.id, private=game.hand_text(seat),
                     private_image=await self.pictures.hand(game, seat))

    def suggestions(self, channel_id: int, user_id: int, typed: str, limit: int = 25) -> list[str]:
        """Autocomplete: legal moves completing ``typed``, only for the player to move."""
        found = self.running.game_in(channel_id)
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

    @staticmethod
    def closed_offers(row: GameRow, closed: list[tuple[str, int]]) -> str:
        """Words for the offers a turn closed (the store closes them with the turn): a draw offer
        the mover had not agreed to is declined by the move, and a takeback no longer fits."""
        said = []
        for kind, asker_seat in closed:
            asker = row.seats[asker_seat].name
            said.append(f" This declines {asker}'s draw offer." if kind == "draw"
                        else f" {asker}'s takeback request lapses.")
        return "".join(said)

    async def commit(self, row: GameRow, game: engine.Game, seat: int, entry: str,
                     before_to_move: int | None = None, close_offers: bool = False) -> list[tuple[str, int]]:
        """Store the turn ``entry`` that made ``game`` what it is, in one transaction with the
        result and rating changes (if it ended the game) or the next player's timer, and (with
        ``close_offers``) the offers the mover's turn closes, which it returns; then keep the
        game in memory. A failed write refuses the turn and changes nothing."""
        result = wording.outcome_dict(game.outcome) if game.outcome is not None else None
        now = self.clock()
        timer: TurnTimer | Keep | None
        if game.to_move is not None and game.to_move == before_to_move:
            timer = KEEP  # someone else left: the clock of the player to move runs on
        else:
            timer = self.timers.for_turn(row, game, now)
        rate = self.standings.update(row, game, now, result) if result is not None and row.rated else None
        rewrite = len(game.record) == len(row.moves)  # the last entry was completed, not added
        try:
            closed = await self.store.add_move(row.id, len(game.record) - 1, seat, entry, now, result, timer,
                                               replace=rewrite, rate=rate,
                                               close_offers_for=seat if close_offers else None)
        except StoreError:
            log.exception("Game %d: could not store %r; reloading it from the store", row.id, entry)
            fresh = await self.store.get_game(row.id)
            if fresh is not None and fresh.status == "running":
                self.running.keep(fresh, replay(fresh))
            else:
                self.running.forget(row)
            raise UserError(MOVE_NOT_SAVED) from None
        metrics.TURNS.labels(game=row.variant).inc()
        if rewrite:
            row.moves[-1] = entry
        else:
            row.moves.append(entry)
            row.move_seats.append(seat)
        if game.outcome is not None:
            row.status = "finished"
            row.result = result
            self.running.forget(row)
        else:
            self.running.keep(row, game)
        return closed

    async def turn_reply(self, row: GameRow, game: engine.Game, said: str) -> Reply:
        """The public message after a turn: what happened, whose turn it is (or the result and
        the rating changes), the board, and a mention of the player to move."""
        detail = game.describe_last_turn()
        text = said + (f" {detail}." if detail else "") + " " + wording.status_text(row, game)
        if game.outcome is not None and row.result and row.result.get("ratings"):
            text += " " + wording.rating_text(row)
        if game.outcome is not None:
            mention = wording.mentions(row)  # everyone hears how it ended
        else:
            mention = () if game.to_move is None else wording.mentions(row, [game.to_move])
        return Reply(text, image=await self.pictures.board(row, game), mention=mention, game_id=row.id,
                     finished=game.outcome is not None, rematch=game.outcome is not None, ply=len(game.record),
                     pick=game.to_move is not None and not row.is_bot(game.to_move))
