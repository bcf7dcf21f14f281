"""A lesson played through the local console (bench.lessons' first-lesson figure, issue 39).

``play(lesson)`` opens a ConsoleSession (bot/console.py) on a real service and a fresh SQLite store
in a temporary folder, types ``alice: learn <game> <n>``, then the lesson's written solution as a
player types it: at each step of the move panel the number of the option the solution needs
(``pick <n>``: the option on the path that picks the solution, checked against its notation), and
``pick 1`` (Play it) once the move is whole; where the panel cannot pick the solution, the move
itself is typed. It returns what was typed, what the console printed, and whether the lesson said
it was done, with how many stars.
"""
from __future__ import annotations

import asyncio
import random
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from bot.console import ConsoleSession
from bot.service import GameService
from bot.workers import InlineWorkers
from data import Store
from engine import steps
from engine.lessons import Attempt, Lesson
from engine.lessons.attempt import played_as

PLAYER = "alice"
PICTURE = re.compile(r"^\[picture for ")  # a saved picture's line: a picture in Discord, not words
OPTION = re.compile(r"^\s+\d+\. ")  # a numbered option of the panel ("  3. a1  [C]", "  1. Play it")
DONE = re.compile(r"Lesson done: (\u2605*)\u2606*")


class Stuck(RuntimeError):
    """The console did not show what the written solution needs (the bench reports it)."""


@dataclass
class Played:
    """A lesson played in the console: every line typed, every line printed (each reply's lines)."""

    typed: list[str] = field(default_factory=list)
    printed: list[list[str]] = field(default_factory=list)
    stars: int = 0  # the stars the console's "Lesson done" line gave (0: it never said done)

    @property
    def lines(self) -> list[str]:
        """Every line printed (a reply's part may hold several), the pictures' lines included, the
        blank ones not."""
        return [line for reply in self.printed for part in reply for line in part.splitlines() if line.strip()]

    @property
    def pictures(self) -> int:
        return sum(1 for line in self.lines if PICTURE.match(line))

    @property
    def words(self) -> int:
        """The words printed (a picture's line is a picture, not words to read)."""
        return sum(len(line.split()) for line in self.lines if not PICTURE.match(line))

    @property
    def screens(self) -> list[list[str]]:
        """Each reply's lines as one screen (in Discord a reply replaces the lesson's message): the
        lines that are not blank and not a picture's."""
        return [[line for part in reply for line in part.splitlines() if line.strip() and not PICTURE.match(line)]
                for reply in self.printed]

    @property
    def read(self) -> list[str]:
        """The lines a player reads: on each screen, those not on the previous screen (a line shown
        again is not read again), up to and with the "Lesson done" line (the explanation after it
        is not needed to finish)."""
        out: list[str] = []
        previous: set[str] = set()
        for screen in self.screens:
            for line in screen:
                if line not in previous:
                    out.append(line)
                if DONE.search(line):
                    return out
            previous = set(screen)
        return out

    @property
    def new_words(self) -> int:
        """The words of the lines read (``read``)."""
        return sum(len(line.split()) for line in self.read)

    @property
    def options(self) -> int:
        """Of the words read, those of the panel's numbered options."""
        return sum(len(line.split()) for line in self.read if OPTION.match(line))

    @property
    def picks(self) -> int:
        """Lines typed in the open lesson (every line but ``learn``): one press each in Discord."""
        return len(self.typed) - 1


def play(lesson: Lesson) -> Played:
    """Play ``lesson``'s written solution in a new console (see the module's docstring)."""
    return asyncio.run(_play(lesson))


async def _play(lesson: Lesson) -> Played:
    with tempfile.TemporaryDirectory(prefix="bench-lesson-") as folder:
        store = await Store.open(str(Path(folder) / "games.db"))
        service = GameService(store, challenge_ttl=3600, rng=random.Random(5), workers=InlineWorkers())
        try:
            boards = Path(folder) / "boards"
            boards.mkdir()
            return await _drive(ConsoleSession(service, boards), lesson)
        finally:
            service.close()
            await store.close()


async def _drive(console: ConsoleSession, lesson: Lesson) -> Played:
    played = Played()

    async def say(line: str) -> list[str]:
        played.typed.append(line)
        out = await console.handle(f"{PLAYER}: {line}")
        played.printed.append(out)
        refused = [shown for shown in out if shown.startswith("! ")]
        if refused:
            raise Stuck(f"{line!r} was refused: {refused[0]}")
        return out

    me = console.person(PLAYER)
    await say(f"learn {lesson.variant} {lesson.number}")
    attempt = Attempt(lesson)
    for number, written in enumerate(lesson.steps, start=1):
        before = attempt.game()
        after = before.copy()
        solution = played_as(before, after, after.play(written.solution))
        try:
            path = steps.path_of(before, solution)
        except steps.StepError:
            await say(solution)  # the panel cannot pick it: typed, as the console also takes it
        else:
            while True:
                screen = console.lessons.open.get(me.id)
                if screen is None or screen.panel is None:
                    raise Stuck(f"step {number}: the lesson shows no move panel")
                step = screen.panel.step
                if step.done:
                    if step.move != solution:
                        raise Stuck(f"step {number}: the panel chose {step.move}, not {solution}")
                    await say("pick 1")  # Play it
                    break
                await say(f"pick {_pick(step, path, solution, number)}")
        attempt = Attempt(lesson, attempt.moves + (solution,), attempt.tries)
    for line in played.printed[-1]:
        found = DONE.search(line)
        if found:
            played.stars = len(found.group(1))
    return played


def _pick(step: steps.Step, path: str, solution: str, number: int) -> int:
    """The number of the option shown at ``step`` that the solution needs: the next choice of its
    ``path``, whose notation must fit the solution (a group has none)."""
    if not path.startswith(step.path) or len(path) <= len(step.path):
        raise Stuck(f"step {number}: the panel is at {step.path!r}, off the solution's path {path!r}")
    key = path[len(step.path)].upper()
    for index, option in enumerate(step.options, start=1):
        if option.key != key:
            continue
        fits = option.kind == steps.GROUP or (option.kind == steps.END and solution == step.notation) or \
            solution.startswith(step.notation + option.notation)
        if not fits:
            raise Stuck(f"step {number}: option {index} ({option.label}) does not fit {solution}")
        return index
    raise Stuck(f"step {number}: no option {key} is shown")
