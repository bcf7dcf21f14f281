"""Moves as steps: a move picked in a few choices instead of typed (the move panel, the console's
``pick``, lessons, puzzles, hints and a web page all use this).

Each game declares how one of its moves splits into the parts a person thinks in (a tile from
the reserve or one on the board, then where it goes, then any extra part of the turn) with a
``Declaration`` in its package (``GameDescriptor.steps``); a game without one gets ``Whole``: one
step listing whole moves. The shared code here turns the legal moves into a tree of steps whose
complete paths are exactly ``legal_moves()``, each move reached by one path. A game whose move
list can be huge (Ancient) builds only the branch being explored (``Declaration.lazy``).

    step = steps.walk(game, "")          # the first step: step.prompt, step.options
    step = steps.walk(game, "c")         # after choosing option C
    step.options[0].key, .label, .points, .notation, .kind, .tile   # "A", "Rose from your reserve", ...
    step.move                            # the whole move once every part is chosen, else None
    steps.walk(game, steps.path_of(game, "Ro@k11"))   # the path that picks a given move

**Options.** A step offers at most 25 options (one Discord select), keyed A, B, C, ... Each has
a short label, the board points it concerns (``points[0]`` is where its key is drawn; ``frm`` a
point it brings something from), the notation it adds to the move, and a kind: ``part`` (a part
of the move), ``end`` (the move ends here, where it could go on: "No move: just the placement"),
or ``group`` (a longer step is split by engine.step_groups: first a region of the board, with its
corners in ``area``, or a group the game names, such as "Day flowers", then the option). ``tile``
names a tile that is not on the board (the hand, the reserve) for the picture to show.

**A declaration** (``Declaration``) cuts a canonical move into consecutive pieces of its text
(``split``: ``Ro@`` ``k11``; ``c7`` ``-e7`` ``,e7>cw2``), or, lazily, says which pieces follow
a given start (``children``); ``describe`` makes each piece's option (label, points, the step's
question, an off-board tile, a heading for long steps) and ``end_label`` names the option that
ends a move that could go on. It reads the game through its public names and its view.

**Steps with one option** are taken at once: ``walk`` goes on through them and marks them
``auto`` in ``step.chosen`` (the parts chosen so far, in order). A whole move that is the only
legal one is a finished step at the empty path.

**The path** is the user's choices, one letter each: the lower-case key (``"ca"`` = C, then A),
at most ``MAX_PATH`` letters, so a Discord custom id holds a prefix, the game id, the position's
``version`` (10 hex digits of the record's digest: it changes with every turn, a takeback
included) and the path in well under 100 characters. ``back(path)`` is one choice back. A path
that leads nowhere raises ``StepError`` (a ValueError).

**Data.** Steps and options are frozen dataclasses of tuples, strings and numbers (picklable to a
picture worker); ``to_dict()`` gives JSON-safe dictionaries for a web page. Nothing here changes
the game; the tree of a position is kept while the position lasts (engine.suggest's memo).
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .notation import parse_square, square_name
from .registry import info
from .step_groups import MAX_OPTIONS as MAX_OPTIONS  # one Discord select (re-exported)
from .step_groups import Group, Item, arrange
from .suggest import remembered
from .view import Point, Tile

if TYPE_CHECKING:  # pragma: no cover
    from .base import Game

KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXY"  # the option keys, one per option of a step
MAX_PATH = 30  # the longest path (letters); every game's deepest move needs far fewer
PART, GROUP, END = "part", "group", "end"


class StepError(ValueError):
    """A path that leads to no step of this position (a wrong letter, or one too many)."""


@dataclass(frozen=True)
class Part:
    """What a game's declaration says about one part of a move: its label, the points to mark,
    the question of the step it answers, an off-board tile it takes, a group heading for long
    steps."""

    label: str
    points: tuple[Point, ...] = ()
    prompt: str = "Choose"
    tile: str | None = None  # a tile from the hand or reserve, drawn in the picture's tray
    group: str = ""  # where a step has more than 25 options: a heading its options gather under
    frm: Point | None = None  # a point the part brings something from (an arrow from there)


@dataclass(frozen=True)
class Option:
    """One option of a step: its key, label, points, the notation it adds, its kind."""

    key: str
    label: str
    points: tuple[Point, ...] = ()
    notation: str = ""
    kind: str = PART
    tile: str | None = None
    frm: Point | None = None
    area: tuple[Point, Point] | None = None  # a region group: its lower-left and upper-right points

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "points": [list(p) for p in self.points],
                "names": [square_name(*p) for p in self.points], "notation": self.notation, "kind": self.kind,
                "tile": self.tile, "from": list(self.frm) if self.frm is not None else None,
                "area": [list(p) for p in self.area] if self.area is not None else None}


@dataclass(frozen=True)
class Chosen:
    """A part chosen so far (or taken at once because it was the only option)."""

    label: str
    notation: str
    points: tuple[Point, ...] = ()
    tile: str | None = None
    auto: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "notation": self.notation, "points": [list(p) for p in self.points],
                "tile": self.tile, "auto": self.auto}


@dataclass(frozen=True)
class Step:
    """Where a path leads: the question and its options, or (``move``) a whole move chosen."""

    variant: str
    seat: int
    path: str
    prompt: str
    options: tuple[Option, ...] = ()
    chosen: tuple[Chosen, ...] = ()
    move: str | None = None
    within: str = ""  # the group chosen last, when this step is inside one ("a1-e5")

    @property
    def done(self) -> bool:
        return self.move is not None

    @property
    def notation(self) -> str:
        """The notation chosen so far (the whole move once done)."""
        return self.move if self.move is not None else "".join(c.notation for c in self.chosen)

    @property
    def picked(self) -> tuple[Point, ...]:
        """The board points of the parts chosen so far (the picture highlights them)."""
        return tuple(dict.fromkeys(p for c in self.chosen for p in c.points))

    @property
    def summary(self) -> str:
        """The parts chosen so far in words: "Rose from your reserve, k11"."""
        return ", ".join(c.label for c in self.chosen)

    def option(self, key: str) -> Option:
        """The option with this key (A, B, ... or a, b, ...); StepError if there is none."""
        for option in self.options:
            if option.key == key.upper():
                return option
        raise StepError(f"There is no option {key!r} at this step.")

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "seat": self.seat, "path": self.path, "prompt": self.prompt,
                "options": [o.to_dict() for o in self.options], "chosen": [c.to_dict() for c in self.chosen],
                "notation": self.notation, "move": self.move, "within": self.within}


# ----- what a game declares ---------------------------------------------------------------------
@dataclass
class Context:
    """What a declaration reads to describe parts, made once per position: the game, the seat to
    move, the tiles on the board by point (from the game's view) and anything the game keeps."""

    game: Game
    seat: int
    tiles: dict[Point, Tile]
    extra: dict[Any, Any] = field(default_factory=dict)


class Declaration:
    """How one game's moves split into steps. Eager games (the default) give ``split``: a move
    as consecutive pieces of its text (joined, they are the move); lazy games give ``children``
    instead and never list all moves. Both give ``describe`` for the options shown."""

    lazy = False

    def split(self, ctx: Context, move: str) -> tuple[str, ...]:
        """The pieces of ``move`` in the order they are chosen; ``"".join`` of them is ``move``."""
        return (move,)

    def children(self, ctx: Context, before: tuple[str, ...]) -> tuple[bool, list[str]]:
        """Lazy games: whether a legal move ends after the pieces ``before``, and the next pieces
        that lead on to legal moves, in order."""
        raise NotImplementedError

    def describe(self, ctx: Context, before: tuple[str, ...], piece: str) -> Part:
        """The option that adds ``piece`` after the pieces ``before``."""
        return Part(piece, prompt="Your move")

    def end_label(self, ctx: Context, before: tuple[str, ...]) -> str:
        """The option that ends the move after ``before`` where it could also go on."""
        return "Nothing more"

    def context(self, game: Game, seat: int) -> Context:
        """What ``describe`` reads, made once per position (the tiles by point, from the view)."""
        view = game.view()
        return Context(game, seat, {tile.at: tile for tile in view.tiles})


class Whole(Declaration):
    """The default for a game that declares nothing: one step of whole moves (split when more
    than 25)."""


WHOLE = Whole()


def point(name: str) -> Point:
    """The point a canonical square name gives (declarations read their moves' names with it)."""
    found = parse_square(name)
    if found is None:
        raise ValueError(f"Not a square: {name!r}")
    return found


def tile_name(ctx: Context, at: Point, names: dict[str, str], nobody: str = "the tile") -> str:
    """The name of the tile on ``at`` in words ("Rose"), from the position's view."""
    tile = ctx.tiles.get(at)
    return names.get(tile.kind, tile.kind) if tile is not None else nobody


def declaration_of(game: Game) -> Declaration:
    """The game's declaration (its descriptor's ``steps``), else ``WHOLE``."""
    try:
        declared = info(game.variant).steps
    except ValueError:
        declared = None
    return declared if isinstance(declared, Declaration) else WHOLE


# ----- the tree of one position --------------------------------------------------------------
_ENDS = None  # the key of a trie node under which a move ends


class Tree:
    """The step tree of one position: where each path of pieces leads (a trie of the split legal
    moves, or the lazy declaration asked branch by branch), with the options described once."""

    def __init__(self, game: Game, declaration: Declaration) -> None:
        seat = game.to_move
        if seat is None:
            raise StepError("The game is over: there is no move to choose.")
        self.game, self.declaration, self.seat = game, declaration, seat
        self.ctx = declaration.context(game, seat)
        self._nodes: dict[tuple[str, ...], tuple[bool, list[str]]] = {}
        self._parts: dict[tuple[tuple[str, ...], str], Part] = {}
        self._shown: dict[tuple[str, ...], tuple[bool, str, list[Any]]] = {}
        self._trie: dict[Any, Any] | None = None
        if not declaration.lazy:
            self._trie = {}
            for move in game.legal_moves():
                node = self._trie
                pieces = declaration.split(self.ctx, move)
                if "".join(pieces) != move:
                    raise AssertionError(f"{game.variant}: the pieces {pieces!r} do not make {move!r}")
                for piece in pieces:
                    node = node.setdefault(piece, {})
                node[_ENDS] = move

    def node(self, before: tuple[str, ...]) -> tuple[bool, list[str]]:
        """Whether a move ends after ``before``, and the pieces that go on."""
        found = self._nodes.get(before)
        if found is None:
            if self._trie is None:
                found = self.declaration.children(self.ctx, before)
            else:
                node = self._trie
                for piece in before:
                    node = node[piece]
                found = (_ENDS in node, [piece for piece in node if piece is not _ENDS])
            self._nodes[before] = found
        return found

    def part(self, before: tuple[str, ...], piece: str) -> Part:
        key = (before, piece)
        found = self._parts.get(key)
        if found is None:
            found = self._parts[key] = self.declaration.describe(self.ctx, before, piece)
        return found

    def shown(self, before: tuple[str, ...]) -> tuple[bool, str, list[Any]]:
        """Whether a move ends after ``before`` with nothing to add, and otherwise the question
        and the options as shown (split into groups where more than 25), kept for the position."""
        found = self._shown.get(before)
        if found is None:
            ends, pieces = self.node(before)
            if not pieces:
                found = (ends, "Your move", [])
            else:
                items = [Item(piece, self.part(before, piece)) for piece in pieces]
                prompt = items[0].part.prompt
                if ends:
                    items.insert(0, Item(None, Part(self.declaration.end_label(self.ctx, before), prompt=prompt)))
                found = (False, prompt, arrange(items))
            self._shown[before] = found
        return found


def tree(game: Game) -> Tree:
    """The step tree of the game's position (kept while the position lasts)."""
    token = (len(game.record), tuple(game.record[-1:]), game.to_move, game.outcome)
    return remembered(game, token, lambda: Tree(game, declaration_of(game)), slot="steps")


# ----- walking a path ------------------------------------------------------------------------
def walk(game: Game, path: str = "") -> Step:
    """The step a path leads to in the game's position, for the player to move."""
    if not isinstance(path, str) or len(path) > MAX_PATH:
        raise StepError("That choice is not one of this position's.")
    t = tree(game)
    chosen: list[Chosen] = []
    before: tuple[str, ...] = ()
    at = 0  # letters of the path used so far
    while True:
        ends, prompt, shown = t.shown(before)
        if not shown:
            if not ends:
                raise StepError("That choice leads to no move.")  # a declaration's bug; tests keep it out
            if at != len(path):
                raise StepError("That choice is not one of this position's.")
            return Step(game.variant, t.seat, path, "Your move", (), tuple(chosen), "".join(before))
        within = ""
        while True:
            if len(shown) == 1:
                taken, auto = shown[0], True
            elif at < len(path):
                index = ord(path[at]) - ord("a")
                if not 0 <= index < len(shown):
                    raise StepError("That choice is not one of this position's.")
                taken, auto = shown[index], False
                at += 1
            else:
                return Step(game.variant, t.seat, path[:at], prompt, _options(shown), tuple(chosen), None, within)
            if isinstance(taken, Group):
                shown, within = list(taken.items), taken.label
                continue
            break
        part = taken.part
        chosen.append(Chosen(part.label, taken.piece or "", part.points, part.tile, auto))
        if taken.piece is None:  # the end option: the move is what was chosen
            if at != len(path):
                raise StepError("That choice is not one of this position's.")
            return Step(game.variant, t.seat, path, "Your move", (), tuple(chosen), "".join(before))
        before = before + (taken.piece,)


def _options(shown: list[Any]) -> tuple[Option, ...]:
    out = []
    for key, entry in zip(KEYS, shown):
        if isinstance(entry, Group):
            out.append(Option(key, entry.label, entry.points, "", GROUP, area=entry.area))
        else:
            part = entry.part
            kind = END if entry.piece is None else PART
            out.append(Option(key, part.label, part.points, entry.piece or "", kind, part.tile, part.frm))
    return tuple(out)


def back(path: str) -> str:
    """The path one choice back."""
    return path[:-1]


def choose(step: Step, key: str) -> str:
    """The path after choosing option ``key`` at ``step``."""
    option = step.option(key)
    return step.path + option.key.lower()


def path_of(game: Game, move: str) -> str:
    """The path that picks ``move`` (a legal move, as ``legal_moves`` writes it); StepError if no
    path does. Hints, lessons and tests drive the panel with it."""
    found = _search(game, "", move)
    if found is None:
        raise StepError(f"{move!r} cannot be picked in this position.")
    return found


def _search(game: Game, path: str, move: str) -> str | None:
    """The path below ``path`` that picks ``move`` (only options whose notation fits are tried)."""
    step = walk(game, path)
    if step.done:
        return path if step.move == move else None
    so_far = step.notation
    for option in step.options:
        if option.kind == END and move != so_far:
            continue
        if option.kind == PART and not move.startswith(so_far + option.notation):
            continue
        found = _search(game, path + option.key.lower(), move)
        if found is not None:
            return found
    return None


def moves(game: Game, path: str = "") -> Iterator[str]:
    """Every move below the step a path leads to, by walking every option (tests and benches:
    in a huge position this is as long as the move list)."""
    step = walk(game, path)
    if step.done:
        assert step.move is not None
        yield step.move
        return
    for option in step.options:
        yield from moves(game, step.path + option.key.lower())


def view_of(game: Game, step: Step) -> Any:
    """What a step's picture shows: the position, or once the move is whole, the position after it."""
    if step.move is None:
        return game.view()
    after = game.copy()
    after.play(step.move)
    return after.view()


def presses(path: str) -> int:
    """The presses a path costs in the panel: one per choice, and the final Play."""
    return len(path) + 1


def version(game: Game) -> str:
    """The position's version: 10 hex digits of the record's digest (changes with every turn,
    a takeback included); a panel made for one version is refused in another."""
    digest = hashlib.blake2s("\n".join(game.record).encode(), digest_size=5)
    return digest.hexdigest()
