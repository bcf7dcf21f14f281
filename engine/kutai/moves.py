"""The legal-move list of Kutai Pai Sho (docs/rules/kutai.md 4.4): the Centerpiece (one of Player 1's
flowers on i9) first, then every tile the player to move still has on every empty point its colour
allows, in the set's order; and one of them drawn uniformly at random without listing them all.
It only reads the game."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..paisho.board import CENTRE, Point
from .notation import MOVE_TEXT
from .tiles import ALLOWED, SET, SPECIAL, TILES

# The colour rule allows four sets of points: the red flowers', the white flowers', the White
# Lotus's and the special tiles'. Each code's set, and the sets each point belongs to.
_GROUPS: tuple[tuple, ...] = tuple(dict.fromkeys(ALLOWED.values()))
GROUP = {c: _GROUPS.index(ALLOWED[c]) for c in SET}
_IN_GROUPS = {p: tuple(i for i, g in enumerate(_GROUPS) if p in g) for g in _GROUPS for p in g}

if TYPE_CHECKING:  # pragma: no cover
    from .game import KutaiGame


def legal_moves(game: KutaiGame) -> list[str]:
    """Every legal placement of the player to move, canonical."""
    seat = game.to_move
    assert seat is not None  # the game is running: base.Game lists no moves once it is over
    if not game.board:
        return [MOVE_TEXT[c, CENTRE] for c in SET if TILES[c].kind != SPECIAL]
    return [MOVE_TEXT[c, p] for c in SET if c in game.remaining[seat] for p in ALLOWED[c] if p not in game.board]


def random_action(game: KutaiGame, rng) -> tuple[str, Point]:
    """A legal placement (tile code, point) drawn uniformly from the legal-move list: a tile
    weighted by its free points, then one of them (drawn until an empty one comes up)."""
    seat = game.to_move
    assert seat is not None
    board = game.board
    if not board:
        return rng.choice([c for c in SET if TILES[c].kind != SPECIAL]), CENTRE
    free = [len(g) for g in _GROUPS]
    for p in board:
        for i in _IN_GROUPS.get(p, ()):
            free[i] -= 1
    codes = [c for c in SET if c in game.remaining[seat]]
    pick = rng.randrange(sum(free[GROUP[c]] for c in codes))
    for code in codes:
        pick -= free[GROUP[code]]
        if pick < 0:
            break
    points = ALLOWED[code]
    while True:
        point = points[rng.randrange(len(points))]
        if point not in board:
            return code, point
