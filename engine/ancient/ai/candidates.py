"""The few dozen turns Ancient's search looks at, out of millions (``candidates``).

A turn that reaches the target exactly is returned alone: it wins. Otherwise the list holds
``draw``, a few placements for each count they lead to (the counts furthest from the target
first, flowers before the tiles kept for the finish), and a few place-and-move turns; the same
list for the same position every time.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..game import AncientGame
from .scoring import Move, exact_count, find_win, scored
from .weights import COMBOS, EXACT_CHANCE, FAR, KEEP_ORDER, MAX_PLACED, PER_COUNT


def danger(distance: int) -> float:
    """How likely the opponent is to make the count exact from this distance (lower is safer)."""
    return EXACT_CHANCE.get(abs(distance), FAR)


def candidates(game: AncientGame) -> list[Any]:
    """The turns the search looks at (see the module docstring), best first, as actions."""
    p = game.seat_to_move
    if game.phase == "choose":
        return ["choose first", "choose second"]
    if game.pending:  # the board does not change: keep variety and the tiles that finish a game
        counts = Counter(game.hands[p])
        return [f"discard {min(counts, key=lambda c: (-counts[c], KEEP_ORDER[c]))}"]
    if not game.hands[p]:
        return ["draw"] if game.piles[p] else ["pass"]
    found = scored(game, p)
    win = find_win(game, p, found)
    if win is not None:
        return [win]
    out: list[Any] = []
    target, count = game.target, game.count
    ranked = sorted(found.placed, key=lambda item: (danger(target - count - item.change), KEEP_ORDER[item.head.code]))
    kept: dict[int, int] = {}
    for change, head in ranked:
        if game.piles[p] and "draw" not in out and danger(target - count - change) > danger(target - count):
            out.append("draw")  # the board as it is, where it ranks among the placements
        if kept.get(change, 0) < PER_COUNT and len(out) < MAX_PLACED:
            kept[change] = kept.get(change, 0) + 1
            out.append((*head, None))
    quiet = [head for change, head in ranked if change == 0 and head.code != "Bo"][:COMBOS]
    if quiet:
        by_change: dict[int, Move] = {}
        for change, move in found.moves:
            by_change.setdefault(change, move)
        for n, change in enumerate(sorted(by_change, key=lambda c: danger(target - count - c))[:COMBOS]):
            head = quiet[n % len(quiet)]
            move = by_change[change]
            if head.at in move:
                continue
            after = exact_count(game, p, head, move)
            if after is not None and not after[1] and after[0] != target:
                out.append((*head, move))
    if game.piles[p] and "draw" not in out:
        out.append("draw")
    return out or ["pass"]
