"""What a board page reads and does, through the game service: the state of a game as the page
shows it (whose turn, the last move, the move list, the board picture and where its points are,
and in games with hidden hands only the visitor's own hand), the steps of picking a move (the
move panel's step tree, engine.steps, as JSON), and playing the move a path chose through the
very call the panel's Play it makes (``Panels.play_chosen``, i.e. ``Play.move`` under the game's
lock, with the position's version).

A page is for one visitor and one game (the signed session says which, bot/web/links.py): a
player of the game picks and plays when it is their turn; anyone else watches. Every picture is
drawn by the service's painters (off the event loop); the board of a position is drawn once for
every page watching it, and each visitor has at most one other picture in the making at a time.
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import engine
import rendering
from data import GameRow
from engine import steps
from engine.notation import square_name

from ..service import GameService, Person, Reply, UserError, Viewer
from ..service.looking import NEVER_STARTED
from ..service.pictures import seat_names
from ..service.running import replay
from ..service.wording import game_name, status_text
from ..texts import plain_name
from . import drawing

log = logging.getLogger(__name__)

GONE = "Game #{id} is not there any more."
NOT_STARTED = "Game #{id} has not started yet: the board opens once everyone has accepted."
ABORTED = "Game over: game #{id} was called off before the first move."
STALE = "The game has moved on: the board now shows the new position."
WATCHING = "You are watching this game: only its players pick moves."
BUSY = "One moment: your last picture is still being drawn."
NO_TILE = "There is no such tile to show."
NOT_OFFERED = "That choice is not on offer in this position."
KEPT = 64  # board pictures kept (game, version): every page watching a position shares one


class Stale(UserError):
    """A step or move asked for in a position the game has left (the page fetches it again)."""


@dataclass(frozen=True)
class Visitor:
    """Who a page is for: a user (id and name, from the signed session) and the game."""

    user_id: int
    name: str
    game_id: int

    def person(self, row: GameRow) -> Person:
        """The user as the service knows them: their seat's stored name when they play."""
        seat = row.seat_of(self.user_id)
        return Person(self.user_id, row.seats[seat].name if seat is not None else self.name)

    def viewer(self) -> Viewer:
        """Seeing the game was settled when the link was made (in the game's own server)."""
        return Viewer(self.user_id, None, everywhere=True)


Announce = Callable[[GameRow, Reply], Awaitable[None]]


