"""Quaterno's placement checks (docs/rules/quaterno.md A4.1, A6.3): a placement's faults in the
order A6.3 gives them, each with its message."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import notation
from ..base import IllegalMove
from .board import CENTRE, Square, dist, on_diagonal, quarter
from .notation import sq_name
from .tiles import KINDS

if TYPE_CHECKING:  # pragma: no cover
    from .game import QuaternoGame


def check_placement(game: QuaternoGame, p: int, code: str, sq: Square) -> str:
    """The canonical text of placing ``code`` on ``sq`` for player ``p``; IllegalMove otherwise."""
    if not game.placement_phase:
        raise IllegalMove("The placement phase is over: move a tile or use an action.")
    if code in ("Su", "Mo"):
        raise IllegalMove(f"The {KINDS[code]} starts on the board and is never placed.")
    if game.square_of(p, code) is not None:
        raise IllegalMove(f"Your {KINDS[code]} is already on the board.")
    name = sq_name(sq)
    if sq in game.board:
        raise IllegalMove(notation.occupied(name))
    d = dist(sq, CENTRE)
    if d == 0:
        raise IllegalMove("f6 is the centre square; tiles must be placed at least 4 away from it.")
    if d < 4:
        raise IllegalMove(f"{name} is {d} away from the centre f6; tiles must be placed at least 4 away.")
    if on_diagonal(sq):
        raise IllegalMove(f"{name} lies on a main diagonal; tiles may not be placed there.")
    q = quarter(sq)
    if q in game.controlled(1 - p):
        raise IllegalMove(f"The {q} quarter is controlled by your opponent.")
    return f"{code}@{name}"
