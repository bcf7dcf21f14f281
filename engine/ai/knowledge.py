"""What one game tells the shared search: the Knowledge interface, and its defaults.

A game plugs into the AI with one subclass of ``Knowledge`` in its own package
(``engine/<game>/ai.py``: ``KNOWLEDGE = TheKnowledge()``), which the game's descriptor carries
(``GameDescriptor(..., ai=KNOWLEDGE)`` in engine/<game>/__init__.py).
Only ``evaluate`` must be written; everything else has a default that works for any game
that implements the engine contract.

The search speaks of *actions*: legal moves in a form the game applies without reading text
(``Game.legal_actions`` / ``apply_action`` / ``action_text``, base.py; by default the canonical
strings and ``play``). Give the game a fast path there, not here.

Values are *win chances*: for each seat a number from 0 to 1, the seats' values summing to 1
(a shared win splits its 1). ``reward`` gives them for a finished game, ``evaluate`` estimates
them for a running one.

Hidden information: a game whose players cannot see everything defines
``determinize(game, seat, rng)``: a copy of ``game`` in which everything ``seat`` cannot see
(the other hands, the order of the piles, ...) is drawn at random from what is consistent with
what ``seat`` has seen (its own hand, the board, the record). The search then never reads the
real hidden state: MCTS draws a new world per iteration, alpha-beta searches ``Settings.samples``
worlds and averages, the greedy baseline uses one. With ``determinize = None`` (open games) the
search works on copies of the real game.

Search state: what a search knows of where it started (the seat it chooses for, how many moves
of the record were really played) is a ``search.Root`` handed to ``evaluate``, ``horizon`` and
``order``, never written onto the games the search copies. Answers a knowledge wants to keep
between calls go in a bounded ``memo.Memo`` keyed by everything they depend on.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from ..base import Game
from .search import Root
from .settings import Settings, per_level


def shared_reward(game: Game) -> tuple[float, ...]:
    """The win chances of a finished game: the winners share 1 (a draw is a win shared by all)."""
    winners = game.outcome.winners if game.outcome is not None else ()
    if not winners:
        return tuple(1.0 / game.players for _ in range(game.players))
    share = 1.0 / len(winners)
    return tuple(share if seat in winners else 0.0 for seat in range(game.players))


G = TypeVar("G", bound=Game)


class Knowledge(Generic[G]):
    """Per-game AI knowledge. Subclass it (``Knowledge[MyGame]``: its methods then take that game),
    declare ``settings``, override what helps."""

    # How each level searches this game (settings.py): the search, its budget, depth, ...
    settings: ClassVar[dict[str, Settings]] = per_level(
        Settings(), easy={"budget": 50}, medium={"budget": 400}, hard={"budget": 2000})
    # Hidden information: a method determinize(game, seat, rng) -> Game, or None for open games.
    determinize: Callable[[G, int, random.Random], Game] | None = None

    def settings_for(self, game: G, level: str) -> Settings:
        """How ``level`` searches this position (default: the declared ``settings``; a game may
        adjust them to the position, e.g. the budget to the size of the board)."""
        return self.settings[level]

    def actions(self, game: G) -> list[Any]:
        """The moves the search considers in ``game`` (default: every legal action). A game with
        huge move lists may return a sample of candidates, but the same list for the same
        position each time: the search asks again whenever it comes back to a position."""
        return game.legal_actions()

    def order(self, game: G, actions: list[Any], root: Root | None = None) -> list[Any] | None:
        """``actions`` most promising first, or None when the game has no opinion (then MCTS
        expands them in random order and alpha-beta takes them as they come). ``root``: where
        the search started (search.Root), None outside a search."""
        return None

    def settle(self, game: G, level: str, ranked: list[Any]) -> list[Any]:
        """The searched root moves (``Candidate``s, best first) as the level should rank them
        before it picks one (default: as the search ranked them). ``game`` is the real position:
        a game with hidden information must use only what the seat to move may know here."""
        return ranked

    def evaluate(self, game: G, root: Root | None = None) -> Sequence[float]:
        """Estimated win chance of every seat in a running game (summing to 1). ``root``: where
        the search started (search.Root: the searching seat, the plies really played), None
        outside a search."""
        raise NotImplementedError

    def horizon(self, game: G, seat: int, root: Root | None = None) -> float:
        """Alpha-beta's value for ``seat`` of a running game at the search horizon (default: the
        evaluation), for the levels whose ``Settings.horizon`` is on. A game may look a little
        further here (say, at the captures of the player to move); the greedy baseline and MCTS
        keep using ``evaluate``."""
        return self.evaluate(game, root)[seat]

    def reward(self, game: G) -> Sequence[float]:
        """Win chance of every seat in a finished game (default: the winners share 1)."""
        return shared_reward(game)

    def overlooking(self, game: G, level: str, rng: random.Random) -> Any | None:
        """The move of the player to move who, this turn, only builds their own position and does
        not look at what the opponent threatens (used by the levels whose ``Settings.overlook``
        chance comes up); None
        when the player notices the threat after all (then the level searches as usual)."""
        raise NotImplementedError

    def playout_action(self, game: G, rng: random.Random) -> Any:
        """The move of a playout (default: uniformly random)."""
        return rng.choice(game.legal_actions())
