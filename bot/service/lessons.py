"""Lessons in the bot (engine.lessons): a user's progress in each game's lessons, and a lesson
played privately with the move panel (``picking``, the same steps and pictures as a game's panel)
or by notation, each try answered with the lesson's own words, 1-3 stars when it is done, and the
result for the player to share if they want to.

Nothing of a lesson is kept in memory between presses: the store holds each user's row per lesson
(the best stars, and the attempt under way: the moves the lesson accepted and the wrong tries),
the position is rebuilt from the lesson's file and those moves, and every press carries the
lesson, its step and the position's version (engine.steps.version), so a panel shown before a
restart keeps working and one shown before the lesson moved on is answered with the lesson as it
stands. One press at a time per user (another meanwhile is refused: a double click, or pressing
faster than pictures are drawn), and rows are written by compare-and-set (data/lesson_sql.py),
so two presses at once, even in two processes, count once.
Lessons touch no game, rating, channel or thread.
"""
from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import engine
from data import GameStore, LessonRow, StoreError, WriteFailed
from engine import lessons, steps
from engine.lessons import Attempt, Lesson, LessonError, Verdict

from . import wording
from .base import SAVE_FAILED, Person, Reply, UserError
from .panel import STILL_DRAWING, Panel, picking
from .pictures import Pictures

log = logging.getLogger(__name__)

FULL, EMPTY = "\u2605", "\u2606"
MOVED_ON = "That was shown before the lesson moved on; here it is as it stands."
CHANGED = "This lesson has changed since you last played it, so it starts again."
MOVE_LIMIT = 100  # characters of a typed move (the longest move of any game is under 40)


def goal_of(text: str) -> str:
    """The paragraph of a lesson's text that states its goal ("**Your goal:** ..."), which stays on
    the screen after every try."""
    return next((p.strip() for p in text.split("\n\n") if p.strip().startswith("**Your goal:**")), "")


def stars_text(stars: int) -> str:
    """``★★☆``: the stars of a finished lesson (out of 3)."""
    return FULL * stars + EMPTY * (lessons.MAX_STARS - stars)


@dataclass(frozen=True)
class LessonPanel:
    """One screen of a lesson: its title, the lesson's text (shown when the lesson opens), what the
    last try came to, the move panel's step while the lesson runs (None once it is done), the
    picture, and what the next press carries (the lesson, the step, the position's version)."""

    variant: str
    lesson: str
    title: str
    text: str
    said: str
    panel: Panel | None
    image: bytes | None
    step: int
    version: str
    finished: bool = False
    stars: int = 0
    next_lesson: str | None = None


@dataclass(frozen=True)
class Course:
    """A user's progress: every game's (``variant`` None) or one game's lessons, with the next one."""

    text: str
    variant: str | None
    lessons: tuple[tuple[str, str, int], ...] = ()  # (lesson id, "3. Title", best stars)
    next_lesson: str | None = None
    games: tuple[tuple[str, str], ...] = ()  # (variant, name) of the games that have lessons


