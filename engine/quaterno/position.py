"""Quaterno's test-position format (docs/rules/quaterno.md A6.4): reading a position into a game and
writing a game's position in the same format, ``1:Su@f5,Mo@e6,...;2:...;turn:N;used:So=1``.

A position read always has Player 1 in the first seat and starts settled: no figure standing, no
winner yet, and in the placement phase the tiles each player has placed by that turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import notation
from .board import PLACEMENT_SQUARES, Square, on_board
from .notation import PLACE_RE, sq_name
from .tiles import FIGURE_KINDS, KINDS, PLACEMENT_TURNS, START, TILE_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from .game import QuaternoGame


def write_position(game: QuaternoGame) -> str:
    """The position in the test-position format (A6.4)."""
    sides = []
    for p in (0, 1):
        tiles = [f"{kind}@{sq_name(sq)}" for kind in KINDS for sq in [game.square_of(p, kind)] if sq]
        sides.append(f"{p + 1}:{','.join(tiles)}")
    used = ",".join(f"{k}={p + 1}" for k, p in sorted(game.used.items(), key=lambda i: FIGURE_KINDS.index(i[0])))
    return f"{sides[0]};{sides[1]};turn:{game.turn};used:{used}"


def load_position(game: QuaternoGame, position: str) -> QuaternoGame:
    """Set ``game`` (new, Player 1 in the first seat) to ``position``; ValueError when it is not one."""
    fields = _position_fields(position)
    game.board, game.where = {}, ({}, {})
    for p in (0, 1):
        for code, sq in fields["sides"][p]:
            if sq in game.board:
                raise ValueError(f"{sq_name(sq)} is used twice.")
            if game.square_of(p, code) is not None:
                raise ValueError(f"Player {p + 1} has two of {KINDS[code]}.")
            game.put(sq, (p, code))
        for code in ("Su", "Mo"):
            if game.square_of(p, code) is None:
                raise ValueError(f"Player {p + 1} has no {KINDS[code]} on the board.")
    game.turn = fields["turn"]
    for p in (0, 1):
        placed = [sq for sq, (owner, kind) in game.board.items() if owner == p and kind in FIGURE_KINDS]
        if game.turn > PLACEMENT_TURNS:
            if len(placed) != 5:
                raise ValueError(f"In the play phase Player {p + 1} must have all 7 tiles on the board.")
            continue
        want = (game.turn - 1 + (1 - p)) // 2
        if len(placed) != want:
            raise ValueError(f"Before turn {game.turn} Player {p + 1} has placed {want} tiles, not {len(placed)}.")
        for code in ("Su", "Mo"):
            if game.square_of(p, code) != START[p][code]:
                raise ValueError("In the placement phase the Suns and Moons stand on their start squares.")
        for sq in placed:
            if sq not in PLACEMENT_SQUARES:
                raise ValueError(f"{sq_name(sq)} is not a placement square.")
    if game.turn <= PLACEMENT_TURNS and game.controlled(0) & game.controlled(1):
        raise ValueError("A quarter holds placed tiles of both players.")
    for kind, p in fields["used"]:
        if kind not in FIGURE_KINDS:
            raise ValueError(f"used: {kind} is not a figure kind.")
        if kind in game.used:
            raise ValueError(f"used: {kind} appears twice.")
        game.used[kind] = p
    if max(game.figures(0), game.figures(1)) >= 2:
        raise ValueError("A player with two figures has already won.")
    if game.check_figures(game.mover):
        raise ValueError("A figure is standing in this position; test positions start settled.")
    game.counts = {}
    game.count_position()
    game.clear_caches()
    return game


def _position_fields(position: str) -> dict[str, Any]:
    text = notation.squash(position)
    if text.lower().startswith("qpos:"):
        text = text[5:]
    sides: dict[int, list[tuple[str, Square]]] = {}
    turn, used = None, None
    for part in text.split(";"):
        if not part:
            continue
        key, sep, body = part.partition(":")
        key = key.lower()
        if not sep:
            raise ValueError(f"Unexpected '{part}' in the position.")
        if key in ("1", "2"):
            items = []
            for item in body.split(",") if body else []:
                m = PLACE_RE.match(item)
                code = TILE_NAMES.get(m.group(1).lower()) if m else None
                sq = notation.parse_square(m.group(2)) if m else None
                if code is None or sq is None or not on_board(sq):
                    raise ValueError(f"I can't read '{item}' in the position; write tiles as Fa@c1.")
                items.append((code, sq))
            sides[int(key) - 1] = items
        elif key == "turn" and body.isdigit() and int(body) >= 1:
            turn = int(body)
        elif key == "used":
            used = []
            for item in body.split(",") if body else []:
                kind, eq, who = item.partition("=")
                code = TILE_NAMES.get(kind.lower())
                if not eq or code is None or who not in ("1", "2"):
                    raise ValueError(f"I can't read used: '{item}'; write it as So=1.")
                used.append((code, int(who) - 1))
        else:
            raise ValueError(f"Unexpected '{part}' in the position.")
    if set(sides) != {0, 1} or turn is None or used is None:
        raise ValueError("A position needs 1: ...; 2: ...; turn: N; used: ...")
    return {"sides": sides, "turn": turn, "used": used}
