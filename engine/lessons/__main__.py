"""Check a game's lessons while writing them: ``python -m engine.lessons <game> [lesson id]``
plays each lesson as engine.lessons.audit describes and prints, per step, the legal moves, how
many the goal accepts, an example of a wrong move with what the learner hears, and any problem.
Exits with 1 when a lesson has a problem."""
from __future__ import annotations

import sys

from . import LessonError, audit, of


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    argv = [a for a in argv if a != "-v"]
    if not argv:
        print("usage: python -m engine.lessons <game> [lesson id] [-v: list the accepted moves]")
        return 2
    try:
        found = of(argv[0])
    except (LessonError, ValueError) as err:
        print(f"! {err}")
        return 1
    chosen = [lesson for lesson in found if len(argv) < 2 or lesson.id == argv[1]]
    if not chosen:
        print(f"No lesson {argv[1] if len(argv) > 1 else ''} in {argv[0]}.")
        return 1
    failed = False
    for lesson in chosen:
        report = audit.audit(lesson)
        print(f"{lesson.number:2}. {lesson.id}: {lesson.title} ({report.presses} presses)")
        for n, step in enumerate(report.steps, start=1):
            print(f"    step {n}: {step.accepted} of {step.legal} legal moves meet the goal; mistakes matched "
                  f"{step.mistakes}; wrong e.g. {step.wrong_example}: {step.wrong_feedback}")
            if verbose:
                print(f"      accepted: {' '.join(step.accepted_moves)}")
        for problem in report.problems:
            failed = True
            print(f"    ! {problem}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
