"""Goal kinds: the predicates a lesson's goal (and its mistakes) are written in, evaluated on the
engine's own views, never on notation or pictures, so a lesson stays true when either changes.

A goal is a TOML table with a ``kind`` and that kind's parameters, e.g.
``{ kind = "harmony", at = ["k8"] }``, or a combination: ``{ all = [...] }``, ``{ any = [...] }``,
``{ not = {...} }``. It is judged on one ``Turn``: the position before the try, the move played
(canonical) and the position after, for the learner's seat.

The shared kinds (below) read only ``game.view()``, ``scores`` and ``outcome``, so every game has
them; a game adds its own in ``engine/<game>/goals.py`` with ``@goal("name", variant="<game>")``
(imported on first use). Parameters are checked when a lesson is read (``check``): an unknown
kind or parameter is an error there, not a goal that silently never holds.

Owners are ``"me"`` (the learner's seat), ``"opponent"`` (any other seat) or ``"any"``; points are
square names (``"k8"``); tile kinds are the game's tile codes (``"Ja"``; PAUSO: ``"ring"``,
``"point"``).
"""
from __future__ import annotations

import fnmatch
import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..base import Game
from ..notation import parse_square, square_name
from ..view import BoardView, Point


class GoalError(ValueError):
    """A goal (or mistake) that cannot be read: an unknown kind, parameter or value."""


@dataclass
class Turn:
    """One try: the position before it, the move played (canonical), the position after; ``seen``:
    the view of the position before, when the caller has it (judging many moves of one position)."""

    before: Game
    move: str
    after: Game
    seat: int
    seen: BoardView | None = None

    @cached_property
    def was(self) -> BoardView:
        return self.seen if self.seen is not None else self.before.view()

    @cached_property
    def now(self) -> BoardView:
        return self.after.view()

    def owns(self, owner: str, seat: int | None) -> bool:
        """Whether ``seat`` is ``owner`` ("me", "opponent", "any") for the learner."""
        if owner == "any":
            return True
        if owner == "me":
            return seat == self.seat
        return seat is not None and seat != self.seat


Check = Callable[[Turn, dict[str, Any]], bool]


@dataclass(frozen=True)
class Kind:
    """A goal kind: its predicate, the parameters it takes (name -> the type TOML gives), the game
    it belongs to (None: every game) and a line for the authoring guide."""

    name: str
    check: Check
    params: dict[str, Any] = field(default_factory=dict)
    variant: str | None = None
    doc: str = ""


_KINDS: dict[tuple[str | None, str], Kind] = {}
_LOADED: set[str] = set()
OWNERS = ("me", "opponent", "any")


def goal(name: str, *, params: dict[str, Any] | None = None, variant: str | None = None) -> Callable[[Check], Check]:
    """Register a goal kind (a decorator): ``params`` maps each parameter to its type (str, int,
    list for a list of strings, bool)."""
    def register(check: Check) -> Check:
        _KINDS[(variant, name)] = Kind(name, check, dict(params or {}), variant, (check.__doc__ or "").strip())
        return check
    return register


def _game_kinds(variant: str) -> None:
    """Import ``engine.<variant>.goals`` once, if the game has one."""
    if variant in _LOADED:
        return
    _LOADED.add(variant)
    module = f"engine.{variant}.goals"
    if importlib.util.find_spec(module) is not None:
        importlib.import_module(module)


def kinds(variant: str) -> dict[str, Kind]:
    """Every goal kind a lesson of ``variant`` may use: the shared ones and the game's own."""
    _game_kinds(variant)
    out = {name: kind for (v, name), kind in _KINDS.items() if v is None}
    out.update({name: kind for (v, name), kind in _KINDS.items() if v == variant})
    return out


