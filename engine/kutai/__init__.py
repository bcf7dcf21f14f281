"""Kutai Pai Sho (docs/rules/kutai.md): declares the game (its descriptor) to the engine's registry."""
from __future__ import annotations

from ..registry import GameDescriptor, register
from .ai import KNOWLEDGE
from .game import OPTIONS, KutaiGame
from .harmony import Harmony, Link, analyse
from .steps import STEPS
from .tiles import TILES, value

DESCRIPTOR = register(GameDescriptor(
    id="kutai", name="Kutai Pai Sho", min_players=2, max_players=2,
    options=OPTIONS, game=KutaiGame, load=KutaiGame.from_position, order=40, ai=KNOWLEDGE, steps=STEPS,
    tiles=tuple((t.code, t.name) for t in TILES.values()),
))

__all__ = ["KutaiGame", "Harmony", "Link", "analyse", "TILES", "value", "DESCRIPTOR"]
