"""What the players of a running game agree on: a draw (every player still in the game accepts;
recorded as ``draw agreed`` and rated as a draw) and a takeback (the others accept undoing the
asker's last turn and any turn after it). An offer is stored until it is accepted, declined, or
closed by a move (see Play.commit). A turn that showed someone a hidden tile is never
taken back."""
from __future__ import annotations

from collections.abc import Callable

import engine
from data import GameRow, GameStore, Offer
from engine.base import DRAW_AGREED

from . import wording
from .base import LEFT_GAME, NOT_PLAYING, Person, Reply, UserError
from .pictures import Pictures
from .play import Play
from .running import RunningGames, replay, saving
from .timers import Timers

KINDS = ("draw", "takeback")
_NOUN = {"draw": "draw offer", "takeback": "takeback request"}


def _is_turn(entry: str) -> bool:
    """A record entry that is a turn on the board (not a player leaving, not an agreed draw)."""
    word = entry.split(" ")[0].lower()
    return entry.lower() != DRAW_AGREED and not (word in ("resign", "timeout") and entry[-1:].isdigit())


class Agreements:
    def __init__(self, store: GameStore, running: RunningGames, play: Play, timers: Timers,
                 clock: Callable[[], float], pictures: Pictures) -> None:
        self.store = store
        self.running = running
        self.play = play
        self.timers = timers
        self.clock = clock
        self.pictures = pictures

    async def draw(self, channel_id: int, user: Person) -> Reply:
        """Offer a draw, or accept the one another player offered."""
        return await self._ask_or_agree("draw", channel_id, user)

    async def takeback(self, channel_id: int, user: Person) -> Reply:
        """Ask to take back your last turn, or accept another player's request."""
        return await self._ask_or_agree("takeback", channel_id, user)

    async def agree(self, user: Person, game_id: int, kind: str) -> Reply:
        """Accept an open offer (the Accept button)."""
        found = self.running.loaded(game_id)
        if found is None:
            raise UserError("That game is over; the offer is closed.")
        return await self._ask_or_agree(kind, found[0].channel_id, user, only_agree=True)

    async def decline(self, user: Person, game_id: int, kind: str) -> Reply:
        """Decline an open offer (the Decline button); the asker withdraws it."""
        found = self.running.loaded(game_id)
        if found is None:
            raise UserError("That game is over; the offer is closed.")
        async with self.running.lock(game_id):
            row, game = self._running(game_id)
            seat = self._seat(row, game, user)
            offer = await self._offer(row, kind)
            if offer is None:
                raise UserError(f"There is no open {_NOUN[kind]} in game #{row.id}.")
            await saving(row, self.store.drop_offers(row.id, kind))
        asker = row.seats[offer.seat]
        if seat == offer.seat:
            return Reply(f"{user.name} withdrew their {_NOUN[kind]}.", game_id=row.id)
        return Reply(f"{user.name} declined {asker.name}'s {_NOUN[kind]}.", mention=(asker.user_id,), game_id=row.id)

    # ----- the common path ------------------------------------------------------------------------
    def _running(self, game_id: int) -> tuple[GameRow, engine.Game]:
        found = self.running.loaded(game_id)
        if found is None:
            raise UserError("That game is over; the offer is closed.")
        return found

    @staticmethod
    def _seat(row: GameRow, game: engine.Game, user: Person) -> int:
        seat = row.seat_of(user.id)
        if seat is None:
            raise UserError(NOT_PLAYING)
        if seat in game.left_players:
            raise UserError(LEFT_GAME)
        return seat

    async def _offer(self, row: GameRow, kind: str) -> Offer | None:
        return next((o for o in await self.store.offers(row.id) if o.kind == kind), None)

    async def _ask_or_agree(self, kind: str, channel_id: int, user: Person, only_agree: bool = False) -> Reply:
        row, _ = self.running.require(channel_id, user)
        async with self.running.lock(row.id):
            row, game = self.running.require(channel_id, user)
            seat = self._seat(row, game, user)
            offer = await self._offer(row, kind)
            staying = [s for s in range(game.players) if s not in game.left_players]
            if offer is None:
                if only_agree:
                    raise UserError(f"There is no open {_NOUN[kind]} in game #{row.id}.")
                return await self._ask(kind, row, game, seat, staying)
            if seat in offer.accepted:
                waiting = ", ".join(row.seats[s].name for s in staying if s not in offer.accepted)
                raise UserError(f"You have agreed already; waiting for {waiting}.")
            offer.accepted.append(seat)
            if any(s not in offer.accepted for s in staying):
                await saving(row, self.store.put_offer(offer))
                waiting = ", ".join(row.seats[s].name for s in staying if s not in offer.accepted)
                return Reply(f"{user.name} agrees to the {kind}. Waiting for {waiting}.", game_id=row.id)
            if kind == "draw":
                after = game.copy()
                after.agree_draw()
                await self.play.commit(row, after, seat, DRAW_AGREED)
                agreed = " and ".join(row.seats[s].name for s in staying)
                return await self.play.turn_reply(row, after, f"{agreed} agreed to a draw.")
            return await self._take_back(row, game, offer)

    async def _ask(self, kind: str, row: GameRow, game: engine.Game, seat: int, staying: list[int]) -> Reply:
        bots = [s for s in staying if row.is_bot(s)]
        others = [row.seats[s] for s in staying if s != seat and not row.is_bot(s)]
        who = ", ".join(s.name for s in others)
        me = row.seats[seat].name
        if kind == "draw":
            if bots:
                raise UserError(f"{row.seats[bots[0]].name} plays on: the bot does not agree to draws.")
            offer = Offer(row.id, kind, seat, len(game.record), [seat], self.clock())
            text = f"{me} offers a draw. {who}: accept or decline; a move declines it."
        else:
            start = self._takeback_start(row, game, seat)
            offer = Offer(row.id, kind, seat, start, [seat, *bots], self.clock())  # the bot always agrees
            if not others:
                return await self._take_back(row, game, offer)
            undone = ", ".join(row.moves[start:])
            text = f"{me} asks to take back {undone}. {who}: accept or decline; a move closes the request."
        await saving(row, self.store.put_offer(offer))
        return Reply(text, mention=tuple(s.user_id for s in others), game_id=row.id, offer=kind)

    @staticmethod
    def _takeback_start(row: GameRow, game: engine.Game, seat: int) -> int:
        """The ply from which a takeback by ``seat`` undoes the record: their last turn."""
        mine = [i for i, (s, entry) in enumerate(zip(row.move_seats, row.moves)) if s == seat and _is_turn(entry)]
        if not mine:
            raise UserError("You have no turn to take back.")
        start = mine[-1]
        tail = row.moves[start:]
        if not all(_is_turn(entry) for entry in tail):
            raise UserError("A player has left the game since your last turn, so it can no longer be taken back.")
        if any(game.reveals_hidden(entry) for entry in tail):
            raise UserError("That turn showed a hidden tile, so it cannot be taken back.")
        return start

    async def _take_back(self, row: GameRow, game: engine.Game, offer: Offer) -> Reply:
        undone = row.moves[offer.ply:]
        kept = GameRow(**{**row.__dict__, "moves": row.moves[:offer.ply], "move_seats": row.move_seats[:offer.ply]})
        before = replay(kept)
        now = self.clock()
        await saving(row, self.store.take_back(row.id, offer.ply, now, self.timers.for_turn(row, before, now)))
        row.moves[:] = kept.moves
        row.move_seats[:] = kept.move_seats
        self.running.keep(row, before)
        assert before.to_move is not None
        text = f"Takeback agreed: {', '.join(undone)} taken back. {wording.status_text(row, before)}"
        reply = Reply(text, image=await self.pictures.board(row, before),
                      mention=wording.mentions(row, [before.to_move]), game_id=row.id,
                      pick=not row.is_bot(before.to_move))
        return await self.play.notify.route(reply, row)