def check(variant: str, spec: Any, where: str) -> None:
    """Refuse (GoalError) a goal that names an unknown kind or parameter, or a value of the wrong type."""
    if not isinstance(spec, dict) or not spec:
        raise GoalError(f"{where}: a goal is a table such as {{ kind = \"harmony\" }}.")
    combined = [key for key in ("all", "any", "not") if key in spec]
    if combined:
        if len(spec) != 1:
            raise GoalError(f"{where}: '{combined[0]}' stands alone in its table.")
        key = combined[0]
        parts = [spec[key]] if key == "not" else spec[key]
        if not isinstance(parts, list) or not parts:
            raise GoalError(f"{where}: '{key}' takes a list of goals.")
        for n, part in enumerate(parts, start=1):
            check(variant, part, f"{where}, {key} #{n}")
        return
    known = kinds(variant)
    name = spec.get("kind")
    if name not in known:
        raise GoalError(f"{where}: unknown goal kind {name!r}; kinds: {', '.join(sorted(known))}.")
    kind = known[name]
    for key, value in spec.items():
        if key == "kind":
            continue
        if key not in kind.params:
            raise GoalError(f"{where}: goal '{name}' has no parameter {key!r} (it takes: "
                            f"{', '.join(kind.params) or 'none'}).")
        wanted = kind.params[key]
        if wanted is list:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise GoalError(f"{where}: {key!r} of goal '{name}' is a list of strings.")
        elif wanted is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise GoalError(f"{where}: {key!r} of goal '{name}' is a whole number.")
        elif not isinstance(value, wanted):
            raise GoalError(f"{where}: {key!r} of goal '{name}' is a {wanted.__name__}.")
        if key == "owner" and value not in OWNERS:
            raise GoalError(f"{where}: owner is one of {', '.join(OWNERS)}.")
        if key in ("at", "to", "frm"):
            for square in value:
                if parse_square(square) is None:
                    raise GoalError(f"{where}: {square!r} is not a square name.")


def holds(turn: Turn, spec: dict[str, Any]) -> bool:
    """Whether the goal ``spec`` (checked) holds for ``turn``."""
    if "all" in spec:
        return all(holds(turn, part) for part in spec["all"])
    if "any" in spec:
        return any(holds(turn, part) for part in spec["any"])
    if "not" in spec:
        return not holds(turn, spec["not"])
    kind = kinds(turn.after.variant)[spec["kind"]]
    return kind.check(turn, spec)


# ----- helpers the kinds share ---------------------------------------------------------------
def points(spec: dict[str, Any], key: str = "at") -> set[Point] | None:
    """The points a parameter names (None when it is not given)."""
    if key not in spec:
        return None
    return {p for p in map(parse_square, spec[key]) if p is not None}


def _lines(view: BoardView, turn: Turn, spec: dict[str, Any], line: str) -> set[tuple[Point, Point]]:
    owner = spec.get("owner", "me")
    return {(a, b) for a, b, kind, seat, *_ in view.lines if kind == line and turn.owns(owner, seat)}


def _tiles(view: BoardView, turn: Turn, spec: dict[str, Any]) -> list[Any]:
    owner, tile, flag, at = spec.get("owner", "any"), spec.get("tile"), spec.get("flag"), points(spec)
    return [t for t in view.tiles if turn.owns(owner, t.owner) and (tile is None or t.kind == tile)
            and (flag is None or flag in t.flags) and (at is None or t.at in at)]


# ----- the shared kinds ------------------------------------------------------------------------
@goal("harmony", params={"owner": str, "at": list, "tile": str, "count": int, "line": str})
def _harmony(turn: Turn, spec: dict[str, Any]) -> bool:
    """A new harmony of ``owner`` (default me) is formed; ``at``: one of its ends is on one of these
    points; ``tile``: one of its ends is a tile of this kind; ``count``: at least this many new
    lines; ``line``: another kind of line the game draws (disharmony, link, axis...)."""
    line = spec.get("line", "harmony")
    new = _lines(turn.now, turn, spec, line) - _lines(turn.was, turn, spec, line)
    at = points(spec)
    if at is not None:
        new = {pair for pair in new if pair[0] in at or pair[1] in at}
    if "tile" in spec:
        kinds_at = {t.at: t.kind for t in turn.now.tiles}
        new = {pair for pair in new if spec["tile"] in (kinds_at.get(pair[0]), kinds_at.get(pair[1]))}
    if "count" in spec:
        return len(new) >= spec["count"]
    return bool(new)


@goal("lines", params={"owner": str, "line": str, "change": str})
def _line_count(turn: Turn, spec: dict[str, Any]) -> bool:
    """The number of ``line`` lines (default harmony) of ``owner`` (default opponent) changes:
    ``change`` = "fewer" (default: one was broken), "more" or "same"."""
    spec = {"owner": "opponent", **spec}
    line = spec.get("line", "harmony")
    was, now = len(_lines(turn.was, turn, spec, line)), len(_lines(turn.now, turn, spec, line))
    change = spec.get("change", "fewer")
    return now < was if change == "fewer" else now > was if change == "more" else now == was


@goal("capture", params={"tile": str, "at": list, "owner": str})
def _capture(turn: Turn, spec: dict[str, Any]) -> bool:
    """A tile of ``owner`` (default opponent) left the board: ``tile`` of that kind, from one of
    the points ``at``."""
    spec = {"owner": "opponent", **spec}
    was, now = _tiles(turn.was, turn, spec), _tiles(turn.now, turn, spec)
    gone = {(t.at, t.kind) for t in was} - {(t.at, t.kind) for t in now}
    return len(now) < len(was) and bool(gone)


