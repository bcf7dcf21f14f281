"""Iroh Pai Sho (rules/iroh.md): registers the game with the engine's registry."""
from __future__ import annotations

from ..registry import OptionSpec, VariantInfo, register
from .game import IrohGame
from .rules import harmonies, winning_set

INFO = VariantInfo(
    id="iroh",
    name="Iroh Pai Sho",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec("fire_range", "Fire's longest move: 3, or 2 as on the cheat sheet", 3, choices=("2", "3")),
        OptionSpec("max_turns", "the game is drawn after this many turns (both players), 1 to 10000", 200,
                   suggestions=("100", "200", "300")),
        OptionSpec("auto_proclaim", "proclaim automatically for a player whose turn starts with a winning set",
                   "false", choices=("false", "true")),
    ),
    new=IrohGame,
    load=IrohGame.from_position,
)
register(INFO)

__all__ = ["IrohGame", "harmonies", "winning_set", "INFO"]
