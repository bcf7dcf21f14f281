"""Reading and writing Basic Pai Sho turns (docs/rules/basic.md 1.6): the grammar, PARSE first and
then every named location in the order written (OFF), as 0.4 orders the checks, and the canonical
text of an ability. What ``read_turn`` returns says what the input asks for; whether it is legal
is the game's business."""
from __future__ import annotations

import re
from typing import NamedTuple

from ..base import IllegalMove
from ..paisho import notation as pn
from ..paisho.board import ORDER, Point, name
from .tiles import BY_LOWER

EXAMPLES = "Ja@i1, m6-m8, e12>cw3"
LOC = pn.LOCATION
_PLACE = re.compile(rf"([a-zA-Z]{{2,13}})@({LOC})")  # a tile's code or its full name
_MOVE = re.compile(rf"({LOC})([-xX])({LOC})(?:,(.*))?")
_ROTATE = re.compile(rf"({LOC})>(cw|ccw)([1-7])", re.IGNORECASE | re.ASCII)
_SHIFT = re.compile(rf"({LOC})>({LOC})-({LOC})")


class Ability(NamedTuple):
    kind: str  # "rotate" or "shifts"
    actor: Point  # the Wheel or Boat named first
    turn: int = 0  # rotate: eighths clockwise, 1-7
    parts: tuple[tuple[Point, Point, Point], ...] = ()  # shifts: (Boat, target, destination)

    @property
    def actors(self) -> list[Point]:
        return [self.actor] if self.kind == "rotate" else [b for b, _, _ in self.parts]


class Turn(NamedTuple):
    kind: str  # "choose", "pass", "place", "move" or "ability"
    word: str = ""  # choose: "place" or "move"
    code: str = ""  # place: the tile
    at: Point | None = None  # place: where
    move: tuple[Point, Point, bool] | None = None  # from, to, written with x
    ability: Ability | None = None


def _ability_tokens(text: str):
    rotate = _ROTATE.fullmatch(text)
    if rotate:
        k = int(rotate.group(3))
        return "rotate", [rotate.group(1)], k if rotate.group(2).lower() == "cw" else 8 - k
    shifts = [_SHIFT.fullmatch(part) for part in text.split(",")]
    if all(shifts):
        return "shifts", [tok for m in shifts if m for tok in m.groups()], 0
    return None


def _ability(kind: str, points: list[Point], turn: int) -> Ability:
    if kind == "rotate":
        return Ability("rotate", points[0], turn)
    parts = tuple((points[i], points[i + 1], points[i + 2]) for i in range(0, len(points), 3))
    return Ability("shifts", points[0], 0, parts)


def read_turn(move: str) -> Turn:
    """What ``move`` asks for; PARSE or OFF (IllegalMove) when it cannot be read."""
    text = pn.squash(move)
    low = text.lower()
    if low in ("chooseplace", "choosemove"):
        return Turn("choose", word=low[6:])
    if low == "pass":
        return Turn("pass")
    place = _PLACE.fullmatch(text)
    if place and place.group(1).lower() in BY_LOWER:
        return Turn("place", code=BY_LOWER[place.group(1).lower()], at=pn.read_point(place.group(2)))
    moving = _MOVE.fullmatch(text)
    if moving:
        tail = moving.group(4)
        found = _ability_tokens(tail) if tail is not None else ("", [], 0)
        if found is None:
            raise IllegalMove(pn.cant_read(text, EXAMPLES))
        kind, tokens, turn = found
        points = [pn.read_point(tok) for tok in [moving.group(1), moving.group(3), *tokens]]
        ability = _ability(kind, points[2:], turn) if kind else None
        return Turn("move", move=(points[0], points[1], moving.group(2).lower() == "x"), ability=ability)
    found = _ability_tokens(text)
    if found is None:
        raise IllegalMove(pn.cant_read(text, EXAMPLES))
    kind, tokens, turn = found
    return Turn("ability", ability=_ability(kind, [pn.read_point(tok) for tok in tokens], turn))


def ability_text(ability: Ability) -> str:
    """The canonical text of an ability: ``e12>cw3``, or a Boat's parts in board order of their targets."""
    if ability.kind == "rotate":
        return f"{name(ability.actor)}>cw{ability.turn}"
    parts = ability.parts if len(ability.parts) == 1 else sorted(ability.parts, key=lambda s: ORDER[s[1]])
    return ",".join(f"{name(b)}>{name(t)}-{name(d)}" for b, t, d in parts)
