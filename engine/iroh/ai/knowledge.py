"""``IrohKnowledge``: the win chances Iroh's search reads, its candidates, and how the weaker
levels err (how it plays: docs/ai/iroh.md).

Certainties, checked first: a player to move with a winning set wins by proclaiming (``WON``); a
set the opponent just made that no move of the player to move breaks is lost (``SURE``); a player
to move whose three arms no move breaks and who can add the fourth so that no move breaks it
either (threats.safe_completion: a fork) is as good as won (``FORCED``). Otherwise the win chance
is a logistic function of the difference of the players' strength (strength.strength), kept below
those certainties.

Repetition: the record is public, so the search tells the knowledge (``Root.plies``) how many of
its moves were really played; a move that brings the board back to a position this game has
already seen counts against the player who made it (``REPEAT``); at hard's horizon it is a step
towards the draw at the turn limit instead (``CIRCLE``).
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, cast

from ...ai.knowledge import Knowledge
from ...ai.memo import Memo
from ...ai.search import Root
from ...ai.settings import Settings, per_level
from ...paisho.board import Point
from ..game import IrohGame
from ..moves import PROCLAIM
from ..rules import both_harmonies, locked_points
from .candidates import building, order_key
from .cover import Features, Harmonies, cover
from .strength import deployed, home_lock, strength
from .threats import breaks, capture_gain, robust_cover, safe_completion
from .weights import (
    CIRCLE,
    DEPLOY,
    ESTIMATE,
    FORCED,
    HOARD,
    NOTICE,
    OVERLOOK,
    REPEAT,
    STEEPNESS,
    SURE,
    TEMPO,
    THREAT,
    WON,
)

# The positions a game really went through, per game and real record (``IrohKnowledge.history``).
HISTORY: Memo[frozenset] = Memo("Iroh: the positions of a game's real record", 4)


def position_key(game: IrohGame) -> tuple[frozenset, frozenset, int]:
    """What makes two positions of one game the same: the tiles, the Knotweeds, who is to move."""
    return frozenset(game.board.items()), frozenset(game.knotweeds), game.seat_to_move


def positions(game: IrohGame, plies: int) -> frozenset:
    """The ``position_key`` of every position of the game's first ``plies`` moves (the start
    included), replayed from its record."""
    if game.start_position is not None:
        past = IrohGame.from_position(game.start_position, game.load_options)
    else:
        past = IrohGame(2, 0, game.options)
    keys = {position_key(past)}
    for move in game.record[:plies]:
        past.play(move)
        keys.add(position_key(past))
    return frozenset(keys)


class IrohKnowledge(Knowledge[IrohGame]):
    """Alpha-beta on how close each player is to four harmonies. Random playouts say nothing here
    (random games never build a set), so every level searches with alpha-beta; only hard values
    the horizon by ``horizon``, and easy and medium overlook the opponent's harmonies at times."""

    settings = per_level(Settings(search="alphabeta", max_depth=4, contempt=0.05),
                         easy={"budget": 100, "horizon": False, "overlook": OVERLOOK["easy"]},
                         medium={"budget": 600, "horizon": False, "overlook": OVERLOOK["medium"]},
                         hard={"budget": 2500})

    def features(self, game: IrohGame, held: set[Point]) -> tuple[Features, Features]:
        both = both_harmonies(game.board, game.knotweeds, held)
        return Features(game, 0, held, both[0]), Features(game, 1, held, both[1])

    def history(self, game: IrohGame, root: Root | None) -> frozenset | None:
        """The positions the game really went through before the search started (its first
        ``root.plies`` moves; None outside a search): the record is public."""
        if root is None:
            return None
        plies = root.plies
        key = (game.start_position, repr(game.options), *game.record[:plies])  # one game's history
        return HISTORY.get(key, lambda: positions(game, plies))

    def evaluate(self, game: IrohGame, root: Root | None = None) -> Sequence[float]:
        return self.judge(game, False, root)

    def horizon(self, game: IrohGame, seat: int, root: Root | None = None) -> float:
        """Hard's value at its search's horizon: the evaluation, with the best capture of the
        player to move counted as made (threats.capture_gain: a double attack wins a piece, which
        a one-ply player does not see coming), Rocks and Knotweeds in reserve worth ``HOARD`` more
        (kept for the end game), each nation piece on the board ``DEPLOY`` more (a piece in
        reserve makes no harmony and breaks none), a home point held by a Knotweed worth less
        (strength.home_lock), and a position already seen closer to a draw (``CIRCLE``). The
        greedy baseline and the other levels keep the plain ``evaluate``."""
        return self.judge(game, True, root)[seat]

    def judge(self, game: IrohGame, at_horizon: bool, root: Root | None) -> list[float]:
        """The win chances: ``evaluate``, or with ``at_horizon`` hard's ``horizon`` reading."""
        held = locked_points(game.knotweeds) if game.knotweeds else set()
        feats = self.features(game, held)
        mover = game.seat_to_move
        owner = 1 - mover
        values = [0.0, 0.0]
        if feats[mover].full == 4:
            values[mover], values[owner] = WON, 1 - WON
            return values
        robust = [robust_cover(game, p, feats[p], held) for p in (0, 1)]
        if feats[owner].cover == 4 and robust[owner] == 4:
            values[owner], values[mover] = SURE, 1 - SURE
            return values
        if feats[mover].cover == 3 and robust[mover] == 3 and safe_completion(game, mover, feats[mover], held):
            values[mover], values[owner] = FORCED, 1 - FORCED
            return values
        scores = [strength(game, p, feats[p], held, robust[p]) for p in (0, 1)]
        scores[mover] += TEMPO
        if at_horizon:
            scores[mover] += capture_gain(game, mover, feats[owner], held)
            for p in (0, 1):
                scores[p] += HOARD * (game.reserve[p]["Rk"] + game.reserve[p]["Kn"])
                scores[p] += DEPLOY * deployed(game, p)
                if game.knotweeds:
                    scores[p] -= home_lock(game, p)
        if feats[owner].full == 4:
            scores[owner] += THREAT
        past = self.history(game, root)
        repeated = past is not None and position_key(game) in past
        if repeated and not at_horizon:
            scores[owner] -= REPEAT  # went back to a position of this game: going round in circles
        first = 1 - ESTIMATE + (2 * ESTIMATE - 1) / (1 + math.exp(-STEEPNESS * (scores[0] - scores[1])))
        if repeated and at_horizon:  # going round in circles: a step towards the draw at the turn limit
            first = 0.5 + (first - 0.5) * CIRCLE
        return [first, 1 - first]

    def actions(self, game: IrohGame) -> list[Any]:
        """A player with a winning set only proclaims; one facing a set only the moves that break
        it (threats.breaks, tried on the board); otherwise candidates.building."""
        if game.outcome is not None:
            return []
        p = game.seat_to_move
        held = locked_points(game.knotweeds) if game.knotweeds else set()
        both = both_harmonies(game.board, game.knotweeds, held)
        if cover(both[p], game.board, p).held == 4:
            return [PROCLAIM]
        theirs = both[1 - p]
        if cover(theirs, game.board, 1 - p).held == 4:  # only a move that breaks it does not lose
            return breaks(game, 1 - p, theirs) or [PROCLAIM]
        return building(game, held, both)

    def overlooking(self, game: IrohGame, level: str, rng: random.Random) -> Any | None:
        """The move of a player who, this turn, does not look at the opponent's harmonies (a weaker
        level's error, ``OVERLOOK``): of the candidates it would search with no set to break, the
        one that leaves its own position strongest (``strength`` of its own side alone), ties
        broken at random. It still proclaims a set of its own (``actions`` gives only that). A level
        that notices (``NOTICE``, drawn once a turn) sees a set the opponent has finished (then it
        searches and breaks it) and one its own move would finish (it leaves that move out)."""
        p = game.seat_to_move
        held = locked_points(game.knotweeds) if game.knotweeds else set()
        both: tuple[Harmonies, Harmonies] = both_harmonies(game.board, game.knotweeds, held)
        if cover(both[p], game.board, p).held == 4:
            return PROCLAIM
        chance = NOTICE.get(level, 1.0)
        notices = chance > 0 and rng.random() < chance
        if cover(both[1 - p], game.board, 1 - p).held == 4 and notices:
            return None  # the set was seen after all: the level searches (and breaks it)
        best, best_key = PROCLAIM, None
        for action in building(game, held, both):
            after = cast(IrohGame, game.copy())
            after.apply_action(action)
            if after.outcome is not None:
                return action
            now_held = locked_points(after.knotweeds) if after.knotweeds else set()
            now = both_harmonies(after.board, after.knotweeds, now_held)
            if notices and cover(now[1 - p], after.board, 1 - p).held == 4:
                continue  # it sees that this move would complete the opponent's set
            f = Features(after, p, now_held, now[p])
            key = (strength(after, p, f, now_held, robust_cover(after, p, f, now_held)), rng.random())
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best if best_key is not None else None  # every move completes it: the level searches

    def order(self, game: IrohGame, actions: list[Any], root: Root | None = None) -> list[Any]:
        return sorted(actions, key=lambda action: order_key(game, action))


KNOWLEDGE = IrohKnowledge()
