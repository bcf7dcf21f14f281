"""``AncientKnowledge``: alpha-beta two plies deep over sampled worlds, on candidate turns, and
the evaluation of the race to the exact target (how it plays: docs/ai/ancient.md)."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...ai.knowledge import Knowledge
from ...ai.search import Candidate, Root
from ...ai.settings import Settings, per_level
from ..fast import random_action
from ..game import AncientGame
from ..tiles import IMMOBILE
from .candidates import candidates
from .finishes import defences, settle_root
from .scoring import can_win
from .weights import (
    CAN_WIN,
    DEVELOPED,
    EXACT_CHANCE,
    FAR,
    HAND_MEANS,
    MEANS_CAP,
    NEAR,
    NO_HAND,
    THREAT,
    THREAT_DODGE,
    THREAT_HAND,
)
from .worlds import determinize


def means(game: AncientGame, seat: int) -> float:
    """How many ways ``seat`` has to change the count later: tiles of theirs on the board that
    can move (a move is the only way to shift a tile already placed), and tiles in hand."""
    movable = sum(1 for owner, code, drained in game.board.values()
                  if owner == seat and not drained and code not in IMMOBILE)
    return min(movable, MEANS_CAP) + HAND_MEANS * len(game.hands[seat])


class AncientKnowledge(Knowledge[AncientGame]):
    """Alpha-beta two plies deep over sampled worlds, on candidate turns. Hard looks two plies
    deep in each world, so it sees the winning replies the opponent's (sampled) hand allows and
    its own finish after them; medium and easy stop at depth 1 or less (their budgets)."""

    settings = per_level(Settings(search="alphabeta", max_depth=2, samples=6, world_margin=1.0),
                         easy={"budget": 6}, medium={"budget": 48}, hard={"budget": 1200})
    determinize = staticmethod(determinize)

    def actions(self, game: AncientGame) -> list[Any]:
        return candidates(game)

    def order(self, game: AncientGame, actions: list[Any], root: Root | None = None) -> list[Any] | None:
        """The candidates as they come, and at the searching seat's own turn (the root) the
        defences against a finish the other hand may hold (finishes.defences) after them. Only the
        search orders its moves: the greedy baseline's list (``actions``) stays the candidates."""
        p = game.seat_to_move
        if (root is None or root.seat != p or game.phase != "play" or game.pending
                or not game.hands[p] or len(actions) == 1):
            return None
        extra = [a for a in defences(game, p) if a not in actions]
        return actions + extra if extra else None

    def settle(self, game: AncientGame, level: str, ranked: list[Candidate]) -> list[Candidate]:
        """Hard compares its near-best turns by the finishes they leave the other seat
        (finishes.settle_root); the other levels keep the search's ranking."""
        return settle_root(game, ranked) if level == "hard" else ranked

    def playout_action(self, game: AncientGame, rng: random.Random) -> Any:
        return random_action(game, rng)

    def evaluate(self, game: AncientGame, root: Root | None = None) -> Sequence[float]:
        """The seat to move wins at once if it has a turn reaching the target (``CAN_WIN``).
        Otherwise it depends on whose hand the world holds for real (``root.seat``):

        - the searching seat's own hand, known to have no win: a count near the target is a
          threat to it (the other seat moves next at about this count, unless the mover's
          tiles shift it: ``THREAT``), so it is worth less the nearer it is;
        - a sampled hand (the other seat's, or no search): nearness is worth more to the mover,
          who may hold a finish the sample missed (``NEAR``).

        Both add each seat's means to change the count later. A seat that must discard first is
        scored as if the other seat were to move (the discard changes nothing on the board), so
        that a draw and its discard compare with one turn."""
        if game.phase == "choose" or game.to_move is None:
            return (0.5, 0.5)
        mover = game.seat_to_move
        if not game.pending and can_win(game):
            value = CAN_WIN
        else:
            if game.pending:
                mover = 1 - mover
            chance = EXACT_CHANCE.get(abs(game.target - game.count), FAR)
            lead = DEVELOPED * (means(game, mover) - means(game, 1 - mover))
            if root is not None and root.seat == mover and not game.pending:
                threat = chance * min(1.0, len(game.hands[1 - mover]) / THREAT_HAND)
                if game.hands[mover]:
                    threat *= THREAT_DODGE
                value = 0.5 - THREAT * (threat - FAR) + lead
            else:
                near = chance * (1.0 if game.hands[mover] else NO_HAND)
                value = 0.5 + NEAR * (near - FAR) + lead
        return (value, 1 - value) if mover == 0 else (1 - value, value)


KNOWLEDGE = AncientKnowledge()
