"""What a picture of a Kutai Pai Sho game shows (``KutaiGame.view()``): the tiles in the order they
were placed, the tree of harmonies as links with their values, the disharmonies, the last tile
placed, the total Harmony and the target, and each player's best total."""
from __future__ import annotations

from dataclasses import dataclass

from ..view import BoardView, Line, Move, Tile, header, seats


@dataclass(frozen=True, kw_only=True)
class KutaiView(BoardView):
    """A Kutai Pai Sho picture: the board view plus the tiles placed so far, the total Harmony and the target."""

    placed: int  # tiles on the board (58 in all)
    total: int  # the total Harmony of the position
    target: int  # more than this wins


def board_view(game) -> KutaiView:
    """The picture's snapshot of ``game`` (a KutaiGame)."""
    board, tree = game.board, game.harmony
    tiles = tuple(Tile(point, owner, code, code) for point, (owner, code) in board.items())
    lines = tuple(Line(link.parent, link.child, "link", value=link.value) for link in tree.links) + tuple(
        Line(d.a, d.b, "clash", value=d.shared) for d in tree.disharmonies)
    last = None
    if game.last is not None:
        owner, code = board[game.last]
        last = Move("place", owner, code, to=game.last)
    counts = [(("best", game.best[s]),) for s in (0, 1)]
    return KutaiView(variant=game.variant, header=header(game, seats(game, counts=counts)), tiles=tiles,
                     last=last, lines=lines, placed=len(board), total=game.total, target=game.target)
