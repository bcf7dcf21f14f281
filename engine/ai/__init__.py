"""The AI players (design.md, ``from engine import ai``): pure like the rest of the engine.

    ai.LEVELS                                   # ("easy", "medium", "hard"), weakest first
    ai.choose_move(game, level="hard", seed=0, time_limit=None)   # -> canonical legal move

The move is for ``game.to_move`` (any seat, any player count); ``game`` is not changed; the
search uses only what that seat may know. With ``time_limit=None`` each level searches a fixed
budget, so the same record, level and seed give the same move on any machine; a time limit in
seconds caps the search on top of that. ValueError for a finished game, an unknown level or a
game without an AI player.

Layout: shared search code here (``mcts`` for any player count, ``alphabeta`` for two players,
``levels`` with the level table, ``settings`` with the frozen ``Settings`` a level searches a game
with, ``search`` with the budget, the results and the ``Root`` a search starts from, ``memo`` with
the bounded memo of answers about positions, ``shortlist`` for games with hundreds of moves,
``baselines`` with the random and greedy players the arena measures against); per-game knowledge
in each game's package (``engine/<game>/ai.py`` or ``engine/<game>/ai/`` defines ``KNOWLEDGE``,
which the game's descriptor carries as ``ai=KNOWLEDGE``). How to plug a game in: see
``knowledge.Knowledge``; how each game's AI plays and how strong it is: docs/ai/<game>.md.
"""
from __future__ import annotations

from .knowledge import Knowledge, shared_reward
from .levels import LEVEL_TABLE, LEVELS, Level
from .memo import Memo
from .player import Analysis, analyse, choose_move, seeded_rng
from .registry import knowledge_for, variants
from .search import Root
from .settings import Settings, per_level

__all__ = ["LEVELS", "LEVEL_TABLE", "Level", "choose_move", "analyse", "Analysis", "Knowledge",
           "knowledge_for", "variants", "shared_reward", "seeded_rng", "Settings", "per_level", "Root", "Memo"]
