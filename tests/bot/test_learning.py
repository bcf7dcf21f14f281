"""Lessons through the service (bot/service/lessons.py), on both stores: progress per user and game,
a whole lesson played with the panel's choices, wrong tries and hints costing stars, the position
rebuilt after a restart from the lesson's file and the stored moves, a press from an old panel
answered with the lesson as it stands, two presses at once counted once, a finished game's lessons
on the profile, and a result shared only when asked."""
from __future__ import annotations

import asyncio

import pytest

import engine
from bot.service import Person, UserError
from bot.service.lessons import CHANGED, MOVED_ON, Learning
from data import LessonRow
from engine import lessons, steps
from tests.helpers import make_service

ANN, BEN = Person(11, "ann"), Person(12, "ben")



async def pick(learning: Learning, user: Person, screen, move: str):
    """Play ``move`` with the lesson's panel alone: one press per choice, then Play it."""
    attempt, _ = await learning._current(user, screen.variant, screen.lesson)
    game = attempt.game()
    path = steps.path_of(game, game.copy().play(move))
    for n in range(1, len(path) + 1):
        screen = await learning.step(user, screen.variant, screen.lesson, screen.version, path[:n])
        assert screen.panel is not None and screen.panel.step.path == path[:n]
    return await learning.play(user, screen.variant, screen.lesson, screen.version, path)


async def test_a_new_learner_sees_every_game_and_the_first_lesson_next(store, clock):
    service = make_service(store, clock)
    course = await service.learning.course(ANN)
    assert course.variant is None and {"basic", "pauso"} <= {v for v, _ in course.games}
    assert "**Basic Pai Sho**: 0 of 15 done \u00b7 next: 1. Your first harmony" in course.text
    basic = await service.learning.course(ANN, "basic")
    assert basic.next_lesson == "01-first-harmony" and len(basic.lessons) == 15
    with pytest.raises(UserError, match="Unknown game"):
        await service.learning.course(ANN, "chess")


async def test_a_whole_lesson_with_the_panel_gives_three_stars_and_moves_the_next_one_on(store, clock):
    service = make_service(store, clock)
    learning = service.learning
    screen = await learning.open(ANN, "basic")
    assert screen.lesson == "01-first-harmony" and "Jasmine" in screen.text and screen.image is not None
    assert screen.panel is not None and screen.panel.step.prompt == "Which tile?"
    done = await pick(learning, ANN, screen, "k6-k8")
    assert done.finished and done.stars == 3 and done.panel is None and done.image is not None
    assert "\u2705 k6-k8." in done.text and "Lesson done: \u2605\u2605\u2605" in done.text
    assert done.next_lesson == "02-friends-and-foes"
    course = await learning.course(ANN, "basic")
    assert course.lessons[0][2] == 3 and course.next_lesson == "02-friends-and-foes"
    assert await learning.course(BEN, "basic") != course  # ben's progress is his own


async def test_wrong_tries_and_the_hint_cost_stars_and_get_the_lessons_words(store, clock):
    learning = make_service(store, clock).learning
    screen = await learning.open(ANN, "pauso", "02-make-a-point")
    wrong = await learning.try_move(ANN, "pauso", screen.lesson, screen.version, "b4")
    assert wrong.said.startswith("\u274c You tried R@b4. That pushed the Apricot Ring onto yours")
    refused = await learning.try_move(ANN, "pauso", screen.lesson, wrong.version, "z9")
    assert refused.said.startswith("\u274c That move is not allowed: z9 is off the board")
    hinted = await learning.hint(ANN, "pauso", screen.lesson, refused.version)
    assert hinted.said == "Hint (it counts as a try): " + lessons.find("pauso", "02-make-a-point").steps[0].hint
    done = await learning.try_move(ANN, "pauso", screen.lesson, hinted.version, "b1")
    assert done.finished and done.stars == 1 and "3 wrong tries" in done.text
    again = await learning.restart(ANN, "pauso", screen.lesson)
    better = await learning.try_move(ANN, "pauso", screen.lesson, again.version, "R@b1")
    assert better.stars == 3
    rows = await store.lesson_progress(ANN.id, "pauso")
    assert [(r.lesson, r.stars) for r in rows] == [("02-make-a-point", 3)]  # the best finish is kept


async def test_a_lesson_goes_on_after_a_restart_from_its_file_and_the_stored_moves(store, clock):
    first = make_service(store, clock)
    screen = await first.learning.open(ANN, "basic", "06-knotweed")
    step1 = await first.learning.try_move(ANN, "basic", screen.lesson, screen.version, "Kn@f12")
    assert step1.step == 2 and "Your opponent answers o10-o11." in step1.said
    first.close()
    again = make_service(store, clock)  # a new process on the same database
    resumed = await again.learning.open(ANN, "basic", "06-knotweed")
    assert resumed.step == 2 and resumed.version == step1.version  # the same position, rebuilt
    late = await again.learning.try_move(ANN, "basic", screen.lesson, step1.version, "d11xg11")
    assert late.finished and late.stars == 3


