"""Ancient Pai Sho (rules/ancient.md): registers the game with the engine's registry."""
from __future__ import annotations

from ..registry import OptionSpec, VariantInfo, register
from .game import AncientGame
from .tiles import harmony_count, line_pairs

INFO = VariantInfo(
    id="ancient",
    name="Ancient Pai Sho",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec("target", "the exact number of harmonies that wins, 1 to 30", 5, suggestions=("3", "5", "7", "10")),
        OptionSpec("hand_size", "the most tiles a hand may hold, 1 to 10", 5, suggestions=("3", "5", "7")),
        OptionSpec("max_turns", "the game is drawn after this many turns (both players), 1 to 10000", 200,
                   suggestions=("100", "200")),
    ),
    new=AncientGame,
    load=AncientGame.from_position,
)
register(INFO)

__all__ = ["AncientGame", "harmony_count", "line_pairs", "INFO"]
