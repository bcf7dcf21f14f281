"""Lessons (engine.lessons): every lesson of every game is played with EVERY legal move at each step
(its written solution meets the goal, the judge accepts exactly the moves that meet it, a wrong move
gets the lesson's own words, the scripted replies stay legal); each game's section list matches the
headings of its rules file and every rules section is taught or marked reference; broken lesson
files are refused with the reason; stars and the rebuilt position of an attempt."""
from __future__ import annotations

from pathlib import Path

import pytest

import engine
from engine import lessons
from engine.lessons import Attempt, LessonError, audit, parse_lesson, rules_headings, stars_for

ROOT = Path(__file__).resolve().parents[2]
GAMES = lessons.variants()
EVERY = [(v, lesson.id) for v in GAMES for lesson in lessons.of(v)]


def test_the_games_with_lessons_have_at_least_eight_each():
    assert {"basic", "pauso"} <= set(GAMES)
    for variant in GAMES:
        assert len(lessons.of(variant)) >= 8, variant


@pytest.mark.parametrize(("variant", "lesson_id"), EVERY)
def test_every_lesson_plays_right_with_every_legal_move(variant, lesson_id):
    lesson = lessons.find(variant, lesson_id)
    assert lesson is not None
    report = audit.audit(lesson)
    assert report.problems == []
    words = {step.wrong for step in lesson.steps} | {m.say for step in lesson.steps for m in step.mistakes}
    for found in report.steps:  # at least one wrong move per step, answered with the lesson's words
        assert found.wrong_example and found.wrong_feedback in words


@pytest.mark.parametrize("variant", GAMES)
def test_the_section_list_is_the_rules_file_and_every_section_is_taught(variant):
    headings = rules_headings((ROOT / "docs" / "rules" / f"{variant}.md").read_text(encoding="utf-8"))
    listed = lessons.sections(variant)
    assert [s.heading for s in listed] == headings  # the list cannot drift from the rules file
    taught = {t for lesson in lessons.of(variant) for t in lesson.teaches}
    assert taught <= set(headings), taught - set(headings)  # a lesson names only real sections
    untaught = [s.heading for s in listed if not s.reference and s.heading not in taught]
    assert untaught == []


def test_a_written_solution_is_accepted_and_the_position_is_rebuilt_from_the_moves():
    lesson = lessons.find("basic", "06-knotweed")
    assert lesson is not None and len(lesson.steps) == 2
    first = Attempt(lesson).judge("kn@F12")  # forgiving input, canonical move
    assert first.accepted and first.move == "Kn@f12" and first.reply == "o10-o11"
    assert first.feedback.startswith("Their Jasmine is drained")
    attempt = first.attempt
    assert attempt.moves == ("Kn@f12",) and not attempt.finished
    game = attempt.game()  # the start, the move, the scripted reply
    assert game.record == ["Kn@f12", "o10-o11"] and game.to_move == 0
    done = attempt.judge("d11xg11")
    assert done.accepted and done.attempt.finished and done.attempt.stars == 3


def test_any_move_meeting_the_goal_counts_not_only_the_written_one():
    lesson = lessons.find("basic", "01-first-harmony")
    assert lesson is not None and lesson.steps[0].solution == "k6-k8"
    assert Attempt(lesson).judge("k6-m6").accepted


def test_a_refused_move_gets_the_engines_reason_and_the_lessons_words():
    lesson = lessons.find("basic", "01-first-harmony")
    assert lesson is not None
    verdict = Attempt(lesson).judge("k6-k10")
    assert not verdict.accepted and verdict.move is None and verdict.attempt.tries == 1
    assert verdict.feedback == "Jasmine can move at most 3 points. A Jasmine moves at most 3 points in one turn."
    unreadable = Attempt(lesson).judge("\u00e9" * 5000)
    assert not unreadable.accepted and unreadable.feedback.startswith("That move is not allowed:")