@goal("score", params={"at_least": int, "exactly": int, "owner": str, "measure": str})
def _score(turn: Turn, spec: dict[str, Any]) -> bool:
    """The score of ``owner`` (default me; "opponent": every other seat together) rises by at least
    ``at_least`` (default 1), or by ``exactly`` this much (which may be 0 or negative).
    ``measure``: a count the picture's header gives instead of the score (Basic: "points", the
    running score, where the score is the final count as it would be now)."""
    owner, measure = spec.get("owner", "me"), spec.get("measure")
    seats = [s for s in range(turn.after.players) if turn.owns(owner, s)]
    if measure is None:
        gain = sum(turn.after.scores[s] - turn.before.scores[s] for s in seats)
    else:
        now, was = turn.now.header.seats, turn.was.header.seats
        gain = sum(now[s].count(measure) - was[s].count(measure) for s in seats)
    if "exactly" in spec:
        return gain == spec["exactly"]
    return gain >= spec.get("at_least", 1)


@goal("win", params={"reason": str})
def _win(turn: Turn, spec: dict[str, Any]) -> bool:
    """The game ends and the learner is among the winners, not in a draw (``reason``: the game's
    end reason, e.g. ring)."""
    out = turn.after.outcome
    if out is None or turn.seat not in out.winners or len(out.winners) == turn.after.players:
        return False
    return "reason" not in spec or out.reason == spec["reason"]


@goal("end", params={"reason": str})
def _end(turn: Turn, spec: dict[str, Any]) -> bool:
    """The game ends, whatever the result (``reason``: the game's end reason)."""
    out = turn.after.outcome
    return out is not None and ("reason" not in spec or out.reason == spec["reason"])


@goal("played", params={"move": list, "action": str, "tile": str, "to": list, "frm": list})
def _played(turn: Turn, spec: dict[str, Any]) -> bool:
    """The move itself: one of ``move`` (canonical moves, or patterns with * and ?), of ``action``
    (the game's word for the turn: place, move, ability, spring...), with ``tile`` (its code), to
    one of ``to``, from one of ``frm``."""
    if "move" in spec and not any(fnmatch.fnmatchcase(turn.move, pattern) for pattern in spec["move"]):
        return False
    last = turn.now.last
    if last is None:
        return not any(key in spec for key in ("action", "tile", "to", "frm"))
    if "action" in spec and last.kind != spec["action"]:
        return False
    if "tile" in spec and last.code != spec["tile"]:
        return False
    to, frm = points(spec, "to"), points(spec, "frm")
    if to is not None and last.to not in to:
        return False
    return frm is None or last.frm in frm


@goal("tile", params={"tile": str, "owner": str, "at": list, "flag": str, "count": int})
def _tile(turn: Turn, spec: dict[str, Any]) -> bool:
    """After the move, at least ``count`` (default 1) tiles of kind ``tile``, of ``owner`` (default
    any), with ``flag`` (a flag the view gives: drained, dormant, blooming...), on one of ``at``."""
    return len(_tiles(turn.now, turn, spec)) >= spec.get("count", 1)


@goal("flag", params={"flag": str, "owner": str, "tile": str})
def _flag(turn: Turn, spec: dict[str, Any]) -> bool:
    """More tiles of ``owner`` (default opponent) carry ``flag`` after the move than before
    (drained, seized...)."""
    spec = {"owner": "opponent", **spec}
    if "flag" not in spec:
        return False
    return len(_tiles(turn.now, turn, spec)) > len(_tiles(turn.was, turn, spec))


@goal("effect", params={"effect": str, "count": int, "to": list})
def _effect(turn: Turn, spec: dict[str, Any]) -> bool:
    """The turn caused at least ``count`` (default 1) effects of kind ``effect`` (the game's word:
    capture, turn, shift, point, arrow, stay...), ending on one of ``to``."""
    last = turn.now.last
    if last is None:
        return False
    to = points(spec, "to")
    found = [e for e in last.effects if ("effect" not in spec or e.kind == spec["effect"])
             and (to is None or e.to in to)]
    return len(found) >= spec.get("count", 1)


def describe_points(found: set[Point]) -> str:
    """Square names in board order, for messages."""
    return ", ".join(square_name(*p) for p in sorted(found, key=lambda p: (p[1], p[0])))
