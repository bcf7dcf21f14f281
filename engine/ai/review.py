"""The AI's review of a game: every position searched (the hard level's search on a smaller
budget), each seat's win chance after every turn, and the turns where the evaluation swung most.

    looks = look_range(variant, players, seed, options, record, 0, len(record))   # in chunks, in a worker
    review = assemble(variant, players, seed, options, record, looks)

``look_range`` looks at the positions ``start`` .. ``stop - 1`` of a record (position i: after its
first i entries), so a long review runs in pieces and its progress can be shown between them.
A finished game's review may see everything (``open_hidden``: the hidden hands and piles of a
game like Ancient are searched as they really were instead of sampled), since nothing is secret
once the game is over. ``assemble`` turns the looks into the chances per position, the loss of
every turn (how much the mover's chance fell with the move played) and the marked turns.

Cost: at most ``SECONDS_PER_LOOK`` per position on one core (the budget is also capped by time),
so a 200-turn game takes at most about a minute; ``python -m bench.review`` prints what it takes.
"""
from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import registry
from ..base import DRAW_AGREED, ENDED_BY_SCORES, Game, left_seats
from .knowledge import Knowledge, shared_reward
from .player import analyse
from .registry import knowledge_for

SCALE = 0.25  # of hard's budget, per position
# The most one position's search may take (a cap on top of the budget). The search looks at the
# clock every 64 units of work and the position's setup comes on top, so a look may run past it:
# Quaterno's, the only one the cap holds back, took 0.32 s of CPU with a cap of 0.28 s.
SECONDS_PER_LOOK = 0.22
MARKED_MOST, MARKED_LEAST = 5, 3
MARK_FROM = 0.08  # a loss of win chance from which a turn is always worth marking (up to five)
NOISE = 0.02  # losses below this are the search's noise, not mistakes
VERSION = "1"  # of the review's method; a cached review of another version is made again


@dataclass(frozen=True)
class Look:
    """One position as the search saw it: who moves, the best move, each seat's chance."""

    ply: int
    seat: int
    best: str
    chances: tuple[float, ...]


@dataclass(frozen=True)
class Turn:
    """One entry of the record, reviewed: the move played, the search's best move there, the
    mover's chance before (with the best move) and after (with the move played)."""

    ply: int  # index in the record
    seat: int
    played: str
    best: str
    before: float
    after: float
    move: bool  # a move on the board (not a player leaving or an agreed end)

    @property
    def loss(self) -> float:
        return max(0.0, self.before - self.after)


@dataclass(frozen=True)
class Review:
    """A whole game reviewed."""

    variant: str
    players: int
    chances: tuple[tuple[float, ...], ...]  # every seat's chance in each position, 0 .. len(turns)
    turns: tuple[Turn, ...]
    marked: tuple[int, ...]  # plies of the marked turns, in game order
    version: str

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "players": self.players, "chances": [list(c) for c in self.chances],
                "turns": [[t.ply, t.seat, t.played, t.best, t.before, t.after, t.move] for t in self.turns],
                "marked": list(self.marked), "version": self.version}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        return cls(str(data["variant"]), int(data["players"]), tuple(tuple(c) for c in data["chances"]),
                   tuple(Turn(int(p), int(s), str(a), str(b), float(x), float(y), bool(m))
                         for p, s, a, b, x, y, m in data["turns"]),
                   tuple(int(p) for p in data["marked"]), str(data["version"]))


def version_of(open_hidden: bool) -> str:
    """What a cached review was made with (its method, budget and whether it saw every tile)."""
    return f"{VERSION}:{SCALE}:{SECONDS_PER_LOOK}:{'open' if open_hidden else 'seat'}"


def _seen_all(base: Knowledge) -> Knowledge:
    """The game's knowledge searching the real position: hidden tiles as they are, not sampled."""
    opened = copy.copy(base)
    if base.determinize is not None:
        opened.determinize = lambda game, seat, rng: game.copy()
    return opened


