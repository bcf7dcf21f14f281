"""Iroh Pai Sho (docs/rules/iroh.md): declares the game (its descriptor) to the engine's registry."""
from __future__ import annotations

from ..registry import GameDescriptor, register
from .ai import KNOWLEDGE
from .game import OPTIONS, IrohGame
from .rules import harmonies, winning_set
from .steps import STEPS
from .tiles import NAMES

DESCRIPTOR = register(GameDescriptor(
    id="iroh", name="Iroh Pai Sho", min_players=2, max_players=2,
    options=OPTIONS, game=IrohGame, load=IrohGame.from_position, order=30, ai=KNOWLEDGE, steps=STEPS,
    tiles=tuple(NAMES.items()),
))

__all__ = ["IrohGame", "harmonies", "winning_set", "DESCRIPTOR"]
