"""Placing a tile in Ancient Pai Sho (docs/rules/ancient.md 3.4.1): the checks of a placement with
their messages in the rules' order (the tile in hand, a flower's colour, the Ship's tile and
destination, the Wheel's ring), and what a placement does to the board: the Knotweed drains the
flowers around it, the Wheel turns its ring, the Ship moves the tile it is placed on; and the
points a placement may change (what the harmony count needs to look at again)."""
from __future__ import annotations

from ..base import IllegalMove
from ..paisho import notation as pn
from ..paisho.board import COLOURS, POINT_SET, RED, SURROUNDING, WHITE, Point, name, ring_points
from .notation import Placement
from .tiles import FLOWERS, NAMES, WHITE_FLOWERS, Board


def check_placement(board: Board, hand: list[str], place: Placement) -> None:
    """Refuse (IllegalMove) a placement the player with ``hand`` may not make on ``board``."""
    code, at = place.code, place.at
    if code not in hand:
        raise IllegalMove(f"You have no {NAMES[code]} in your hand")
    loc = name(at)
    if code in FLOWERS:
        need = RED if code in WHITE_FLOWERS else WHITE
        if need not in COLOURS[at]:
            colour = "white" if code in WHITE_FLOWERS else "red"
            raise IllegalMove(f"{NAMES[code]} (a {colour} flower) must be placed on a point with some "
                              f"{need} ({loc})")
    if code == "Bo":
        if at not in board:
            raise IllegalMove(f"The Ship must be placed on a tile ({loc} is empty)")
        if board[at][2]:
            raise IllegalMove("The Ship cannot move a drained tile")
        if place.dest in board or place.dest == at:
            raise IllegalMove(pn.occupied(name(place.dest)))
        return
    if at in board:
        raise IllegalMove(pn.occupied(loc))
    if place.turn:
        ring = ring_points(at)
        held = [(i, q) for i, q in enumerate(ring) if q in board]
        if not held:
            raise IllegalMove("The Wheel has nothing to rotate")
        for _, q in held:
            if board[q][2]:
                raise IllegalMove(f"The drained tile on {name(q)} jams the Wheel")
            if board[q][1] == "Rk":
                raise IllegalMove(f"The Coin on {name(q)} jams the Wheel")
        for i, q in held:
            if ring[(i + place.turn) % 8] not in POINT_SET:
                raise IllegalMove(pn.leaves_board(NAMES[board[q][1]]))


def after_placement(board: Board, hand: list[str], p: int, place: Placement) -> tuple[Board, list[str]]:
    """The board and the hand after ``p``'s (checked) placement, with its effect; both are new."""
    board = {q: list(v) for q, v in board.items()}
    hand = list(hand)
    hand.remove(place.code)
    at = place.at
    if place.code == "Bo":
        assert place.dest is not None  # the grammar and the move list give the Ship a destination
        board[place.dest] = board.pop(at)
        board[at] = [p, "Bo", False]
        return board, hand
    board[at] = [p, place.code, False]
    if place.code == "Kn":
        for q in SURROUNDING[at]:
            if q in board and board[q][1] in FLOWERS:
                board[q][2] = True
    elif place.turn:
        ring = ring_points(at)
        moving = {i: board.pop(q) for i, q in enumerate(ring) if q in board}
        for i, tile in moving.items():
            board[ring[(i + place.turn) % 8]] = tile
    return board, hand


def changed_points(place: Placement) -> list[Point]:
    """Every point ``place`` may change: its own, the Ship's destination, the points a Knotweed
    drains, the ring a Wheel turns (some may be off the board)."""
    points = [place.at] if place.dest is None else [place.at, place.dest]
    if place.code == "Kn":
        points += SURROUNDING[place.at]
    elif place.turn:
        points += ring_points(place.at)
    return points