class Boards:
    """The board pages' part of the bot, on the game service."""

    def __init__(self, service: GameService, announce: Announce | None = None) -> None:
        self.service = service
        self.announce = announce  # posts a turn played from a page where the game is played (Discord, console)
        self._pictures: OrderedDict[tuple[int, str], asyncio.Future[tuple[bytes, dict[str, Any] | None]]] = \
            OrderedDict()
        self._finished: OrderedDict[tuple[int, int], tuple[GameRow, engine.Game]] = OrderedDict()
        self._drawing: set[int] = set()
        self._tiles: OrderedDict[tuple[str, str, int], asyncio.Future[bytes | None]] = OrderedDict()

    # ----- finding the game ----------------------------------------------------------------------
    async def find(self, game_id: int) -> tuple[GameRow, engine.Game]:
        """The game (running, from memory; else stored and replayed once per record length)."""
        found = self.service.running.loaded(game_id)
        if found is not None:
            return found
        row = await self.service.store.get_game(game_id)
        if row is None or row.status in ("declined", "expired"):
            raise UserError(GONE.format(id=game_id))
        if row.status in NEVER_STARTED:
            raise UserError(NOT_STARTED.format(id=game_id))
        key = (row.id, len(row.moves))
        kept = self._finished.get(key)
        if kept is None:
            kept = self._finished[key] = (row, replay(row))
            while len(self._finished) > 16:
                self._finished.popitem(last=False)
        return kept

    @staticmethod
    def seat(row: GameRow, game: engine.Game, visitor: Visitor) -> int | None:
        """The visitor's seat, while they still play (None: they watch)."""
        seat = row.seat_of(visitor.user_id)
        return None if seat is None or seat in game.left_players else seat

    # ----- what the page shows ---------------------------------------------------------------------
    async def state(self, visitor: Visitor) -> dict[str, Any]:
        """Everything the page shows of the game now, for this visitor."""
        row, game = await self.find(visitor.game_id)
        version = steps.version(game)
        _, geometry = await self._board(row, game, version)
        seat = self.seat(row, game, visitor)
        names = [plain_name(s.name) for s in row.seats]
        players = [{"seat": s.seat, "name": names[s.seat], "label": game.seat_label(s.seat), "bot": row.is_bot(s.seat),
                    "left": s.seat in game.left_players} for s in row.seats]
        moves = [{"n": n, "name": names[s], "move": m} for n, (s, m) in enumerate(zip(row.move_seats, row.moves), 1)]
        last = ""
        if moves:
            detail = game.describe_last_turn()
            last = f"{moves[-1]['name']} played {moves[-1]['move']}." + (f" {detail}." if detail else "")
        hand = None
        if seat is not None and game.hidden_hands and game.outcome is None:
            hand = {"note": plain_name(game.private_note(seat)), "url": f"hand.png?v={version}"}
        called_off = row.status == "aborted"
        status = ABORTED.format(id=row.id) if called_off else plain_name(status_text(row, game))
        return {"game": row.id, "title": f"{game_name(row.variant)} #{row.id}", "variant": row.variant,
                "version": version, "ply": len(game.record), "players": players,
                "you": {"name": plain_name(visitor.name), "seat": seat},
                "to_move": None if called_off else game.to_move,
                "your_turn": not called_off and seat is not None and game.to_move == seat,
                "over": called_off or game.outcome is not None, "status": status,
                "last": plain_name(last), "moves": moves, "hand": hand,
                "board": {"url": f"board.png?v={version}", "geometry": geometry}}

    async def board(self, visitor: Visitor, version: str) -> bytes:
        """The board picture of the position ``version`` (Stale if the game has left it)."""
        row, game = await self.find(visitor.game_id)
        if steps.version(game) != version:
            raise Stale(STALE)
        png, _ = await self._board(row, game, version)
        return png

    async def _board(self, row: GameRow, game: engine.Game, version: str) -> tuple[bytes, dict[str, Any] | None]:
        """The board and its geometry, drawn once per position however many pages ask at once."""
        key = (row.id, version)
        found = self._pictures.get(key)
        if found is None or (found.done() and found.exception() is not None):
            found = asyncio.ensure_future(self.service.painters.run(drawing.board, game.view(), seat_names(row)))
            self._pictures[key] = found
            while len(self._pictures) > KEPT:
                self._pictures.popitem(last=False)
        try:
            return await asyncio.shield(found)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Could not draw the board of game %d for a web page", row.id)
            raise UserError("The board could not be drawn just now; it has been logged. Try again.") from None

    async def _own(self, visitor: Visitor, what: str, fn: Callable[..., bytes | None], *args: Any) -> bytes:
        """A picture for one visitor, one at a time each (a page asking faster than pictures are
        drawn would take the painters from everyone else)."""
        if visitor.user_id in self._drawing:
            raise UserError(BUSY)
        self._drawing.add(visitor.user_id)
        try:
            png = await self.service.painters.run(fn, *args)
        except Exception:
            log.exception("Could not draw %s of game %d for a web page", what, visitor.game_id)
            raise UserError(f"The {what} could not be drawn just now; it has been logged.") from None
        finally:
            self._drawing.discard(visitor.user_id)
        if png is None:
            raise UserError(f"This game has no {what} to show.")
        return png

    async def hand(self, visitor: Visitor) -> bytes:
        """The visitor's own hand (games with hidden hands): never anyone else's."""
        row, game = await self.find(visitor.game_id)
        seat = self.seat(row, game, visitor)
        if seat is None or not game.hidden_hands:
            raise UserError("Only a player sees their own hand.")
        return await self._own(visitor, "hand", rendering.render_hand_view, game.hand_view(seat))

    async def tile(self, visitor: Visitor, code: str) -> bytes:
        """One of the visitor's tiles off the board, as the game draws it (a reserve or hand
        tile the page offers as a choice)."""
        row, game = await self.find(visitor.game_id)
        seat = self.seat(row, game, visitor)
        if seat is None or not code.isalnum() or len(code) > 8:
            raise UserError(NO_TILE)
        key = (row.variant, code, seat)
        found = self._tiles.get(key)
        if found is None:  # drawn once for everyone (a few codes per game and seat)
            found = asyncio.ensure_future(self.service.painters.run(drawing.tile, game.view(), code, seat))
            self._tiles[key] = found
            while len(self._tiles) > 256:
                self._tiles.popitem(last=False)
        try:
            png = await asyncio.shield(found)
        except asyncio.CancelledError:
            raise
        except Exception:  # not a tile of this game
            png = None
        if png is None:
            raise UserError(NO_TILE)
        return png

    # ----- picking and playing a move ------------------------------------------------------------------
    async def _mine(self, visitor: Visitor, version: str) -> tuple[GameRow, engine.Game]:
        row, game = await self.find(visitor.game_id)
        if self.seat(row, game, visitor) is None:
            raise UserError(WATCHING)
        if steps.version(game) != version:
            raise Stale(STALE)
        return row, game

    async def step(self, visitor: Visitor, version: str, path: str) -> dict[str, Any]:
        """The step ``path`` leads to (the panel's checks: a player, the one to move, this position)."""
        row, _ = await self._mine(visitor, version)
        try:
            step = await self.service.panels.walk(visitor.person(row), row.id, version, path, visitor.viewer())
        except UserError as err:
            raise UserError(NOT_OFFERED if str(err).startswith("That choice") else str(err)) from None
        return step.to_dict() | {"presses": steps.presses(step.path), "picked": [square_name(*p) for p in step.picked]}

    async def preview(self, visitor: Visitor, version: str, path: str) -> bytes:
        """The position after the move ``path`` chose, as the panel shows it before Play it."""
        row, game = await self._mine(visitor, version)
        step = await self.service.panels.walk(visitor.person(row), row.id, version, path, visitor.viewer())
        if step.move is None:
            raise UserError("Choose the rest of your move first.")
        return await self._own(visitor, "preview", rendering.render_view, steps.view_of(game, step), seat_names(row))

    async def play(self, visitor: Visitor, version: str, path: str) -> Reply:
        """Play the move ``path`` chose, exactly as the panel's Play it (and /move) does; the turn
        is then announced where the game is played."""
        row, _ = await self._mine(visitor, version)
        try:
            reply = await self.service.play_panel(visitor.person(row), row.id, version, path, visitor.viewer())
        except UserError as err:
            if str(err).startswith("The game has moved on"):
                raise Stale(STALE) from None
            raise
        if self.announce is not None:
            try:
                await self.announce(row, reply)
            except Exception:  # the move is stored: a message that could not go out is only logged
                log.exception("Game %d: the turn played on a web page could not be announced", row.id)
        return reply
