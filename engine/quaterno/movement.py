"""Quaterno's play-phase checks (docs/rules/quaterno.md A4.3-A4.6, A6.3): a movement's and an
action's faults in the order A6.3 gives them, each with its message, and the first tile on a line
(reach, A4.4)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import notation
from ..base import IllegalMove
from .board import Square, direction, dist
from .notation import sq_name
from .tiles import ACTIONS, KINDS

if TYPE_CHECKING:  # pragma: no cover
    from .game import QuaternoGame

Board = dict[Square, tuple[int, str]]  # square -> (player, kind)
PLACEMENT_NOW = "It is the placement phase: place a tile, e.g. Fa@c1."


def own_tile(game: QuaternoGame, p: int, a: Square) -> str:
    """The kind of the mover's tile on ``a`` (M2/M3, X1/X2)."""
    if a not in game.board:
        raise IllegalMove(f"{sq_name(a)} is empty.")
    owner, kind = game.board[a]
    if owner != p:
        raise IllegalMove(f"The {KINDS[kind]} on {sq_name(a)} is not yours.")
    return kind


def check_movement(game: QuaternoGame, p: int, a: Square, b: Square, with_x: bool) -> str:
    """The canonical text of moving the tile on ``a`` to ``b``; IllegalMove otherwise."""
    if game.placement_phase:
        raise IllegalMove(PLACEMENT_NOW)
    if with_x:
        raise IllegalMove(f"There are no captures in Quaterno: write {sq_name(a)}-{sq_name(b)}.")
    kind = own_tile(game, p, a)
    if kind == "Su":
        raise IllegalMove("The Sun cannot move.")
    seizer = game.seizer(a)
    if seizer is not None:
        raise IllegalMove(f"Your {KINDS[kind]} on {sq_name(a)} is seized by the Soldier on "
                          f"{sq_name(seizer)} and cannot move.")
    if a == b:
        raise IllegalMove("A tile must move to a different square.")
    step = direction(a, b)
    if step is None:
        raise IllegalMove(f"{sq_name(a)}-{sq_name(b)} is not a straight line (orthogonal or diagonal).")
    if b in game.board:
        raise IllegalMove(notation.occupied(sq_name(b)))
    if kind != "Mo":
        q = first_tile(game.board, a, step, b)
        if q is not None:
            raise IllegalMove(f"The path from {sq_name(a)} to {sq_name(b)} is blocked at {sq_name(q)}.")
    return f"{sq_name(a)}-{sq_name(b)}"


def check_action(game: QuaternoGame, p: int, a: Square, t: Square, d: Square | None) -> str:
    """The canonical text of the action of the tile on ``a`` on the target ``t`` (to ``d``); IllegalMove otherwise."""
    if game.placement_phase:
        raise IllegalMove(PLACEMENT_NOW)
    kind = own_tile(game, p, a)
    an, tn = sq_name(a), sq_name(t)
    if kind not in ACTIONS:
        raise IllegalMove(f"The {KINDS[kind]} has no action.")
    seizer = game.seizer(a)
    if seizer is not None:
        raise IllegalMove(f"Your {KINDS[kind]} on {an} is seized by the Soldier on {sq_name(seizer)} "
                          f"and cannot act.")
    if t not in game.board:
        raise IllegalMove(f"{tn} is empty.")
    if t == a:
        raise IllegalMove("A tile cannot act on itself.")
    u = direction(a, t)
    if u is None:
        raise IllegalMove(f"{tn} is not in a straight line from {an}.")
    q = first_tile(game.board, a, u, t)
    if q is not None:
        raise IllegalMove(f"The {KINDS[kind]} on {an} cannot reach {tn}: {sq_name(q)} is in the way.")
    action = ACTIONS[kind]
    if kind == "Fa":
        if d is not None and d != a:
            raise IllegalMove(f"Swap always sends the target to {an}: write {an}>{tn}.")
        return f"{an}>{tn}"
    if d is None:
        raise IllegalMove(f"{action} needs a destination: write {an}>{tn}-<square>.")
    dn = sq_name(d)
    if kind == "Su":
        if d == t:
            raise IllegalMove("Orbit must move the target to another square.")
        if dist(a, d) != dist(a, t):
            raise IllegalMove(f"{dn} is {dist(a, d)} away from the Sun on {an}; Orbit keeps the "
                              f"distance {dist(a, t)}.")
        if d in game.board:
            raise IllegalMove(notation.occupied(dn))
    elif kind == "An":
        if not (direction(a, d) == u and dist(a, d) < dist(a, t)):
            raise IllegalMove(f"Draw Near moves the target toward the Anchor: {dn} is not between {tn} and {an}.")
    elif kind == "St":
        if direction(t, d) != u:
            raise IllegalMove(f"Push moves the target straight away from the Stick: {dn} is not beyond "
                              f"{tn} on the line from {an}.")
        check_slide(game.board, t, u, d)
    else:  # Compass
        back = (-u[0], -u[1])
        if direction(a, d) != back:
            raise IllegalMove(f"Place Behind puts the target on the far side of the Compass: {dn} is not "
                              f"beyond {an} on the line from {tn}.")
        check_slide(game.board, a, back, d)
    return f"{an}>{tn}-{dn}"


def check_slide(board: Board, start: Square, step: tuple[int, int], d: Square) -> None:
    """U2/U3, B2/B3: the target slides from ``start`` to ``d`` without passing a tile."""
    q = first_tile(board, start, step, d, inclusive=True)
    if q == d:
        raise IllegalMove(notation.occupied(sq_name(d)))
    if q is not None:
        raise IllegalMove(f"The path from {sq_name(start)} to {sq_name(d)} is blocked at {sq_name(q)}.")


def first_tile(board: Board, a: Square, step: tuple[int, int], b: Square, inclusive: bool = False) -> Square | None:
    """The first tile strictly after ``a`` on the way to ``b`` (``b`` itself if ``inclusive``)."""
    q = (a[0] + step[0], a[1] + step[1])
    while q != b or inclusive:
        if q in board:
            return q
        if q == b:
            return None
        q = (q[0] + step[0], q[1] + step[1])
    return None
