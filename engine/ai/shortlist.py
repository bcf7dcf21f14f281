"""Candidates by a one-ply look, for games with hundreds of legal moves (Basic, Quaterno).

Every legal action is applied once and the position after it valued for the mover (the reward
of a finished game, else the evaluation); alpha-beta then searches only the ``candidates`` best.
Ties (common: many quiet moves are worth the same) are broken by a hash of the action, not by
the order of the move list, so no corner of the board or tile is preferred. The looks of the
last ``recent_positions`` positions are kept, since iterative deepening comes back to them; the
answer depends on the position only, so the cache never changes a move.
"""
from __future__ import annotations

import threading
import zlib
from collections import OrderedDict
from typing import Any, ClassVar, cast

from .knowledge import G, Knowledge


class ShortlistKnowledge(Knowledge[G]):
    """A ``Knowledge`` whose ``actions`` are the best ``candidates`` of ``looks``."""

    candidates: ClassVar[int] = 8  # actions searched further at each position
    recent_positions: ClassVar[int] = 16  # positions whose looks are kept

    def __init__(self) -> None:
        self._recent: OrderedDict[tuple, list[tuple[float, Any]]] = OrderedDict()
        self._lock = threading.Lock()  # the bot may think in several threads at once

    def looks(self, game: G) -> list[tuple[float, Any]]:
        """Every legal action with the value of the position after it for the mover, best first."""
        key = (game.seed, game.start_position, tuple(sorted(game.options.items())), tuple(game.record))
        with self._lock:
            found = self._recent.get(key)
            if found is not None:
                self._recent.move_to_end(key)
        if found is None:
            found = self._looks(game)
            with self._lock:
                self._recent[key] = found
                while len(self._recent) > self.recent_positions:
                    self._recent.popitem(last=False)
        return found

    def _looks(self, game: G) -> list[tuple[float, Any]]:
        seat = game.to_move
        assert seat is not None
        found = []
        for action in game._actions():
            child = cast(G, game.copy())
            child._apply_action(action)
            value = (self.reward(child) if child.outcome is not None else self.evaluate(child))[seat]
            found.append((value, action))
        found.sort(key=lambda pair: (-pair[0], zlib.crc32(repr(pair[1]).encode())))
        return found

    def actions(self, game: G) -> list[Any]:
        if game.outcome is not None:
            return []
        return [action for _, action in self.looks(game)[:self.candidates]]
