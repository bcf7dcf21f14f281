"""Puzzles for players (engine.puzzles): a puzzle near the player's puzzle rating, shown privately
with the move panel's first step (``panel.picking`` on the puzzle's own game, which is never
stored); a move picked or typed is judged (engine.puzzles.judge), a right one answered by the
scripted replies, the end rated (bot.service.puzzle_standing) and written with the streak in one
transaction. The daily puzzle is the same for everyone on a day (UTC); a server may have it posted
in a channel at an hour (``daily_post``), once a day, with a Solve button.

Nothing is kept in memory between presses: an attempt is a row (its puzzle and progress), and every
press carries the attempt and the progress it saw, so two presses at once move it once, and the
panel keeps working after a restart.
"""
from __future__ import annotations

import hashlib
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import engine
from data import DAILY, AttemptRow, GameStore, PuzzleEnd, PuzzlePlayerRow, PuzzleRatingRow, StoreError, WriteFailed
from engine import puzzles as pz
from engine import steps
from engine.puzzles import Puzzle
from engine.steps import Step, StepError

from . import puzzle_standing as standing
from . import wording
from .base import SAVE_FAILED, Notice, Person, Reply, UserError
from .panel import STILL_DRAWING, picking
from .pictures import Pictures
from .standings import board_page

log = logging.getLogger(__name__)
DAY = 86400.0
MOVED_ON = "This puzzle has moved on since (a second press?). The puzzle command shows where it stands."
NOT_YOURS = "This puzzle is someone else's. The puzzle command gives you one of your own."
NO_PUZZLES = "There are no puzzles for {game} yet."
NOT_OFFERED = "That choice is not on offer. The puzzle command shows the puzzle again."


def day_of(now: float) -> str:
    """The day (UTC) of a moment, as YYYY-MM-DD."""
    return time.strftime("%Y-%m-%d", time.gmtime(now))


def daily_puzzle(day: str) -> Puzzle:
    """The puzzle of a day: the same for everyone (a digest of the day picks one of all the puzzles)."""
    everything = sorted(pz.all_puzzles(), key=lambda p: p.id)
    if not everything:
        raise UserError("There are no puzzles yet.")
    pick = int(hashlib.sha256(f"daily|{day}".encode()).hexdigest(), 16) % len(everything)
    return everything[pick]


@dataclass(frozen=True)
class Shown:
    """What a puzzle message shows: its words, a picture, and while the attempt is open the panel
    step (its options) and what the next press must carry."""

    text: str
    image: bytes | None
    attempt_id: int
    progress: int
    step: Step | None  # None once the attempt has ended
    variant: str
    solved: bool | None = None  # how it ended (None: still open)


