"""What one game tells the shared search: the Knowledge interface, and its defaults.

A game plugs into the AI with one subclass of ``Knowledge`` in its own package
(``engine/<game>/ai.py``: ``KNOWLEDGE = TheKnowledge()``), which the game's descriptor carries
(``GameDescriptor(..., ai=KNOWLEDGE)`` in engine/<game>/__init__.py).
Only ``evaluate`` must be written; everything else has a default that works for any game
that implements the engine contract.

The search speaks of *actions*: legal moves in a form the game applies without reading text
(``Game._actions`` / ``_apply_action`` / ``_action_text``, base.py; by default the canonical
strings and ``play``). Give the game a fast path there, not here.

Values are *win chances*: for each seat a number from 0 to 1, the seats' values summing to 1
(a shared win splits its 1). ``reward`` gives them for a finished game, ``evaluate`` estimates
them for a running one.

Hidden information: a game whose players cannot see everything defines
``determinize(game, seat, rng)``: a copy of ``game`` in which everything ``seat`` cannot see
(the other hands, the order of the piles, ...) is drawn at random from what is consistent with
what ``seat`` has seen (its own hand, the board, the record). The search then never reads the
real hidden state: MCTS draws a new world per iteration, alpha-beta searches ``samples`` worlds
and averages, the greedy baseline uses one. With ``determinize = None`` (open games) the search
works on copies of the real game.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from ..base import Game


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
    set the class attributes, override what helps."""

    # Which shared search plays the game: "mcts" (any player count) or "alphabeta" (two players).
    search: ClassVar[str] = "mcts"
    # Fixed budget per level: MCTS iterations or alpha-beta nodes (see levels.py).
    budgets: ClassVar[dict[str, int]] = {"easy": 50, "medium": 400, "hard": 2000}
    # MCTS: UCT exploration constant; plies of a playout before it is cut and evaluated (None: to
    # the end of the game).
    exploration: ClassVar[float] = 0.7
    playout_limit: ClassVar[int | None] = None
    # Alpha-beta: the deepest iteration; worlds searched when the game has hidden information.
    max_depth: ClassVar[int] = 8
    # Alpha-beta: how much less than an even position a draw is worth to the searching side
    # (above 0, it plays on rather than repeat moves in a balanced position).
    contempt: ClassVar[float] = 0.0
    samples: ClassVar[int] = 6
    # Alpha-beta with hidden information: each world values exactly every root move within this
    # much of its best (on top of the level's margin); 1.0 values them all, so that the averages
    # over the worlds compare like with like instead of favouring the move searched first.
    world_margin: ClassVar[float] = 0.0
    # Alpha-beta, per level (levels not listed keep ``max_depth`` and every one of ``actions``):
    # the deepest iteration, and how many of ``actions`` (best first by ``order``) are searched
    # at each ply (index 0: the root; plies past the end of the tuple keep them all).
    level_depths: ClassVar[dict[str, int]] = {}
    level_widths: ClassVar[dict[str, tuple[int, ...]]] = {}
    # Alpha-beta: the levels whose horizon is valued by ``horizon`` (None: every level); the
    # others value it by ``evaluate``.
    horizon_levels: ClassVar[tuple[str, ...] | None] = None
    # Hidden information: a method determinize(game, seat, rng) -> Game, or None for open games.
    determinize: Callable[[G, int, random.Random], Game] | None = None
    # Per level, the chance each turn that the player does not look at what the opponent threatens
    # and plays ``overlooking`` instead of searching (empty: every level always looks). For a game
    # where a player who sees every threat can only lose to a fork (Iroh), this is how a weaker
    # level errs plausibly: it misses a set, as a person does, instead of playing at random.
    overlook: ClassVar[dict[str, float]] = {}

    def search_for(self, game: G) -> str:
        """The search for this game (e.g. by player count)."""
        return self.search

    def budget(self, game: G, level: str) -> int:
        """The budget of ``level`` in this game."""
        return self.budgets[level]

    def at_root(self, game: G) -> None:
        """Called once on the copy of the real position that a search or the greedy baseline
        starts from, before anything else is asked of it. A game may note there what only the
        real position tells (Iroh: how many moves of its record were really played, so that the
        search can tell the game's own past from its own lines). Default: nothing."""

    def actions(self, game: G) -> list[Any]:
        """The moves the search considers in ``game`` (default: every legal action). A game with
        huge move lists may return a sample of candidates, but the same list for the same
        position each time: the search asks again whenever it comes back to a position."""
        return game._actions()

    def order(self, game: G, actions: list[Any]) -> list[Any] | None:
        """``actions`` most promising first, or None when the game has no opinion (then MCTS
        expands them in random order and alpha-beta takes them as they come)."""
        return None

    def settle(self, game: G, level: str, ranked: list[Any]) -> list[Any]:
        """The searched root moves (``Candidate``s, best first) as the level should rank them
        before it picks one (default: as the search ranked them). ``game`` is the real position:
        a game with hidden information must use only what the seat to move may know here."""
        return ranked

    def evaluate(self, game: G) -> Sequence[float]:
        """Estimated win chance of every seat in a running game (summing to 1)."""
        raise NotImplementedError

    def horizon(self, game: G, seat: int) -> float:
        """Alpha-beta's value for ``seat`` of a running game at the search horizon (default: the
        evaluation). A game may look a little further here (say, at the captures of the player
        to move); the greedy baseline and MCTS keep using ``evaluate``."""
        return self.evaluate(game)[seat]

    def reward(self, game: G) -> Sequence[float]:
        """Win chance of every seat in a finished game (default: the winners share 1)."""
        return shared_reward(game)

    def overlooking(self, game: G, level: str, rng: random.Random) -> Any | None:
        """The move of the player to move who, this turn, only builds their own position and does
        not look at what the opponent threatens (used only by the levels in ``overlook``); None
        when the player notices the threat after all (then the level searches as usual)."""
        raise NotImplementedError

    def playout_action(self, game: G, rng: random.Random) -> Any:
        """The move of a playout (default: uniformly random)."""
        return rng.choice(game._actions())
