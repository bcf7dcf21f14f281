"""The game service: what the front-ends (the Discord cogs, the local console) call.

Each user action is one call here, and the Reply that comes back is what to show; a refusal
raises UserError with the message for that user. Every accepted move is committed to the store
before the reply exists; moves for one game are serialised by a per-game lock, so the second of
two simultaneous moves is judged on the new position.

``GameService`` is a thin facade over parts that each hold one concern:

    running.py     the running games in memory, their locks, replay on first use
    challenges.py  challenge, accept, decline, propose a board, rematch, expiry
    agreements.py  draws by agreement and takebacks
    bots.py        the seats the bot plays: its turns, thought out in worker processes
    play.py        move, resign, abort, hand, autocomplete, and the commit of every turn
    panel.py       the move panel: a move picked in steps, for the player to move, played as /move
    lessons.py     the lessons: progress per user and game, a lesson played with the panel or by notation
    hints.py       hints: the move the AI would play for the player to move, in casual games
    clock.py       the background sweep: expiry, reminders, timeouts
    timers.py      time per move, per server
    standings.py   ratings, profiles, leaderboards
    looking.py     board, moves, export, games, rules (finished games too), and what to say
                   where no game runs
    wording.py     how games, turns and results are put into words
    pictures.py    the pictures replies carry, drawn by the painters (off the event loop)
    replays.py     a game's animated replay and any of its positions (the step-through)
    open_seats.py  open challenges: seats anyone in the channel may take
    tournaments.py tournaments: create, join, leave, start, cancel, standings
    rounds.py      a tournament's rounds, run by the sweep: pairing (pairing.py), games, deadlines,
                   points and standings (scoring.py)
    settings.py    each player's settings: how they hear of their turn, quiet hours, vacations
    notify.py      telling the player to move as they chose (mention, direct message, digest)
    puzzles.py     puzzles for players (with puzzle_standing.py: their ratings), the daily post
    review.py      the AI's review of a finished game (or of an exported record)

CPU-heavy work runs in worker processes (``service.workers``, bot/workers.py): the AI and animated
replays there, still pictures in ``service.painters`` (its own processes in the Discord bot, so a
board never waits behind the bot's thinking; a thread of this process by default).
"""
from __future__ import annotations

import functools
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from data import GameStore, StoreError

from .. import metrics
from ..workers import InlineWorkers, Workers
from .agreements import Agreements
from .base import (
    HOUR,
    NO_GAME_HERE,
    Announcement,
    Closed,
    DirectMessage,
    NoGameHere,
    Notice,
    Person,
    Reply,
    UserError,
    Viewer,
)
from .bots import Bots
from .challenges import DEFAULT_CHALLENGE_TTL, Challenges
from .clock import Sweeper
from .hints import Hints
from .lessons import Course, Learning, LessonPanel
from .looking import Looking
from .notify import Notify
from .open_seats import OpenSeats
from .panel import Panel, Panels
from .pictures import Pictures
from .play import Play
from .puzzles import Puzzles, Shown
from .replays import Replays
from .review import Reviewed, Reviews
from .rounds import Rounds
from .running import RunningGames
from .settings import Settings
from .standings import Standings
from .timers import DEFAULT_DEADLINE, DEFAULT_REMINDER, Timers
from .tournaments import Tournaments
from .wording import in_words

__all__ = ["GameService", "Person", "Reply", "Notice", "Closed", "UserError", "Viewer", "NO_GAME_HERE", "HOUR",
           "in_words", "Panel", "Announcement", "DirectMessage",
           "Course", "LessonPanel", "Shown", "Reviewed"]
R = TypeVar("R")
log = logging.getLogger(__name__)


