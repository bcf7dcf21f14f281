"""Playing a lesson: an ``Attempt`` is a lesson, the moves the learner has had accepted so far and
the wrong tries made, nothing else: its position is rebuilt from the lesson's start, each accepted
move and its step's scripted reply (a front-end stores the moves and tries, never a position).

    attempt = Attempt(lesson)
    verdict = attempt.judge("m6-m8")   # accepted or not, the feedback, the attempt after it
    verdict.attempt.finished, verdict.attempt.stars

Any legal move that meets the step's goal is accepted, not only the written solution. A refused
(illegal) move and a legal move that misses the goal are both wrong tries; each gets the lesson's
feedback for that kind of mistake where it has one, else the engine's refusal or the step's
``wrong`` words. Asking for the hint counts as a try.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..base import Game, IllegalMove
from .goals import Turn, holds
from .model import Lesson, Step


def played_as(before: Game, after: Game, move: str) -> str:
    """The move as the legal-move list writes it: ``play`` returns the record's entry, which for a
    move completing the previous entry (Ancient: a draw's discard, recorded as "draw,discard Wh")
    holds that entry too; a lesson keeps, and replays, the move alone."""
    if before.record and len(after.record) == len(before.record):
        return move[len(before.record[-1]) + 1:]
    return move


def stars_for(tries: int) -> int:
    """Stars for a finished lesson: 3 with no wrong try, 2 with one or two, else 1."""
    return 3 if tries == 0 else 2 if tries <= 2 else 1


@dataclass(frozen=True)
class Attempt:
    """A lesson in progress (or finished): the learner's accepted moves and the wrong tries."""

    lesson: Lesson
    moves: tuple[str, ...] = ()
    tries: int = 0

    @property
    def finished(self) -> bool:
        return len(self.moves) >= len(self.lesson.steps)

    @property
    def step_number(self) -> int:
        """The step being played (1-based; one past the last once finished)."""
        return len(self.moves) + 1

    @property
    def step(self) -> Step:
        return self.lesson.steps[min(len(self.moves), len(self.lesson.steps) - 1)]

    @property
    def stars(self) -> int:
        return stars_for(self.tries) if self.finished else 0

    @property
    def seat(self) -> int:
        """The learner's seat: the one to move at the lesson's start."""
        seat = self.lesson.start().to_move
        if seat is None:
            raise ValueError(f"{self.lesson.variant} lesson {self.lesson.id}: the start position is over.")
        return seat

    def game(self) -> Game:
        """The position now: the start, then each accepted move and the reply after it."""
        game = self.lesson.start()
        for move, step in zip(self.moves, self.lesson.steps):
            game.play(move)
            if step.reply is not None and game.outcome is None:
                game.play(step.reply)
        return game

    def hinted(self) -> Attempt:
        """The attempt after the learner asked for the hint (a try)."""
        return replace(self, tries=self.tries + 1)

    def judge(self, text: str) -> Verdict:
        """The verdict on the learner's try ``text`` (notation, or a move the panel chose)."""
        if self.finished:
            raise ValueError("This lesson is finished.")
        seat = self.seat
        before = self.game()
        step = self.step
        after = before.copy()
        try:
            move = after.play(text)
        except IllegalMove as err:
            refusal = str(err)
            said = next((m.say for m in step.mistakes
                         if m.refused is not None and m.refused.lower() in refusal.lower()), None)
            feedback = f"{refusal}. {said}" if said else f"That move is not allowed: {refusal}"
            return Verdict(False, None, _sentence(feedback), replace(self, tries=self.tries + 1), refused=True)
        move = played_as(before, after, move)
        turn = Turn(before, move, after, seat)
        if holds(turn, step.goal):
            done = replace(self, moves=self.moves + (move,))
            reply = None
            if step.reply is not None and not done.finished and after.outcome is None:
                reply = after.copy().play(step.reply)
            return Verdict(True, move, step.said, done, reply=reply)
        said = next((m.say for m in step.mistakes if m.when is not None and holds(turn, m.when)), step.wrong)
        return Verdict(False, move, said, replace(self, tries=self.tries + 1))


@dataclass(frozen=True)
class Verdict:
    """What a try came to: accepted (the step is done), the move as the engine wrote it (None when
    refused), the words for the learner, the attempt after the try, the other side's reply (as
    played) when the lesson goes on, whether the engine refused the move."""

    accepted: bool
    move: str | None
    feedback: str
    attempt: Attempt
    reply: str | None = None
    refused: bool = False


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?", ")")) else text + "."
