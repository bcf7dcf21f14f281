"""Reading Basic Pai Sho's test-position format (basic.md 1.8) into a game in the main phase.

One item per line (or per ';'), '#' starts a comment, keys are case-insensitive, defaults apply
to missing lines: ``P1: Ja m6, Ro g7 dormant``, ``to move: P2``, ``turns: 3 3``, ``main turns: 6``,
``running: 10 10``, ``pot P1: Ro Ja``, ``reserve P2: Ja 0, Kn 2``, ``last: pass``.
"""
from __future__ import annotations

from ..paisho import notation as pn
from ..paisho.board import name
from ..paisho.flowers import COUNT, FLOWERS
from ..paisho.flowers import ORDER as TILE_ORDER
from .tiles import BY_LOWER, NAMES, PORTS, forbidden


def _seat(value: str, key: str) -> int:
    if value.strip().upper() not in ("P1", "P2"):
        raise ValueError(f"{key} must name P1 or P2.")
    return int(value.strip()[1]) - 1


def _pair(value: str, key: str) -> list[int]:
    bits = value.split()
    try:
        numbers = [int(b) for b in bits]
    except ValueError:
        numbers = []
    if len(numbers) != 2:
        raise ValueError(f"'{key}' needs two whole numbers, P1's then P2's.")
    return numbers


def _code(token: str) -> str:
    code = BY_LOWER.get(token.lower())
    if code is None:
        raise ValueError(f"'{token}' is not a Basic Pai Sho tile.")
    return code


def load_position(game, text: str):
    """Fill ``game`` (a fresh BasicGame) with the position ``text``; ValueError if unreadable."""
    text = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
    game.phase, game.spring_turn, game.first_placer = "main", 6, 1
    game.spring_used = [set(FLOWERS), set(FLOWERS)]
    game.board, game._to_move = {}, 0
    reserves: list[dict[str, int]] = [{}, {}]
    main_turns = None
    game.turn_no = [3, 3]
    for key, value in pn.position_parts(text):
        key = key.replace("_", " ")
        if key in ("p1", "p2"):
            for item in filter(None, (i.strip() for i in value.split(","))):
                bits = item.split()
                if len(bits) not in (2, 3) or (len(bits) == 3 and bits[2].lower() != "dormant"):
                    raise ValueError(f"I can't read the tile '{item}'; write tiles as Ja m6 or Ro g7 dormant.")
                code, point = _code(bits[0]), pn.point_of(bits[1])
                if point is None:
                    raise ValueError(pn.off_board(bits[1]) + ".")
                if point in game.board:
                    raise ValueError(f"{name(point)} is named twice.")
                if len(bits) == 3 and code not in FLOWERS:
                    raise ValueError(f"Only basic flowers can be dormant ({name(point)}).")
                if point in PORTS and code not in FLOWERS:
                    raise ValueError(f"Only basic flowers stand on ports ({name(point)}).")
                if point not in PORTS and forbidden(code, point):
                    raise ValueError(f"{NAMES[code]} may not stand on a {forbidden(code, point)} point "
                                     f"({name(point)}).")
                game.board[point] = [int(key[1]) - 1, code, len(bits) == 3]
        elif key == "to move":
            game._to_move = _seat(value, "to move")
        elif key == "turns":
            game.turn_no = _pair(value, key)
        elif key == "main turns":
            if not value.strip().isdigit():
                raise ValueError("'main turns' needs one whole number.")
            main_turns = int(value)
        elif key == "running":
            game.running = _pair(value, key)
        elif key in ("pot p1", "pot p2"):
            seat = int(key[-1]) - 1
            for token in value.split():
                code = _code(token)
                game.pot[seat][code] += 1
        elif key in ("reserve p1", "reserve p2"):
            seat = int(key[-1]) - 1
            for item in filter(None, (i.strip() for i in value.split(","))):
                bits = item.split()
                if len(bits) != 2 or not bits[1].isdigit():
                    raise ValueError(f"I can't read the reserve count '{item}'; write counts as Ja 4.")
                reserves[seat][_code(bits[0])] = int(bits[1])
        elif key == "last":
            if value.strip().lower() not in ("pass", "move"):
                raise ValueError("'last' is pass or move.")
            game.last_was_pass = value.strip().lower() == "pass"
        else:
            raise ValueError(f"Unexpected '{key}: {value.strip()}' in the position.")
    if min(game.turn_no) < 0:
        raise ValueError("Turn counts cannot be negative.")
    game.main_turns = sum(game.turn_no) if main_turns is None else main_turns
    for seat in (0, 1):
        for code in TILE_ORDER:
            used = sum(1 for tile in game.board.values() if tile[0] == seat and tile[1] == code) + game.pot[seat][code]
            game.reserve[seat][code] = reserves[seat].get(code, max(0, COUNT[code] - used))
            if used + game.reserve[seat][code] > COUNT[code]:
                raise ValueError(f"P{seat + 1} has more than {COUNT[code]} {NAMES[code]} tiles.")
    game.flower_total = [sum(game.reserve[s][c] + game.pot[s][c] for c in FLOWERS)
                         + sum(1 for tile in game.board.values() if tile[0] == s and tile[1] in FLOWERS)
                         for s in (0, 1)]
    game._legal = None
    return game
