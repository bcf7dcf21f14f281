"""How a Basic Pai Sho move is picked in steps (engine.steps): the coin winner's choice; a tile
from the reserve then its point (spring flowers too); a tile on the board then where it goes (or,
for a Wheel or a Boat, its ability instead); after a Wheel's or Boat's move, its ability or none;
a Boat's launch one tile at a time (or no more). ``pass`` is the one option when it is the only
move.

The pieces are the canonical move's text cut where a person decides: ``Ro@`` ``k11``;
``c7`` ``-e7`` ``,e7>cw2``; ``h5`` ``>g4-g7`` ``,h5>i4-i7``.
"""
from __future__ import annotations

import re

from ..paisho.notation import wheel_turn
from ..steps import Context, Declaration, Part, point, tile_name
from .tiles import NAMES

_BY_NAME = {**{code.lower(): code for code in NAMES}, **{n.lower().replace(" ", ""): c for c, n in NAMES.items()}}
_PLACE = re.compile(r"^([^@,>]+@)(.+)$")
_MOVE = re.compile(r"^([a-z][0-9]+)([-x][a-z][0-9]+)(,.*)?$")
_ABILITY = re.compile(r"^([a-z][0-9]+)(>[^,]+)(,.*)?$")
_TAIL = re.compile(r",[^,]+")

TILE, WHERE, WHERE_TO = "Which tile?", "Where?", "Where to?"
MOVE_OR_ABILITY = "Move it, or use its ability?"
ABILITY_TOO = "Use its ability too?"
MORE_TILES = "Launch another tile too?"


def code_of(token: str) -> str:
    """A tile's code from its code or its full name (``Ro``, ``Rose``, ``WhiteJade``)."""
    return _BY_NAME.get(token.lower().replace(" ", ""), token)


class BasicSteps(Declaration):
    def split(self, ctx: Context, move: str) -> tuple[str, ...]:
        place = _PLACE.match(move)
        if place:
            return place.group(1), place.group(2)
        moving = _MOVE.match(move)
        if moving:
            return (moving.group(1), moving.group(2), *_TAIL.findall(moving.group(3) or ""))
        ability = _ABILITY.match(move)
        if ability:
            return (ability.group(1), ability.group(2), *_TAIL.findall(ability.group(3) or ""))
        return (move,)  # choose place, choose move, pass

    def describe(self, ctx: Context, before: tuple[str, ...], piece: str) -> Part:
        if not before:
            return self._first(ctx, piece)
        if before[0].endswith("@"):  # a placement's point
            return Part(piece, (point(piece),), WHERE)
        actor = point(before[0])
        mover = ctx.tiles.get(actor)
        ability_tile = mover is not None and mover.kind in ("Wh", "Bo")
        if piece[0] in "-x":
            to = point(piece[1:])
            label = piece[1:]
            if piece[0] == "x":
                label += f": capture the {tile_name(ctx, to, NAMES)}"
            return Part(label, (to,), MOVE_OR_ABILITY if ability_tile else WHERE_TO, frm=actor)
        if piece.startswith(">"):  # an ability on its own
            return self._ability(ctx, piece[1:], MOVE_OR_ABILITY, "")
        # ",x>...": an ability after the move, or another tile of a launch
        more = any(p[0] in ",>" for p in before[1:])
        return self._ability(ctx, piece.partition(">")[2], MORE_TILES if more else ABILITY_TOO,
                             "also " if more else "then ")

    def _first(self, ctx: Context, piece: str) -> Part:
        if piece == "choose place":
            return Part("Place the first spring flower", prompt="You won the coin: what do you choose?")
        if piece == "choose move":
            return Part("Move first (your opponent places first)", prompt="You won the coin: what do you choose?")
        if piece == "pass":
            return Part("Pass (there is no other move)", prompt="Your move")
        if piece.endswith("@"):
            code = code_of(piece[:-1])
            return Part(f"{NAMES.get(code, code)} from your reserve", prompt=TILE, tile=code,
                        group="From your reserve")
        at = point(piece)
        return Part(f"{tile_name(ctx, at, NAMES)} on {piece}", (at,), TILE, group="On the board")

    def _ability(self, ctx: Context, text: str, prompt: str, lead: str) -> Part:
        """A Wheel's turn (``cw3``) or one tile a Boat sends (``i5-j5``), after ``lead`` words."""
        if text.startswith("cw"):
            label = f"{lead}turn {wheel_turn(int(text[2:]))}"
            return Part(label[0].upper() + label[1:], (), prompt)
        target_name, _, dest_name = text.partition("-")
        target, dest = point(target_name), point(dest_name)
        label = f"{lead}send the {tile_name(ctx, target, NAMES)} on {target_name} to {dest_name}"
        return Part(label[0].upper() + label[1:], (dest, target), prompt, frm=target)

    def end_label(self, ctx: Context, before: tuple[str, ...]) -> str:
        if before and before[-1][0] in "-x":
            return "No ability: just the move"
        return "No more tiles"


STEPS = BasicSteps()
