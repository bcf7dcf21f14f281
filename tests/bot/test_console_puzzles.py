"""Puzzles in the local console: ``puzzle`` gives one (its picture saved, its panel numbered),
``solve`` answers by a typed move or a choice of the list, ``give up`` shows the solution; the
profile and the puzzle leaderboard show the rating; ``puzzle daily`` is today's."""
from __future__ import annotations

from bot.console import ConsoleSession
from engine import puzzles, steps


def shown_puzzle(lines: list[str]) -> puzzles.Puzzle:
    first = next(line for line in lines if line.startswith("Puzzle "))
    found = puzzles.find(first.split()[1])
    assert found is not None
    return found


async def test_a_puzzle_solved_by_its_choices_and_one_given_up(service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    lines = await session.handle("alice: puzzle pauso")
    puzzle = shown_puzzle(lines)
    assert any(line.startswith("  1. ") for line in lines) and any("[picture for alice:" in line for line in lines)
    assert (await session.handle("solve")) == ["! Say your move (solve e5-e8) or a choice of the list (solve 2)."]
    for index, move in enumerate(puzzle.solution):
        if index not in puzzles.attempt.solver_steps(puzzle):
            continue
        position = puzzles.position_at(puzzle, index)
        for letter in steps.path_of(position, move):
            lines = await session.handle(f"solve {'ABCDEFGHIJKLMNOPQRSTUVWXY'.index(letter.upper()) + 1}")
        lines = await session.handle("solve 1")
    assert any(line.startswith(f"Solved: {puzzle.solution[-1]} wins.") for line in lines)
    assert any("streak 1 (best 1)" in line for line in lines)
    assert "PAUSO puzzles: " in "\n".join(await session.handle("profile"))
    assert "alice" in "\n".join(await session.handle("leaderboard puzzles pauso"))
    lines = await session.handle("puzzle pauso")
    other = shown_puzzle(lines)
    assert other.id != puzzle.id
    lines = await session.handle("give up")
    assert any(line.startswith(f"The solution: {other.solution[0]} (you)") for line in lines)
    assert await session.handle("give up") == ["! " + "You have no puzzle open here: puzzle (or puzzle <game>, "
                                                      "puzzle daily) gives you one."]


async def test_the_daily_puzzle_and_a_typed_move(service, tmp_path):
    session = ConsoleSession(service, tmp_path)
    lines = await session.handle("bob: puzzle daily")
    puzzle = shown_puzzle(lines)
    assert any("Today's puzzle" in line for line in lines)
    lines = await session.handle("solve this is no move")
    assert lines[0].startswith("! ") and "The puzzle is unchanged" in lines[0]
    lines = await session.handle(f"solve {puzzle.solution[0]}")
    assert any(line.startswith(("Right:", "Solved:")) for line in lines)
