"""Iroh Pai Sho's test-position format (docs/rules/iroh.md 2.8): reading a position into a game and
writing a game's position in the same format.

Parts are separated by ';' or new lines, keys are case-insensitive and each may appear once:
``to_move: P1``, ``P1: Fi g7, WL i2``, ``knotweeds: j6``, ``P1 reserve: Fi 2, Kn 3``, ``turns: 12``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..paisho import notation as pn
from ..paisho.board import ORDER, name
from .rules import SQUARES, corners
from .tiles import BY_LOWER, NAMES, RESERVE_CODES, START_RESERVE, TOTAL

if TYPE_CHECKING:  # pragma: no cover
    from .game import IrohGame


def load_position(game: IrohGame, position: str) -> IrohGame:
    """Clear ``game`` (a fresh IrohGame at the start position) and fill it with ``position``;
    ValueError if unreadable."""
    game.board, game.seat_to_move = {}, 0  # the start position's pieces make way for the position's own
    reserves: list[dict[str, int] | None] = [None, None]
    seen_keys = set()
    for key, value in pn.position_parts(position):
        if key in seen_keys:
            raise ValueError(f"{key} appears twice in the position.")
        seen_keys.add(key)
        if key == "to_move":
            game.seat_to_move = pn.position_seat(value)
        elif key in ("p1", "p2"):
            owner = int(key[1]) - 1
            for item in filter(None, (i.strip() for i in value.split(","))):
                bits = item.split()
                code = BY_LOWER.get(bits[0].lower()) if len(bits) == 2 else None
                if code is None or code == "Kn":
                    raise ValueError(f"I can't read the piece '{item}'; write pieces as Fi g7.")
                point = pn.point_of(bits[1])
                if point is None:
                    raise ValueError(pn.off_board(bits[1]) + ".")
                if point in game.board:
                    raise ValueError(pn.named_twice(name(point)))
                game.board[point] = (owner, code)
        elif key == "knotweeds":
            for token in value.split():
                point = pn.point_of(token)
                if point is None or point not in SQUARES:
                    raise ValueError(f"There is no square with lower-left corner {token.lower()}.")
                if point in game.knotweeds:
                    raise ValueError(f"Square {name(point)} is named twice.")
                game.knotweeds.add(point)
        elif key in ("p1 reserve", "p2 reserve"):
            counts = {}
            for item in filter(None, (i.strip() for i in value.split(","))):
                bits = item.split()
                code = BY_LOWER.get(bits[0].lower()) if len(bits) == 2 else None
                if code not in RESERVE_CODES or not bits[1].isdigit():
                    raise ValueError(f"I can't read the reserve '{item}'; write it as Fi 2.")
                counts[code] = int(bits[1])
            reserves[int(key[1]) - 1] = counts
        elif key == "turns" and value.strip().isdigit():
            game.turns = int(value.strip())
        else:
            raise ValueError(pn.unexpected(key, value))
    game.reserve = []
    for p in (0, 1):
        on_board = {c: sum(1 for o, k in game.board.values() if o == p and k == c) for c in TOTAL}
        given = reserves[p] or {}
        reserve = {c: given.get(c, 3 if c == "Kn" else max(0, min(START_RESERVE[c], TOTAL[c] - on_board[c])))
                   for c in RESERVE_CODES}
        for c in TOTAL:
            if on_board[c] + reserve.get(c, 0) > TOTAL[c]:
                raise ValueError(f"P{p + 1} has more than {TOTAL[c]} {NAMES[c]} pieces.")
        game.reserve.append(reserve)
    for sq in game.knotweeds:
        if any(game.board.get(c, (None, ""))[1] in ("Fi", "WL") for c in corners(sq)):
            raise ValueError(f"A Fire or White Lotus stands on a corner of the Knotweed square {name(sq)}.")
    if game.turns >= game.options["max_turns"]:
        raise ValueError("The position has already reached max_turns.")
    return game


def write_position(game: IrohGame) -> str:
    """The position of ``game`` in the test-position format (one line, parts joined by '; ')."""
    parts = [f"to_move: P{game.seat_to_move + 1}"]
    for p in (0, 1):
        pieces = sorted(((code, q) for q, (owner, code) in game.board.items() if owner == p),
                        key=lambda item: (list(NAMES).index(item[0]), ORDER[item[1]]))
        parts.append(f"P{p + 1}: " + ", ".join(f"{code} {name(q)}" for code, q in pieces))
    parts.append("knotweeds: " + " ".join(name(q) for q in sorted(game.knotweeds, key=ORDER.__getitem__)))
    for p in (0, 1):
        parts.append(f"P{p + 1} reserve: " + ", ".join(f"{c} {game.reserve[p][c]}" for c in RESERVE_CODES))
    parts.append(f"turns: {game.turns}")
    return "; ".join(parts)
