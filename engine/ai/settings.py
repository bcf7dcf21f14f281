"""How a level searches a game: one frozen ``Settings`` value per game and level.

Like python-chess's ``Limit``, a ``Settings`` is plain data handed to the search, not a list of
positional arguments: which search runs, its budget, how deep and wide alpha-beta looks, how MCTS
explores, and the level's own habits (its row of the level table, how often it overlooks the
opponent's threats). Each game declares its values in its knowledge (``Knowledge.settings``,
built with ``per_level``); ``Knowledge.settings_for`` may adjust them to a position (PAUSO scales
the budget to the board and to the moves left).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from .levels import LEVEL_TABLE, LEVELS, Level


@dataclass(frozen=True)
class Settings:
    """Everything that decides how one level searches one game."""

    # "mcts" (any player count) or "alphabeta" (two players).
    search: Literal["mcts", "alphabeta"] = "mcts"
    # The fixed budget: MCTS iterations or alpha-beta nodes (levels.py: fixed, so the same record,
    # level and seed give the same move on any machine; ``time_limit`` only caps it).
    budget: int = 2000
    # The level's row of the level table: its slip chance, margin and choices (levels.py).
    level: Level = field(default_factory=lambda: LEVEL_TABLE["hard"])
    # The chance each turn that the level does not look at what the opponent threatens and plays
    # ``Knowledge.overlooking`` instead of searching (levels.py, "Overlooking"; 0: it always looks).
    overlook: float = 0.0

    # MCTS: the UCT exploration constant; plies of a playout before it is cut and evaluated
    # (None: to the end of the game).
    exploration: float = 0.7
    playout_limit: int | None = None

    # Alpha-beta: the deepest iteration, and how many of ``Knowledge.actions`` (best first by
    # ``order``) are searched at each ply (index 0: the root; plies past the end keep them all).
    max_depth: int = 8
    widths: tuple[int, ...] = ()
    # Alpha-beta: value the horizon by ``Knowledge.horizon`` (True) or by ``evaluate`` (False).
    horizon: bool = True
    # Alpha-beta: how much less than an even position a draw is worth to the searching side
    # (above 0, it plays on rather than repeat moves in a balanced position).
    contempt: float = 0.0
    # Alpha-beta with hidden information: the worlds searched, and how far below its best each
    # world still values a root move exactly (on top of the level's margin; 1.0 values them all,
    # so that the averages over the worlds compare like with like).
    samples: int = 6
    world_margin: float = 0.0

    def scaled(self, factor: float) -> Settings:
        """These settings with the budget multiplied by ``factor`` (at least 1): smoke runs."""
        return replace(self, budget=max(1, round(self.budget * factor)))


def per_level(common: Settings = Settings(), **levels: dict[str, Any]) -> dict[str, Settings]:
    """A game's settings per level: ``common`` with each level's row of the level table and the
    fields given for that level (e.g. ``easy={"budget": 50}``)."""
    unknown = set(levels) - set(LEVELS)
    if unknown:
        raise ValueError(f"Unknown levels {sorted(unknown)}; levels: {', '.join(LEVELS)}")
    return {name: replace(common, level=LEVEL_TABLE[name], **levels.get(name, {})) for name in LEVELS}
