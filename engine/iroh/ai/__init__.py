"""Iroh Pai Sho's AI player: how close each player is to a winning set that the opponent cannot
break, and which moves are worth searching. How it plays and how strong it is: docs/ai/iroh.md.

The goal (rules 2.5) is four harmonies, one across each midline arm S, E, N, W, with no piece the
end of two (a Water may be of two), kept through the opponent's reply and then proclaimed. A set
only wins if the opponent cannot break it with one move, so what counts is how many arms hold
whatever the opponent does next. The package, one concern per module:

- ``cover``: a player's harmonies per arm, how many arms they hold at once (``cover``) and what
  the evaluation reads of one player (``Features``);
- ``threats``: what one move of the opponent does to them (``robust_cover``, ``safe_completion``,
  ``breaks``) and the best capture (``capture_gain``);
- ``strength``: how close a player is to a set (``strength``), a home point held by a Knotweed
  (``home_lock``);
- ``candidates``: the moves worth searching and their order;
- ``knowledge``: ``IrohKnowledge``, the win chances, the horizon, the game's history and the
  levels' overlooking;
- ``weights``: every number they use, in one table.
"""
from __future__ import annotations

from .knowledge import KNOWLEDGE, IrohKnowledge, position_key

__all__ = ["KNOWLEDGE", "IrohKnowledge", "position_key"]
