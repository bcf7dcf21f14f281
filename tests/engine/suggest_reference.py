"""Autocomplete's reference: the straightforward method, as it was before the fast path (every
legal move one of whose input forms starts with what was typed; Ancient's play phase part by
part). The fast autocomplete and the move panel are compared with it."""
from __future__ import annotations

from engine import notation
from engine.ancient import moves as ancient_moves
from engine.ancient.harmony import harmony_count
from engine.ancient.notation import parse_placement
from engine.ancient.placement import after_placement, check_placement
from engine.base import IllegalMove


def reference(game, text: str, limit: int) -> list[str]:
    if game.outcome is not None or limit <= 0:
        return []
    key = notation.squash(notation.normalise(text)).lower()
    if game.variant == "ancient" and game.phase == "play" and not game.pending:
        return reference_ancient(game, key, limit)
    found = []
    for move in game.legal_moves():
        for form in game._input_forms(move):
            if form.startswith(key) or " " in form and form.replace(" ", "").startswith(key):
                found.append(move)
                break
        if len(found) >= limit:
            break
    return found


def reference_ancient(game, key: str, limit: int) -> list[str]:
    head, comma, tail = key.partition(",")
    p = game.seat_to_move
    if comma:
        try:
            place, _ = parse_placement(head)
            check_placement(game.board, game.hands[p], place)
        except IllegalMove:
            return []
        board, _ = after_placement(game.board, game.hands[p], p, place)
        if harmony_count(board) == game.target:
            return []
        return [f"{place.text()},{m}" for m in ancient_moves.moves(board, p) if m.lower().startswith(tail)][:limit]
    found = [word for word in ("draw",) if game.piles[p] and word.startswith(key)]
    codes = [c for c in dict.fromkeys(game.hands[p]) if (c.lower() + "@").startswith(key[:len(c) + 1])]
    for place in ancient_moves.placements(game, p, codes):
        if len(found) >= limit:
            break
        if place.text().lower().startswith(key):
            found.append(place.text())
    if not found and "pass".startswith(key) and ancient_moves.stuck(game, p):
        found.append("pass")
    return found[:limit]