class Learning:
    """The lessons part of the service."""

    def __init__(self, store: GameStore, clock: Callable[[], float], pictures: Pictures) -> None:
        self.store = store
        self.clock = clock
        self.pictures = pictures
        self._busy: set[int] = set()  # users one of whose presses is being worked out

    @contextlib.asynccontextmanager
    async def _pressing(self, user: Person) -> AsyncIterator[None]:
        """One lesson press at a time per user: another one meanwhile (a double click, a press
        faster than the pictures are drawn) is refused and changes nothing, so nobody queues
        pictures before everyone else's and no try is judged twice."""
        if user.id in self._busy:
            raise UserError(STILL_DRAWING)
        self._busy.add(user.id)
        try:
            yield
        finally:
            self._busy.discard(user.id)

    # ----- which lessons ----------------------------------------------------------------------
    @staticmethod
    def _lessons(variant: str) -> tuple[str, tuple[Lesson, ...]]:
        try:
            info = engine.info(variant)
            found = lessons.of(info.id)
        except LessonError:
            log.exception("The lessons of %s cannot be read", variant)
            raise UserError("The lessons of this game cannot be shown just now; it has been logged.") from None
        except ValueError as err:
            raise UserError(str(err)) from None
        if not found:
            raise UserError(f"There are no {info.name} lessons yet. Games with lessons: "
                            f"{', '.join(engine.info(v).name for v in lessons.variants())}.")
        return info.id, found

    def _lesson(self, variant: str, lesson_id: str) -> Lesson:
        variant, found = self._lessons(variant)
        lesson = next((lesson for lesson in found if lesson.id == lesson_id), None)
        if lesson is None:
            raise UserError(f"There is no such {engine.info(variant).name} lesson; the learn command lists them.")
        return lesson

    async def _rows(self, user: Person, variant: str) -> dict[str, LessonRow]:
        return {row.lesson: row for row in await self.store.lesson_progress(user.id, variant)}

    @staticmethod
    def _next(found: tuple[Lesson, ...], rows: dict[str, LessonRow], after: Lesson | None = None) -> Lesson | None:
        """The first lesson not yet finished (after ``after``, if given), else None."""
        start = after.number if after is not None else 0
        return next((lesson for lesson in found[start:] if rows.get(lesson.id, LessonRow(0, "", "")).stars == 0),
                    None)

    # ----- progress ---------------------------------------------------------------------------
    async def course(self, user: Person, variant: str | None = None) -> Course:
        """The user's progress in every game with lessons, or in one game's lessons."""
        games = tuple((v, engine.info(v).name) for v in lessons.variants())
        if not variant:
            lines = ["**Learn the games** by playing short lessons (only you see them). Your progress:"]
            mine = await self.store.lesson_progress(user.id)
            for v, name in games:
                found = lessons.of(v)
                rows = {r.lesson: r for r in mine if r.variant == v}
                done = sum(1 for lesson in found if rows.get(lesson.id, LessonRow(0, "", "")).stars)
                following = self._next(found, rows)
                where = f"next: {following.number}. {following.title}" if following else "all done"
                lines.append(f"**{name}**: {done} of {len(found)} done \u00b7 {where}")
            return Course("\n".join(lines), None, games=games)
        variant, found = self._lessons(variant)
        rows = await self._rows(user, variant)
        name = engine.info(variant).name
        following = self._next(found, rows)
        entries = tuple((lesson.id, f"{lesson.number}. {lesson.title}", rows.get(lesson.id, LessonRow(0, "", "")).stars)
                        for lesson in found)
        done = sum(1 for _, _, stars in entries if stars)
        lines = [f"**{name} lessons** ({done} of {len(found)} done)"]
        for lesson_id, label, stars in entries:
            mark = " \u2190 next" if following is not None and lesson_id == following.id else ""
            lines.append(f"{stars_text(stars)} {label}{mark}")
        return Course("\n".join(lines), variant, entries, following.id if following else None, games)

    async def summary(self, user: Person, variant: str | None = None) -> str:
        """One line for a profile: the games whose lessons the user has finished or begun."""
        parts = []
        for v in lessons.variants():
            if variant and v != variant:
                continue
            found = lessons.of(v)
            rows = {r.lesson: r for r in await self.store.lesson_progress(user.id, v)}
            done = [rows[lesson.id].stars for lesson in found if lesson.id in rows and rows[lesson.id].stars]
            if len(done) == len(found):
                parts.append(f"{engine.info(v).name}: all {len(found)} done, {sum(done)} of "
                             f"{lessons.MAX_STARS * len(found)} {FULL}")
            elif done:
                parts.append(f"{engine.info(v).name}: {len(done)} of {len(found)}")
        return "Lessons: " + "; ".join(parts) if parts else ""

    # ----- a lesson ---------------------------------------------------------------------------
    async def open(self, user: Person, variant: str, lesson_id: str | None = None) -> LessonPanel:
        """A lesson's first screen (by default the next one not finished): its text and its move
        panel; an attempt under way goes on where it was."""
        variant, found = self._lessons(variant)
        async with self._pressing(user):
            rows = await self._rows(user, variant)
            lesson = self._lesson(variant, lesson_id) if lesson_id else (self._next(found, rows) or found[0])
            row = rows.get(lesson.id)
            attempt, note = self._attempt(lesson, row)
            return await self._screen(attempt, row, note, "", show_text=True)

    def _attempt(self, lesson: Lesson, row: LessonRow | None) -> tuple[Attempt, str]:
        """The attempt a row holds (a new one once the lesson was finished, or when the lesson's file
        changed so that its moves no longer play), and a note for the learner."""
        if row is None or len(row.moves) >= len(lesson.steps):
            return Attempt(lesson), ""
        attempt = Attempt(lesson, row.moves, row.tries)
        try:
            attempt.game()
        except ValueError:  # IllegalMove included: the lesson was rewritten since
            log.info("Lesson %s/%s no longer plays %s; it starts again", lesson.variant, lesson.id, row.moves)
            return Attempt(lesson), CHANGED
        return attempt, ""

    async def _current(self, user: Person, variant: str, lesson_id: str) -> tuple[Attempt, LessonRow | None]:
        lesson = self._lesson(variant, lesson_id)
        row = (await self._rows(user, lesson.variant)).get(lesson.id)
        return self._attempt(lesson, row)[0], row

    async def step(self, user: Person, variant: str, lesson_id: str, version: str, path: str) -> LessonPanel:
        """The panel at ``path`` in the position of ``version`` (else the lesson as it stands)."""
        async with self._pressing(user):
            attempt, row = await self._current(user, variant, lesson_id)
            if steps.version(attempt.game()) != version:
                return await self._screen(attempt, row, MOVED_ON, "")
            return await self._screen(attempt, row, "", path)

    async def play(self, user: Person, variant: str, lesson_id: str, version: str, path: str) -> LessonPanel:
        """Try the move the panel's ``path`` chose."""
        async with self._pressing(user):
            attempt, row = await self._current(user, variant, lesson_id)
            game = attempt.game()
            if steps.version(game) != version:
                return await self._screen(attempt, row, MOVED_ON, "")
            try:
                chosen = steps.walk(game, path)
            except steps.StepError:
                return await self._screen(attempt, row, "That choice is not on offer any more; pick again.", "")
            if chosen.move is None:
                raise UserError("Choose the rest of your move first: the panel shows what is left to choose.")
            return await self._judge(user, attempt, row, chosen.move)

    async def try_move(self, user: Person, variant: str, lesson_id: str, version: str, text: str) -> LessonPanel:
        """Try a move typed in notation."""
        text = text.strip()
        if not text:
            raise UserError("Type a move, for example one the lesson's hint names.")
        async with self._pressing(user):
            attempt, row = await self._current(user, variant, lesson_id)
            if steps.version(attempt.game()) != version:
                return await self._screen(attempt, row, MOVED_ON, "")
            return await self._judge(user, attempt, row, text[:MOVE_LIMIT])

    async def hint(self, user: Person, variant: str, lesson_id: str, version: str) -> LessonPanel:
        """The step's hint (it counts as a try)."""
        async with self._pressing(user):
            attempt, row = await self._current(user, variant, lesson_id)
            if steps.version(attempt.game()) != version:
                return await self._screen(attempt, row, MOVED_ON, "")
            after = attempt.hinted()
            row = await self._save(user, after, row)
            return await self._screen(after, row, f"Hint (it counts as a try): {attempt.step.hint}", "")

    async def restart(self, user: Person, variant: str, lesson_id: str) -> LessonPanel:
        """The lesson from its start (the best stars are kept)."""
        async with self._pressing(user):
            _, row = await self._current(user, variant, lesson_id)
            fresh = Attempt(self._lesson(variant, lesson_id))
            if row is not None and (row.moves or row.tries):
                row = await self._save(user, fresh, row)
            return await self._screen(fresh, row, "", "", show_text=True)

    async def share(self, user: Person, variant: str, lesson_id: str) -> Reply:
        """The result of a finished lesson, for the channel (only when the player asks)."""
        lesson = self._lesson(variant, lesson_id)
        row = (await self._rows(user, lesson.variant)).get(lesson.id)
        if row is None or row.stars == 0:
            raise UserError("Finish the lesson first; then you can share your result.")
        found = lessons.of(lesson.variant)
        return Reply(f"{user.name} finished the {wording.game_name(lesson.variant)} lesson "
                     f"{lesson.number} of {len(found)}, \u201c{lesson.title}\u201d, with {stars_text(row.stars)}. "
                     "Try it yourself with the learn command!")

    # ----- inside a try -----------------------------------------------------------------------
    async def _judge(self, user: Person, attempt: Attempt, row: LessonRow | None, move: str) -> LessonPanel:
        try:
            verdict = attempt.judge(move)
        except Exception:
            log.exception("Lesson %s/%s: judging %r failed", attempt.lesson.variant, attempt.lesson.id, move[:100])
            raise UserError("Something went wrong on our side while checking that move; it has been logged. "
                            "The lesson is unchanged.") from None
        row = await self._save(user, verdict.attempt, row)
        return await self._screen(verdict.attempt, row, self._said(verdict), "")

    @staticmethod
    def _said(verdict: Verdict) -> str:
        if not verdict.accepted:
            tried = f"You tried {verdict.move}. " if verdict.move else ""
            return f"\u274c {tried}{verdict.feedback}"
        words = [f"\u2705 {verdict.move}."]
        if verdict.feedback:
            words.append(verdict.feedback)
        if verdict.reply:
            words.append(f"Your opponent answers {verdict.reply}.")
        return " ".join(words)

    async def _save(self, user: Person, attempt: Attempt, row: LessonRow | None) -> LessonRow:
        """Store the attempt (and the best stars) if the row is still as read; the new row."""
        lesson = attempt.lesson
        best = max(row.stars if row is not None else 0, attempt.stars)
        new = LessonRow(user.id, lesson.variant, lesson.id, best, attempt.moves, attempt.tries, self.clock())
        try:
            await self.store.save_lesson(new, row)
        except WriteFailed:
            log.exception("Lesson %s/%s of user %s: a write failed", lesson.variant, lesson.id, user.id)
            raise UserError(SAVE_FAILED) from None
        except StoreError:
            raise UserError(f"{MOVED_ON} Open it again with the learn command.") from None
        return new

    async def _screen(self, attempt: Attempt, row: LessonRow | None, said: str, path: str,
                      show_text: bool = False) -> LessonPanel:
        """The screen of an attempt: the panel at ``path`` while it runs, the result once done."""
        lesson = attempt.lesson
        found = lessons.of(lesson.variant)
        name = wording.game_name(lesson.variant)
        title = f"{name} \u00b7 lesson {lesson.number} of {len(found)}: {lesson.title}"
        game = attempt.game()
        version = steps.version(game)
        names = ["you" if seat == attempt.seat else "opponent" for seat in range(game.players)]
        if attempt.finished:
            rows = {r.lesson: r for r in await self.store.lesson_progress(row.user_id, lesson.variant)} \
                if row is not None else {}
            following = self._next(found, rows, lesson) or self._next(found, rows)
            stars = attempt.stars
            tries = "no wrong try" if attempt.tries == 0 else \
                f"{attempt.tries} wrong {'try' if attempt.tries == 1 else 'tries'}"
            text = f"{said}\n\n**Lesson done: {stars_text(stars)}** ({tries})\n{lesson.explanation}"
            image = await self.pictures.view(game.view(), names)
            return LessonPanel(lesson.variant, lesson.id, title, text.strip(), "", None, image,
                               attempt.step_number, version, True, stars,
                               following.id if following is not None else None)
        steps_here = len(lesson.steps)
        head = f"Step {attempt.step_number} of {steps_here}" if steps_here > 1 else ""
        try:
            panel = await picking(game, path, self.pictures, head, names=names)
        except steps.StepError:
            panel = await picking(game, "", self.pictures, head, names=names)
            said = said or "That choice is not on offer any more; pick again."
        text = lesson.text if show_text else goal_of(lesson.text)
        return LessonPanel(lesson.variant, lesson.id, title, text, said, panel, panel.image, attempt.step_number,
                           version)