class GameService:
    """Everything a front-end may ask of the bot; each method is one part's."""

    def __init__(self, store: GameStore, *, clock: Callable[[], float] = time.time,
                 challenge_ttl: float = DEFAULT_CHALLENGE_TTL, reminder_after: float = DEFAULT_REMINDER,
                 move_deadline: float = DEFAULT_DEADLINE, rng: random.Random | None = None,
                 workers: Workers | None = None, owns: Callable[[int | None], bool] | None = None,
                 painters: Workers | None = None) -> None:
        """``owns(guild_id)``: whether this process serves that server's games (a shard cluster
        serves only its shards' servers; by default one process serves every server).
        ``painters``: where the still pictures are drawn (default: a thread of this process)."""
        self.store = store = metrics.measured(store)  # every call timed, failures counted
        self.clock = clock
        self.workers = workers or Workers()  # worker processes for CPU-heavy work (AI, replays)
        self.painters = painters or InlineWorkers("pictures")  # draws the still pictures
        pictures = Pictures(self.painters)
        self.running = RunningGames(store, owns)
        self.timers = Timers(store, clock, reminder_after=reminder_after, move_deadline=move_deadline)
        self.standings = Standings(store, clock, pictures)
        self.notify = Notify(store, clock, self.running, pictures)
        self.play = Play(store, self.running, self.timers, self.standings, clock, pictures, self.notify)
        self.challenges = Challenges(store, self.running, self.timers, clock, pictures, self.notify,
                                     ttl=challenge_ttl, rng=rng)
        self.sweeper = Sweeper(store, self.running, self.challenges, self.play, clock)
        self.looking = Looking(store, self.running, pictures)
        self.agreements = Agreements(store, self.running, self.play, self.timers, clock, pictures)
        self.bots = Bots(self.running, self.play, self.workers)
        self.running.changed = self.bots.wake  # after every turn: is the bot to move?
        explained = self._explained
        # start-up and the games in memory
        self.settle = self.bots.settle
        self.warm = self.running.warm
        self.game_in = self.running.game_in
        # challenges
        self.challenge = self.challenges.challenge
        self.accept = self.challenges.accept
        self.decline = self.challenges.decline
        self.propose_board = self.challenges.propose_board
        self.board_suggestions = self.challenges.board_suggestions
        self.expire_challenges = self.challenges.expire
        self.challenge_posted = self.challenges.posted
        self.rematch = self.challenges.rematch
        # playing
        self.move = explained(self.play.move)
        self.resign = explained(self.play.resign)
        self.abort = explained(self.play.abort)
        self.hand = explained(self.play.hand)
        self.suggestions = self.play.suggestions
        # the move panel (moves picked in steps)
        self.panels = Panels(store, self.running, self.play, pictures)
        self.open_panel = explained(self.panels.open)
        self.panel_step = self.panels.step
        self.play_panel = self.panels.play_chosen
        # learning: lessons (private, touching no game) and hints in casual games
        self.learning = Learning(store, clock, pictures)
        self.standings.learned = self.learning.summary
        self.hints = Hints(self.running, self.workers)
        self.hint = explained(self.hints.hint)
        # what the players agree on
        self.draw = explained(self.agreements.draw)
        self.takeback = explained(self.agreements.takeback)
        self.agree = self.agreements.agree
        self.decline_offer = self.agreements.decline
        # time
        self.unannounced = self.sweeper.unannounced
        self.orphans = self.challenges.orphans
        self.timings = self.timers.timings
        self.set_timings = self.timers.set_timings
        # ratings
        self.leaderboard = self.standings.leaderboard
        # puzzles
        self.puzzles = Puzzles(store, clock, pictures, rng)
        self.puzzle_board = self.puzzles.leaderboard
        # looking
        self.board = explained(self.looking.board)
        self.moves = explained(self.looking.moves)
        self.export = explained(self.looking.export)
        self.games = self.looking.games
        self.recent_games = self.looking.recent
        self.rules = self.looking.rules
        self.rules_page = self.looking.rules_page
        # watching a game again
        self.replays = Replays(store, self.running, self.workers, pictures, self.looking)
        self.replay, self.position = self.replays.replay, self.replays.position
        # playing together: open challenges, tournaments, each player's settings
        self.open_seats = OpenSeats(store, self.running, self.challenges, clock)
        self.rounds = Rounds(store, self.running, self.play, self.challenges, self.timers, self.notify, pictures,
                             clock)
        self.tournaments = Tournaments(store, self.running, self.play, self.rounds, clock)
        self.settings = Settings(store, clock, self.notify.forget)
        self.dm_refused = self.notify.refused
        self.note_for = self.notify.note_for
        # the AI's review of a finished game (or of an exported record)
        self.reviews = Reviews(store, self.workers, self.painters, self.looking, clock)

    async def profile(self, user: Person, variant: str | None = None) -> Reply:
        """A player's ratings (games and puzzles), record and rating chart."""
        reply = await self.standings.profile(user, variant)
        lines = await self.puzzles.profile_lines(user, variant)
        if lines:
            reply.text += "\n" + "\n".join(lines)
        return reply

    def _explained(self, action: Callable[..., Awaitable[R]]) -> Callable[..., Awaitable[R]]:
        """``action``, whose refusal that no game runs in the channel says what is there instead
        (a challenge waiting for acceptance, the player's game in its thread, a finished game)."""
        @functools.wraps(action)
        async def run(*args: Any, **kwargs: Any) -> R:
            try:
                return await action(*args, **kwargs)
            except NoGameHere as missing:
                raise UserError(await self.looking.explain(missing)) from None
        return run

    async def tick(self) -> list[Notice]:
        """What is due now: expired challenges, reminders and timeouts, the tournaments' rounds,
        turn notices held back by quiet hours, the daily digests and the daily puzzle posts (a post
        that fails to be made is logged and tried no more that day)."""
        notices = await self.sweeper.tick()
        notices += await self.rounds.tick()
        try:
            notices += await self.notify.due()
        except Exception:
            log.exception("The digests and held turn notices could not be sent; the next tick tries again")
        try:
            notices += await self.puzzles.due_posts()
        except Exception:
            log.exception("The daily puzzle posts could not be looked up; the next tick tries again")
        return notices

    async def posted(self, reply: Reply) -> None:
        """The front-end has posted ``reply``: the turn (or start) it shows is never announced again
        after a restart. A failed write is only logged (at worst the turn is shown once more)."""
        if reply.game_id is None or reply.ply is None:
            return
        try:
            await self.store.set_posted(reply.game_id, reply.ply)
        except StoreError:
            log.warning("Game %d: could not note that ply %d was shown", reply.game_id, reply.ply)

    async def reload(self) -> int:
        """Register every running game after a start (each is replayed on first use) and resume
        the bot's turns that were pending; returns how many games run."""
        await self.standings.do_chores()
        await self.notify.load()
        count = await self.running.reload()
        self.bots.wake_all()
        return count

    def close(self) -> None:
        """Stop the bot's thinking and the worker processes (the store is closed by its owner)."""
        self.bots.close()
        self.workers.close()
        self.painters.close()
