"""Watching a game again without changing it: an animated replay of a whole game (a running game
up to its last move), and any position of it for the step-through. Both are drawn from the
stored record (the truth) in a worker process or thread, from the public views only: a hidden
hand never shows."""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from data import GameRow, GameStore
from rendering import replay as drawing

from ..workers import Workers
from . import wording
from .base import UserError, Viewer
from .looking import Looking
from .pictures import Pictures, seat_names
from .running import RunningGames

NO_GAME_NUMBER = "There is no game running in this channel; give the number of the game you mean, e.g. 12."
KEPT = 32  # replays kept for the next asker (the least recently asked for goes first)
NOT_STARTED = {"challenge": "its challenge is still open", "declined": "its challenge was declined",
               "expired": "its challenge expired"}


def megabytes(size: int) -> str:
    return f"{size / 2**20:.1f} MB"


def too_big(game_id: int, size: int, limit: int) -> str:
    """The refusal of a replay the server would not take."""
    return (f"The replay of game #{game_id} is {megabytes(size)}, and this server takes files up to "
            f"{megabytes(limit)}, so I cannot post it here. Browse shows the game position by position.")


@dataclass(frozen=True)
class Replay:
    """An animated GIF of a game and the words that go with it."""

    game_id: int
    text: str
    gif: bytes
    frames: int  # the start and one frame per move shown (a long game is sampled)
    elsewhere: bool = False  # a game of another channel: for the asker only


@dataclass(frozen=True)
class Position:
    """One position of a game (after ``ply`` of its ``plies`` moves; 0: the start), as a picture."""

    game_id: int
    ply: int
    plies: int
    text: str
    image: bytes
    running: bool  # the game goes on: its last position may move on
    elsewhere: bool = False  # a game of another channel: for the asker only


class Replays:
    def __init__(self, store: GameStore, running: RunningGames, workers: Workers, pictures: Pictures,
                 looking: Looking) -> None:
        self.store = store
        self.running = running
        self.workers = workers
        self.pictures = pictures
        self.looking = looking
        self._drawing: dict[int, int] = {}  # user id -> the game whose replay is being drawn for them
        self._kept: OrderedDict[tuple[int, int], bytes] = OrderedDict()  # (game, moves) -> GIF, newest last

    async def record(self, *, channel_id: int | None = None, game_id: int | None = None,
                     viewer: Viewer | None = None) -> GameRow:
        """A game with moves to look at: by number (if ``viewer`` may see it), else the one running
        in the channel or the one that ended there last; a clear refusal for anything else."""
        if game_id is None:
            found = self.running.game_in(channel_id) if channel_id is not None else None
            last = await self.store.last_game_in(channel_id) if found is None and channel_id is not None else None
            if found is not None:
                row = found[0]
            elif last is not None:
                row = last
            else:
                raise UserError(NO_GAME_NUMBER)
        else:
            row = await self.looking.numbered(game_id, viewer, started=False)
        if row.status in NOT_STARTED:
            raise UserError(f"Game #{row.id} never started: {NOT_STARTED[row.status]}.")
        if not row.moves:
            what = "it was called off before the first move" if row.status == "aborted" else "it has no moves yet"
            raise UserError(f"There is nothing to replay in game #{row.id}: {what}.")
        return row

    async def replay(self, *, channel_id: int | None = None, game_id: int | None = None,
                     viewer: Viewer | None = None, limit: int | None = None) -> Replay:
        """The animated replay of a game, drawn in a worker process after the bot's moves (fair
        use: one replay at a time per user; a long game sampled to at most MAX_FRAMES frames;
        refused before drawing when it would be larger than ``limit`` bytes; kept for the next
        asker while the game has not moved on)."""
        row = await self.record(channel_id=channel_id, game_id=game_id, viewer=viewer)
        moves, seats = list(row.moves), list(row.move_seats)
        so_far = " so far" if row.status == "running" else ""
        text = (f"Replay of game #{row.id}, {wording.game_name(row.variant)}: "
                f"{' vs '.join(s.name for s in row.seats)}, {wording.count(len(moves), 'move')}{so_far}.")
        elsewhere = Looking.elsewhere(row, channel_id)
        kept = self._kept.get((row.id, len(moves)))
        if kept is not None:
            self._kept.move_to_end((row.id, len(moves)))
            return Replay(row.id, text, kept, len(drawing.shown_plies(len(moves))), elsewhere)
        estimate = drawing.estimated_size(len(moves))
        if limit is not None and estimate > limit:
            raise UserError(too_big(row.id, estimate, limit))
        asker = viewer.user_id if viewer is not None else None
        if asker is not None and asker in self._drawing:
            raise UserError(f"Your replay of game #{self._drawing[asker]} is still being drawn; one at a time, "
                            "please.")
        if asker is not None:
            self._drawing[asker] = row.id
        try:
            gif = await self.workers.run(drawing.replay_gif, row.variant, len(row.seats), row.seed, row.options,
                                         moves, seat_names(row), seats, kind="replay", key=row.guild_id)
        finally:
            if asker is not None:
                self._drawing.pop(asker, None)
        self._kept[(row.id, len(moves))] = gif
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return Replay(row.id, text, gif, len(drawing.shown_plies(len(moves))), elsewhere)

    async def position(self, game_id: int | None = None, ply: int | None = None, *, channel_id: int | None = None,
                       viewer: Viewer | None = None) -> Position:
        """The position after ``ply`` moves (default: the last) of a game, by number or the one
        running in the channel, drawn off the event loop."""
        row = await self.record(channel_id=channel_id, game_id=game_id, viewer=viewer)
        moves, names = list(row.moves), [s.name for s in row.seats]
        plies = len(moves)
        if ply is not None and not 0 <= ply <= plies:
            raise UserError(f"Game #{row.id} has {wording.count(plies, 'move')}: pick a position from 0 (the start) "
                            f"to {plies}.")
        ply = plies if ply is None else ply
        image = await self.pictures.position(row, ply)
        entry = moves[ply - 1] if ply else None
        seat = row.move_seats[ply - 1] if ply and ply - 1 < len(row.move_seats) else None
        said = drawing.caption(ply, plies, entry, seat, names)
        text = f"Game #{row.id}, {wording.game_name(row.variant)}: {' vs '.join(names)}. {said}."
        return Position(row.id, ply, plies, text, image, row.status == "running", Looking.elsewhere(row, channel_id))
