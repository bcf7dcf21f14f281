"""Which games have an AI player: variant id -> that game's Knowledge (one ``register`` per game)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import ALL_GAMES

if TYPE_CHECKING:
    from .knowledge import Knowledge

_KNOWLEDGE: dict[str, "Knowledge"] = {}


def register(variant: str, knowledge: "Knowledge") -> None:
    """Give ``variant`` an AI player that searches with ``knowledge``."""
    if variant not in ALL_GAMES:
        raise ValueError(f"{variant!r} is not one of our games")
    _KNOWLEDGE[variant] = knowledge


def variants() -> tuple[str, ...]:
    """The games with an AI player, in the registry's order."""
    return tuple(v for v in ALL_GAMES if v in _KNOWLEDGE)


def knowledge_for(variant: str) -> "Knowledge":
    """The Knowledge of ``variant``; ValueError with a clear message if it has no AI player."""
    found = _KNOWLEDGE.get(variant)
    if found is None:
        name = ALL_GAMES.get(variant, repr(variant))
        have = ", ".join(ALL_GAMES[v] for v in variants()) or "none yet"
        raise ValueError(f"{name} has no AI player yet. Games with one: {have}.")
    return found
