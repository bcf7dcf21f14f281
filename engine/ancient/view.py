"""What a picture of an Ancient Pai Sho game shows (``AncientGame.view()``): the tiles (drained ones
face down), the harmonies and disharmonies along their lines, the last placement with what it
moved, the harmony count and target, the hand and pile sizes, and the discards (public: ancient.md
3.2). Hands and piles are private
(ancient.md 3.2): the board view holds their sizes and nothing else, not even a drawn tile; a
player's own hand is ``AncientGame.hand_view(seat)``, for that player alone."""
from __future__ import annotations

from dataclasses import dataclass

from ..view import BoardView, Effect, HandView, Line, Move, Tile, header, seats
from .harmony import line_pairs

_LINE_KIND = {"H": "harmony", "D": "disharmony"}


@dataclass(frozen=True, kw_only=True)
class AncientView(BoardView):
    """An Ancient Pai Sho picture: the board view plus the turn, the harmony count and the target."""

    turn: int  # the turn about to be played (1-based)
    harmonies: int  # the harmony count of the position
    target: int  # exactly this many harmonies wins
    discards: tuple[tuple[int, str], ...] = ()  # (seat, tile code) of every discard, in order, face up


def _last_move(game) -> Move | None:
    """The last placement with the Ship's move and the turn's move (only public parts of a turn)."""
    last = game.last
    if not last:
        return None
    if last["kind"] != "place":
        return Move(last["kind"], last.get("player"))  # never the tile drawn or discarded
    place, effects = last["place"], []
    if place.dest is not None:
        effects.append(Effect("ship", place.at, place.dest))
    if last["move"]:
        a, b, _ = last["move"]
        effects.append(Effect("move", a, b))
    return Move("place", last["player"], place.code, to=place.at, effects=tuple(effects))


def board_view(game) -> AncientView:
    """The picture's snapshot of ``game`` (an AncientGame), without hands and pile order."""
    board = game.board
    lines = tuple(Line(a, b, _LINE_KIND[kind]) for a, b, kind in line_pairs(board))
    tiles = tuple(Tile(point, owner, code, "", ("drained",)) if drained else Tile(point, owner, code, code)
                  for point, (owner, code, drained) in board.items())
    counts = [(("hand", len(game.hands[s])), ("pile", len(game.piles[s]))) for s in (0, 1)]
    return AncientView(variant=game.variant, header=header(game, seats(game, counts=counts)), tiles=tiles,
                       last=_last_move(game), lines=lines, turn=game.turns + 1, harmonies=game.count,
                       target=game.target, discards=tuple((seat, code) for seat, code in game.discards))


def hand_view(game, seat: int) -> HandView:
    """Seat ``seat``'s own hand, for that player alone."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise ValueError(f"There is no player {seat!r} in this game.")
    return HandView(game.variant, seat, tuple(game.hands[seat]), game.hand_size)
