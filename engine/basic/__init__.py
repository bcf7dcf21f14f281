"""Basic Pai Sho (docs/rules/basic.md): declares the game (its descriptor) to the engine's registry."""
from __future__ import annotations

from ..registry import GameDescriptor, register
from .ai import KNOWLEDGE
from .game import OPTIONS, BasicGame
from .steps import STEPS
from .tiles import NAMES

DESCRIPTOR = register(GameDescriptor(
    id="basic", name="Basic Pai Sho", min_players=2, max_players=2,
    options=OPTIONS, game=BasicGame, load=BasicGame.from_position, order=10, ai=KNOWLEDGE, steps=STEPS,
    tiles=tuple(NAMES.items()),
))

__all__ = ["BasicGame", "DESCRIPTOR"]
