"""PAUSO (rules/pauso.md): registers the game with the engine's registry."""
from __future__ import annotations

from ..registry import OptionSpec, VariantInfo, register
from .game import PausoGame
from .layout import DEFAULT_PRESET, PRESETS, LayoutError, parse_layout
from .push import Event

INFO = VariantInfo(
    id="pauso",
    name="PAUSO",
    min_players=2,
    max_players=4,
    options=(
        OptionSpec("board", "a preset name or a layout such as 5o/o+o+o/5o",
                   "square5 / square6 / square7 by player count", suggestions=tuple(PRESETS)),
        OptionSpec("rings", "Rings per player, 4 to 12", 12,
                   suggestions=tuple(str(n) for n in range(4, 13))),
        OptionSpec("first", "who takes the first turn", "host", choices=("host", "random")),
    ),
    new=PausoGame,
    load=PausoGame.from_position,
)
register(INFO)
from . import ai as _ai  # noqa: E402,F401  (registers the PAUSO AI player)

__all__ = ["PausoGame", "Event", "LayoutError", "parse_layout", "PRESETS", "DEFAULT_PRESET", "INFO"]
