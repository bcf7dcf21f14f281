"""Lessons as data: what one lesson file holds (``engine/<game>/lessons/NN-name.toml``, read with
tomllib), checked when it is read, and the list of a game's rules sections next to them
(``sections.toml``). The format is described for authors in docs/lessons.md.

A lesson: a title, a short text, a start (a test position of the game, or a new game replayed to
some moves), the rules sections it teaches, the explanation shown on success, and one or more
steps. A step: the goal (engine.lessons.goals), the written solution, a hint, what to say after a
legal move that misses the goal, mistakes (a kind of wrong try and what to say to it) and, where
the lesson goes on, the other side's scripted reply.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from typing import Any

from ..base import Game
from ..registry import info
from .goals import GoalError, check

LESSON_ID = re.compile(r"[0-9]{2}-[a-z0-9-]{1,21}")  # 24 characters at most: the id rides in custom ids
TEXT_LIMIT = 1500  # characters of a lesson's text or explanation (one Discord message holds it with room)


class LessonError(ValueError):
    """A lesson (or section list) file that cannot be used, with where and why."""


@dataclass(frozen=True)
class Mistake:
    """A kind of wrong try and what to say to it: a legal move for which the goal ``when`` holds,
    or a refused move whose refusal contains ``refused``."""

    say: str
    when: dict[str, Any] | None = None
    refused: str | None = None


@dataclass(frozen=True)
class Step:
    """One move the learner makes, and what follows it."""

    goal: dict[str, Any]
    solution: str
    hint: str
    wrong: str
    mistakes: tuple[Mistake, ...] = ()
    reply: str | None = None  # the other side's move after this step (not after the last)
    said: str = ""  # a word after this step is done, before the reply (multi-step lessons)


@dataclass(frozen=True)
class Lesson:
    """One lesson of one game (``id``: its file name without .toml, ``number``: 1-based order)."""

    variant: str
    id: str
    number: int
    title: str
    text: str
    explanation: str
    teaches: tuple[str, ...]
    steps: tuple[Step, ...]
    position: str | None = None
    start_moves: tuple[str, ...] = ()
    seed: int = 0
    players: int = 2
    options: dict[str, Any] | None = None

    def start(self) -> Game:
        """A new copy of the lesson's first position (as engine.load or engine.replay makes it)."""
        game = info(self.variant)
        if self.position is not None:
            return game.load(self.position, self.options)
        started = game.new(self.players, self.seed, self.options)
        for move in self.start_moves:
            started.apply_record_entry(move)
        return started


@dataclass(frozen=True)
class Section:
    """A heading of docs/rules/<game>.md: taught by lessons, or ``reference`` (why nothing drills it)."""

    heading: str
    reference: str = ""


_LESSON_KEYS = {"title", "text", "explanation", "teaches", "step", "position", "start", "options"}
_STEP_KEYS = {"goal", "solution", "hint", "wrong", "mistake", "reply", "said"}
_START_KEYS = {"seed", "players", "moves"}


def _text(table: dict[str, Any], key: str, where: str, required: bool = True) -> str:
    value = table.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{where}: '{key}' must be a text.")
    if len(value) > TEXT_LIMIT:
        raise LessonError(f"{where}: '{key}' is longer than {TEXT_LIMIT} characters.")
    return value.strip()


def _unknown(table: dict[str, Any], known: set[str], where: str) -> None:
    extra = sorted(set(table) - known)
    if extra:
        raise LessonError(f"{where}: unknown key(s) {', '.join(extra)} (known: {', '.join(sorted(known))}).")


def _mistake(variant: str, table: Any, where: str) -> Mistake:
    if not isinstance(table, dict):
        raise LessonError(f"{where}: a mistake is a table with 'say' and 'if' or 'refused'.")
    _unknown(table, {"say", "if", "refused"}, where)
    say = _text(table, "say", where)
    when, refused = table.get("if"), table.get("refused")
    if (when is None) == (refused is None):
        raise LessonError(f"{where}: a mistake has exactly one of 'if' (a goal) or 'refused' (words of a refusal).")
    if refused is not None and (not isinstance(refused, str) or not refused.strip()):
        raise LessonError(f"{where}: 'refused' is the words a refusal contains.")
    if when is not None:
        try:
            check(variant, when, where)
        except GoalError as err:
            raise LessonError(str(err)) from None
    return Mistake(say, when, refused)


