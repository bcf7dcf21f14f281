"""Basic Pai Sho (rules/basic.md): registers the game with the engine's registry."""
from __future__ import annotations

from ..registry import OptionSpec, VariantInfo, register
from .game import BasicGame

INFO = VariantInfo(
    id="basic",
    name="Basic Pai Sho",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec("target_points", "the game ends when the player who just moved has this many points, "
                   "0 to 10000; 0 = no target", 60, suggestions=("0", "30", "60", "100")),
        OptionSpec("max_turns", "the game ends after this many turns (both players), 1 to 10000", 200,
                   suggestions=("100", "200")),
        OptionSpec("pot_points", "points the pot winner adds to the final count, 0 to 1000", 0,
                   suggestions=("0", "5", "10")),
    ),
    new=BasicGame,
    load=BasicGame.from_position,
)
register(INFO)

__all__ = ["BasicGame", "INFO"]
