"""The AI's review of a finished game (engine.ai.review): every position searched in the worker pool
as work of the kind "review" (after the bot's moves, before replays; servers in turn), in pieces,
so the front-end can show the progress between them; the three to five turns where a player's
winning chance fell most marked, each with the move played, the better move and a picture of the
position; a chart of the chances over the game. A stored game's review is kept (the reviews table)
for the next asker; an exported record (text or a file) is reviewed the same way, not kept.

Who may ask: a game is seen where it lives (``Viewer``: its players, and whoever can see its
channel in its server); a running game is refused (a review would advise its players), and so is a
game with no moves. One review at a time per user.
"""
from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from data import GameStore, StoreError
from engine.ai import review as reviewing
from engine.ai.review import Review
from rendering import replay as drawing
from rendering.review_chart import review_chart

from .. import records
from ..texts import plain_name
from ..workers import Workers
from . import wording
from .base import NoGameHere, UserError, Viewer
from .looking import Looking

log = logging.getLogger(__name__)
PIECE = 20  # positions a worker looks at in one piece (progress is shown between pieces)
LONGEST = 1000  # record entries a review takes at most
Progress = Callable[[int, int], Awaitable[None]]  # (positions looked at, of how many)


@dataclass(frozen=True)
class Marked:
    """One marked turn: what to say and the picture of the position before it."""

    text: str
    image: bytes | None


@dataclass(frozen=True)
class Reviewed:
    """A review as the front-ends show it: the summary, the chart, the marked turns."""

    game_id: int | None
    text: str
    chart: bytes | None
    turns: tuple[Marked, ...]


@dataclass(frozen=True)
class Source:
    """What a review is made from: a record and who sat where."""

    variant: str
    players: int
    seed: int
    options: dict[str, Any]
    record: list[str]
    names: list[str]
    game_id: int | None = None
    guild_id: int | None = None


def percent(value: float) -> str:
    return f"{round(value * 100)}%"