def _step(variant: str, table: Any, where: str, last: bool) -> Step:
    if not isinstance(table, dict):
        raise LessonError(f"{where}: a step is a table.")
    _unknown(table, _STEP_KEYS, where)
    try:
        check(variant, table.get("goal"), f"{where}, goal")
    except GoalError as err:
        raise LessonError(str(err)) from None
    mistakes = table.get("mistake", [])
    if not isinstance(mistakes, list):
        raise LessonError(f"{where}: mistakes are [[step.mistake]] tables.")
    reply = table.get("reply")
    if reply is not None and (not isinstance(reply, str) or not reply.strip()):
        raise LessonError(f"{where}: 'reply' is the other side's move.")
    if reply is not None and last:
        raise LessonError(f"{where}: the last step has no reply (the lesson ends with the learner's move).")
    return Step(table["goal"], _text(table, "solution", where), _text(table, "hint", where),
                _text(table, "wrong", where),
                tuple(_mistake(variant, m, f"{where}, mistake {n}") for n, m in enumerate(mistakes, start=1)),
                reply.strip() if reply else None, _text(table, "said", where, required=False))


def parse_lesson(variant: str, lesson_id: str, number: int, source: str) -> Lesson:
    """The lesson a file's text describes; LessonError saying where and why when it cannot be used."""
    where = f"{variant} lesson {lesson_id}"
    if not LESSON_ID.fullmatch(lesson_id):
        raise LessonError(f"{where}: a lesson's file is named like 01-first-moves.toml (two digits, a dash, "
                          "lower-case letters, digits and dashes; 24 characters at most).")
    try:
        table = tomllib.loads(source)
    except tomllib.TOMLDecodeError as err:
        raise LessonError(f"{where}: not valid TOML: {err}") from None
    _unknown(table, _LESSON_KEYS, where)
    teaches = table.get("teaches")
    if not isinstance(teaches, list) or not teaches or not all(isinstance(t, str) for t in teaches):
        raise LessonError(f"{where}: 'teaches' lists the rules sections it teaches (their headings).")
    steps = table.get("step")
    if not isinstance(steps, list) or not steps:
        raise LessonError(f"{where}: a lesson has at least one [[step]].")
    options = table.get("options")
    if options is not None and not isinstance(options, dict):
        raise LessonError(f"{where}: 'options' is a table of the game's options.")
    position, start = table.get("position"), table.get("start")
    if (position is None) == (start is None):
        raise LessonError(f"{where}: give exactly one of 'position' (a test position) or [start] (a new game).")
    moves: tuple[str, ...] = ()
    seed, players = 0, 2
    if start is not None:
        if not isinstance(start, dict):
            raise LessonError(f"{where}: [start] is a table with seed, players and moves.")
        _unknown(start, _START_KEYS, f"{where}, start")
        seed, players = start.get("seed", 0), start.get("players", 2)
        listed = start.get("moves", [])
        if not isinstance(seed, int) or not isinstance(players, int) or not isinstance(listed, list) \
                or not all(isinstance(m, str) for m in listed):
            raise LessonError(f"{where}: [start] has a whole-number seed and players and a list of moves.")
        moves = tuple(listed)
    elif not isinstance(position, str):
        raise LessonError(f"{where}: 'position' is a text in the game's test-position format.")
    return Lesson(variant, lesson_id, number, _text(table, "title", where), _text(table, "text", where),
                  _text(table, "explanation", where), tuple(teaches),
                  tuple(_step(variant, s, f"{where}, step {n}", n == len(steps)) for n, s in enumerate(steps, start=1)),
                  position, moves, seed, players, options)


_TAGS = re.compile(r"\*\*|\[D-[A-Z0-9 ,-]+\]")


def rules_headings(markdown: str) -> list[str]:
    """The section headings of a rules file (levels 2 to 4, in order), as sections.toml and a
    lesson's ``teaches`` name them: without decision tags such as [D-B12] and bold marks."""
    found = []
    for line in markdown.splitlines():
        match = re.match(r"(#{2,4}) (.*)", line)
        if match:
            found.append(" ".join(_TAGS.sub("", match.group(2)).split()))
    return found


def parse_sections(variant: str, source: str) -> tuple[Section, ...]:
    """A game's section list (sections.toml): every heading of its rules file, in order."""
    where = f"{variant} sections.toml"
    try:
        table = tomllib.loads(source)
    except tomllib.TOMLDecodeError as err:
        raise LessonError(f"{where}: not valid TOML: {err}") from None
    _unknown(table, {"section"}, where)
    found = []
    for n, entry in enumerate(table.get("section", []), start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("heading"), str):
            raise LessonError(f"{where}: section {n} needs a heading.")
        _unknown(entry, {"heading", "reference"}, f"{where}, section {n}")
        reference = entry.get("reference", "")
        if not isinstance(reference, str):
            raise LessonError(f"{where}: section {n}'s 'reference' says why no lesson drills it.")
        found.append(Section(entry["heading"], reference.strip()))
    return tuple(found)
