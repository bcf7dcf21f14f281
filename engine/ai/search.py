"""What every search returns, the budget it runs on, and where it started (``Root``)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Root:
    """Where a search started, handed to the knowledge with every position it is asked about
    (``Knowledge.evaluate``, ``horizon``, ``order``): the search state, passed explicitly rather
    than written onto the games it copies. None outside a search (a test asking about one
    position, the one-ply looks of a shortlist)."""

    seat: int  # the seat the search chooses a move for: in a world drawn for it, its hand is the real one
    plies: int  # how many moves of the record were really played; positions after them are the search's own


class OutOfBudget(Exception):
    """Raised inside a search when its node budget or time is spent."""


@dataclass
class Budget:
    """A fixed count of work units, optionally capped by a deadline (``time.perf_counter``)."""

    limit: int
    deadline: float | None = None
    used: int = 0

    def spend(self) -> None:
        """Count one unit; OutOfBudget once the limit or (checked every 64 units) the time is up."""
        self.used += 1
        if self.used > self.limit:
            raise OutOfBudget
        if self.deadline is not None and self.used % 64 == 0 and time.perf_counter() > self.deadline:
            raise OutOfBudget

    def left(self) -> bool:
        """Whether another unit may be spent (without counting one)."""
        if self.used >= self.limit:
            return False
        return self.deadline is None or time.perf_counter() <= self.deadline


@dataclass
class Candidate:
    """One root move as the search saw it: its value (win chance for the mover, 0..1) and how
    much the search looked at it (MCTS visits, alpha-beta depth). ``exact`` is False for a value
    that is only an upper bound (alpha-beta cut it off)."""

    action: Any
    value: float
    weight: float
    exact: bool = True


@dataclass
class Result:
    """Root moves best first, and what the search cost."""

    ranked: list[Candidate]
    iterations: int = 0  # MCTS iterations or alpha-beta iterations (depths) completed
    nodes: int = 0  # positions the search reached (moves applied)
    depth: int = 0  # alpha-beta: the deepest completed iteration
    info: dict[str, Any] = field(default_factory=dict)
