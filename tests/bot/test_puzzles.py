"""Puzzles through the service on a real store: a puzzle near the player's rating, shown with the
move panel; solved (typed or picked) and failed, each changing the player's and the puzzle's
rating and the streak; a win in 2 answered by its scripted reply; a bad move refused with nothing
changed; a stale press refused; the open puzzle given again; the daily puzzle the same for
everyone, done once a day, and posted once a day in a server from its hour on; profiles and the
puzzle leaderboard."""
from __future__ import annotations

import calendar

import pytest

from bot.service import UserError
from bot.service.puzzles import daily_puzzle, day_of
from engine import puzzles, steps
from engine.puzzles import WIN1, WIN2
from tests.helpers import ALICE, BOB


def first_of(kind: str, players: int = 2):
    """A shipped PAUSO puzzle of a kind (PAUSO's are the quickest to set up)."""
    return next(p for p in puzzles.puzzles_of("pauso") if p.kind == kind and p.players == players)


async def open_puzzle(service, user, puzzle):
    """Start an attempt at ``puzzle`` for ``user`` (as /puzzle would pick it)."""
    return await service.puzzles._start(user, puzzle, puzzle.variant, None, 1, "")


def wrong_move(puzzle) -> str:
    game = puzzle.start()
    return next(m for m in game.legal_moves() if m != puzzle.solution[0])


async def test_a_puzzle_solved_by_typing_raises_both_ratings_and_the_streak(service, store):
    puzzle = first_of(WIN1)
    shown = await open_puzzle(service, ALICE, puzzle)
    assert f"Puzzle {puzzle.id}" in shown.text and "win now" in shown.text and shown.image and shown.step
    done = await service.puzzles.answer(ALICE, shown.attempt_id, 0, puzzle.solution[0])
    assert done.solved and done.step is None
    assert f"Solved: {puzzle.solution[0]} wins." in done.text and "Puzzle rating 1500 \u2192" in done.text
    assert "streak 1 (best 1)" in done.text and done.image
    player = (await store.puzzle_players(ALICE.id, "pauso"))[0]
    rated = (await store.puzzle_ratings("pauso"))[puzzle.id]
    assert player.mu > 25 and player.solved == 1 and rated.attempts == 1 and rated.solved == 1
    assert (await store.get_attempt(shown.attempt_id)).after > 1500
    profile = await service.profile(ALICE, "pauso")
    assert "PAUSO puzzles: " in profile.text and "1 solved of 1 attempt" in profile.text
    board = await service.puzzle_board("pauso", guild_id=1)
    assert "alice" in board.text and "puzzle leaderboard" in board.text


async def test_a_wrong_move_fails_shows_the_solution_and_ends_the_streak(service, store):
    puzzle = first_of(WIN1)
    shown = await open_puzzle(service, ALICE, puzzle)
    move = wrong_move(puzzle)
    done = await service.puzzles.answer(ALICE, shown.attempt_id, 0, move)
    assert done.solved is False and "is not the answer" in done.text
    assert f"The solution: {puzzle.solution[0]} (you)" in done.text and "streak 0" in done.text
    player = (await store.puzzle_players(ALICE.id, "pauso"))[0]
    assert player.mu < 25 and player.streak == 0 and player.solved == 0
    with pytest.raises(UserError, match="This puzzle is over"):
        await service.puzzles.answer(ALICE, shown.attempt_id, 0, puzzle.solution[0])


async def test_a_bad_move_or_a_stale_press_changes_nothing(service, store):
    puzzle = first_of(WIN1)
    shown = await open_puzzle(service, ALICE, puzzle)
    for bad in ("zz99", "R@", "\u00e9" * 5000):
        with pytest.raises(UserError, match="The puzzle is unchanged"):
            await service.puzzles.answer(ALICE, shown.attempt_id, 0, bad)
    with pytest.raises(UserError, match="someone else's"):
        await service.puzzles.answer(BOB, shown.attempt_id, 0, puzzle.solution[0])
    with pytest.raises(UserError, match="moved on"):
        await service.puzzles.answer(ALICE, shown.attempt_id, 2, puzzle.solution[0])
    attempt = await store.get_attempt(shown.attempt_id)
    assert (attempt.status, attempt.progress) == ("open", 0)
    assert await store.puzzle_players(ALICE.id) == []


