"""Puzzles: positions of real games where one move is far better than every other, shipped as data
in each game's package (``engine/<game>/puzzles.jsonl``), mined offline by ``python -m bench.puzzles``.

    from engine import puzzles
    puzzles.puzzles_of("...")          # a game's puzzles (Puzzle), in file order
    puzzles.find(puzzle_id)            # one puzzle by its id, or None
    p.start()                          # the game at the puzzle's position
    puzzles.judge(p, progress, move)   # -> Verdict: right (replies follow), solved, failed
    puzzles.verify(p)                  # what is wrong with a puzzle (the tests' and the miner's check)

Layout: ``solve`` (the exact checks of the three kinds: win in 1, defence, win in 2), ``model``
(the Puzzle and its file), ``attempt`` (judging a move), ``themes`` (capture, scoring, figure,
harmony as predicates), ``verify``. Pure like the rest of the engine.
"""
from __future__ import annotations

from .attempt import FAILED, RIGHT, SOLVED, Verdict, goal_text, judge, kind_words, position_at, solution_words
from .model import KIND_TAGS, THEMES, Puzzle, all_puzzles, find, puzzle_id, puzzles_of, variants_with_puzzles
from .solve import DEFENCE, KINDS, WIN1, WIN2, Found, OutOfBudget, Solver
from .verify import verify

__all__ = ["Puzzle", "Verdict", "Found", "Solver", "OutOfBudget", "KINDS", "WIN1", "WIN2", "DEFENCE",
           "KIND_TAGS", "THEMES", "RIGHT", "SOLVED", "FAILED", "all_puzzles", "find", "puzzle_id", "puzzles_of",
           "variants_with_puzzles", "judge", "goal_text", "kind_words", "position_at", "solution_words", "verify"]
