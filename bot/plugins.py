"""What a worker process must be told about: the games and pictures registered at run time from
outside ``engine`` and ``rendering`` (a plug-in of one's own, such as tests/toy/nim.py).

A worker starts with the "spawn" method (bot/workers.py), so it imports ``engine`` and
``rendering`` afresh, which register the project's own games and pictures only. ``Plugins.here()``
lists the others in this process; ``install`` registers them in a worker when it starts (the
descriptors and picture functions travel by pickle, by reference to their modules, which the
worker imports). The pool is replaced when the list changes, so a task never runs in a worker
that does not know its game.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import rendering
from engine import registry
from engine.registry import GameDescriptor


@dataclass(frozen=True)
class Plugins:
    """The games and pictures registered in this process beyond those ``engine`` and ``rendering``
    register by themselves."""

    games: tuple[GameDescriptor, ...]
    pictures: tuple[tuple[str, dict[str, Callable[..., Any]]], ...]

    @classmethod
    def here(cls) -> Plugins:
        return cls(registry.plugins(), rendering.plugins())


def install(plugins: Plugins) -> None:
    """Register ``plugins`` in this process (a worker's first step)."""
    for descriptor in plugins.games:
        registry.register(descriptor)
    for variant, pictures in plugins.pictures:
        rendering.register(variant, **pictures)
