"""Solving a puzzle move by move: where an attempt stands, and the judgement of each move.

An attempt is the puzzle and ``progress``: how many entries of its solution have been played (the
solver's right moves and the scripted replies after them). A move is judged on the position at
that progress:

- the solution's move there (or, at the solver's last move, any move that wins at once): right;
  the scripted replies follow at once, or the puzzle is solved;
- any other legal move: the attempt fails (the solution is then shown);
- a move the game refuses raises ``IllegalMove`` with the game's own message and changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..base import Game
from .model import KIND_TAGS, Puzzle
from .solve import DEFENCE, WIN1, WIN2, won_by

RIGHT, SOLVED, FAILED = "right", "solved", "failed"


@dataclass(frozen=True)
class Verdict:
    """What a move did to an attempt."""

    result: str  # RIGHT (go on), SOLVED or FAILED
    played: str  # the move as the game writes it
    replies: tuple[str, ...]  # the scripted replies played after a right move
    progress: int  # solution entries played after this move


def position_at(puzzle: Puzzle, progress: int) -> Game:
    """The puzzle's game after ``progress`` entries of its solution."""
    if not 0 <= progress < len(puzzle.solution):
        raise ValueError(f"Puzzle {puzzle.id} has no step {progress}.")
    game = puzzle.start()
    for entry in puzzle.solution[:progress]:
        game.play(entry)
    return game


def solver_steps(puzzle: Puzzle) -> tuple[int, ...]:
    """The indices of the solution's entries that are the solver's own moves."""
    game = puzzle.start()
    steps = []
    for index, entry in enumerate(puzzle.solution):
        if game.to_move == puzzle.seat:
            steps.append(index)
        game.play(entry)
    return tuple(steps)


def judge(puzzle: Puzzle, progress: int, move: str) -> Verdict:
    """The judgement of ``move`` at ``progress`` (see the module docstring)."""
    steps = solver_steps(puzzle)
    if progress not in steps:
        raise ValueError(f"Puzzle {puzzle.id}: step {progress} is not the solver's move.")
    game = position_at(puzzle, progress)
    played = game.play(move)  # IllegalMove: nothing changes
    last = progress == steps[-1]
    expected = puzzle.solution[progress]
    right = played == expected or (last and puzzle.kind != DEFENCE and won_by(game, puzzle.seat))
    if not right:
        return Verdict(FAILED, played, (), progress)
    if last:
        return Verdict(SOLVED, played, (), len(puzzle.solution))
    following = steps[steps.index(progress) + 1]
    replies = puzzle.solution[progress + 1:following]
    return Verdict(RIGHT, played, tuple(replies), following)


def goal_text(puzzle: Puzzle, seat_label: str) -> str:
    """What the solver has to do, in words."""
    if puzzle.kind == WIN1:
        return f"{seat_label} to move: win now, with one move."
    if puzzle.kind == WIN2:
        return (f"{seat_label} to move: win by your next turn, whatever the reply. The bot answers your "
                "first move; then finish.")
    return f"{seat_label} to move: your opponent threatens to win on their next turn. Find the only move that stops it."


def kind_words(puzzle: Puzzle) -> str:
    return KIND_TAGS.get(puzzle.kind, puzzle.kind)


def solution_words(puzzle: Puzzle, names: dict[int, str] | None = None) -> str:
    """The solution as a line of moves, each with who plays it: ``e5-e8 (you), f7-f5 (bot), ...``."""
    game = puzzle.start()
    parts = []
    for entry in puzzle.solution:
        who = "you" if game.to_move == puzzle.seat else (names or {}).get(game.to_move or 0, "reply")
        parts.append(f"{entry} ({who})")
        game.play(entry)
    if puzzle.kind == WIN2:
        parts[-1] += " wins (or any other move that wins at once)"
    return ", ".join(parts)
