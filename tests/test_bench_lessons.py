"""The lessons' benchmark keeps working and says what the goals ask (a short run; nothing timed); its
first lesson is really played in the console: the lines it typed, given to a console of the test's
own, finish the lesson with 3 stars, and the counts it prints are what that console printed: the
words new on each screen up to "Lesson done" (a Discord reply replaces the last one), and every word."""
from __future__ import annotations

import asyncio
import re

from bench.lesson_console import PICTURE, play
from bench.lessons import first_lesson, main
from bot.console import ConsoleSession, stable_id
from engine import lessons
from tests.helpers import make_service

FIRST = re.compile(r"first lesson \u201cPlace a Ring, push the others\u201d: 3 lines typed in the console "
                   r"\(5 presses in Discord\), (\d+) new words read: about (\d+) s \((under|OVER) a minute\)\n"
                   r"    typed: learn pauso 1 \| pick 6 \| pick 1; (\d+) lines printed \(3 pictures\); "
                   r"done with 3 stars; of the words read, (\d+) in the numbered options; "
                   r"every word printed: (\d+), about (\d+) s")


def test_the_lessons_benchmark_prints_each_games_figures(capsys):
    assert main(["--games", "pauso", "--judged", "2"]) == 0
    out = capsys.readouterr().out
    assert "PAUSO: 9 lessons; sections taught 16 of 16 (+20 reference); " in out
    assert " 0 disagreements, 0 problems " in out
    assert ("the words new on each screen, as a Discord reply replaces the last (a line on the previous screen "
            "not read again, pictures left out), up to \u201cLesson done\u201d, read at 200 words a minute + 3 s a "
            "line typed") in out
    found = FIRST.search(out)
    assert found, out
    read, seconds, printed, options, words, before = (int(found[n]) for n in (1, 2, 4, 5, 6, 7))
    verdict = found[3]
    assert seconds == round(read / 200 * 60 + 3 * 3.0) and before == round(words / 200 * 60 + 3 * 3.0)
    assert verdict == ("under" if seconds < 60 else "OVER")
    assert printed > 3 * 3 and words > len("Place a Ring, push the others".split()) * 3  # a title a reply at least
    assert options < read < words


async def test_the_first_lesson_is_finished_by_the_lines_the_bench_typed(store, clock, tmp_path):
    lesson = lessons.of("pauso")[0]
    played = await asyncio.to_thread(play, lesson)  # its own event loop, store and console
    assert played.typed == ["learn pauso 1", "pick 6", "pick 1"] and played.stars == 3
    service = make_service(store, clock)
    console = ConsoleSession(service, tmp_path)
    shown = [await console.handle(f"alice: {line}") for line in played.typed]
    service.close()
    assert "Your move: R@b2 (A Ring from your supply, b2)." in shown[1]
    assert "Lesson done: \u2605\u2605\u2605 (no wrong try)" in "\n".join(shown[-1])
    [row] = await store.lesson_progress(stable_id("user", "alice"), "pauso")
    assert (row.lesson, row.stars) == (lesson.id, 3)

    def text(replies: list[list[str]]) -> list[str]:  # the pictures' paths differ from folder to folder
        return ["[picture]" if PICTURE.match(line) else line for reply in replies for line in reply]

    assert text(played.printed) == text(shown)
    assert played.words == sum(len(line.split()) for line in text(shown) if line != "[picture]")
    assert len(played.lines) == sum(1 for line in "\n".join(text(shown)).splitlines() if line.strip())
    assert played.pictures == 3

    read, previous = [], set()  # what is new on each screen, up to "Lesson done"
    for reply in shown:
        screen = [line for line in "\n".join(reply).splitlines() if line.strip() and not PICTURE.match(line)]
        read += [line for line in screen if line not in previous]
        previous = set(screen)
    read = read[:next(n for n, line in enumerate(read) if line.startswith("Lesson done: ")) + 1]
    assert read[0] == "PAUSO \u00b7 lesson 1 of 9: Place a Ring, push the others (only alice sees this)"
    assert read.count(read[0]) == 1 and "  1. Play it" in read and read[-2:] == ["\u2705 R@b2.", read[-1]]
    new_words = sum(len(line.split()) for line in read)
    assert played.new_words == new_words < played.words
    line = await asyncio.to_thread(first_lesson, lesson, played.picks)  # the bench's line, played again
    assert f", {new_words} new words read: about {new_words / 200 * 60 + 3 * 3.0:.0f} s (under a minute)" in line
