"""The legal-move list of Iroh Pai Sho (docs/rules/iroh.md 2.4.5): every move and capture of the
player's pieces in board order, bringing pieces in at home, Rocks, Knotweeds and ``proclaim``. It
only reads the game.

``legal_actions`` gives the list as *actions* (what the AI search applies without reading text):
``(from, to)`` for a move or capture, ``(code, point)`` for a bring-in, Rock or Knotweed, and
``"proclaim"``; ``action_text`` writes an action of the position in canonical form, and
``legal_moves`` is the list of those texts.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..paisho.board import COLOURS, ORDER, ORTHOGONAL, POINT_SET, POINTS, Point, name
from .rules import SQUARES, air_reach, locked_points
from .tiles import CAPTURABLE, HOME, NATIONS, TERRAIN

if TYPE_CHECKING:  # pragma: no cover
    from .game import IrohGame

PROCLAIM = "proclaim"
# Points in board order that are not a home point (where Rocks may go) and the squares in board order.
_ROCK_POINTS = tuple(q for q in POINTS if q not in HOME)
_SQUARES = tuple(q for q in POINTS if q in SQUARES)
_NAME = {q: name(q) for q in POINTS}
# Every placement action, made once, and its text.
_ROCKS = tuple(("Rk", q) for q in _ROCK_POINTS)
_KNOTWEEDS = tuple(("Kn", q) for q in _SQUARES)
_PLACEMENT_TEXT = {action: f"{action[0]}@{_NAME[action[1]]}"
                   for action in (*_ROCKS, *_KNOTWEEDS, *((c, h) for c in NATIONS for h in HOME))}


def piece_actions(game: IrohGame) -> list[tuple[Point, Point]]:
    """Every move and capture of the player to move, (from, to), pieces in board order."""
    p, board, out = game.seat_to_move, game.board, []
    held = locked_points(game.knotweeds) if game.knotweeds else set()
    for a, (owner, code) in sorted(board.items(), key=lambda item: ORDER[item[0]]):
        if owner != p or code == "Rk" or (a in held and code not in ("Fi", "WL")):
            continue
        if code == "Ai":
            out += [(a, q) for q in sorted(air_reach(board, a), key=ORDER.__getitem__) if q not in board]
            continue
        for q, target in straight_reach(board, code, a, game.range_of(code)):
            if target is None:
                out.append((a, q))
            elif code != "WL" and target[0] != p and code in CAPTURABLE and target[1] in CAPTURABLE:
                out.append((a, q))
    return out


def straight_reach(board: dict, code: str, a: Point, longest: int) -> Iterator[tuple[Point, Any]]:
    """The points a Fire, Water, Earth or Lotus (``code``) on ``a`` reaches in one move, at most
    ``longest`` points straight along a rank or file on its terrain, with the tile on each (None
    if empty): the first tile met ends the line (it may be a capture), except for the Lotus,
    which jumps over tiles."""
    jumps = code == "WL"
    for ray in _RAYS[TERRAIN.get(code)][a]:
        for q in ray[:longest]:
            target = board.get(q)
            yield q, target
            if target is not None and not jumps:
                break


def _rays(terrain: str | None) -> dict[Point, tuple[tuple[Point, ...], ...]]:
    """Per point, the points straight along each direction (north, east, south, west) that a piece
    of ``terrain`` may stand on, nearest first, up to the first it may not (at most 5: the
    longest move)."""
    out = {}
    for a in POINTS:
        rays = []
        for dx, dy in ORTHOGONAL:
            ray = []
            for k in range(1, 6):
                q = (a[0] + k * dx, a[1] + k * dy)
                if q not in POINT_SET or (terrain is not None and terrain not in COLOURS[q]):
                    break
                ray.append(q)
            rays.append(tuple(ray))
        out[a] = tuple(rays)
    return out


# Per terrain (None: any point), the straight lines from every point (``straight_reach``).
_RAYS = {terrain: _rays(terrain) for terrain in (None, *TERRAIN.values())}


def legal_actions(game: IrohGame) -> list[Any]:
    """Every legal move of the player to move as actions, in the list's order (2.4.5)."""
    p, board = game.seat_to_move, game.board
    out: list[Any] = piece_actions(game)
    home = HOME[p]
    if home not in board:
        out += [(c, home) for c in NATIONS if game.reserve[p][c] > 0]
    if game.reserve[p]["Rk"] > 0:
        out += [a for a in _ROCKS if a[1] not in board]
    if game.reserve[p]["Kn"] > 0:
        knotweeds = game.knotweeds
        out += [a for a in _KNOTWEEDS if a[1] not in knotweeds]
    out.append(PROCLAIM)
    return out


def action_text(game: IrohGame, action: Any) -> str:
    """The canonical text of an action of the position of ``game``."""
    if action == PROCLAIM:
        return PROCLAIM
    first, second = action
    if isinstance(first, str):
        return _PLACEMENT_TEXT[action]
    return f"{_NAME[first]}{'x' if second in game.board else '-'}{_NAME[second]}"


def legal_moves(game: IrohGame) -> list[str]:
    """Every legal move of the player to move, canonical, in the list's order (2.4.5): the texts
    of ``legal_actions`` (``action_text`` inlined: the list has hundreds of entries)."""
    board, actions = game.board, legal_actions(game)
    return [_PLACEMENT_TEXT[action] if type(action[0]) is str
            else f"{_NAME[action[0]]}{'x' if action[1] in board else '-'}{_NAME[action[1]]}"
            for action in actions[:-1]] + [PROCLAIM]