async def test_a_press_from_an_old_panel_is_answered_with_the_lesson_as_it_stands(store, clock):
    learning = make_service(store, clock).learning
    screen = await learning.open(ANN, "basic", "06-knotweed")
    await learning.try_move(ANN, "basic", screen.lesson, screen.version, "Kn@f12")
    stale = await learning.try_move(ANN, "basic", screen.lesson, screen.version, "Kn@g12")
    assert stale.said == MOVED_ON and stale.step == 2  # nothing judged on the old position
    rows = await store.lesson_progress(ANN.id, "basic")
    assert rows[0].moves == ("Kn@f12",) and rows[0].tries == 0


async def test_a_double_click_is_judged_once(store, clock):
    learning = make_service(store, clock).learning
    screen = await learning.open(ANN, "pauso", "01-place-and-push")
    results = await asyncio.gather(*(learning.try_move(ANN, "pauso", screen.lesson, screen.version, "a1")
                                     for _ in range(2)), return_exceptions=True)
    refused = [r for r in results if isinstance(r, UserError)]
    assert len(refused) == 1 and str(refused[0]).startswith("One moment")
    assert (await store.lesson_progress(ANN.id, "pauso"))[0].tries == 1
    other = await learning.open(BEN, "pauso", "01-place-and-push")  # another user is never held up
    assert other.panel is not None


async def test_two_presses_at_once_from_two_processes_count_once(store, clock):
    one, two = make_service(store, clock), make_service(store, clock)
    screen = await one.learning.open(ANN, "pauso", "01-place-and-push")
    results = await asyncio.gather(one.learning.try_move(ANN, "pauso", screen.lesson, screen.version, "a1"),
                                   two.learning.try_move(ANN, "pauso", screen.lesson, screen.version, "a1"),
                                   return_exceptions=True)
    assert sum(isinstance(r, UserError) for r in results) <= 1
    rows = await store.lesson_progress(ANN.id, "pauso")
    assert rows[0].tries == sum(not isinstance(r, UserError) for r in results)


async def test_a_lesson_rewritten_since_starts_again(store, clock):
    learning = make_service(store, clock).learning
    await store.save_lesson(LessonRow(ANN.id, "basic", "06-knotweed", 0, ("Zz@q1",), 1, 1.0), None)
    screen = await learning.open(ANN, "basic", "06-knotweed")
    assert screen.said == CHANGED and screen.step == 1


async def test_finishing_a_games_lessons_shows_on_the_profile_and_sharing_waits_for_the_end(store, clock):
    service = make_service(store, clock)
    learning = service.learning
    with pytest.raises(UserError, match="Finish the lesson first"):
        await learning.share(ANN, "pauso", "01-place-and-push")
    found = lessons.of("pauso")
    for lesson in found[:-1]:
        screen = await learning.open(ANN, "pauso", lesson.id)
        for step in lesson.steps:
            screen = await learning.try_move(ANN, "pauso", lesson.id, screen.version, step.solution)
        assert screen.finished
    assert "PAUSO: 8 of 9" in (await service.profile(ANN)).text
    last = found[-1]
    screen = await learning.open(ANN, "pauso", last.id)
    screen = await learning.try_move(ANN, "pauso", last.id, screen.version, "a2")  # a wrong try
    screen = await learning.try_move(ANN, "pauso", last.id, screen.version, last.steps[0].solution)
    assert screen.next_lesson is None  # every lesson done
    profile = await service.profile(ANN)
    assert "Lessons: PAUSO: all 9 done, 26 of 27 \u2605" in profile.text
    shared = await learning.share(ANN, "pauso", last.id)
    assert shared.text.startswith("ann finished the PAUSO lesson 9 of 9, \u201cChains of Arrows\u201d, with "
                                  "\u2605\u2605\u2606")


async def test_a_game_without_lessons_and_an_unknown_lesson_are_refused(store, clock):
    learning = make_service(store, clock).learning
    without = [d.id for d in engine.games() if not lessons.of(d.id)]
    for variant in without:
        with pytest.raises(UserError, match="There are no .* lessons yet"):
            await learning.open(ANN, variant)
    with pytest.raises(UserError, match="There is no such Basic Pai Sho lesson"):
        await learning.open(ANN, "basic", "99-nothing")
