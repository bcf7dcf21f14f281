"""What a picture of an Iroh Pai Sho game shows (``IrohGame.view()``): the Knotweeds on their squares
(tiles of nobody, at the square's lower-left point), the pieces with those a Knotweed holds flagged
locked, the last turn, a failed proclamation, the reserves, and once the game is over every
harmony across the midlines with the winning set. While the game runs the view holds no harmony:
finding them is the players' job (iroh.md 2.5)."""
from __future__ import annotations

from dataclasses import dataclass

from ..view import BoardView, Effect, Line, Move, Tile, header, seats
from .notation import NO_SET
from .rules import ARMS, harmonies, is_locked, locked_points
from .tiles import RESERVE_CODES


@dataclass(frozen=True, kw_only=True)
class IrohView(BoardView):
    """An Iroh Pai Sho picture: the board view plus the turn, the turn limit and a failed proclamation's words."""

    turn: int  # the turn about to be played (1-based)
    max_turns: int
    proclaim_note: str  # the engine's words when the last turn was a proclamation that found no set, else ""


def _last_move(game) -> Move | None:
    last = game.last
    if not last:
        return None
    kind, to = last["kind"], last.get("to")
    if kind == "proclaim":
        return Move(kind, last["player"])
    piece = game.board.get(to) if kind in ("move", "place") else None
    captured = (Effect("capture", None, to),) if last.get("captured") else ()
    return Move(kind, piece[0] if piece else None, piece[1] if piece else None, last.get("from"), to,
                effects=captured)


def board_view(game) -> IrohView:
    """The picture's snapshot of ``game`` (an IrohGame)."""
    board, knotweeds = game.board, game.knotweeds
    held = locked_points(knotweeds)
    tiles = [Tile(sq, None, "Kn", "Kn", ("square",)) for sq in sorted(knotweeds)]
    tiles += [Tile(point, owner, code, code, ("locked",) if is_locked(board, knotweeds, point, held) else ())
              for point, (owner, code) in board.items()]
    out, lines = game.outcome, []
    if out is not None:  # the harmonies, shown only once nobody can use the hint
        for seat in (0, 1):
            found = harmonies(board, knotweeds, seat)
            lines += [Line(a, b, "harmony", seat) for arm in ARMS for a, b in found[arm]]
        winner = out.winners[0] if game.harmonies else None
        lines += [Line(a, b, "winning", winner) for a, b, _ in game.harmonies]
    last = _last_move(game)
    note = NO_SET if out is None and last is not None and last.kind == "proclaim" else ""
    counts = [tuple((code, game.reserve[s][code]) for code in RESERVE_CODES) for s in (0, 1)]
    return IrohView(variant=game.variant, header=header(game, seats(game, counts=counts)), tiles=tuple(tiles),
                    last=last, lines=tuple(lines), turn=game.turns + 1, max_turns=game.options["max_turns"],
                    proclaim_note=note)