def test_a_legal_move_that_misses_the_goal_gets_its_mistakes_words():
    lesson = lessons.find("pauso", "02-make-a-point")
    assert lesson is not None
    verdict = Attempt(lesson).judge("b4")
    assert not verdict.accepted and verdict.move == "R@b4"
    assert verdict.feedback.startswith("That pushed the Apricot Ring onto yours")


def test_stars_by_tries_and_a_hint_counts_as_a_try():
    assert [stars_for(n) for n in range(5)] == [3, 2, 2, 1, 1]
    lesson = lessons.find("pauso", "01-place-and-push")
    assert lesson is not None
    attempt = Attempt(lesson).hinted()
    assert attempt.tries == 1
    assert attempt.judge("a1").attempt.tries == 2  # nothing pushed
    assert attempt.judge("b2").attempt.stars == 2


def test_a_finished_lesson_judges_nothing_more():
    lesson = lessons.find("pauso", "01-place-and-push")
    assert lesson is not None
    done = Attempt(lesson, ("R@b2",))
    assert done.finished
    with pytest.raises(ValueError):
        done.judge("a1")


GOOD = """
title = "T"
teaches = ["B4. A turn"]
text = "Text."
explanation = "Why."
position = "board: o o o o/o oA o o/o o o o/o o o o; seats: P,A; next: P; supply: P=6,A=6"

[[step]]
goal = { kind = "effect", effect = "move" }
solution = "b2"
hint = "Hint."
wrong = "Wrong."
"""


@pytest.mark.parametrize(("change", "words"), [
    (("title = \"T\"", "titel = \"T\""), "unknown key(s) titel"),
    (("kind = \"effect\"", "kind = \"harmonie\""), "unknown goal kind 'harmonie'"),
    (("effect = \"move\"", "effekt = \"move\""), "goal 'effect' has no parameter 'effekt'"),
    (("effect = \"move\"", "effect = 3"), "'effect' of goal 'effect' is a str"),
    (("wrong = \"Wrong.\"", "wrong = \"\""), "'wrong' must be a text"),
    (("hint = \"Hint.\"", "hint = \"Hint.\"\nreply = \"c3\""), "the last step has no reply"),
    (("position = ", "positions = "), "unknown key(s) positions"),
    (("[[step]]", "[[steps]]"), "unknown key(s) steps"),
    (("teaches = [\"B4. A turn\"]", "teaches = []"), "'teaches' lists the rules sections"),
    (("wrong = \"Wrong.\"", "wrong = \"Wrong.\"\n[[step.mistake]]\nsay = \"x\""), "exactly one of 'if'"),
])
def test_a_broken_lesson_file_is_refused_with_the_reason(change, words):
    parse_lesson("pauso", "01-good", 1, GOOD)  # the unbroken file is fine
    with pytest.raises(LessonError) as err:
        parse_lesson("pauso", "01-good", 1, GOOD.replace(*change))
    assert words in str(err.value)


def test_a_lesson_file_name_that_cannot_ride_in_a_custom_id_is_refused():
    with pytest.raises(LessonError, match="two digits"):
        parse_lesson("pauso", "first", 1, GOOD)
    with pytest.raises(LessonError, match="24 characters"):
        parse_lesson("pauso", "01-" + "a" * 30, 1, GOOD)


def test_every_lesson_states_its_goal_in_a_paragraph_of_its_own():
    for variant in GAMES:
        for lesson in lessons.of(variant):
            goals = [p for p in lesson.text.split("\n\n") if p.strip().startswith("**Your goal:**")]
            assert len(goals) == 1, lesson.id


def test_every_lesson_starts_with_the_learner_to_move_in_a_running_game():
    for variant in GAMES:
        for lesson in lessons.of(variant):
            game = lesson.start()
            assert game.outcome is None and game.to_move is not None
            assert isinstance(game, engine.Game)


def test_the_authoring_guide_names_every_shared_goal_kind():
    guide = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    shared = {name for (variant, name) in lessons.goals._KINDS if variant is None}
    assert shared and all(f"| `{name}` |" in guide for name in shared)
