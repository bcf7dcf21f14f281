"""The background sweep: challenges that expired, reminders that are due, and turns whose time
ran out. A timeout is decided inside the game's lock against the stored timer, so a move that
got the lock first always counts."""
from __future__ import annotations

import logging
from collections.abc import Callable

from data import GameStore
from rendering import replay as drawing

from . import wording
from .base import Notice, Reply, UserError
from .challenges import Challenges
from .play import Play
from .running import RunningGames, replay

log = logging.getLogger(__name__)
GRACE = 3600.0  # the least time a late reminder leaves to move
RECENT = 7 * 86400.0  # a turn left unshown by a stop is announced if it is no older than this


class Sweeper:
    def __init__(self, store: GameStore, running: RunningGames, challenges: Challenges, play: Play,
                 clock: Callable[[], float]) -> None:
        self.store = store
        self.running = running
        self.challenges = challenges
        self.play = play
        self.clock = clock

    async def unannounced(self) -> list[Notice]:
        """For a front-end that has just started: the turns (and game starts) saved just before the
        bot stopped whose message never went out, each announced once (the board and the ping) as
        soon as the front-end posts it."""
        notices = []
        for row in await self.store.unposted_games(self.clock() - RECENT):
            if not self.running.owns(row.guild_id):
                continue
            try:
                game = replay(row)
            except Exception:
                log.exception("Game %d: could not replay it to announce its last turn", row.id)
                continue
            names = [s.name for s in row.seats]
            ply = len(row.moves)
            what = (drawing.caption(ply, ply, row.moves[-1], row.move_seats[-1], names) if ply
                    else f"Game #{row.id} began")
            said = f"Saved just before the bot restarted: {what}."
            notices.append(Notice(row.channel_id, await self.play.turn_reply(row, game, said)))
        return notices

    async def tick(self) -> list[Notice]:
        """Expire old challenges, send due reminders, end games whose deadline has passed."""
        notices = [Notice(row.channel_id, self.challenges.expired_reply(row)) for row in await self.challenges.expire()]
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
        async with self.running.lock(game_id):
            found = self.running.loaded(game_id)
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
            if seat.user_id > 0 and (await self.play.notify.about((seat.user_id,)))[seat.user_id][1] is not None:
                return None  # on vacation: their clock is stopped (the store moved its deadline out)
            if timer.deadline_at <= now and timer.reminded:
                after = await self.play.leave(row, game, timer.seat, "timeout")
            elif not timer.reminded and timer.remind_at <= now:
                # a reminder that fell due while the bot was stopped is sent now; if the deadline
                # passed meanwhile too, it moves on by the notice a reminder gives (nobody loses
                # on time without having been reminded)
                deadline = timer.deadline_at
                if deadline <= now:
                    deadline = now + max(timer.deadline_at - timer.remind_at, GRACE)
                if not await self.store.claim_reminder(row.id, timer.seat,
                                                       deadline if deadline != timer.deadline_at else None):
                    return None  # another process (or an earlier sweep) has sent it
                text = (f"{seat.name}, it is your move in game #{row.id} ({wording.game_name(row.variant)}). "
                        f"Your time runs out {wording.in_words(deadline - now)}.")
                reminder = Reply(text, mention=(seat.user_id,), game_id=row.id, pick=True)
                return Notice(row.channel_id, await self.play.notify.route(reminder, row))
            else:
                return None  # a move has just set a new timer
        return Notice(row.channel_id, await self.play.turn_reply(row, after, f"{seat.name} ran out of time."))
