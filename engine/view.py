"""Typed, read-only pictures of a game: the small immutable values a board picture needs.

``game.view()`` returns a snapshot built from these types (each game extends ``BoardView`` with its
own header facts in ``engine/<game>/view.py``), so a renderer never reads a game's attributes.
A view holds only tuples, strings, numbers and ``Outcome``: it shares nothing mutable with the
game, so it may be drawn in another thread (or pickled to another process) while the game moves
on. Points and squares are ``(file, rank)``, both 0-based, as ``engine.notation`` and every board
module write them. A view shows only what every player may see: a private hand has its own
``HandView``, from ``game.hand_view(seat)``.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .base import Outcome
from .notation import square_name

if TYPE_CHECKING:  # pragma: no cover
    from .base import Game

Point = tuple[int, int]  # (file, rank), 0-based: a Pai Sho point, a Quaterno square, a PAUSO card


class Tile(NamedTuple):
    """A piece on the board: its point, owner seat (None: nobody's), kind code, label shown, flags."""

    at: Point
    owner: int | None
    kind: str  # the game's tile code: "Ja", "Kn", "DMa", "So"; PAUSO: "ring" or "point"
    label: str  # the text the picture writes on it ("" for a face-down tile)
    flags: tuple[str, ...] = ()  # e.g. drained, dormant, blooming, locked, seized

    @property
    def name(self) -> str:
        return square_name(*self.at)


class Effect(NamedTuple):
    """Something the last turn caused beyond its own move (a tile turned, pushed, launched, captured...)."""

    kind: str  # e.g. turn, shift, return, capture, mirror, ship; PAUSO: move, point, stay, arrow
    frm: Point | None  # where the tile was (None when nothing moved from anywhere)
    to: Point | None  # where it went (None: off the board, back to the reserve, or nowhere)


class Move(NamedTuple):
    """The last turn on the board: its kind, who played it, the tile, from, to, the acting tile, its effects."""

    kind: str  # the game's word: place, move, ability, spring, swap, Orbit, proclaim, pass, draw...
    player: int | None = None
    code: str | None = None  # the kind of tile placed or moved, where the picture may show it
    frm: Point | None = None
    to: Point | None = None
    actor: Point | None = None  # the tile whose ability or action did it (a Wheel, a Boat, a Fan)
    effects: tuple[Effect, ...] = ()

    @property
    def touched(self) -> tuple[Point, ...]:
        """Every point the turn touched, in order, each once."""
        found = [self.actor, self.frm, self.to] + [p for e in self.effects for p in (e.frm, e.to)]
        return tuple(dict.fromkeys(p for p in found if p is not None))


class Line(NamedTuple):
    """A mark between two points: a harmony, a disharmony, a ring or tree link, an axis; owner, value, point between."""

    a: Point
    b: Point
    kind: str  # e.g. harmony, disharmony, ring, link, clash, winning, axis
    owner: int | None = None  # whose it is (a seat), None when it belongs to nobody
    value: int = 0  # what it is worth, where the game counts it
    via: Point | None = None  # the tile it passes through that matters (a disharmony's disrupter)


class Spot(NamedTuple):
    """A highlighted point with a kind (e.g. a legal placement) and, where it has one, an owner seat."""

    at: Point
    kind: str
    owner: int | None = None


class Seat(NamedTuple):
    """Header facts of one seat: label, number as the rules count players, colour letter, score, counts, words, left."""

    seat: int
    label: str  # how the rules name the seat: P1, Host, Player 2, Periwinkle
    number: int  # the player's number in the rules (1-based; Quaterno's Player 1 may sit in seat 1)
    colour: str | None  # the game's own colour letter (PAUSO: P, A, M, L), else None
    score: float | None
    counts: tuple[tuple[str, int], ...] = ()  # e.g. ("hand", 4), ("pile", 40), ("captured", 2)
    words: tuple[str, ...] = ()  # short words shown beside the seat (e.g. the figures it scored)
    left: bool = False  # resigned or timed out

    def count(self, name: str, default: int = 0) -> int:
        """The count called ``name`` (``default`` if the game gives none)."""
        for key, value in self.counts:
            if key == name:
                return value
        return default


@dataclass(frozen=True)
class Header:
    """What every header shows: the seats, whose turn, what they have to do, the result and why in words."""

    players: int
    to_move: int | None
    turn_words: str  # "to move", "places a spring flower (3 of 6)"
    outcome: Outcome | None
    reason_words: str  # the result's reason as the game words it ("by resignation"); "" while running
    seats: tuple[Seat, ...]


@dataclass(frozen=True, kw_only=True)
class BoardView:
    """Everything a board picture shows, as an immutable snapshot; each game extends it with its own facts."""

    variant: str
    header: Header
    tiles: tuple[Tile, ...]  # in the order the picture draws them
    last: Move | None  # the last turn, None when there is nothing to show
    lines: tuple[Line, ...] = ()
    spots: tuple[Spot, ...] = ()


@dataclass(frozen=True)
class HandView:
    """One player's private tiles, in canonical order, for that player's eyes only."""

    variant: str
    seat: int
    tiles: tuple[str, ...]
    limit: int  # how many tiles the hand may hold


def header(game: Game, seats: tuple[Seat, ...]) -> Header:
    """The Header of ``game`` with the given seat facts (the contract's part is read here)."""
    out = game.outcome
    return Header(players=game.players, to_move=game.to_move, turn_words=game.turn_words(), outcome=out,
                  reason_words=game.reason_text(out.reason) if out is not None else "", seats=seats)


def seats(game: Game, scores: tuple[float, ...] | None = None,
          counts: Sequence[tuple[tuple[str, int], ...]] | None = None,
          words: Sequence[tuple[str, ...]] | None = None, numbers: Sequence[int] | None = None,
          colours: Sequence[str] | None = None) -> tuple[Seat, ...]:
    """Every seat's facts; labels, who left and (by default) the scores come from the game's contract."""
    scores = game.scores if scores is None else scores
    left = set(game.left_players)
    return tuple(Seat(s, game.seat_label(s), s + 1 if numbers is None else numbers[s],
                      None if colours is None else colours[s], scores[s] if scores else None,
                      () if counts is None else counts[s], () if words is None else words[s], s in left)
                 for s in range(game.players))
