"""Ancient Pai Sho's test-position format (docs/rules/ancient.md 3.8): reading a position into a game
in the play phase, and writing a game's position, whole (hands and pile order: private) or as
everybody may see it (sizes only).

Parts are separated by ';' or new lines, keys are case-insensitive: ``to_move: P1``,
``P1: Rh i9, Ja i5``, ``drained: i5``, ``P1 hand: Ro Ja``, ``P1 pile: Kn WL``, ``turns: 4``,
``last_pass: no``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..paisho import notation as pn
from ..paisho.board import ORDER, Point, name
from .harmony import harmony_count
from .tiles import ALIASES, COUNT, FLOWERS, NAMES, sort_hand

if TYPE_CHECKING:  # pragma: no cover
    from .game import AncientGame


def load_position(game: AncientGame, position: str) -> AncientGame:
    """Fill ``game`` (a fresh AncientGame) with the position ``position``; ValueError if unreadable."""
    game.board, game.discards = {}, []
    game.hands, game.piles = [[], []], [[], []]
    game.phase, game.seat_to_move, game.chooser = "play", 0, 0
    drained: list[Point] = []
    for key, value in pn.position_parts(position):
        if key == "to_move":
            game.seat_to_move = pn.position_seat(value)
        elif key in ("p1", "p2"):
            for item in filter(None, (i.strip() for i in value.split(","))):
                bits = item.split()
                code = ALIASES.get(bits[0].lower()) if len(bits) == 2 else None
                point = pn.point_of(bits[1]) if code else None
                if code is None or point is None:
                    raise ValueError(f"I can't read the tile '{item}'; write tiles as Rh i9.")
                if point in game.board:
                    raise ValueError(pn.named_twice(name(point)))
                game.board[point] = [int(key[1]) - 1, code, False]
        elif key == "drained":
            for token in value.split():
                point = pn.point_of(token)
                if point is None:
                    raise ValueError(pn.off_board(token) + ".")
                drained.append(point)
        elif key in ("p1 hand", "p2 hand", "p1 pile", "p2 pile"):
            codes = []
            for token in value.split():
                code = ALIASES.get(token.lower())
                if code is None:
                    raise ValueError(f"'{token}' is not an Ancient Pai Sho tile.")
                codes.append(code)
            p = int(key[1]) - 1
            if key.endswith("hand"):
                game.hands[p] = sort_hand(codes)
            else:
                game.piles[p] = codes
        elif key == "turns" and value.strip().isdigit():
            game.turns = int(value.strip())
        elif key == "last_pass" and value.strip().lower() in ("yes", "no"):
            game.last_pass = value.strip().lower() == "yes"
        else:
            raise ValueError(pn.unexpected(key, value))
    for point in drained:
        if point not in game.board or game.board[point][1] not in FLOWERS:
            raise ValueError(f"Only a flower can lie drained ({name(point)}).")
        game.board[point][2] = True
    for p in (0, 1):
        if len(game.hands[p]) > game.hand_size:
            raise ValueError(f"P{p + 1}'s hand holds more than {game.hand_size} tiles.")
        for code in COUNT:
            n = (sum(1 for v in game.board.values() if v[0] == p and v[1] == code)
                 + game.hands[p].count(code) + game.piles[p].count(code))
            if n > COUNT[code]:
                raise ValueError(pn.too_many(p, COUNT[code], NAMES[code]))
    game.count = harmony_count(game.board)
    game.clear_caches()
    return game


def board_parts(game: AncientGame) -> list[str]:
    """The shared start of both position texts: who is to move, the tiles, the drained ones."""
    parts = [f"to_move: P{(game.seat_to_move or 0) + 1}"]
    for p in (0, 1):
        tiles = sorted((q for q, v in game.board.items() if v[0] == p), key=ORDER.__getitem__)
        parts.append(f"P{p + 1}: " + ", ".join(f"{game.board[q][1]} {name(q)}" for q in tiles))
    parts.append("drained: " + " ".join(name(q) for q in sorted(game.board, key=ORDER.__getitem__)
                                        if game.board[q][2]))
    return parts


def public_position(game: AncientGame) -> str:
    """The board, counts and sizes everybody may see (no hand, no pile order)."""
    return "; ".join(board_parts(game) + [
        f"hands: {len(game.hands[0])}, {len(game.hands[1])}; piles: {len(game.piles[0])}, "
        f"{len(game.piles[1])}; turns: {game.turns}"])


def write_position(game: AncientGame) -> str:
    """The whole position in the test-position format, hands and piles included (private)."""
    parts = board_parts(game)
    for p in (0, 1):
        parts.append(f"P{p + 1} hand: " + " ".join(game.hands[p]))
        parts.append(f"P{p + 1} pile: " + " ".join(game.piles[p]))
    parts += [f"turns: {game.turns}", f"last_pass: {'yes' if game.last_pass else 'no'}"]
    return "; ".join(parts)
