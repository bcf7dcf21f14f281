"""PAUSO (rules/pauso.md): declares the game (its descriptor) to the engine's registry."""
from __future__ import annotations

from ..registry import GameDescriptor, register
from .ai import KNOWLEDGE
from .game import OPTIONS, PausoGame
from .layout import DEFAULT_PRESET, PRESETS, LayoutError, parse_layout
from .push import Event
from .steps import STEPS

DESCRIPTOR = register(GameDescriptor(
    id="pauso", name="PAUSO", min_players=2, max_players=4,
    options=OPTIONS, game=PausoGame, load=PausoGame.from_position, order=60, board_option="board",
    ai=KNOWLEDGE, steps=STEPS, tiles=(("ring", "Ring"), ("point", "Point")),
))

__all__ = ["PausoGame", "Event", "LayoutError", "parse_layout", "PRESETS", "DEFAULT_PRESET", "DESCRIPTOR"]
