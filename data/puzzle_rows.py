"""What the store holds of puzzles and reviews: a player's puzzle rating and streak in one game, a
puzzle's own rating, one attempt at a puzzle, a server's daily post, and what an attempt's end
asks the store to write."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

OPEN, SOLVED, FAILED = "open", "solved", "failed"
DAILY = "daily"  # the slot of the daily puzzle (other attempts: the game's id)


@dataclass
class PuzzlePlayerRow:
    """A player's puzzle rating in one game (openskill mu/sigma), their record and streak."""

    user_id: int
    variant: str
    name: str
    mu: float
    sigma: float
    attempts: int
    solved: int
    streak: int
    best_streak: int
    best: float
    last_at: float


@dataclass
class PuzzleRatingRow:
    """A puzzle's own rating, once someone has tried it (before: the miner's estimate)."""

    puzzle_id: str
    variant: str
    mu: float
    sigma: float
    attempts: int
    solved: int


@dataclass
class AttemptRow:
    """One player's attempt at one puzzle: how far it got and how it ended."""

    id: int
    user_id: int
    puzzle_id: str
    variant: str
    slot: str
    day: str | None
    guild_id: int | None
    rated: bool
    progress: int
    status: str
    started_at: float
    ended_at: float | None = None
    before: float | None = None
    after: float | None = None


@dataclass
class DailyPost:
    """Where and when (UTC hour) a server gets the daily puzzle, and the last day it was posted."""

    guild_id: int
    channel_id: int
    hour: int
    last_day: str | None
    set_at: float


@dataclass
class PuzzleEnd:
    """How an attempt ends, and the new ratings computed inside the transaction that stores it
    from the rows as they are then (read under a lock): ``settle(player, puzzle)`` gets the
    player's row (None before their first puzzle of this game) and the puzzle's (None before its
    first attempt) and returns both as they are to be written, with the player's displayed rating
    before and after (None for an attempt that is not rated)."""

    solved: bool
    settle: Callable[[PuzzlePlayerRow | None, PuzzleRatingRow | None],
                     tuple[PuzzlePlayerRow, PuzzleRatingRow, float | None, float | None]]
