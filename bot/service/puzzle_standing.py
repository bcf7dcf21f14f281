"""Puzzle ratings: a player against a puzzle is a game of two (openskill, as games are rated, on
the same 1500 scale), won by the player when they solve it; each puzzle starts from the miner's
estimate and moves with every first attempt at it. Also what profiles and leaderboards show of
them, and which puzzle to give a player next (one near their rating they have not tried)."""
from __future__ import annotations

import random
from collections.abc import Sequence

import engine
from data import PuzzlePlayerRow, PuzzleRatingRow
from engine.puzzles import Puzzle

from .. import ratings
from .wording import count

PUZZLE_SIGMA = 4.0  # how sure the miner's estimate of a puzzle's rating is (a new player: 8.3)
NEAREST = 5  # a new puzzle is drawn from this many untried ones nearest the player's rating


def puzzle_skill(puzzle: Puzzle, row: PuzzleRatingRow | None) -> ratings.Skill:
    """A puzzle's skill: as stored, or the miner's estimate."""
    if row is not None:
        return ratings.Skill(row.mu, row.sigma)
    return ratings.Skill(ratings.START_MU + (puzzle.rating - ratings.CENTRE) / ratings.SCALE, PUZZLE_SIGMA)


def player_skill(row: PuzzlePlayerRow | None, now: float) -> ratings.Skill:
    """A player's puzzle skill in one game (uncertainty grows with time away, as in games)."""
    if row is None:
        return ratings.Skill()
    return ratings.after_inactivity(ratings.Skill(row.mu, row.sigma), now - row.last_at)


def shown(skill: ratings.Skill) -> str:
    return ratings.shown_value(ratings.display(skill.mu), skill.sigma)


def settle(puzzle: Puzzle, user_id: int, name: str, solved: bool, rated: bool, now: float,
           player: PuzzlePlayerRow | None, stored: PuzzleRatingRow | None
           ) -> tuple[PuzzlePlayerRow, PuzzleRatingRow, float | None, float | None]:
    """The player's and the puzzle's rows after an attempt (see PuzzleEnd): a rated attempt moves
    both ratings; every attempt counts for the record and the streak."""
    mine, theirs = player_skill(player, now), puzzle_skill(puzzle, stored)
    before = after = None
    if rated:
        mine, theirs = ratings.rate([mine, theirs], [1, 2] if solved else [2, 1])
        before = ratings.display(player_skill(player, now).mu)
        after = ratings.display(mine.mu)
    streak = (player.streak if player else 0) + 1 if solved else 0
    now_shown = ratings.display(mine.mu)
    row = PuzzlePlayerRow(
        user_id=user_id, variant=puzzle.variant, name=name, mu=mine.mu, sigma=mine.sigma,
        attempts=(player.attempts if player else 0) + 1, solved=(player.solved if player else 0) + solved,
        streak=streak, best_streak=max(streak, player.best_streak if player else 0),
        best=max(player.best, now_shown) if player else now_shown,
        last_at=now)
    puzzle_row = PuzzleRatingRow(puzzle.id, puzzle.variant, theirs.mu, theirs.sigma,
                                 (stored.attempts if stored else 0) + int(rated),
                                 (stored.solved if stored else 0) + int(rated and solved))
    return row, puzzle_row, before, after


def change_words(before: float | None, after: float | None, row: PuzzlePlayerRow) -> str:
    """``Puzzle rating 1500 -> 1538 (+38) · streak 3 (best 5)`` (or why it did not change)."""
    skill = ratings.Skill(row.mu, row.sigma)
    if before is None or after is None:
        rating = f"Puzzle rating {shown(skill)} (not changed: you had tried this puzzle before)"
    else:
        delta = round(after) - round(before)
        rating = f"Puzzle rating {round(before)} \u2192 {shown(skill)} ({'+' if delta >= 0 else ''}{delta})"
    return f"{rating} \u00b7 streak {row.streak} (best {row.best_streak})"


def choose(pool: Sequence[Puzzle], stored: dict[str, PuzzleRatingRow], tried: set[str], player: ratings.Skill,
           rng: random.Random) -> tuple[Puzzle, bool]:
    """The next puzzle for a player: one of the ``NEAREST`` untried puzzles nearest their rating
    (and True), or, when they have tried them all, any one again (and False: not rated)."""
    target = ratings.display(player.mu)
    fresh = [p for p in pool if p.id not in tried]
    if not fresh:
        return rng.choice(list(pool)), False

    def distance(p: Puzzle) -> float:
        return abs(ratings.display(puzzle_skill(p, stored.get(p.id)).mu) - target)
    nearest = sorted(fresh, key=lambda p: (distance(p), p.id))[:NEAREST]
    return rng.choice(nearest), True


def profile_lines(rows: Sequence[PuzzlePlayerRow], now: float) -> list[str]:
    """What a profile says of a player's puzzles, one line per game."""
    lines = []
    for row in sorted(rows, key=lambda r: -r.attempts):
        skill = player_skill(row, now)
        lines.append(f"{engine.info(row.variant).name} puzzles: {shown(skill)} \u00b7 {row.solved} solved of "
                     f"{count(row.attempts, 'attempt')} \u00b7 streak {row.streak} (best {row.best_streak})")
    return lines


def board_lines(pool: Sequence[PuzzlePlayerRow], now: float) -> list[tuple[str, str]]:
    """A game's puzzle leaderboard as (section, line): established ratings first, equal ratings
    sharing a place, then the provisional ones."""
    standing = [(ratings.display(s.mu), s.sigma, r) for r in pool for s in (player_skill(r, now),)]
    return ratings.board_lines(
        standing, lambda place, value, row: f"{place}. {row.name} {value} ({row.solved} solved, streak best "
                                            f"{row.best_streak})",
        lambda value, sigma, row: f"{row.name} {ratings.shown_value(value, sigma)} ({row.solved} solved)",
        lambda row: row.name)
