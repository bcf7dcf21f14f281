"""Lessons in the local console, through the same service calls as /learn: ``learn`` shows your
progress, ``learn <game>`` that game's lessons and opens the next one, ``learn <game> <n>`` lesson
n. While a lesson is open for you, ``pick <n>`` (or just the number) chooses in its move panel,
``back`` goes one choice back, a move typed (or ``try <move>``) is tried instead, ``hint`` shows the hint, and
once it is done ``next``, ``again`` and ``share``; ``stop`` closes it. Each picture is saved in the
boards folder.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine import steps

from .console_panel import chosen_key, step_lines
from .service import Course, GameService, LessonPanel, Person, UserError

WORDS = ("pick", "back", "try", "hint", "next", "again", "share", "stop", "cancel")
HINT = "pick <number> chooses (or just the number), back goes one back, or type a move; hint, stop."
NO_LESSON = "No lesson is open for you: learn <game> opens one."


class ConsoleLessons:
    """The open lesson of each speaker: its screen as last shown."""

    def __init__(self, service: GameService, save: Callable[[bytes, int | None, str], Path]) -> None:
        self.service = service
        self.save = save
        self.open: dict[int, LessonPanel] = {}

    def active(self, me: Person) -> bool:
        return me.id in self.open

    async def route(self, word: str, rest: str, line: str, me: Person, commands: set[str]) -> list[str] | None:
        """The lines for ``learn``, and while a lesson is open for ``me`` for its words, a bare
        number and a bare move (anything not among the console's ``commands``); None for any other
        line, which the console handles."""
        if word == "learn":
            return await self.learn(me, rest)
        if self.active(me):
            if word in WORDS or (word.isdigit() and not rest):
                return await self.handle("pick" if word.isdigit() else word, word if word.isdigit() else rest, me)
            if word not in commands:  # a bare move is tried in the open lesson
                return await self.handle("try", line, me)
        elif word in ("try", "next", "again", "share", "stop"):
            raise UserError(NO_LESSON)
        return None

    async def learn(self, me: Person, rest: str) -> list[str]:
        """``learn``, ``learn <game>``, ``learn <game> <n>``."""
        words = rest.split()
        learning = self.service.learning
        if not words:
            return self._course(await learning.course(me))
        course = await learning.course(me, words[0])
        if len(words) > 1:
            number = words[1].lstrip("#")
            if not number.isdigit() or not 1 <= int(number) <= len(course.lessons):
                raise UserError(f"Give the lesson's number, 1 to {len(course.lessons)}: learn {course.variant} 2.")
            lesson_id = course.lessons[int(number) - 1][0]
            return self._show(me, await learning.open(me, words[0], lesson_id))
        lines = self._course(course)
        return lines + self._show(me, await learning.open(me, words[0]))

    async def handle(self, word: str, rest: str, me: Person) -> list[str]:
        """A word for the speaker's open lesson."""
        screen = self.open.get(me.id)
        if screen is None:
            raise UserError(NO_LESSON)
        learning = self.service.learning
        if word in ("stop", "cancel"):
            del self.open[me.id]
            return ["Lesson closed; your progress is kept. learn shows it."]
        if word == "share":
            reply = await learning.share(me, screen.variant, screen.lesson)
            return [f"(posted for everyone) {reply.text}"]
        if word == "again":
            return self._show(me, await learning.restart(me, screen.variant, screen.lesson))
        if word == "next":
            if screen.next_lesson is None:
                raise UserError("There is no next lesson to open: learn shows your progress.")
            return self._show(me, await learning.open(me, screen.variant, screen.next_lesson))
        if screen.panel is None:
            raise UserError("This lesson is done: next, again or share (or stop).")
        step = screen.panel.step
        if word == "hint":
            return self._show(me, await learning.hint(me, screen.variant, screen.lesson, screen.version))
        if word == "try":
            if not rest:
                raise UserError("Which move? For example: try k6-k8")
            return self._show(me, await learning.try_move(me, screen.variant, screen.lesson, screen.version, rest))
        if word == "back":
            return self._show(me, await learning.step(me, screen.variant, screen.lesson, screen.version,
                                                      steps.back(step.path)))
        if step.done:
            if rest.strip().lower() not in ("1", "play", "a", ""):
                raise UserError("Your move is chosen: pick 1 (or pick play) tries it; back changes it.")
            return self._show(me, await learning.play(me, screen.variant, screen.lesson, screen.version, step.path))
        key = chosen_key(rest, len(step.options), "stop")
        return self._show(me, await learning.step(me, screen.variant, screen.lesson, screen.version,
                                                  step.path + key.lower()))


    @staticmethod
    def _course(course: Course) -> list[str]:
        more = "learn <game> opens its next lesson." if course.variant is None else \
            f"learn {course.variant} <n> opens lesson n."
        return [course.text.replace("**", ""), more]

    def _show(self, me: Person, screen: LessonPanel) -> list[str]:
        self.open[me.id] = screen
        lines = [f"{screen.title} (only {me.name} sees this)"]
        lines += [part.replace("**", "") for part in (screen.said, screen.text) if part]
        if screen.panel is not None:
            lines += step_lines(screen.panel.step, HINT, "pick 1 tries it; back changes it.")
        else:
            after = ["next" if screen.next_lesson else "", "again", "share", "stop"]
            lines.append("Now: " + ", ".join(word for word in after if word) + ".")
        if screen.image is not None:
            lines.append(f"[picture for {me.name}: {self.save(screen.image, None, f'-lesson-{me.name}')}]")
        return lines
