"""python -m bench.lessons: the lessons' goals (issue 39), per game.

For every game it prints how many lessons it has, how many sections of its rules they teach (the
others are marked reference in sections.toml, with the reason) and which taught section no lesson
names; then, playing every lesson as engine.lessons.audit does (EVERY legal move at each step of
the written solution), how many moves were judged, how many times the judge disagreed with the goal
(a lesson accepting a move that fails its goal, or refusing one that meets it), and the problems
found. Each game's FIRST lesson is really played in the local console (bench.lesson_console: a
ConsoleSession on the service and a fresh SQLite store): ``learn <game> 1``, then the written
solution as a player types it, ``pick <n>`` per choice of the move panel and ``pick 1`` (Play it);
it counts the lines typed and printed, checks the console said the lesson was done with 3 stars,
and estimates the time of play as a player spends it. In Discord each reply REPLACES the lesson's
screen (the message is edited), so a player reads only what is new on it: the measure counts, on
each reply, the words of the lines that were not on the previous screen (a line shown again is not
read again; a picture's line is a picture, not words), up to and with "Lesson done" (finishing is
the goal; the explanation comes after), the numbered options included (a player reads them to
pick); those words read at READING words a minute, plus PRESS seconds a line typed. Goal: under a
minute. The detail line also gives the older count: every word the console printed, at the same
rates. In Discord the same play costs OPENING presses (/learn, the game, Start) and one per line
typed after ``learn``.
Also the time to judge one try (the position rebuilt, the move played, the goal checked), p95 over
every judged move. It asserts nothing; ``--games`` limits the games, ``--judged`` the moves per
step that go through the whole judge (default 40; every move is checked against the goal).
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

import engine
from bench.lesson_console import Stuck, play
from engine import lessons
from engine.lessons import audit

READING = 200  # words a minute
PRESS = 3.0  # seconds a press (or a short typed line) takes on a phone
OPENING = 3  # presses before the first choice: /learn, choose the game, Start
ROOT = Path(__file__).resolve().parent.parent


def seconds(words: int, lines: int) -> float:
    """The time of play: ``words`` read at READING words a minute, PRESS seconds a line typed."""
    return words / READING * 60 + lines * PRESS


def first_lesson(lesson: lessons.Lesson, panel_presses: int) -> str:
    """The line on ``lesson`` played in the console (``panel_presses``: what the audit counted on
    the panel's path for the written solution, compared with the picks the console took)."""
    head = f"  first lesson \u201c{lesson.title}\u201d"
    try:
        played = play(lesson)
    except Stuck as err:
        return f"{head}: NOT FINISHED in the console: {err}"
    typed, read, shown = len(played.typed), played.new_words, played.words
    spent = seconds(read, typed)
    done = "done with 3 stars" if played.stars == 3 else \
        f"NOT DONE WITH 3 STARS ({played.stars})" if played.stars else "NEVER SAID DONE"
    differs = f"; THE PANEL'S PATH COUNTS {panel_presses}" if panel_presses != played.picks else ""
    return (f"{head}: {typed} lines typed in the console ({OPENING + played.picks} presses in Discord), "
            f"{read} new words read: about {spent:.0f} s ({'under' if spent < 60 else 'OVER'} a minute)\n"
            f"    typed: {' | '.join(played.typed)}; {len(played.lines)} lines printed ({played.pictures} "
            f"pictures); {done}{differs}; of the words read, {played.options} in the numbered options; "
            f"every word printed: {shown}, about {seconds(shown, typed):.0f} s")


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
          "move judged at each step, the first lesson played in the console (goal: under 60 s of play: "
          "the words new on each screen, as a Discord reply replaces the last (a line on the previous screen "
          "not read again, pictures left out), up to \u201cLesson done\u201d, read at "
          f"{READING} words a minute + {PRESS:.0f} s a line typed; every word printed also given)")
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
        p95 = statistics.quantiles(times, n=20)[18] if len(times) >= 20 else max(times)
        untaught = f"; UNTAUGHT {', '.join(missing)}" if missing else ""
        differs = "; SECTION LIST DIFFERS FROM THE RULES" if drift else ""
        print(f"{name}: {len(found)} lessons; sections taught {len({s.heading for s in drilled} & taught)} of "
              f"{len(drilled)} (+{len(listed) - len(drilled)} reference){untaught}{differs}; {judged} moves judged, "
              f"{disagreed} disagreements, {problems} problems ({spent:.1f} s); judge p95 {p95:.1f} ms")
        print(first_lesson(found[0], presses[found[0].id]))
    print(f"Every rules section of every game taught: {'yes' if all_taught else 'no'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
