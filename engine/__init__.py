"""Pure game rules for Pai Sho Bot: the stable engine contract of design.md.

    import engine
    g = engine.new_game("pauso", players=3, seed=0, options={"board": "round5", "rings": 4})
    g.play("c1")            # -> "R@c1"

Nothing here does I/O, asyncio, Discord or drawing; anything random comes from the seed.
"""
from __future__ import annotations

from typing import Any, Iterable

from . import registry
from .base import Game, IllegalMove, Outcome
from .registry import ALL_GAMES, OptionSpec, VariantInfo
from . import ancient as _ancient  # noqa: F401  (registers Ancient Pai Sho)
from . import basic as _basic  # noqa: F401  (registers Basic Pai Sho)
from . import iroh as _iroh  # noqa: F401  (registers Iroh Pai Sho)
from . import kutai as _kutai  # noqa: F401  (registers Kutai Pai Sho)
from . import pauso as _pauso  # noqa: F401  (registers PAUSO)
from . import quaterno as _quaterno  # noqa: F401  (registers Quaterno)
from . import ai  # noqa: E402  (the AI players: engine.ai.choose_move)

VARIANT_IDS: tuple[str, ...] = registry.variant_ids()

__all__ = [
    "VARIANT_IDS", "ALL_GAMES", "Game", "IllegalMove", "Outcome", "OptionSpec", "VariantInfo",
    "new_game", "replay", "from_dict", "load", "info",
]


def info(variant: str) -> VariantInfo:
    """Name, player counts and options of a playable game (ValueError if not playable)."""
    return registry.info(variant)


def new_game(variant: str, players: int = 2, seed: int = 0,
             options: dict[str, Any] | None = None) -> Game:
    """A new game at its start position."""
    vinfo = registry.info(variant)
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError("The number of players must be a whole number.")
    if not vinfo.min_players <= players <= vinfo.max_players:
        if vinfo.min_players == vinfo.max_players:
            allowed = f"exactly {vinfo.min_players}"
        else:
            allowed = f"{vinfo.min_players} to {vinfo.max_players}"
        raise ValueError(f"{vinfo.name} is played by {allowed} players, not {players}.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("The seed must be a whole number.")
    if options is not None and not isinstance(options, dict):
        raise ValueError("Options must be a mapping of option names to values.")
    return vinfo.new(players, seed, options)


def replay(variant: str, moves: Iterable[str], players: int = 2, seed: int = 0,
           options: dict[str, Any] | None = None) -> Game:
    """Rebuild a game from its record (moves and record entries such as ``resign 2``)."""
    game = new_game(variant, players=players, seed=seed, options=options)
    for entry in moves:
        game.apply_record_entry(entry)
    return game


def load(variant: str, position: str, options: dict[str, Any] | None = None) -> Game:
    """A game at a test position in the game's test-position format (rules/<game>.md)."""
    if not isinstance(position, str):
        raise ValueError("A position is text in the game's test-position format.")
    if options is not None and not isinstance(options, dict):
        raise ValueError("Options must be a mapping of option names to values.")
    return registry.info(variant).load(position, options)


def from_dict(data: dict[str, Any]) -> Game:
    """The game a ``Game.to_dict()`` snapshot describes."""
    try:
        variant = data["variant"]
        options = data.get("options") or None
        if data.get("position") is not None:
            game = load(variant, data["position"], options)
        else:
            game = new_game(variant, players=data["players"], seed=data["seed"], options=options)
        for entry in data["record"]:
            game.apply_record_entry(entry)
    except (KeyError, TypeError) as err:
        raise ValueError(f"Not a game snapshot: {err}") from None
    return game
