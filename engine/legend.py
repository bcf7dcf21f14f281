"""What a game's legend picture shows (/rules): positions of the game in which every kind of tile
appears on the board for each player, and the last move of one of them, found by playing seeded
random games. The renderer draws these views exactly as it draws any board (rendering/legend.py
cuts the tiles out of its own pictures), so the legend cannot drift from the pictures.

    legend = engine.legend.sample("basic")
    legend.sightings      # (code, seat, view index, point) for each kind and seat seen
    legend.views          # the positions they were seen in (immutable views)
    legend.last           # the index of a view whose last move is on the board

Deterministic (the same seeds every time) and pure like the rest of the engine.
"""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from . import registry
from .view import BoardView, Point, Tile

SEEDS = tuple(range(1, 13))  # random games tried, in turn, until every kind has been seen
PLIES = 400  # the most plies of one game


@dataclass(frozen=True)
class Sighting:
    """A kind of tile of one seat (None: nobody's) standing on ``point`` in view ``view``."""

    code: str
    seat: int | None
    view: int
    point: Point
    marked: bool = False  # the tile carried a mark (asleep, drained...): a plain one is preferred
    square: bool = False  # the tile lies on a square, drawn between four points (Iroh's Knotweed)


@dataclass(frozen=True)
class Legend:
    variant: str
    name: str
    tiles: tuple[tuple[str, str], ...]  # (code, name) of every kind, in the game's order
    labels: tuple[str, ...]  # how the rules name the seats (P1, Host, Player 1, Periwinkle...)
    views: tuple[BoardView, ...]
    sightings: tuple[Sighting, ...]
    last: int | None  # a view whose last move put or moved a tile on the board

    def seen(self, code: str, seat: int | None) -> Sighting | None:
        return next((s for s in self.sightings if s.code == code and s.seat == seat), None)


def _alone(view: BoardView, point: Point) -> bool:
    """Whether exactly one tile stands on ``point`` (a PAUSO Ring without a Point on it)."""
    return sum(1 for t in view.tiles if t.at == point) == 1


def _marks(tile: Tile) -> bool:
    """Whether a tile carries a mark (asleep, drained, seized...) beyond where it lies."""
    return bool(set(tile.flags) - {"square"})


def _complete(found: dict[tuple[str, int | None], Sighting], codes: set[str], players: int) -> bool:
    """Every kind seen for every seat (a kind that belongs to nobody, such as Iroh's Knotweed, once)."""
    return all((code, None) in found or all((code, seat) in found for seat in range(players)) for code in codes)


@functools.cache
def sample(variant: str) -> Legend:
    """The legend's positions of a game (kept once made)."""
    info = registry.info(variant)
    players = max(2, info.min_players)
    codes = {code for code, _ in info.tiles}
    views: list[BoardView] = []
    found: dict[tuple[str, int | None], Sighting] = {}
    moved: int | None = None  # a view whose last turn moved a tile from one point to another
    placed: int | None = None  # else one whose last turn put a tile on a point
    labels: tuple[str, ...] = ()
    for seed in SEEDS:
        game = info.new(players, seed, None)
        labels = labels or tuple(game.seat_label(s) for s in range(players))
        rng = random.Random(seed)
        for _ in range(PLIES):
            if game.outcome is not None:
                break
            game.play(game.random_move(rng))
            view = game.view()
            last = view.last
            touched = set(last.touched) if last is not None else set()
            # a kind not seen yet, or seen only with marks (asleep, drained...) and now without any
            new = [t for t in view.tiles if t.kind in codes and t.at not in touched
                   and (t.kind != "ring" or _alone(view, t.at))
                   and ((t.kind, t.owner) not in found or (found[(t.kind, t.owner)].marked and not _marks(t)))]
            keep = bool(new)
            if last is not None and last.to is not None and game.record[-1:] and len(game.record) > 2:
                if moved is None and last.frm is not None:
                    moved, keep = len(views), True
                elif placed is None:
                    placed, keep = len(views), True
            if keep:
                views.append(view)
            for t in new:
                found[(t.kind, t.owner)] = Sighting(t.kind, t.owner, len(views) - 1, t.at, _marks(t),
                                                    "square" in t.flags)
            if _complete(found, codes, players) and moved is not None and not any(s.marked for s in found.values()):
                break
        if _complete(found, codes, players) and moved is not None and not any(s.marked for s in found.values()):
            break
    order = {code: n for n, (code, _) in enumerate(info.tiles)}
    sightings = tuple(sorted(found.values(), key=lambda s: (order.get(s.code, 99), -1 if s.seat is None else s.seat)))
    return Legend(variant, info.name, info.tiles, labels, tuple(views), sightings,
                  moved if moved is not None else placed)
