"""What a worker process runs to play a bot seat's turn (or to give a player a hint): rebuild the
game from its record and ask the engine's AI for a move. A module-level function, so a spawned worker can import it; the
game travels as its record (variant, players, seed, options, moves), never as a live object."""
from __future__ import annotations

from typing import Any

import engine
from engine import ai
from engine.lessons.explain import why

THINK_LIMIT = 20.0  # seconds: a cap on any level's search, on top of its fixed budget


def think(variant: str, players: int, seed: int, options: dict[str, Any], record: list[str], level: str,
          ai_seed: int) -> str:
    """The move the AI at ``level`` plays for the seat to move in this game."""
    game = engine.replay(variant, record, players=players, seed=seed, options=options)
    return ai.choose_move(game, level=level, seed=ai_seed, time_limit=THINK_LIMIT)


def hint(variant: str, players: int, seed: int, options: dict[str, Any], record: list[str], level: str,
         ai_seed: int) -> tuple[str, str]:
    """The move the AI at ``level`` would play for the seat to move, and why in a few words (what
    the engine sees it do: engine.lessons.explain; only what that seat may see is read)."""
    game = engine.replay(variant, record, players=players, seed=seed, options=options)
    move = ai.choose_move(game, level=level, seed=ai_seed, time_limit=THINK_LIMIT)
    return move, why(game, move)
