"""Hard's root in Ancient: the finishes the other seat's hand may hold (public information only:
the board, the other seat's unseen tiles and its hand's size).

Which tile types would let a one-tile hand finish on a board (``finishing_types``) and how likely
the hand is to hold one (``finish_chance``). The search is offered placements that close such
finishes (``defences``, from ``order`` at the searching seat's own turn, so the greedy baseline's
list is unchanged), and hard chooses among its near-best searched turns by that chance
(``settle_root``).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ...ai.memo import Memo
from ...ai.search import Candidate
from ...paisho.board import ORDER, Point
from ..fast import LINE_OF, line_harmonies, place_on, placement_lines
from ..game import AncientGame
from .candidates import danger
from .scoring import Head, find_win, scored
from .weights import (
    DEFENCE_FROM,
    DEFENCE_TRIES,
    DEFENCES,
    DEFENDERS,
    HELD,
    SETTLE_LOOKED,
    SETTLE_MARGIN,
    SETTLE_WEIGHT,
)
from .worlds import unseen

Finish = tuple[str, tuple]  # (tile type, the winning action a hand of that one tile has)
FINISHES: Memo[list[Finish]] = Memo("Ancient: the tile types that would finish for the other seat on a board", 20000)


def finishing_types(game: AncientGame, other: int) -> list[Finish]:
    """(type, finish) for each type among ``other``'s unseen tiles (hand and pile together: public)
    with which a one-tile hand of ``other`` would make the count exact on this board, moves of
    ``other``'s tiles included (the quick search of ``scoring.find_win``, as the search uses);
    kept per board."""
    types = tuple(dict.fromkeys(unseen(game, other)))
    key = (tuple(sorted((q, *tile) for q, tile in game.board.items())), other, types, game.count, game.target)
    return FINISHES.get(key, lambda: _finishes(game, other, types))


def _finishes(game: AncientGame, other: int, types: tuple[str, ...]) -> list[Finish]:
    found = []
    for code in types:
        probe = game.copy()
        probe.seat_to_move, probe.pending = other, False
        probe.hands[other] = [code]
        win = find_win(probe, other, scored(probe, other))
        if win is not None:
            found.append((code, win))
    return found


def finish_chance(game: AncientGame, other: int) -> float:
    """How likely ``other``'s hand is to hold a tile that finishes on this board next turn: the
    finishing types (``finishing_types``) among ``other``'s unseen tiles, a hand of its real
    size drawn from them, special tiles weighted by ``HELD`` (players place their flowers and
    keep the tiles that shift many harmonies at once). Public information only: the board, the
    unseen multiset and the hand's size."""
    size = len(game.hands[other])
    if not size or game.phase != "play":
        return 0.0
    finishing = {code for code, _ in finishing_types(game, other)}
    if not finishing:
        return 0.0
    tiles = Counter(unseen(game, other))
    total = sum(HELD.get(code, 1.0) * n for code, n in tiles.items())
    hit = sum(HELD.get(code, 1.0) * n for code, n in tiles.items() if code in finishing)
    return 1.0 - (1.0 - hit / total) ** min(size, sum(tiles.values()))


def _gaining_lines(game: AncientGame, p: int, finish: tuple) -> set[int]:
    """The lines on which the turn ``finish`` (an action) of ``p`` adds harmonies."""
    board = {q: list(v) for q, v in game.board.items()}
    code, at, dest, turn, move = finish
    lines = placement_lines(board, code, at, dest, turn)
    if move is not None:
        lines |= set(LINE_OF[move[0]]) | set(LINE_OF[move[1]])
    before = {line: line_harmonies(board, line) for line in lines}
    place_on(board, p, code, at, dest, turn)
    if move is not None:
        board[move[1]] = board.pop(move[0])
    return {line for line in lines if line_harmonies(board, line) > before[line]}


def defences(game: AncientGame, p: int) -> list[Any]:
    """At the searching seat's own turn, when the other seat's hand may hold a finish on this
    board (``finish_chance`` above ``DEFENCE_FROM``): up to ``DEFENCES`` placements that leave the
    least chance of one, a Coin, Lotus or flower on a line the finishes would fill or on the point
    a finishing Wheel or Ship needs, ``DEFENCE_TRIES`` of them checked. Only offered to the
    search (which values them like any other turn) and to ``settle_root``."""
    other = 1 - p
    now = finish_chance(game, other)
    if now < DEFENCE_FROM:
        return []
    lines: set[int] = set()
    spots: set[Point] = set()
    for _, finish in finishing_types(game, other):
        lines |= _gaining_lines(game, other, finish)
        code, at = finish[0], finish[1]
        if code in ("Wh", "Bo"):
            spots.add(at)
    target, count = game.target, game.count
    tried = [item for item in scored(game, p).placed
             if item.head.code in DEFENDERS and count + item.change != target
             and (item.head.at in spots or set(LINE_OF[item.head.at]) & lines)]
    tried.sort(key=lambda item: (item.head.at not in spots, DEFENDERS[item.head.code],
                                 danger(target - count - item.change), ORDER[item.head.at]))
    spread: dict[tuple, Head] = {}  # one try per tile type and the lines it stands on, first
    for _, head in tried:
        spread.setdefault((head.code, head.at in spots, tuple(sorted(set(LINE_OF[head.at]) & lines))), head)
    found = []
    for head in list(spread.values())[:DEFENCE_TRIES]:
        after = game.copy()
        after.apply_action((*head, None))
        if after.outcome is None:
            chance = finish_chance(after, other)
            if chance < now / 2:
                found.append((chance, (*head, None)))
    found.sort(key=lambda item: item[0])
    return [action for _, action in found[:DEFENCES]]


def _after(game: AncientGame, action: Any) -> AncientGame:
    """The board after the searching seat's own turn ``action`` (a draw or discard leaves it as it
    is; nothing hidden is read: only the board and sizes are used afterwards)."""
    if isinstance(action, str):
        return game
    after = game.copy()
    after.apply_action(action)
    return after


def settle_root(game: AncientGame, ranked: list[Candidate]) -> list[Candidate]:
    """Hard's root: among the searched turns valued within ``SETTLE_MARGIN`` of the best, the one
    with the best value less ``SETTLE_WEIGHT`` times the chance that the other seat's hand holds
    a finish on the board it leaves (``finish_chance``). Sampled worlds see such a finish only
    when a sample deals the tile (with a hand of one or two tiles, rarely); this counts it for
    every hand that could hold it, but only to choose among near-equal turns."""
    if len(ranked) < 2 or game.phase != "play" or game.pending:
        return ranked
    best = ranked[0]
    if not best.exact or best.value > 1.0:
        return ranked
    other = 1 - game.seat_to_move
    near = [c for c in ranked[:SETTLE_LOOKED] if c.exact and c.weight == best.weight
            and c.value >= best.value - SETTLE_MARGIN]
    if len(near) < 2:
        return ranked
    valued = []
    for c in near:
        after = _after(game, c.action)
        if after.outcome is not None:
            return ranked
        valued.append((c.value - SETTLE_WEIGHT * finish_chance(after, other), c))
    chosen = max(valued, key=lambda item: item[0])[1]
    if chosen is best:
        return ranked
    return [chosen] + [c for c in ranked if c is not chosen]
