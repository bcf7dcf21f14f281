"""The registry of variants: which games exist, which are playable, and how to build them.

Every game module registers a VariantInfo here. ``VARIANT_IDS`` lists only the games that are
really implemented; the other ids of our six games give a clear "not available yet" error.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .notation import normalise
from .options import shown

# All six games, in the order the design lists them, with their display names.
ALL_GAMES: dict[str, str] = {
    "basic": "Basic Pai Sho",
    "ancient": "Ancient Pai Sho",
    "iroh": "Iroh Pai Sho",
    "kutai": "Kutai Pai Sho",
    "quaterno": "Quaterno",
    "pauso": "PAUSO",
}


@dataclass(frozen=True)
class OptionSpec:
    """One game option as a challenge offers it."""

    name: str
    description: str
    default: Any  # shown to players; may depend on the player count (see VariantInfo.defaults)
    choices: tuple[str, ...] = ()  # fixed choices, if any
    suggestions: tuple[str, ...] = ()  # values worth offering in autocomplete (free text allowed)


@dataclass(frozen=True)
class VariantInfo:
    """What the rest of the bot needs to know about one playable game."""

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    new: Callable[..., Any]  # new(players, seed, options) -> Game
    load: Callable[..., Any]  # load(position, options) -> Game


_REGISTRY: dict[str, VariantInfo] = {}


def register(info: VariantInfo) -> None:
    if info.id not in ALL_GAMES:
        raise ValueError(f"{info.id!r} is not one of our games")
    _REGISTRY[info.id] = info


def variant_ids() -> tuple[str, ...]:
    return tuple(v for v in ALL_GAMES if v in _REGISTRY)


def info(variant: str) -> VariantInfo:
    """The VariantInfo of ``variant``; ValueError with a clear message otherwise."""
    key = normalise(variant).strip().lower() if isinstance(variant, str) else None
    if key in _REGISTRY:
        return _REGISTRY[key]
    playable = ", ".join(variant_ids())
    if key in ALL_GAMES:
        raise ValueError(f"{ALL_GAMES[key]} is not available yet. Games you can play: {playable}.")
    raise ValueError(f"Unknown game {shown(variant)}. Games you can play: {playable}.")
