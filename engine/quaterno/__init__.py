"""Quaterno (rules/quaterno.md): registers the game with the engine's registry."""
from __future__ import annotations

from ..registry import OptionSpec, VariantInfo, register
from .game import KINDS, QuaternoGame

INFO = VariantInfo(
    id="quaterno",
    name="Quaterno",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec("first", "who is Player 1 (places first)", "host", choices=("host", "random")),
        OptionSpec("move_limit", "play-phase turns before the game ends, 50 to 500", 200,
                   suggestions=("100", "200", "300")),
        OptionSpec("exhaustion", "result of repetition, deadlock or the move limit", "draw",
                   choices=("draw", "figures")),
    ),
    new=QuaternoGame,
    load=QuaternoGame.from_position,
)
register(INFO)
from . import ai as _ai  # noqa: E402,F401  (registers the Quaterno AI player)

__all__ = ["QuaternoGame", "KINDS", "INFO"]
