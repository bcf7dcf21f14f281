"""Ancient Pai Sho's AI player: hidden hands sampled, a few dozen candidate turns out of millions,
and an evaluation of the race to the exact target. How it plays and how strong it is:
docs/ai/ancient.md. The package, one concern per module:

- ``worlds``: what a seat may know, and the worlds the search draws for it (``determinize``);
- ``lines``: the harmony count line by line from one table per position (``LineIndex``);
- ``scoring``: what each placement and move changes in the count, and the turns that reach the
  target (``find_win``, ``can_win``);
- ``candidates``: the turns the search looks at;
- ``finishes``: hard's root, the finishes the other seat's hand may hold (public information
  only) and the defences against them;
- ``knowledge``: ``AncientKnowledge``, the evaluation;
- ``weights``: every number they use, in one table.
"""
from __future__ import annotations

from .candidates import candidates
from .knowledge import KNOWLEDGE, AncientKnowledge
from .lines import LineIndex
from .scoring import can_win, exact_count, move_changes, placement_changes
from .worlds import determinize, unseen

__all__ = ["KNOWLEDGE", "AncientKnowledge", "LineIndex", "can_win", "candidates", "determinize", "exact_count",
           "move_changes", "placement_changes", "unseen"]
