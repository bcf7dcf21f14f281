"""The registry of games: each game's package declares one GameDescriptor, and everything else
(the engine's entry points, the bot's commands and texts, the pictures, the AI) looks games up
here by id instead of naming them.

A game package ``engine/<game>/`` makes itself known with ``DESCRIPTOR = GameDescriptor(...)``
and ``register(DESCRIPTOR)`` in its ``__init__``; ``engine`` imports every such package at start.
A game of one's own, outside ``engine/``, calls ``register`` itself (tests/toy/nim.py does);
``plugins()`` lists such games, so that worker processes can register them too.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .notation import normalise
from .options import Option, shown


@dataclass(frozen=True)
class GameDescriptor:
    """What the rest of the bot needs to know about one playable game."""

    id: str  # the variant id: lower-case letters, used in records and commands
    name: str  # the display name
    min_players: int
    max_players: int
    options: tuple[Option, ...]  # options as data (see engine/options.py)
    game: type  # the Game subclass: game(players, seed, options) is a new game
    load: Callable[..., Any]  # load(position, options) -> Game at a test position
    order: int = 100  # where the game stands in lists (the design's order for our six games)
    board_option: str | None = None  # an option whose value is a board players can preview
    draws: bool = True  # whether the rules can end a game in a draw
    summary_text: str = ""  # the in-app rules summary, if not in the package's summary.md
    ai: Any = None  # the game's AI knowledge (engine.ai.Knowledge; engine/<game>/ai.py), if it has an AI player
    steps: Any = None  # how a move is picked in steps (engine.steps.Declaration; engine/<game>/steps.py)
    # every kind of tile the game's views show (``Tile.kind``) with its name, in the game's order:
    # the legend /rules shows, and the names hints use
    tiles: tuple[tuple[str, str], ...] = ()

    def tile_name(self, kind: str) -> str:
        """The name of a kind of tile (its code where the game names none)."""
        return dict(self.tiles).get(kind, kind)

    @property
    def new(self) -> Callable[..., Any]:
        return self.game

    @property
    def hidden_hands(self) -> bool:
        """Each player has tiles only they may see."""
        return bool(getattr(self.game, "hidden_hands", False))

    @property
    def secret_seed(self) -> bool:
        """The seed reveals hidden tiles: keep it private until the game is over."""
        return bool(getattr(self.game, "secret_seed", False))

    @property
    def rules_path(self) -> str:
        """Where the full rules are, from the repository's root."""
        return f"docs/rules/{self.id}.md"

    @property
    def summary(self) -> str:
        """The in-app rules summary: the game package's summary.md (or ``summary_text``)."""
        if self.summary_text:
            return self.summary_text
        package = self.game.__module__.rpartition(".")[0]
        found = resources.files(package).joinpath("summary.md")
        return found.read_text(encoding="utf-8") if found.is_file() else ""

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def players_text(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"


_REGISTRY: dict[str, GameDescriptor] = {}


def register(descriptor: GameDescriptor) -> GameDescriptor:
    """Make a game playable (ValueError if its id is taken by another game)."""
    known = _REGISTRY.get(descriptor.id)
    if known is not None and known.game is not descriptor.game:
        raise ValueError(f"A game with the id {descriptor.id!r} is registered already")
    _REGISTRY[descriptor.id] = descriptor
    return descriptor


def unregister(variant: str) -> None:
    """Forget a game (for tests that register a game of their own)."""
    _REGISTRY.pop(variant, None)


def descriptors() -> tuple[GameDescriptor, ...]:
    """Every registered game, in list order."""
    return tuple(sorted(_REGISTRY.values(), key=lambda d: (d.order, d.id)))


def plugins() -> tuple[GameDescriptor, ...]:
    """The games registered from outside the engine package (an out-of-tree plug-in), in list
    order. Importing ``engine`` registers the engine's own games in any process; these must be
    registered again in a process started afresh (bot/workers.py does it for its workers)."""
    own = f"{__package__}."
    return tuple(d for d in descriptors() if not d.game.__module__.startswith(own))


def variant_ids() -> tuple[str, ...]:
    return tuple(d.id for d in descriptors())


def info(variant: str) -> GameDescriptor:
    """The descriptor of ``variant``; ValueError with a clear message otherwise."""
    key = normalise(variant).strip().lower() if isinstance(variant, str) else None
    if key in _REGISTRY:
        return _REGISTRY[key]
    raise ValueError(f"Unknown game {shown(variant)}. Games you can play: {', '.join(variant_ids())}.")


def options_table() -> str:
    """The README's table of every game's options (Markdown), derived from the descriptors."""
    rows = ["| Game | Players | Options |", "|---|---|---|"]
    for d in descriptors():
        described = "; ".join(f"`{o.name}`: {o.describe()}" for o in d.options) or "none"
        rows.append(f"| {d.name} (`{d.id}`) | {d.players_text()} | {described} |")
    return "\n".join(rows)
