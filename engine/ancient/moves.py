"""The legal moves of Ancient Pai Sho (docs/rules/ancient.md 3.4.3), listed whole or part by part:
every placement, the moves that may follow one, whether a player is stuck (only ``pass``), the
whole list, autocomplete that completes a turn part by part (a Ship in hand on a crowded board
makes millions of turns), and the random player of A-8.

Everything here only reads the game: a placement's effect is judged on a board of its own.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ..base import IllegalMove
from ..paisho.board import COLOURS, ORDER, POINT_SET, POINTS, RED, SURROUNDING, WHITE
from .harmony import harmony_count
from .movement import candidates, check_move
from .notation import Placement, parse_placement
from .placement import after_placement, check_placement
from .tiles import FLOWERS, IMMOBILE, WHITE_FLOWERS, Board

if TYPE_CHECKING:  # pragma: no cover
    from .game import AncientGame


def placements(game: AncientGame, p: int, codes: Iterable[str] | None = None) -> Iterator[Placement]:
    """Every legal placement of ``p`` (of the tile types ``codes``, default all in hand)."""
    board = game.board
    empty = [q for q in POINTS if q not in board]
    for code in (codes if codes is not None else dict.fromkeys(game.hands[p])):
        if code in FLOWERS:
            need = RED if code in WHITE_FLOWERS else WHITE
            for q in empty:
                if need in COLOURS[q]:
                    yield Placement(code, q)
        elif code == "Bo":
            for t in sorted(board, key=ORDER.__getitem__):
                if not board[t][2]:
                    for d in empty:
                        yield Placement("Bo", t, d)
        else:
            for q in empty:
                yield Placement(code, q)
                if code == "Wh" and any(r in board for r in SURROUNDING[q]):  # something to turn
                    for k in range(1, 8):
                        place = Placement("Wh", q, turn=k)
                        try:
                            check_placement(board, game.hands[p], place)
                        except IllegalMove:
                            continue
                        yield place


def moves(board: Board, p: int) -> list[str]:
    """Every move ``p`` may make on ``board`` (after a placement), canonical, in board order."""
    out = []
    for a in sorted(board, key=ORDER.__getitem__):
        owner, code, drained = board[a]
        if owner != p or drained or code in IMMOBILE:
            continue
        for b in candidates(a, code):
            if b not in POINT_SET or b == a:
                continue
            try:
                out.append(check_move(board, p, a, b, False))
            except IllegalMove:
                continue
    return out


def stuck(game: AncientGame, p: int) -> bool:
    """Whether ``p`` can neither draw nor place (then only ``pass`` is legal)."""
    return not game.piles[p] and next(iter(placements(game, p)), None) is None


def legal_moves(game: AncientGame) -> list[str]:
    """Every legal turn of the player to move, canonical (3.4.3): huge with a Ship in hand."""
    p = game._to_move
    if game.phase == "choose":
        return ["choose first", "choose second"]
    if game.pending:
        return [f"discard {c}" for c in dict.fromkeys(game.hands[p])]
    out = ["draw"] if game.piles[p] else []
    for place in placements(game, p):
        text = place.text()
        out.append(text)
        board, _ = after_placement(game.board, game.hands[p], p, place)
        if harmony_count(board) != game.target:
            out += [f"{text},{m}" for m in moves(board, p)]
    return out or ["pass"]


def suggest(game: AncientGame, key: str, limit: int) -> list[str]:
    """Completes a play-phase turn part by part, so a crowded position never lists millions of
    turns: first the draw and the placements (only of the tile typed so far), then, after a comma,
    the moves that may follow that placement."""
    head, comma, tail = key.partition(",")
    p = game._to_move
    if comma:
        try:
            place, _ = parse_placement(head)
            check_placement(game.board, game.hands[p], place)
        except IllegalMove:
            return []
        board, _ = after_placement(game.board, game.hands[p], p, place)
        if harmony_count(board) == game.target:
            return []
        return [f"{place.text()},{m}" for m in moves(board, p) if m.lower().startswith(tail)][:limit]
    found = [word for word in ("draw",) if game.piles[p] and word.startswith(key)]
    codes = [c for c in dict.fromkeys(game.hands[p]) if (c.lower() + "@").startswith(key[:len(c) + 1])]
    for place in placements(game, p, codes):
        if len(found) >= limit:
            break
        if place.text().lower().startswith(key):
            found.append(place.text())
    if not found and "pass".startswith(key) and stuck(game, p):
        found.append("pass")
    return found[:limit]


def random_move(game: AncientGame, rng: random.Random) -> str:
    """The random player of A-8: a random discard; else draw with probability 1/3 (always when
    no placement is legal), else a random placement followed half the time by a random move."""
    if game.phase == "choose" or game.pending:
        return rng.choice(game.legal_moves())
    p = game._to_move
    options = list(placements(game, p))
    if not options:
        return "draw" if game.piles[p] else "pass"
    if game.piles[p] and rng.random() < 1 / 3:
        return "draw"
    place = rng.choice(options)
    board, _ = after_placement(game.board, game.hands[p], p, place)
    if harmony_count(board) != game.target and rng.random() < 0.5:
        found = moves(board, p)
        if found:
            return f"{place.text()},{rng.choice(found)}"
    return place.text()
