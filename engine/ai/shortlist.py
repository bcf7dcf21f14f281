"""Candidates by a one-ply look, for games with hundreds of legal moves (Basic, Quaterno).

Every legal action is applied once and the position after it valued for the mover (the reward
of a finished game, else the evaluation); alpha-beta then searches only the ``candidates`` best.
Ties (common: many quiet moves are worth the same) are broken by a hash of the action, not by
the order of the move list, so no corner of the board or tile is preferred. The looks of the
last ``recent_positions`` positions are kept (memo.Memo), since iterative deepening comes back to
them; the answer depends on the position only, so the memo never changes a move.
"""
from __future__ import annotations

import zlib
from typing import Any, ClassVar, cast

from .knowledge import G, Knowledge
from .memo import Memo


class ShortlistKnowledge(Knowledge[G]):
    """A ``Knowledge`` whose ``actions`` are the best ``candidates`` of ``looks``."""

    candidates: ClassVar[int] = 8  # actions searched further at each position
    recent_positions: ClassVar[int] = 16  # positions whose looks are kept

    def __init__(self) -> None:
        self.recent: Memo[list[tuple[float, Any]]] = Memo("one-ply looks", self.recent_positions)

    def looks(self, game: G) -> list[tuple[float, Any]]:
        """Every legal action with the value of the position after it for the mover, best first."""
        key = (game.seed, game.start_position, tuple(sorted(game.options.items())), tuple(game.record))
        return self.recent.get(key, lambda: self.look_at_every_action(game))

    def look_at_every_action(self, game: G) -> list[tuple[float, Any]]:
        """``looks`` without the memo."""
        seat = game.to_move
        assert seat is not None
        found = []
        for action in game.legal_actions():
            child = cast(G, game.copy())
            child.apply_action(action)
            value = (self.reward(child) if child.outcome is not None else self.evaluate(child))[seat]
            found.append((value, action))
        found.sort(key=lambda pair: (-pair[0], zlib.crc32(repr(pair[1]).encode())))
        return found

    def actions(self, game: G) -> list[Any]:
        if game.outcome is not None:
            return []
        return [action for _, action in self.looks(game)[:self.candidates]]
