"""What a picture of a PAUSO game shows (``PausoGame.view()``): the board layout, each Ring (a tile of
kind ``ring``) and the Point on it (kind ``point``, right after its Ring), the last placement
with every push, landing, stay and arrow it caused, in order, and each seat's colour, score and
Rings left."""
from __future__ import annotations

from dataclasses import dataclass

from ..notation import parse_square
from ..view import BoardView, Effect, Move, Tile, header, seats


@dataclass(frozen=True, kw_only=True)
class PausoView(BoardView):
    """A PAUSO picture: the board view plus the board's layout and the turn."""

    layout: str  # the board option's canonical layout (cards and modifiers; engine.pauso.layout)
    turn: int  # the Ring about to be placed (1-based)


def _last_move(game, seat_of: dict[str, int]) -> Move | None:
    events = game.last_events
    placed = next((e for e in events if e.kind == "place"), None)
    if placed is None:
        return None
    effects = tuple(Effect(e.kind, parse_square(e.frm), parse_square(e.to) if e.to else None)
                    for e in events if e.kind != "place")
    return Move("place", seat_of[placed.colour], "R", to=parse_square(placed.frm), effects=effects)


def board_view(game) -> PausoView:
    """The picture's snapshot of ``game`` (a PausoGame)."""
    seat_of = {colour: s for s, colour in enumerate(game.colours)}
    tiles = []
    for cell, (ring, point) in game.contents.items():
        tiles.append(Tile(cell, seat_of[ring], "ring", ring))
        if point is not None:
            tiles.append(Tile(cell, seat_of[point], "point", point))
    counts = [(("supply", game.supply[s]),) for s in range(game.players)]
    return PausoView(variant=game.variant, header=header(game, seats(game, counts=counts, colours=game.colours)),
                     tiles=tuple(tiles), last=_last_move(game, seat_of), layout=game.options["board"],
                     turn=sum(1 for m in game.record if "@" in m) + 1)
