"""Interactive lessons (design.md "Lessons, puzzles, tournaments"): each game's lessons are TOML
files in its package (``engine/<game>/lessons/NN-name.toml``), with the list of its rules sections
beside them (``sections.toml``); docs/lessons.md is the authoring guide.

    from engine import lessons
    lessons.of("basic")                 # the game's lessons, in order (LessonError if one is broken)
    lessons.find("basic", "01-moving")  # one lesson by its id (None if there is none)
    lessons.sections("basic")           # the headings of docs/rules/basic.md, taught or reference
    attempt = lessons.Attempt(lesson)   # play it: attempt.game(), attempt.judge("m6-m8")

Pure like the rest of the engine: reading the files, judging a try and rebuilding a position do
no other I/O. The goals are predicates on the engine's views (``goals.py``); ``explain.py`` puts
into words what a move does (hints).
"""
from __future__ import annotations

import functools
from importlib import resources
from importlib.resources.abc import Traversable

from ..registry import info, variant_ids
from .attempt import Attempt, Verdict, stars_for
from .goals import GoalError, Turn, goal, holds, kinds
from .model import Lesson, LessonError, Mistake, Section, Step, parse_lesson, parse_sections, rules_headings

__all__ = ["Attempt", "Verdict", "stars_for", "GoalError", "Turn", "goal", "holds", "kinds", "Lesson",
           "LessonError", "Mistake", "Section", "Step", "rules_headings", "of", "find", "sections", "variants",
           "MAX_STARS"]

MAX_STARS = 3


def _folder(variant: str) -> Traversable | None:
    package = info(variant).game.__module__.rpartition(".")[0]
    folder = resources.files(package).joinpath("lessons")
    return folder if folder.is_dir() else None


@functools.cache
def of(variant: str) -> tuple[Lesson, ...]:
    """The lessons of a game, in the order of their file names (none for a game without any)."""
    folder = _folder(variant)
    if folder is None:
        return ()
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml") and f.name != "sections.toml"),
                   key=lambda f: f.name)
    return tuple(parse_lesson(variant, f.name.removesuffix(".toml"), n, f.read_text(encoding="utf-8"))
                 for n, f in enumerate(files, start=1))


def find(variant: str, lesson_id: str) -> Lesson | None:
    """The lesson with this id (its file name without .toml), or None."""
    return next((lesson for lesson in of(variant) if lesson.id == lesson_id), None)


@functools.cache
def sections(variant: str) -> tuple[Section, ...]:
    """The game's rules sections (sections.toml beside its lessons); none for a game without lessons."""
    folder = _folder(variant)
    if folder is None or not folder.joinpath("sections.toml").is_file():
        return ()
    return parse_sections(variant, folder.joinpath("sections.toml").read_text(encoding="utf-8"))


def variants() -> tuple[str, ...]:
    """The games that have lessons, in the registry's order."""
    return tuple(v for v in variant_ids() if of(v))
