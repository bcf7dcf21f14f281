"""Basic Pai Sho's test-position format (docs/rules/basic.md 1.8): reading a position into a game in
the main phase, and writing a game's position in the same format.

One item per line (or per ';'), '#' starts a comment, keys are case-insensitive, defaults apply
to missing lines: ``P1: Ja m6, Ro g7 dormant``, ``to move: P2``, ``turns: 3 3``, ``main turns: 6``,
``running: 10 10``, ``pot P1: Ro Ja``, ``reserve P2: Ja 0, Kn 2``, ``last: pass``.
"""
from __future__ import annotations

from ..paisho import notation as pn
from ..paisho.board import ORDER, name
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
    game.board, game.seat_to_move = {}, 0
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
                    raise ValueError(pn.named_twice(name(point)))
                if len(bits) == 3 and code not in FLOWERS:
                    raise ValueError(f"Only basic flowers can be dormant ({name(point)}).")
                if point in PORTS and code not in FLOWERS:
                    raise ValueError(f"Only basic flowers stand on ports ({name(point)}).")
                if point not in PORTS and forbidden(code, point):
                    raise ValueError(f"{NAMES[code]} may not stand on a {forbidden(code, point)} point "
                                     f"({name(point)}).")
                game.board[point] = [int(key[1]) - 1, code, len(bits) == 3]
        elif key == "to move":
            game.seat_to_move = _seat(value, "to move")
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
            raise ValueError(pn.unexpected(key, value))
    if min(game.turn_no) < 0:
        raise ValueError("Turn counts cannot be negative.")
    game.main_turns = sum(game.turn_no) if main_turns is None else main_turns
    for seat in (0, 1):
        for code in TILE_ORDER:
            used = sum(1 for tile in game.board.values() if tile[0] == seat and tile[1] == code) + game.pot[seat][code]
            game.reserve[seat][code] = reserves[seat].get(code, max(0, COUNT[code] - used))
            if used + game.reserve[seat][code] > COUNT[code]:
                raise ValueError(pn.too_many(seat, COUNT[code], NAMES[code]))
    game.flower_total = [sum(game.reserve[s][c] + game.pot[s][c] for c in FLOWERS)
                         + sum(1 for tile in game.board.values() if tile[0] == s and tile[1] in FLOWERS)
                         for s in (0, 1)]
    game.clear_caches()
    return game


def write_position(game) -> str:
    """The position of ``game`` (a BasicGame) in the test-position format, one line with parts joined
    by '; ' (a setup position ends with a ``setup:`` part and cannot be loaded)."""
    parts = []
    for s in (0, 1):
        tiles = sorted((q for q, tile in game.board.items() if tile[0] == s), key=ORDER.__getitem__)
        parts.append(f"P{s + 1}: " + ", ".join(
            f"{game.board[q][1]} {name(q)}" + (" dormant" if game.board[q][2] else "") for q in tiles))
    parts += [f"to move: P{(game.seat_to_move or 0) + 1}", f"turns: {game.turn_no[0]} {game.turn_no[1]}",
              f"main turns: {game.main_turns}", f"running: {game.running[0]} {game.running[1]}"]
    for s in (0, 1):
        parts.append(f"pot P{s + 1}: " + " ".join(c for c in TILE_ORDER for _ in range(game.pot[s][c])))
    for s in (0, 1):
        parts.append(f"reserve P{s + 1}: " + ", ".join(f"{c} {game.reserve[s][c]}" for c in TILE_ORDER))
    if game.last_was_pass:
        parts.append("last: pass")
    if game.phase != "main":
        parts.append(f"setup: {game.phase} {game.spring_turn}")  # not loadable: a setup position
    return "; ".join(parts)