def _chances(game: Game, knowledge: Knowledge, seat: int, value: float) -> tuple[float, ...]:
    """Every seat's chance, from the mover's (searched) ``value``: with two players the other has
    the rest; with more, the rest is shared as the evaluation shares it."""
    value = min(1.0, max(0.0, value))
    if game.players == 2:
        return (value, 1 - value) if seat == 0 else (1 - value, value)
    estimate = list(knowledge.evaluate(game))
    others = sum(v for s, v in enumerate(estimate) if s != seat) or 1.0
    return tuple(value if s == seat else (1 - value) * estimate[s] / others for s in range(game.players))


def look(game: Game, knowledge: Knowledge, seed: int = 0) -> Look:
    """One position searched (the game is running and has a player to move)."""
    seat = game.to_move
    assert seat is not None  # a running game has a seat to move
    found = analyse(game, "hard", seed=seed, time_limit=SECONDS_PER_LOOK, budget_scale=SCALE, knowledge=knowledge)
    if found.search in ("forced", "overlook"):  # no search: the evaluation's view
        chances = tuple(min(1.0, max(0.0, v)) for v in knowledge.evaluate(game))
    else:
        chances = _chances(game, knowledge, seat, found.result.ranked[0].value)
    return Look(len(game.record), seat, found.move, chances)


def look_range(variant: str, players: int, seed: int, options: dict[str, Any] | None, record: Sequence[str],
               start: int, stop: int, open_hidden: bool = True) -> list[Look]:
    """The looks at positions ``start`` .. ``stop - 1`` of a record (a worker's piece of a review);
    positions where the game is over, or that a player left, have none."""
    game = registry.info(variant).game(players, seed, options)
    for entry in record[:start]:
        game.apply_record_entry(entry)
    knowledge = knowledge_for(variant)
    if open_hidden:
        knowledge = _seen_all(knowledge)
    looks = []
    for ply in range(start, min(stop, len(record))):
        if game.outcome is None and game.to_move is not None:
            looks.append(look(game, knowledge, seed=ply))
        game.apply_record_entry(record[ply])
    return looks


def assemble(variant: str, players: int, seed: int, options: dict[str, Any] | None, record: Sequence[str],
             looks: Sequence[Look]) -> Review:
    """The review from the looks at every position (``look_range`` over the whole record)."""
    by_ply = {lk.ply: lk for lk in looks}
    game = registry.info(variant).game(players, seed, options)
    chances: list[tuple[float, ...]] = []
    movers: list[int | None] = []
    for entry in record:
        found = by_ply.get(len(game.record))
        chances.append(found.chances if found else (chances[-1] if chances else shared_reward(game)))
        movers.append(game.to_move)
        game.apply_record_entry(entry)
    chances.append(shared_reward(game) if game.outcome is not None else
                   (by_ply[len(record)].chances if len(record) in by_ply else chances[-1] if chances
                    else shared_reward(game)))
    turns = []
    for ply, entry in enumerate(record):
        found = by_ply.get(ply)
        seat = movers[ply]
        if seat is None:
            seat = 0
        board_move = found is not None and not left_seats([entry]) and entry.strip().lower() not in (
            DRAW_AGREED, ENDED_BY_SCORES)
        turns.append(Turn(ply, seat, entry, found.best if found else entry, chances[ply][seat],
                          chances[ply + 1][seat], board_move))
    return Review(variant, players, tuple(chances), tuple(turns), marked(turns), VERSION)


def same_move(played: str, best: str) -> bool:
    """Whether the record's entry is the search's move (a record joins a turn made in two inputs,
    such as a draw and the discard it asked for, into one entry)."""
    return played == best or played.startswith(best + ",discard ")


def marked(turns: Sequence[Turn]) -> tuple[int, ...]:
    """The turns where the mover's chance fell most with the move played (where it was not the
    search's best): up to five from ``MARK_FROM`` on, at least three where there are so many; below
    three, the turns that lost less than ``NOISE`` fill up (a turn that lost nothing never)."""
    slips = sorted((t for t in turns if t.move and not same_move(t.played, t.best) and t.loss > 0),
                   key=lambda t: (-t.loss, t.ply))
    mistakes = [t for t in slips if t.loss > NOISE]
    big = [t for t in mistakes[:MARKED_MOST] if t.loss >= MARK_FROM]
    chosen = big if len(big) >= MARKED_LEAST else slips[:MARKED_LEAST]
    return tuple(sorted(t.ply for t in chosen))
