"""Ancient Pai Sho (docs/rules/ancient.md): declares the game (its descriptor) to the engine's registry."""
from __future__ import annotations

from ..registry import GameDescriptor, register
from .ai import KNOWLEDGE
from .game import OPTIONS, AncientGame
from .harmony import harmony_count, line_pairs
from .steps import STEPS
from .tiles import NAMES

DESCRIPTOR = register(GameDescriptor(
    id="ancient", name="Ancient Pai Sho", min_players=2, max_players=2,
    options=OPTIONS, game=AncientGame, load=AncientGame.from_position, order=20, ai=KNOWLEDGE, steps=STEPS,
    tiles=tuple(NAMES.items()),
))

__all__ = ["AncientGame", "harmony_count", "line_pairs", "DESCRIPTOR"]
