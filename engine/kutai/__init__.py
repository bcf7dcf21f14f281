"""Kutai Pai Sho (rules/kutai.md): registers the game with the engine's registry."""
from __future__ import annotations

from ..registry import OptionSpec, VariantInfo, register
from .game import KutaiGame
from .harmony import Harmony, Link, analyse
from .tiles import TILES, value

INFO = VariantInfo(
    id="kutai",
    name="Kutai Pai Sho",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec("target", "a total Harmony above this wins, 0 to 200", 60, suggestions=("40", "60", "80", "100")),
        OptionSpec("preference", "Harmony preference: best value first (on) or nearest first (off)",
                   "on", choices=("on", "off")),
        OptionSpec("sight", "line of sight: ranks, files and diagonals (queen) or any straight line",
                   "queen", choices=("queen", "any")),
        OptionSpec("exhaustion", "when every tile is placed: the higher best total wins, or a draw",
                   "best", choices=("best", "draw")),
    ),
    new=KutaiGame,
    load=KutaiGame.from_position,
)
register(INFO)

__all__ = ["KutaiGame", "Harmony", "Link", "analyse", "TILES", "value", "INFO"]
