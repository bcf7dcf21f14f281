"""Which games have an AI player: a game's descriptor carries its Knowledge (``ai=`` in
engine/<game>/__init__.py, from engine/<game>/ai.py), so the AI plugs in where everything else
about the game does."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import registry

if TYPE_CHECKING:
    from .knowledge import Knowledge


def variants() -> tuple[str, ...]:
    """The games with an AI player, in list order."""
    return tuple(d.id for d in registry.descriptors() if d.ai is not None)


def knowledge_for(variant: str) -> Knowledge:
    """The Knowledge of ``variant``; ValueError with a clear message if it has no AI player."""
    descriptor = registry.info(variant)
    if descriptor.ai is None:
        have = ", ".join(registry.info(v).name for v in variants()) or "none yet"
        raise ValueError(f"{descriptor.name} has no AI player yet. Games with one: {have}.")
    return descriptor.ai
