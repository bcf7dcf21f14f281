"""Basic Pai Sho's search path (engine/base.py ``legal_actions`` / ``apply_action`` / ``action_text``):
the legal moves as tuples the game applies without reading text, their canonical text, and
applying one without checking it again.

Actions (points are ``(file, rank)``, abilities ``notation.Ability``):

    ("choose", "move" | "place")       ("spring", code, point)      ("place", code, point)
    ("move", from, to, ability | None) ("ability", ability)          ("pass",)

The list holds the same moves as ``moves.legal_moves`` (a property test compares them), in an
order of its own.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..paisho.board import ORDER, POINT_SET, POINTS, Point, name
from ..paisho.flowers import FLOWERS
from ..paisho.flowers import ORDER as TILE_ORDER
from .movement import make_move, move_fault, reach, use_ability
from .moves import ability_options, ability_options_after_move
from .notation import ability_text
from .placement import entry_ports, placement_spots

if TYPE_CHECKING:  # pragma: no cover
    from .game import BasicGame

Action = tuple[Any, ...]
PASS: Action = ("pass",)


def placements(game: BasicGame) -> list[Action]:
    """Every legal placement of the player to move (main phase)."""
    p, board = game.seat_to_move, game.board
    out: list[Action] = []
    for code in TILE_ORDER:
        if game.reserve[p][code] and game.place_fault(p, code, None) is None:
            spots = entry_ports(code, p) if code in FLOWERS else placement_spots(code, p)
            out += [("place", code, q) for q in spots if q not in board]
    return out


def destinations(game: BasicGame, a: Point, drained: set[Point]) -> list[Point]:
    """Every point the player's tile on ``a`` may move to (main phase; none if it cannot move)."""
    p, board = game.seat_to_move, game.board
    code = board[a][1]
    if code in ("Kn", "Rk") or a in drained:
        return []
    return [b for b in reach(a, code) if b in POINT_SET and move_fault(board, drained, p, a, b, False) is None]


def plain_moves(game: BasicGame) -> list[Action]:
    """Every legal move of the player to move without an ability (main phase), in the order of
    ``actions``."""
    if game.outcome is not None or game.phase != "main":
        return []
    drained = game.drained_tiles()
    return [("move", a, b, None) for a in own_tiles(game) for b in destinations(game, a, drained)]


def tile_moves(game: BasicGame, a: Point) -> list[Action]:
    """Every legal move of the player's tile on ``a`` (with the moved Wheel's or Boat's abilities),
    and the abilities it may use without moving (main phase; none if it cannot move)."""
    p, board, drained = game.seat_to_move, game.board, game.drained_tiles()
    code = board[a][1]
    if code in ("Kn", "Rk") or a in drained:
        return []
    out: list[Action] = []
    for b in destinations(game, a, drained):
        out.append(("move", a, b, None))
        if code in ("Wh", "Bo"):
            out += [("move", a, b, ability) for ability in ability_options_after_move(board, p, a, b)]
    if code in ("Wh", "Bo"):
        out += [("ability", ability) for ability in ability_options(board, p, a, moved=False)]
    return out


def own_tiles(game: BasicGame) -> list[Point]:
    """The points of the player to move's tiles, in board order."""
    p = game.seat_to_move
    return sorted((q for q, tile in game.board.items() if tile[0] == p), key=ORDER.__getitem__)


def actions(game: BasicGame) -> list[Action]:
    """Every legal move of the player to move as an action."""
    if game.outcome is not None:
        return []
    p = game.seat_to_move
    if game.phase == "choose":
        return [("choose", "move"), ("choose", "place")]
    if game.phase == "spring":
        return [("spring", code, q) for code in FLOWERS if code not in game.spring_used[p]
                for q in POINTS if game.spring_fault(p, code, q) is None]
    out = placements(game)
    for a in own_tiles(game):
        out += tile_moves(game, a)
    return out or [PASS]


def action_text(game: BasicGame, action: Action) -> str:
    """The canonical move string of an action of the current position."""
    kind = action[0]
    if kind == "move":
        _, a, b, ability = action
        text = f"{name(a)}{'x' if b in game.board else '-'}{name(b)}"
        return text if ability is None else f"{text},{ability_text(ability)}"
    if kind in ("place", "spring"):
        return f"{action[1]}@{name(action[2])}"
    if kind == "ability":
        return ability_text(action[1])
    if kind == "choose":
        return f"choose {action[1]}"
    return "pass"


def apply_action(game: BasicGame, action: Action) -> None:
    """Play an action of the current position without checking it again, and record it."""
    text = action_text(game, action)
    kind, p = action[0], game.seat_to_move
    if kind == "move":
        _, a, b, ability = action
        board = game.board
        code, captured = board[a][1], board.get(b)
        removed = make_move(board, game.pot, a, b)
        effect = use_ability(board, game.reserve, ability) if ability is not None else []
        game.finish_move(p, a, b, code, captured, removed, ability, effect, text)
    elif kind == "place":
        game.put_tile(p, action[1], action[2])
    elif kind == "ability":
        game.finish_ability(p, action[1])
    elif kind == "pass":
        game.pass_turn(p)
    elif kind == "spring":
        game.place_spring(p, action[1], action[2])
    else:
        game.choose(action[1])
    game.record_action(text)