async def test_a_win_in_2_is_answered_by_its_reply_then_finished_with_the_panel(service, store):
    puzzle = first_of(WIN2)
    shown = await open_puzzle(service, ALICE, puzzle)
    right = await service.puzzles.answer(ALICE, shown.attempt_id, 0, puzzle.solution[0])
    assert right.solved is None and f"Right: {puzzle.solution[0]}." in right.text
    assert f"The reply: {puzzle.solution[1]}" in right.text and right.progress == len(puzzle.solution) - 1
    position = puzzles.position_at(puzzle, right.progress)
    path = steps.path_of(position, puzzle.solution[-1])
    step = right
    for k in range(1, len(path) + 1):
        step = await service.puzzles.pick(ALICE, right.attempt_id, right.progress, path[:k])
    assert step.step is not None and step.step.done
    done = await service.puzzles.play_picked(ALICE, right.attempt_id, right.progress, path)
    assert done.solved and (await store.get_attempt(right.attempt_id)).status == "solved"


async def test_asking_again_gives_the_open_puzzle_then_a_new_one_near_the_rating(service, store):
    shown = await service.puzzles.ask(ALICE, "pauso", guild_id=1)
    again = await service.puzzles.ask(ALICE, "pauso", guild_id=1)
    assert again.attempt_id == shown.attempt_id and "You have this puzzle open" in again.text
    given = (await store.get_attempt(shown.attempt_id)).puzzle_id
    await service.puzzles.give_up(ALICE, shown.attempt_id, 0)
    following = await service.puzzles.ask(ALICE, "pauso", guild_id=1)
    assert following.attempt_id != shown.attempt_id
    assert (await store.get_attempt(following.attempt_id)).puzzle_id != given
    with pytest.raises(UserError, match="Unknown game"):
        await service.puzzles.ask(ALICE, "chess")


async def test_the_daily_puzzle_is_the_same_for_everyone_once_a_day(service, store, clock):
    today = day_of(clock())
    puzzle = daily_puzzle(today)
    mine = await service.puzzles.daily(ALICE, guild_id=1)
    theirs = await service.puzzles.daily(BOB, guild_id=1)
    assert f"Puzzle {puzzle.id}" in mine.text and f"Puzzle {puzzle.id}" in theirs.text and "Today's puzzle" in mine.text
    await service.puzzles.answer(ALICE, mine.attempt_id, 0, puzzle.solution[0])
    if puzzle.kind == WIN2:
        await service.puzzles.answer(ALICE, mine.attempt_id, len(puzzle.solution) - 1, puzzle.solution[-1])
    with pytest.raises(UserError, match="You have done today's puzzle already \\(you solved it\\)"):
        await service.puzzles.daily(ALICE, guild_id=1)
    clock.advance(86400)
    assert daily_puzzle(day_of(clock())).id != puzzle.id or len(puzzles.all_puzzles()) == 1
    assert (await service.puzzles.daily(ALICE, guild_id=1)).attempt_id != mine.attempt_id


async def test_a_solve_button_opens_the_puzzle_it_was_posted_with(service, clock):
    """A post made before the bot was updated with more puzzles (the day's pick changes with
    them) still opens its own puzzle; a puzzle id no longer shipped falls back to the day's."""
    today = day_of(clock())
    posted = next(p for p in puzzles.all_puzzles() if p.id != daily_puzzle(today).id)
    shown = await service.puzzles.daily(ALICE, guild_id=1, day=today, puzzle_id=posted.id)
    assert f"Puzzle {posted.id}" in shown.text
    gone = await service.puzzles.daily(BOB, guild_id=1, day=today, puzzle_id="0123456789")
    assert f"Puzzle {daily_puzzle(today).id}" in gone.text


async def test_a_server_gets_the_daily_post_once_a_day_from_its_hour(service, clock):
    clock.now = calendar.timegm((2027, 1, 15, 0, 30, 0))  # 00:30 UTC
    reply = await service.puzzles.set_daily_post(1, 55, 9)
    assert "<#55> every day at 09:00 UTC (the first today)" in reply.text
    assert await service.tick() == []
    clock.advance(9 * 3600)  # 09:30
    notices = await service.tick()
    assert [n.channel_id for n in notices] == [55]
    post = notices[0].reply
    assert post.text.startswith("**Daily puzzle, 2027-01-15**") and post.image and post.solve.endswith(":2027-01-15")
    assert post.solve.split(":")[0] == daily_puzzle("2027-01-15").id
    assert await service.tick() == []
    clock.advance(86400)
    assert [n.reply.solve.split(":", 1)[1] for n in await service.tick()] == ["2027-01-16"]
    with pytest.raises(UserError, match="from 0 to 23"):
        await service.puzzles.set_daily_post(1, 55, 24)
    assert "no longer" in (await service.puzzles.stop_daily_post(1)).text
    assert "not posted" in (await service.puzzles.daily_setting(1)).text
