"""python -m bench.lessons: the lessons' goals (issue 39), per game.

For every game it prints how many lessons it has, how many sections of its rules they teach (the
others are marked reference in sections.toml, with the reason) and which taught section no lesson
names; then, playing every lesson as engine.lessons.audit does (EVERY legal move at each step of
the written solution), how many moves were judged, how many times the judge disagreed with the goal
(a lesson accepting a move that fails its goal, or refusing one that meets it), and the problems
found. For each game's FIRST lesson it counts what a newcomer does to finish it, playing the
written solution: in Discord the presses (/learn, the game, Start, one per choice in the panel,
Play it), in the console the lines typed; and estimates the time of play: the lesson's words read
at READING words a minute and PRESS seconds a press. Goal: under a minute. Also the time to judge
one try (the position rebuilt, the move played, the goal checked), p95 over every judged move.
It asserts nothing; ``--games`` limits the games, ``--judged`` the moves per step that go through
the whole judge (default 40; every move is checked against the goal).
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

import engine
from engine import lessons
from engine.lessons import audit

READING = 200  # words a minute
PRESS = 3.0  # seconds a press (or a short typed line) takes on a phone
OPENING = 3  # presses before the first choice: /learn, choose the game, Start
ROOT = Path(__file__).resolve().parent.parent


def words(lesson: lessons.Lesson) -> int:
    """The words a newcomer reads before their first try: the title and the text."""
    return len(f"{lesson.title} {lesson.text}".split())


def judge_times(lesson: lessons.Lesson, count: int = 30) -> list[float]:
    """ms to judge a try (the position rebuilt from the lesson, the move played, the goal checked),
    for up to ``count`` legal moves of the first step."""
    attempt = lessons.Attempt(lesson)
    legal = attempt.game().legal_moves()
    out = []
    for move in legal[:: max(1, len(legal) // count)][:count]:
        start = time.perf_counter()
        attempt.judge(move)
        out.append((time.perf_counter() - start) * 1000)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.lessons", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: every game)")
    parser.add_argument("--judged", type=int, default=40, help="moves per step judged in full")
    args = parser.parse_args(argv)
    games = args.games or [d.id for d in engine.games()]
    print("Lessons per game: sections of docs/rules/<game>.md taught (the rest marked reference), every legal "
          "move judged at each step, the first lesson's cost for a newcomer (goal: under 60 s)")
    all_taught = True
    for variant in games:
        name = engine.info(variant).name
        found = lessons.of(variant)
        if not found:
            print(f"{name}: no lessons yet")
            all_taught = False
            continue
        headings = lessons.rules_headings((ROOT / "docs" / "rules" / f"{variant}.md").read_text(encoding="utf-8"))
        listed = lessons.sections(variant)
        taught = {t for lesson in found for t in lesson.teaches}
        drilled = [s for s in listed if not s.reference]
        missing = [s.heading for s in drilled if s.heading not in taught]
        drift = [s.heading for s in listed] != headings
        all_taught = all_taught and not missing and not drift
        judged = disagreed = problems = 0
        times: list[float] = []
        started = time.perf_counter()
        presses: dict[str, int] = {}
        for lesson in found:
            report = audit.audit(lesson, args.judged)
            judged += sum(step.legal for step in report.steps)
            disagreed += sum("disagree" in p for p in report.problems)
            problems += len(report.problems)
            for problem in report.problems:
                print(f"  ! {problem}")
            presses[lesson.id] = report.presses
            times += judge_times(lesson)
        spent = time.perf_counter() - started
        first = found[0]
        tapped = OPENING + presses[first.id]
        typed = 1 + presses[first.id]  # learn <game>, then one line per choice and the final one
        seconds = words(first) / READING * 60 + tapped * PRESS
        p95 = statistics.quantiles(times, n=20)[18] if len(times) >= 20 else max(times)
        untaught = f"; UNTAUGHT {', '.join(missing)}" if missing else ""
        differs = "; SECTION LIST DIFFERS FROM THE RULES" if drift else ""
        print(f"{name}: {len(found)} lessons; sections taught {len({s.heading for s in drilled} & taught)} of "
              f"{len(drilled)} (+{len(listed) - len(drilled)} reference){untaught}{differs}; {judged} moves judged, "
              f"{disagreed} disagreements, {problems} problems ({spent:.1f} s); judge p95 {p95:.1f} ms")
        print(f"  first lesson \u201c{first.title}\u201d: {tapped} presses in Discord, {typed} lines in the console, "
              f"{words(first)} words; about {seconds:.0f} s of play ({'under' if seconds < 60 else 'OVER'} a minute)")
    print(f"Every rules section of every game taught: {'yes' if all_taught else 'no'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
