"""Quaterno (rules/quaterno.md): declares the game (its descriptor) to the engine's registry."""
from __future__ import annotations

from ..registry import GameDescriptor, register
from .ai import KNOWLEDGE
from .game import OPTIONS, QuaternoGame
from .steps import STEPS
from .tiles import KINDS

DESCRIPTOR = register(GameDescriptor(
    id="quaterno", name="Quaterno", min_players=2, max_players=2,
    options=OPTIONS, game=QuaternoGame, load=QuaternoGame.from_position, order=50, ai=KNOWLEDGE, steps=STEPS,
    tiles=tuple(KINDS.items()),
))

__all__ = ["QuaternoGame", "KINDS", "DESCRIPTOR"]