class Reviews:
    def __init__(self, store: GameStore, workers: Workers, painters: Workers, looking: Looking,
                 clock: Callable[[], float]) -> None:
        self.store = store
        self.workers = workers
        self.painters = painters
        self.looking = looking
        self.clock = clock
        self._busy: set[int] = set()  # users whose review is being made

    async def of_game(self, user_id: int, *, channel_id: int | None = None, game_id: int | None = None,
                      viewer: Viewer | None = None, progress: Progress | None = None) -> Reviewed:
        """The review of a finished game: by number, else the game of the channel (or the one that
        ended there last)."""
        try:
            row, _ = await self.looking.find(channel_id, game_id, viewer=viewer)
        except NoGameHere:
            raise UserError("Which game? Give its number, or ask in the game's channel or thread.") from None
        if row.status == "running":
            raise UserError(f"Game #{row.id} is still running: its review comes once it is over.")
        if not row.moves or row.status != "finished":
            raise UserError(f"Game #{row.id} has no moves to review.")
        source = Source(row.variant, len(row.seats), row.seed, dict(row.options), list(row.moves),
                        [s.name for s in row.seats], row.id, row.guild_id)
        version = reviewing.version_of(True)
        kept = await self.store.get_review(row.id, version)
        if kept is not None:
            try:
                return await self._shown(source, Review.from_dict(json.loads(kept)))
            except (ValueError, KeyError, TypeError):
                log.warning("Game %d: the kept review could not be read; making it again", row.id)
        found = await self._made(user_id, source, progress)
        try:
            await self.store.put_review(row.id, version, json.dumps(found.to_dict()), self.clock())
        except StoreError:
            log.warning("Game %d: the review could not be kept; it is shown all the same", row.id)
        return await self._shown(source, found)

    async def of_record(self, user_id: int, text: str, progress: Progress | None = None,
                        guild_id: int | None = None) -> Reviewed:
        """The review of an exported record (the text /export gives, here or elsewhere)."""
        try:
            parsed = records.parse_export(text)
            if len(parsed["record"]) > LONGEST:  # refused before replaying it: replaying runs here, on the event loop
                raise UserError(f"That record has {len(parsed['record'])} moves; a review takes games of up to "
                                f"{LONGEST}.")
            game = engine.replay(parsed["variant"], parsed["record"], players=parsed["players"],
                                 seed=parsed["seed"], options=parsed["options"] or None)
        except (ValueError, engine.IllegalMove) as err:
            raise UserError(f"I could not read that record: {err}") from None
        if game.outcome is None:
            raise UserError("That record is of a game that was still running: a review comes once it is over.")
        if not parsed["record"]:
            raise UserError("That record has no moves to review.")
        names = list(parsed["names"]) + [game.seat_label(s) for s in range(len(parsed["names"]), game.players)]
        source = Source(game.variant, game.players, parsed["seed"], dict(parsed["options"]), list(parsed["record"]),
                        names, None, guild_id)
        return await self._shown(source, await self._made(user_id, source, progress))

    async def _made(self, user_id: int, source: Source, progress: Progress | None) -> Review:
        """Look at every position in the worker pool, piece by piece, one review at a time per user."""
        if len(source.record) > LONGEST:
            raise UserError(f"That game has {len(source.record)} moves; a review takes games of up to {LONGEST}.")
        if user_id in self._busy:
            raise UserError("Your last review is still being made; one at a time, please.")
        self._busy.add(user_id)
        try:
            looks: list[reviewing.Look] = []
            total = len(source.record)
            for start in range(0, total, PIECE):
                if progress is not None:
                    await progress(start, total)
                looks += await self.workers.run(reviewing.look_range, source.variant, source.players, source.seed,
                                                source.options or None, source.record, start, start + PIECE, True,
                                                kind="review", key=source.guild_id)
            return reviewing.assemble(source.variant, source.players, source.seed, source.options or None,
                                      source.record, looks)
        finally:
            self._busy.discard(user_id)

    async def _shown(self, source: Source, review: Review) -> Reviewed:
        """The words and pictures of a review."""
        name = wording.game_name(source.variant)
        who = " vs ".join(source.names)
        number = f"game #{source.game_id}" if source.game_id is not None else "the record"
        lines = [f"**Review of {number}**, {name}: {who}, {wording.count(len(source.record), 'move')}.",
                 "The AI looked at every turn (its hard search on a smaller budget); after the end it saw "
                 "every tile, hidden ones too."]
        marks = [t for t in review.turns if t.ply in review.marked]
        if marks:
            lines.append(f"Marked: the {len(marks)} turns where a player's winning chance fell most (numbered on "
                         "the chart).")
        else:
            lines.append("No turn lost much: both sides played about as the AI would.")
        title = plain_name(f"{name} \u00b7 {who}")
        chart = await self._draw("a review chart", review_chart, title, [list(c) for c in review.chances],
                                 [plain_name(n) for n in source.names], list(review.marked))
        turns = []
        for number_of, turn in enumerate(marks, start=1):
            mover = source.names[turn.seat] if turn.seat < len(source.names) else f"Player {turn.seat + 1}"
            text = (f"**{number_of}. Move {turn.ply + 1}**: {mover} played {turn.played}; better was {turn.best}. "
                    f"{mover}'s winning chance {percent(turn.before)} \u2192 {percent(turn.after)}.")
            image = await self._draw(f"turn {turn.ply + 1} of a review", drawing.position_png, source.variant,
                                     source.players, source.seed, source.options or None, source.record,
                                     [plain_name(n) for n in source.names], turn.ply)
            turns.append(Marked(text, image))
        return Reviewed(source.game_id, "\n".join(lines), chart, tuple(turns))

    async def _draw(self, what: str, fn: Callable[..., bytes], *args: Any) -> bytes | None:
        try:
            return await self.painters.run(fn, *args)
        except Exception:
            log.exception("Could not draw %s; the review goes without it", what)
            return None


def marked_plies(reviewed: Reviewed) -> Sequence[int]:
    """The move numbers of a review's marked turns (1-based), as its words give them."""
    return [int(t.text.split("Move ", 1)[1].split("**", 1)[0]) for t in reviewed.turns]
