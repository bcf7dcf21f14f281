"""What a picture of a Quaterno game shows (``QuaternoGame.view()``): the tiles with the seized ones
flagged, the last turn (an action's actor, target and destination), each aligned player's axis,
during placement the quarters each seat controls and the legal placement squares, and the
figures scored. Owners are seats; a seat's ``number`` is its player number (Player 1 places first
and may sit in either seat when ``first`` is random)."""
from __future__ import annotations

from dataclasses import dataclass

from ..notation import parse_square
from ..view import BoardView, Line, Move, Spot, Tile, header, seats
from .board import QUARTERS, SIZE

AXIS_ENDS = {"D1": ((0, 0), (SIZE - 1, SIZE - 1)), "D2": ((0, SIZE - 1), (SIZE - 1, 0))}


@dataclass(frozen=True, kw_only=True)
class QuaternoView(BoardView):
    """A Quaterno picture: the board view plus the turn, the phase and the quarters each seat controls."""

    turn: int  # the turn about to be played (1-based; turns 1-10 are the placement phase)
    placement_phase: bool
    controlled: tuple[tuple[str, ...], ...]  # by seat: the quarters (south, north, west, east) it controls


def _last_move(game) -> Move | None:
    last = game.last
    if not last:
        return None
    seat = game.seat(last["player"])
    if last["kind"] == "pass":
        return Move("pass", seat)
    to = last["to"]
    return Move(last["kind"], seat, game.board[to][1], last.get("from"), to, last.get("actor"))


def board_view(game) -> QuaternoView:
    """The picture's snapshot of ``game`` (a QuaternoGame)."""
    tiles = tuple(Tile(sq, game.seat(p), kind, kind, ("seized",) if game.seizer(sq) is not None else ())
                  for sq, (p, kind) in game.board.items())
    lines = []
    for p in (0, 1):  # in player order: Player 1's axis is drawn first
        axis = game.axis(p)
        if axis:
            lines.append(Line(*AXIS_ENDS[axis], "axis", game.seat(p)))
    spots: tuple[Spot, ...] = ()
    if game.placement_phase and game.outcome is None:
        squares = dict.fromkeys(parse_square(move.split("@")[1]) for move in game.legal_moves())
        spots = tuple(Spot(sq, "placement", game.seat(game.mover)) for sq in squares if sq is not None)
    controlled = tuple(tuple(q for q in QUARTERS if q in game.controlled(game.player(s))) for s in (0, 1))
    numbers = [game.player(s) + 1 for s in (0, 1)]
    words = [tuple(kind for kind, p in game.used.items() if p == game.player(s)) for s in (0, 1)]
    counts = [(("figures", len(words[s])),) for s in (0, 1)]
    return QuaternoView(variant=game.variant, header=header(game, seats(game, counts=counts, words=words,
                                                                        numbers=numbers)),
                        tiles=tiles, last=_last_move(game), lines=tuple(lines), spots=spots, turn=game.turn,
                        placement_phase=game.placement_phase, controlled=controlled)
