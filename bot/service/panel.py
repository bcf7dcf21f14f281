"""The move panel: a move picked in steps instead of typed (engine.steps), each step with its
picture (rendering.panel, drawn by the painters, off the event loop), for the player to move only.

Two parts. ``picking`` is the engine-and-picture part: the step a path leads to in any
engine.Game, its words and its picture; lessons, puzzles and hints use it on games that are not
stored. ``Panels`` is the stored-game part: it finds the game, checks who asks (a player of the
game, the one to move) and that the game is still where the panel was made (the position's
version travels with every press), and plays the chosen move through ``Play.move``, exactly as
/move does (lock, validation, commit, the public board and the ping). Nothing is kept between
presses: the game, the version and the path of choices are in each press, so a panel keeps
working after a restart.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

import engine
from data import GameRow, GameStore
from engine import steps
from engine.steps import Step, StepError

from . import wording
from .base import LEFT_GAME, MOVED_ON, NOT_PLAYING, Person, Reply, UserError, Viewer, no_game
from .pictures import Pictures
from .play import Play
from .running import RunningGames

log = logging.getLogger(__name__)

NOT_OFFERED = "That choice is not on offer any more. Press Play on the newest turn message to start again."
NO_LONGER = "Game #{id} is no longer running, so there is nothing to play."
STILL_DRAWING = "One moment: your last choice is still being drawn. Press again when it shows."


@dataclass(frozen=True)
class Panel:
    """One step of the panel: its words, the step itself (its options make the select), the
    picture, and what the next press must carry (the game and the position's version)."""

    text: str
    step: Step
    image: bytes | None
    game_id: int | None
    version: str


def panel_text(step: Step, title: str = "", pictured: bool = True) -> str:
    """The panel's words for a step: the question (or the move to play) and what is chosen so far
    (``pictured``: whether the step's picture, with the options' letters, goes with them)."""
    head = f"{title}\n" if title else ""
    if step.done:
        chosen = f" ({step.summary})" if step.summary and step.summary != step.move else ""
        only = "Your only move" if all(c.auto for c in step.chosen) else "Your move"
        return f"{head}**{only}: {step.move}**{chosen}. Press **Play it** to play it."
    lines = [f"{head}**{step.prompt}**"]
    if step.summary:
        lines.append(f"So far: {step.summary}")
    if step.within:
        lines.append(f"In {step.within}")
    lines.append("Pick below (the letters are marked on the picture)." if pictured else "Pick below.")
    return "\n".join(lines)


async def picking(game: engine.Game, path: str, pictures: Pictures, title: str = "",
                  game_id: int | None = None, names: list[str] | None = None) -> Panel:
    """The panel at ``path`` for the player to move in ``game`` (any engine.Game, stored or not):
    the step (StepError for a path that leads nowhere), its words, its picture (for a whole move,
    the position after it)."""
    step = steps.walk(game, path)
    image = await pictures.panel(steps.view_of(game, step), step, names)
    return Panel(panel_text(step, title, image is not None), step, image, game_id, steps.version(game))


class Panels:
    """The panel of the stored games: open it, take a step, play the move chosen."""

    def __init__(self, store: GameStore, running: RunningGames, play: Play, pictures: Pictures) -> None:
        self.store = store
        self.running = running
        self.play = play
        self.pictures = pictures
        self._drawing: set[int] = set()  # users whose panel picture is being drawn (one at a time each)

    async def _mover(self, user: Person, game_id: int | None, channel_id: int | None, version: str | None = None,
                     viewer: Viewer | None = None) -> tuple[GameRow, engine.Game, int]:
        """The running game (by number, else the one in the channel) and the seat of ``user``, who
        must be its player to move, in the position of ``version`` if given; a clear refusal
        otherwise. By number, a game the ``viewer`` may not see is "No game N here." whether or
        not it exists (as every lookup by number answers)."""
        if game_id is not None:
            found = self.running.loaded(game_id)
            if found is None:
                stored = await self.store.get_game(game_id)
                seen = stored is not None and (viewer is None or viewer.may_see(stored))
                raise UserError(NO_LONGER.format(id=game_id) if seen else no_game(game_id))
            if viewer is not None and not viewer.may_see(found[0]):
                raise UserError(no_game(game_id))
        else:
            assert channel_id is not None
            found = self.running.require(channel_id, user)
        row, game = found
        seat = row.seat_of(user.id)
        if seat is None:
            raise UserError(NOT_PLAYING)
        if seat in game.left_players:
            raise UserError(LEFT_GAME)
        if game.outcome is not None or game.to_move is None:
            raise UserError(NO_LONGER.format(id=row.id))
        if version is not None and steps.version(game) != version:
            raise UserError(MOVED_ON)
        if game.to_move != seat:
            waiting = row.seats[game.to_move].name
            raise UserError(f"It is not your turn: {waiting} is to move. The panel opens for the player to move.")
        return row, game, seat

    def _title(self, row: GameRow) -> str:
        return f"{wording.game_name(row.variant)} #{row.id} \u00b7 your move"

    async def _panel(self, user: Person, row: GameRow, game: engine.Game, path: str) -> Panel:
        """A step's panel, one at a time per user (pressing faster than the pictures are drawn
        would take the painters from everyone else)."""
        if user.id in self._drawing:
            raise UserError(STILL_DRAWING)
        self._drawing.add(user.id)
        try:
            return await picking(game, path, self.pictures, self._title(row), row.id)
        except StepError:
            raise UserError(NOT_OFFERED) from None
        finally:
            self._drawing.discard(user.id)

    async def open(self, user: Person, *, game_id: int | None = None, channel_id: int | None = None,
                   viewer: Viewer | None = None) -> Panel:
        """The panel's first step for ``user`` in the game ``game_id`` (or the game of the channel)."""
        row, game, _ = await self._mover(user, game_id, channel_id, viewer=viewer)
        return await self._panel(user, row, game, "")

    async def step(self, user: Person, game_id: int, version: str, path: str, viewer: Viewer | None = None) -> Panel:
        """The step a path of choices leads to, in the position of ``version``."""
        row, game, _ = await self._mover(user, game_id, None, version, viewer)
        return await self._panel(user, row, game, path)

    async def play_chosen(self, user: Person, game_id: int, version: str, path: str,
                          viewer: Viewer | None = None) -> Reply:
        """Play the move a path chose, through the same service call as /move (which checks the
        version again under the game's lock)."""
        row, game, _ = await self._mover(user, game_id, None, version, viewer)
        try:
            step = steps.walk(game, path)
        except StepError:
            raise UserError(NOT_OFFERED) from None
        if step.move is None:
            raise UserError("Choose the rest of your move first: the panel shows what is left to choose.")
        return await self.play.move(row.channel_id, user, step.move, version=version)
