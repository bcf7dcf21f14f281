"""The AI levels: how much each level searches and how often it settles for a near-best move.

Every level runs the same search; they differ in two ways, and in a game that asks for it a third.

1. **Budget.** Each game's knowledge gives a fixed budget per level (``Settings.budget`` in
   ``Knowledge.settings``, settings.py), in the unit of its search: MCTS iterations or alpha-beta
   nodes. A fixed budget (not a clock) makes the
   same record, level and seed give the same move on any machine; ``time_limit`` only caps it.
   The budgets are set so that hard thinks at most about 2 s (p95) on one core and easy answers
   in a blink (see ``python -m bench.arena``, which prints the think times).
2. **Slip.** After the search, a level takes, with probability ``slip``, one of the next
   ``choices`` best moves instead of the best, but only a move whose value is within ``margin``
   of the best one (values are win chances from 0 to 1 as the search sees them). A weaker level
   therefore plays moves that its own search finds nearly as good: plausible, never a blunder
   it can see.
3. **Overlooking** (only where a game asks for it: ``Settings.overlook``). In Iroh a player who
   sees every set the opponent makes can only lose to a fork, so a level that searches at all
   defends as well as hard; there easy and medium, with a chance per turn (Iroh: easy 0.6,
   medium 0.25, engine/iroh/ai/weights.py), do not look at the opponent's harmonies and
   play the move that best builds their own (``Knowledge.overlooking``): the mistake a person
   makes, who must see the other side's harmonies unaided. Kutai's easy, half of its turns, plays
   its best-scored placement without looking at the answer.

=========  ======  ======  =======  =====================================================
level      slip    margin  choices  budget (per game, ``Knowledge.settings``)
=========  ======  ======  =======  =====================================================
easy       0.50    0.15    3        a few percent of hard's: answers at once
medium     0.25    0.06    2        about a fifth to a quarter of hard's
hard       0       0       1        the whole budget, best move only (p95 <= ~2 s)
=========  ======  ======  =======  =====================================================
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """One row of the level table."""

    name: str
    slip: float  # chance of taking a near-best move instead of the best
    margin: float  # a near-best move is at most this much worse than the best (win chance 0..1)
    choices: int  # how many of the next best moves a slip may pick from


LEVEL_TABLE: dict[str, Level] = {
    "easy": Level("easy", slip=0.5, margin=0.15, choices=3),
    "medium": Level("medium", slip=0.25, margin=0.06, choices=2),
    "hard": Level("hard", slip=0.0, margin=0.0, choices=1),
}
LEVELS: tuple[str, ...] = tuple(LEVEL_TABLE)  # weakest first


def level(name: object) -> Level:
    """The Level called ``name``; ValueError with the choices otherwise."""
    key = str(name).strip().lower() if isinstance(name, str) else None
    if key not in LEVEL_TABLE:
        raise ValueError(f"Unknown AI level '{name}'. Levels: {', '.join(LEVELS)}.")
    return LEVEL_TABLE[key]
