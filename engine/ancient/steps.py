"""How an Ancient Pai Sho turn is picked in steps (engine.steps), built lazily: a Ship in hand on a
crowded board makes millions of turns, so only the branch being explored is ever made.

The choice of the play order, and the discard after a draw that overfills the hand, are one step.
A play-phase turn: draw (or pass, when stuck), or a tile from the hand; then its point (the Ship:
the tile it moves, then where that tile goes; the Wheel: then whether it turns its ring, and how
far); then, unless the placement reached the target, the player's move after it: a tile of
theirs or none, then where it goes. The pieces are the canonical turn's text: ``Wh@`` ``j10``
``>cw3`` ``,k7`` ``-k5`` (a Wheel that does not turn adds the empty piece).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..paisho.board import ORDER, POINTS, name
from ..paisho.notation import wheel_turn
from ..steps import Context, Declaration, Part, point, tile_name
from .harmony import harmony_count
from .moves import moves, placements
from .notation import Placement
from .placement import after_placement
from .tiles import NAMES, Board

if TYPE_CHECKING:  # pragma: no cover
    from .game import AncientGame

TURN = "Your turn: draw, or place a tile?"
MOVE_TOO = "Move one of your tiles too?"


def placement(before: tuple[str, ...]) -> tuple[Placement, tuple[str, ...]]:
    """The whole placement the pieces ``before`` begin with, and the pieces after it."""
    code, at = before[0][:-1], point(before[1])
    if code == "Bo":
        return Placement("Bo", at, point(before[2][1:])), before[3:]
    if code == "Wh":
        return Placement("Wh", at, turn=int(before[2][3:]) if before[2] else 0), before[3:]
    return Placement(code, at), before[2:]


def _game(ctx: Context) -> AncientGame:
    return cast("AncientGame", ctx.game)


class AncientSteps(Declaration):
    lazy = True

    def children(self, ctx: Context, before: tuple[str, ...]) -> tuple[bool, list[str]]:
        game, p = _game(ctx), ctx.seat
        if game.phase == "choose" or game.pending:  # a short list of whole moves
            return (True, []) if before else (False, game.legal_moves())
        if not before:
            pieces = ["draw"] if game.piles[p] else []
            pieces += [f"{code}@" for code in dict.fromkeys(game.hands[p])
                       if next(iter(placements(game, p, [code])), None) is not None]
            return False, pieces or ["pass"]
        head = before[0]
        if head in ("draw", "pass"):
            return True, []
        code, board = head[:-1], game.board
        if len(before) == 1:
            if code == "Bo":
                return False, [name(t) for t in sorted(board, key=ORDER.__getitem__) if not board[t][2]]
            return False, list(dict.fromkeys(name(place.at) for place in placements(game, p, [code])))
        if len(before) == 2 and code == "Bo":  # where the tile the Ship moves goes
            return False, [f"-{name(q)}" for q in POINTS if q not in board]
        if len(before) == 2 and code == "Wh":  # whether, and how far, the Wheel turns
            at = point(before[1])
            return False, ["", *(f">cw{place.turn}" for place in placements(game, p, ["Wh"])
                                 if place.at == at and place.turn)]
        place, rest = placement(before)
        after = self._after(ctx, place)
        if after is None:  # the placement reached the target: the turn ends with it
            return True, []
        if not rest:
            return True, list(dict.fromkeys("," + move.split("-")[0].split("x")[0] for move in after[1]))
        if len(rest) == 1:
            origin = rest[0][1:]
            return False, [move[len(origin):] for move in after[1] if move[len(origin)] in "-x"
                           and move.startswith(origin)]
        return True, []

    def _after(self, ctx: Context, place: Placement) -> tuple[Board, list[str]] | None:
        """The board after a placement and the moves that may follow it; None when the placement
        reaches the target (nothing follows). Kept for the position."""
        key = place.text()
        known = ctx.extra.setdefault("after", {})
        if key not in known:
            game, p = _game(ctx), ctx.seat
            board, _ = after_placement(game.board, game.hands[p], p, place)
            known[key] = None if harmony_count(board) == game.target else (board, moves(board, p))
        return known[key]

    def describe(self, ctx: Context, before: tuple[str, ...], piece: str) -> Part:
        if not before:
            return self._first(ctx, piece)
        code = before[0][:-1]
        if len(before) == 1:
            at = point(piece)
            if code == "Bo":
                return Part(f"The {tile_name(ctx, at, NAMES)} on {piece}", (at,), "Which tile does the Ship move?")
            return Part(piece, (at,), "Where?")
        if code == "Bo" and len(before) == 2:
            at, dest = point(before[1]), point(piece[1:])
            return Part(piece[1:], (dest,), f"Where does the {tile_name(ctx, at, NAMES)} go?", frm=at)
        if code == "Wh" and len(before) == 2:
            if not piece:
                return Part("Don't turn it", (), "Turn the tiles around the Wheel?")
            return Part(f"Turn {wheel_turn(int(piece[3:]))}", (), "Turn the tiles around the Wheel?")
        if piece.startswith(","):  # a tile to move after the placement (on the board after it)
            at = point(piece[1:])
            board = self._board_after(ctx, before)
            owner_code = board.get(at, [None, "", False])[1]
            return Part(f"Then move the {NAMES.get(owner_code, 'tile')} on {piece[1:]}", (at,), MOVE_TOO)
        frm, to = point(before[-1][1:]), point(piece[1:])
        label = piece[1:]
        if piece[0] == "x":
            board = self._board_after(ctx, before[:-1])
            label += f": capture the {NAMES.get(board.get(to, [None, ''])[1], 'tile')}"
        return Part(label, (to,), "Where to?", frm=frm)

    def _first(self, ctx: Context, piece: str) -> Part:
        if piece == "draw":
            return Part("Draw a tile from your pile", (), TURN)
        if piece == "pass":
            return Part("Pass (you can neither draw nor place)", (), TURN)
        if piece.startswith("choose"):
            first = piece.endswith("first")
            return Part("Play first" if first else "Play second", (), "Who plays first?")
        if piece.startswith("discard "):
            code = piece[len("discard "):]
            return Part(f"Discard a {NAMES[code]}", (), "Your hand is over the limit: which tile goes?", tile=code)
        code = piece[:-1]
        return Part(f"{NAMES[code]} from your hand", (), TURN, tile=code)

    def _board_after(self, ctx: Context, before: tuple[str, ...]) -> Board:
        """The board after the placement that ``before`` begins with."""
        after = self._after(ctx, placement(before)[0])
        return after[0] if after is not None else _game(ctx).board

    def end_label(self, ctx: Context, before: tuple[str, ...]) -> str:
        return "No move: just the placement"


STEPS = AncientSteps()
