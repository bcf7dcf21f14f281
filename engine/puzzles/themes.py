"""The themes a puzzle is tagged with beside its kind, each a predicate on the solution line that
the engine evaluates from what the pictures show (the games' views), never from words:

- ``capture``: the solver's first move takes a tile (``e5xe8`` in the notation);
- ``scoring`` and ``figure``: the solver's score in the header rises along the solution (Points,
  or figures where a game counts figures as its score);
- ``harmony``: the harmonies (or harmony links) the picture draws change along the solution.

Which of them fit a game is the miner's choice (bench/puzzles.py); a tag, once given, must hold.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from ..base import Game
from .model import KIND_TAGS, Puzzle

CAPTURE = re.compile(r"[a-z][0-9]+x[a-z][0-9]+")
HARMONY_LINES = ("harmony", "link", "winning", "ring")


def _line(puzzle: Puzzle) -> tuple[Game, Game]:
    """The puzzle's start and the game after its whole solution."""
    start = puzzle.start()
    end = start.copy()
    for entry in puzzle.solution:
        end.play(entry)
    return start, end


def captures(puzzle: Puzzle) -> bool:
    return CAPTURE.search(puzzle.solution[0]) is not None


def score_rises(puzzle: Puzzle) -> bool:
    start, end = _line(puzzle)
    before, after = start.view().header.seats[puzzle.seat].score, end.view().header.seats[puzzle.seat].score
    return before is not None and after is not None and after > before


def harmonies_change(puzzle: Puzzle) -> bool:
    start, end = _line(puzzle)

    def drawn(game: Game) -> set[tuple]:
        return {(line.a, line.b, line.kind) for line in game.view().lines if line.kind in HARMONY_LINES}
    return drawn(start) != drawn(end)


CHECKS: dict[str, Callable[[Puzzle], bool]] = {
    "capture": captures, "scoring": score_rises, "figure": score_rises, "harmony": harmonies_change,
}


def themes_of(puzzle: Puzzle, allowed: tuple[str, ...]) -> tuple[str, ...]:
    """The themes among ``allowed`` that the puzzle's solution shows."""
    return tuple(theme for theme in allowed if CHECKS[theme](puzzle))


def tag_holds(puzzle: Puzzle, tag: str) -> bool:
    """Whether one of the puzzle's tags holds: its kind's tag, or a theme's predicate."""
    if tag in KIND_TAGS.values():
        return KIND_TAGS[puzzle.kind] == tag
    check = CHECKS.get(tag)
    return check is not None and check(puzzle)