class Puzzles:
    def __init__(self, store: GameStore, clock: Callable[[], float], pictures: Pictures,
                 rng: random.Random | None = None) -> None:
        self.store = store
        self.clock = clock
        self.pictures = pictures
        self.rng = rng or random.Random()
        self._drawing: set[int] = set()  # users whose puzzle picture is being drawn (one at a time each)

    # ----- opening a puzzle -------------------------------------------------------------------
    async def ask(self, user: Person, variant: str | None = None, guild_id: int | None = None) -> Shown:
        """``/puzzle [game]``: the player's open puzzle of that game (or of any game), else a new
        one near their puzzle rating (a game at random among those with puzzles, if none named)."""
        if variant is not None:
            variant = self._variant(variant)
            slots = [variant]
        else:
            slots = list(pz.variants_with_puzzles())
        for slot in slots:
            attempt = await self.store.open_attempt(user.id, slot)
            if attempt is not None:
                return await self._resume(user, attempt, "You have this puzzle open: here it is again.")
        if variant is None:
            if not slots:
                raise UserError("There are no puzzles yet.")
            variant = self.rng.choice(slots)
        pool = pz.puzzles_of(variant)
        if not pool:
            raise UserError(NO_PUZZLES.format(game=wording.game_name(variant)))
        stored = await self.store.puzzle_ratings(variant)
        players = await self.store.puzzle_players(user.id, variant)
        tried = {a.puzzle_id for a in await self.store.attempts_at(user.id, variant=variant)}
        skill = standing.player_skill(players[0] if players else None, self.clock())
        puzzle, fresh = standing.choose(pool, stored, tried, skill, self.rng)
        note = "" if fresh else "You have tried every puzzle of this game: here is one again (not rated)."
        return await self._start(user, puzzle, variant, None, guild_id, note)

    async def daily(self, user: Person, guild_id: int | None = None, day: str | None = None,
                    puzzle_id: str | None = None) -> Shown:
        """Today's puzzle (or the puzzle of ``day``, from a Solve button, which names the puzzle it
        was posted with: a bot updated with more puzzles since still opens that one): the open
        attempt at it, or a new one; a player who has done it is told how it went."""
        today = day_of(self.clock())
        day = day or today
        puzzle = (pz.find(puzzle_id) if puzzle_id else None) or daily_puzzle(day)
        attempt = await self.store.open_attempt(user.id, DAILY)
        if attempt is not None and attempt.day == day:
            return await self._resume(user, attempt, "You have this puzzle open: here it is again.")
        done = [a for a in await self.store.attempts_at(user.id, [puzzle.id]) if a.day == day]
        if done:
            how = "solved it" if done[-1].status == "solved" else "tried it"
            when = "today's" if day == today else f"the puzzle of {day}"
            raise UserError(f"You have done {when} puzzle already (you {how}). A new daily puzzle comes at "
                            "midnight UTC; the puzzle command gives you more in the meantime.")
        if attempt is not None:  # yesterday's daily, left open: it ends as it stands
            await self._end(user, attempt, pz.find(attempt.puzzle_id), False, attempt.progress)
        title = "Today's puzzle" if day == today else f"The puzzle of {day}"
        return await self._start(user, puzzle, DAILY, day, guild_id, f"{title}: the same for everyone.")

    async def _start(self, user: Person, puzzle: Puzzle, slot: str, day: str | None, guild_id: int | None,
                     note: str) -> Shown:
        try:
            attempt = await self.store.start_attempt(user_id=user.id, puzzle_id=puzzle.id, variant=puzzle.variant,
                                                     slot=slot, day=day, guild_id=guild_id, now=self.clock())
        except WriteFailed:
            raise UserError(SAVE_FAILED) from None
        except StoreError:  # a second press opened one a moment ago
            found = await self.store.open_attempt(user.id, slot)
            if found is None:
                raise UserError(SAVE_FAILED) from None
            return await self._resume(user, found, "")
        return await self._show(user, attempt, puzzle, "", note)

    async def _resume(self, user: Person, attempt: AttemptRow, note: str) -> Shown:
        puzzle = pz.find(attempt.puzzle_id)
        if puzzle is None:  # the puzzles were mined again without it: close it, unrated
            await self._end(user, attempt, None, False, attempt.progress)
            raise UserError("Your open puzzle is no longer offered (the puzzles were renewed); it was closed "
                            "without changing your rating. Ask again for a new one.")
        return await self._show(user, attempt, puzzle, "", note)

    # ----- a press or a typed move ---------------------------------------------------------------
    async def _mine(self, user: Person, attempt_id: int, progress: int) -> tuple[AttemptRow, Puzzle]:
        attempt = await self.store.get_attempt(attempt_id)
        if attempt is None or attempt.user_id != user.id:
            raise UserError(NOT_YOURS)
        if attempt.status != "open":
            raise UserError(f"This puzzle is over: you {'solved' if attempt.status == 'solved' else 'tried'} it. "
                            "The puzzle command gives you the next one.")
        if attempt.progress != progress:
            raise UserError(MOVED_ON)
        puzzle = pz.find(attempt.puzzle_id)
        if puzzle is None:
            await self._end(user, attempt, None, False, attempt.progress)
            raise UserError("This puzzle is no longer offered; it was closed without changing your rating.")
        return attempt, puzzle

    async def pick(self, user: Person, attempt_id: int, progress: int, path: str) -> Shown:
        """A choice in the puzzle's move panel (or Back): the step it leads to."""
        attempt, puzzle = await self._mine(user, attempt_id, progress)
        return await self._show(user, attempt, puzzle, path, "")

    async def play_picked(self, user: Person, attempt_id: int, progress: int, path: str) -> Shown:
        """Play it: the move a path of the panel chose."""
        attempt, puzzle = await self._mine(user, attempt_id, progress)
        try:
            step = steps.walk(pz.position_at(puzzle, attempt.progress), path)
        except StepError:
            raise UserError(NOT_OFFERED) from None
        if step.move is None:
            raise UserError("Choose the rest of your move first: the panel shows what is left to choose.")
        return await self._judge(user, attempt, puzzle, step.move)

    async def answer(self, user: Person, attempt_id: int, progress: int, move: str) -> Shown:
        """A typed move (notation)."""
        attempt, puzzle = await self._mine(user, attempt_id, progress)
        return await self._judge(user, attempt, puzzle, move)

    async def give_up(self, user: Person, attempt_id: int, progress: int) -> Shown:
        """The player gives up: the attempt fails and the solution is shown."""
        attempt, puzzle = await self._mine(user, attempt_id, progress)
        return await self._finish(user, attempt, puzzle, False, "You gave up.")

    async def _judge(self, user: Person, attempt: AttemptRow, puzzle: Puzzle, move: str) -> Shown:
        try:
            verdict = pz.judge(puzzle, attempt.progress, move)
        except engine.IllegalMove as err:
            raise UserError(f"{err} The puzzle is unchanged: try another move.") from None
        if verdict.result == pz.RIGHT:
            try:
                await self.store.advance_attempt(attempt.id, attempt.progress, verdict.progress)
            except WriteFailed:
                raise UserError(SAVE_FAILED) from None
            except StoreError:
                raise UserError(MOVED_ON) from None
            attempt.progress = verdict.progress
            replies = ", ".join(verdict.replies)
            said = f"**Right: {verdict.played}.** The reply: {replies}. Now finish it."
            return await self._show(user, attempt, puzzle, "", said)
        solved = verdict.result == pz.SOLVED
        said = (f"**Solved: {verdict.played} wins.**" if solved
                else f"**Not this time: {verdict.played} is not the answer.**")
        return await self._finish(user, attempt, puzzle, solved, said)

    async def _finish(self, user: Person, attempt: AttemptRow, puzzle: Puzzle, solved: bool, said: str) -> Shown:
        end = len(puzzle.solution) if solved else attempt.progress
        try:
            row, before, after = await self._end(user, attempt, puzzle, solved, end)
        except WriteFailed:
            raise UserError(SAVE_FAILED) from None
        except StoreError:
            raise UserError(MOVED_ON) from None
        game = puzzle.start()
        for entry in puzzle.solution:
            game.play(entry)
        lines = [said, f"The solution: {pz.solution_words(puzzle)}.", standing.change_words(before, after, row),
                 "The puzzle command gives you the next one."]
        image = await self.pictures.game(game, self._names(user, puzzle), f"the end of puzzle {puzzle.id}")
        return Shown("\n".join([self._title(puzzle), *lines]), image, attempt.id, end, None, puzzle.variant, solved)

    async def _end(self, user: Person, attempt: AttemptRow, puzzle: Puzzle | None, solved: bool, to: int
                   ) -> tuple[PuzzlePlayerRow, float | None, float | None]:
        """End an attempt in the store with its ratings (an attempt whose puzzle is gone: unrated)."""
        captured: dict[str, float | None] = {}

        def settle(player: PuzzlePlayerRow | None, stored: PuzzleRatingRow | None
                   ) -> tuple[PuzzlePlayerRow, PuzzleRatingRow, float | None, float | None]:
            if puzzle is None:
                placeholder = Puzzle(attempt.puzzle_id, attempt.variant, 2, 0, {}, (), pz.WIN1, ("",), (), 1500)
                out = standing.settle(placeholder, user.id, user.name, False, False, self.clock(), player, stored)
            else:
                out = standing.settle(puzzle, user.id, user.name, solved, attempt.rated, self.clock(), player, stored)
            captured["before"], captured["after"] = out[2], out[3]
            return out
        row, _ = await self.store.end_attempt(attempt.id, attempt.progress, to, PuzzleEnd(solved, settle),
                                              self.clock())
        return row, captured.get("before"), captured.get("after")

    # ----- what a puzzle message shows -------------------------------------------------------------
    def _variant(self, variant: str) -> str:
        try:
            return engine.info(variant).id
        except ValueError as err:
            raise UserError(str(err)) from None

    @staticmethod
    def _title(puzzle: Puzzle) -> str:
        tags = ", ".join(puzzle.tags)
        players = f", {puzzle.players} players" if engine.info(puzzle.variant).max_players > 2 else ""
        return f"**Puzzle {puzzle.id}** \u00b7 {wording.game_name(puzzle.variant)}{players} \u00b7 {tags}"

    @staticmethod
    def _names(user: Person, puzzle: Puzzle) -> list[str]:
        game = puzzle.start()
        return [user.name if seat == puzzle.seat else game.seat_label(seat) for seat in range(puzzle.players)]

    async def _show(self, user: Person, attempt: AttemptRow, puzzle: Puzzle, path: str, said: str) -> Shown:
        game = pz.position_at(puzzle, attempt.progress)
        label = game.seat_label(puzzle.seat)
        head = [self._title(puzzle), pz.goal_text(puzzle, f"You ({label})")]
        if game.hidden_hands:
            head.append(f"Your hand: {game.hand_text(puzzle.seat)}")
        if said:
            head.append(said)
        if user.id in self._drawing:  # pressing faster than pictures are drawn would take the painters from everyone
            raise UserError(STILL_DRAWING)
        self._drawing.add(user.id)
        try:
            panel = await picking(game, path, self.pictures, "\n".join(head), names=self._names(user, puzzle))
        except StepError:
            raise UserError(NOT_OFFERED) from None
        finally:
            self._drawing.discard(user.id)
        text = panel.text + "\nOr type the move; give up shows the solution."
        return Shown(text, panel.image, attempt.id, attempt.progress, panel.step, puzzle.variant)

    # ----- the daily post --------------------------------------------------------------------------
    async def set_daily_post(self, guild_id: int | None, channel_id: int, hour: int | None) -> Reply:
        """``/daily channel hour`` (Manage Server, checked by the front-end)."""
        if guild_id is None:
            raise UserError("The daily puzzle is posted in a server's channel: use this in a server.")
        if hour is None or not 0 <= hour <= 23:
            raise UserError("Give the hour (UTC) as a whole number from 0 to 23.")
        now = self.clock()
        passed = hour <= time.gmtime(now).tm_hour
        try:
            await self.store.set_daily_post(guild_id, channel_id, hour, now, day_of(now), passed)
        except WriteFailed:
            raise UserError(SAVE_FAILED) from None
        first = "tomorrow" if passed else "today"
        return Reply(f"The daily puzzle will be posted in <#{channel_id}> every day at {hour:02d}:00 UTC (the first "
                     f"{first}), with a Solve button that opens it privately for whoever presses.")

    async def stop_daily_post(self, guild_id: int | None) -> Reply:
        if guild_id is None or not await self.store.drop_daily_post(guild_id):
            return Reply("The daily puzzle is not posted in this server.")
        return Reply("The daily puzzle will no longer be posted here.")

    async def daily_setting(self, guild_id: int | None) -> Reply:
        post = await self.store.daily_post(guild_id) if guild_id is not None else None
        if post is None:
            return Reply("The daily puzzle is not posted in this server. The daily command (a channel and an hour) "
                         "sets it up.")
        return Reply(f"The daily puzzle is posted in <#{post.channel_id}> every day at {post.hour:02d}:00 UTC.")

    async def due_posts(self) -> list[Notice]:
        """The daily posts due now (each server's once a day, from its hour on), claimed before
        they are handed out so no other process or tick posts them again."""
        now = self.clock()
        day, hour = day_of(now), time.gmtime(now).tm_hour
        notices = []
        for post in await self.store.due_daily_posts(day, hour):
            if not await self.store.claim_daily_post(post.guild_id, day):
                continue
            try:
                notices.append(Notice(post.channel_id, await self.daily_post(day)))
            except Exception:
                log.exception("The daily puzzle of %s could not be made for server %s", day, post.guild_id)
        return notices

    async def daily_post(self, day: str) -> Reply:
        """The public post of a day's puzzle: who is to move and what to do, the picture, a Solve
        button (Reply.solve)."""
        puzzle = daily_puzzle(day)
        game = puzzle.start()
        label = game.seat_label(puzzle.seat)
        text = (f"**Daily puzzle, {day}** \u00b7 {wording.game_name(puzzle.variant)} \u00b7 {', '.join(puzzle.tags)}\n"
                f"{pz.goal_text(puzzle, label)}\nPress Solve to try it: it opens privately, for you alone.")
        names = [game.seat_label(s) for s in range(puzzle.players)]
        image = await self.pictures.game(game, names, f"the daily puzzle of {day}")
        return Reply(text, image=image, solve=f"{puzzle.id}:{day}")

    # ----- profiles and leaderboards ---------------------------------------------------------------
    async def profile_lines(self, user: Person, variant: str | None = None) -> list[str]:
        """A player's puzzle ratings and streaks, one line per game they tried puzzles in."""
        return standing.profile_lines(await self.store.puzzle_players(user.id, variant), self.clock())

    async def leaderboard(self, variant: str, *, guild_id: int | None = None, page: int = 1,
                          per_page: int = 10) -> Reply:
        """A game's puzzle board: players by puzzle rating (this server's solvers, or everyone)."""
        name = wording.game_name(self._variant(variant))
        scope = "this server" if guild_id is not None else "everyone"
        lines = standing.board_lines(await self.store.puzzle_pool(self._variant(variant), guild_id), self.clock())
        if not lines:
            return Reply(f"No {name} puzzles solved yet ({scope}).")
        return Reply(board_page(f"{name} puzzle leaderboard ({scope})", lines, page, per_page))
