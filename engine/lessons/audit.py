"""Checking a lesson by playing it (the tests and bench.lessons use this; an author runs
``python -m engine.lessons <game>``): along the written solution, EVERY legal move at each step is
judged, and the lesson must

* accept its written solution, and accept exactly the legal moves that meet the goal (the
  verdict of ``Attempt.judge`` agrees with the goal on every move);
* refuse at least one legal move (a goal every move meets teaches nothing), and give each wrong
  move words: its mistake's or the step's ``wrong``;
* have every mistake's ``if`` match at least one legal move (a mistake that can never be made is
  dead text);
* leave the scripted reply legal after every accepted move, with the learner to move again and
  the next step still reachable.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import steps as move_steps
from ..base import Game, IllegalMove
from .attempt import Attempt, played_as
from .goals import Turn, holds
from .model import Lesson


@dataclass
class StepReport:
    """What playing every legal move at one step found."""

    legal: int = 0
    accepted: int = 0
    accepted_moves: list[str] = field(default_factory=list)
    mistakes: list[int] = field(default_factory=list)  # legal moves each ``if`` mistake matched
    wrong_example: str = ""  # a legal move the step refuses
    wrong_feedback: str = ""  # ... and what the learner hears


@dataclass
class Report:
    lesson: Lesson
    steps: list[StepReport] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    presses: int = 0  # panel presses the written solution costs (a choice each, and Play it)


def audit(lesson: Lesson, judged: int = 40) -> Report:
    """Play ``lesson`` as described above; ``judged``: how many moves per step also go through
    ``Attempt.judge`` (all of them meet ``holds`` directly; ``judge`` is the same code path plus
    rebuilding the position, checked on a spread sample)."""
    report = Report(lesson)
    name = f"{lesson.variant} lesson {lesson.id}"
    try:
        attempt = Attempt(lesson)
        seat = attempt.seat
    except (ValueError, IllegalMove) as err:
        report.problems.append(f"{name}: the start cannot be set up: {err}")
        return report
    for number, step in enumerate(lesson.steps, start=1):
        where = f"{name}, step {number}"
        before = attempt.game()
        if before.to_move != seat:
            report.problems.append(f"{where}: the learner (seat {seat + 1}) is not the one to move.")
            return report
        found = StepReport()
        report.steps.append(found)
        legal = before.legal_moves()
        found.legal = len(legal)
        found.mistakes = [0] * len(step.mistakes)
        accepted: list[str] = []
        spread = max(1, len(legal) // judged)
        seen = before.view()
        for index, move in enumerate(legal):
            after = before.copy()
            after.play(move)
            turn = Turn(before, move, after, seat, seen)
            meets = holds(turn, step.goal)
            if meets:
                accepted.append(move)
            for n, mistake in enumerate(step.mistakes):
                if mistake.when is not None and holds(turn, mistake.when):
                    found.mistakes[n] += 1
            if index % spread == 0:
                verdict = attempt.judge(move)
                if verdict.accepted != meets:
                    report.problems.append(f"{where}: judge and goal disagree on {move}.")
                if not verdict.accepted and not found.wrong_example:
                    found.wrong_example, found.wrong_feedback = move, verdict.feedback
            elif not meets and not found.wrong_example:
                verdict = attempt.judge(move)
                found.wrong_example, found.wrong_feedback = move, verdict.feedback
        found.accepted, found.accepted_moves = len(accepted), accepted
        if not accepted:
            report.problems.append(f"{where}: no legal move meets the goal.")
            return report
        if len(accepted) == len(legal):
            report.problems.append(f"{where}: every legal move meets the goal; it teaches nothing.")
        if not found.wrong_feedback and len(accepted) < len(legal):
            report.problems.append(f"{where}: a wrong move gets no words.")
        for n, count in enumerate(found.mistakes):
            if step.mistakes[n].when is not None and count == 0:
                report.problems.append(f"{where}: mistake {n + 1} ({step.mistakes[n].say[:40]}...) never happens.")
        try:
            played = before.copy()
            solution = played_as(before, played, played.play(step.solution))
        except IllegalMove as err:
            report.problems.append(f"{where}: the written solution {step.solution} is refused: {err}")
            return report
        if solution not in accepted:
            report.problems.append(f"{where}: the written solution {step.solution} does not meet the goal.")
            return report
        if played.outcome is not None and not _names_end(step.goal):
            report.problems.append(f"{where}: the written solution ends the game ({played.outcome.reason}), "
                                   "which the goal does not ask for.")
        try:
            report.presses += move_steps.presses(move_steps.path_of(before, solution))
        except move_steps.StepError as err:
            report.problems.append(f"{where}: the solution cannot be picked with the panel: {err}")
        if step.reply is not None:
            for move in accepted:
                _check_reply(report, where, before, move, step.reply, seat,
                             lesson.steps[number] if number < len(lesson.steps) else None)
        attempt = Attempt(lesson, attempt.moves + (solution,), attempt.tries)
    if not attempt.finished:
        report.problems.append(f"{name}: the written solutions do not finish the lesson.")
    return report


def _names_end(goal: dict) -> bool:
    """Whether a goal asks for the end of the game (a win or an end), anywhere in it."""
    if "kind" in goal:
        return goal["kind"] in ("win", "end")
    parts = goal.get("all") or goal.get("any") or [goal.get("not", {})]
    return any(_names_end(part) for part in parts)


def _check_reply(report: Report, where: str, before: Game, move: str, reply: str, seat: int, following) -> None:
    after = before.copy()
    after.play(move)
    try:
        after.play(reply)
    except IllegalMove as err:
        report.problems.append(f"{where}: after the accepted move {move}, the reply {reply} is refused: {err}")
        return
    if after.to_move != seat:
        report.problems.append(f"{where}: after {move} and the reply {reply}, the learner is not to move.")
        return
    if following is not None:
        goal = following.goal
        for candidate in after.legal_moves():
            later = after.copy()
            later.play(candidate)
            if holds(Turn(after, candidate, later, seat), goal):
                return
        report.problems.append(f"{where}: after the accepted move {move} and the reply, the next step cannot be met.")
