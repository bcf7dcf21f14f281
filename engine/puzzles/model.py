"""A puzzle as data: where it starts (a game record, replayed), whose turn it is, its kind, the
solution (the solver's moves with the scripted replies between them), its themes and its
estimated rating; read from each game's package (``engine/<game>/puzzles.jsonl``, one JSON object
a line) and written back by the miner (``python -m bench.puzzles``).

A puzzle's id is a digest of where it starts, so it stays the same when the files are mined
again, and the store's ratings and attempts keep pointing at the same position.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from typing import Any

from .. import registry
from ..base import Game
from .solve import DEFENCE, WIN1, WIN2

FILE = "puzzles.jsonl"
KIND_TAGS = {WIN1: "win in 1", WIN2: "win in 2", DEFENCE: "defence"}
THEMES = ("figure", "harmony", "capture", "scoring")
ID_LENGTH = 10  # hex digits of the digest


def puzzle_id(variant: str, players: int, seed: int, options: dict[str, Any], record: list[str] | tuple[str, ...]
              ) -> str:
    """The digest that names a puzzle starting from this record."""
    text = json.dumps([variant, players, seed, options, list(record)], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:ID_LENGTH]


@dataclass(frozen=True, eq=False)
class Puzzle:
    """One puzzle (see the module docstring). ``solution[0]`` is the solver's first move; after
    each of the solver's moves come the replies of the other seats until the solver is to move
    again; the last entry is the solver's last move (any move that wins at once is as good there)."""

    id: str
    variant: str
    players: int
    seed: int
    options: dict[str, Any]
    record: tuple[str, ...]
    kind: str
    solution: tuple[str, ...]
    tags: tuple[str, ...]
    rating: int  # estimated difficulty on the rating scale (1500: a middling puzzle)
    source: str = ""  # how the miner found it

    def start(self) -> Game:
        """The game at the puzzle's position (replayed from its record)."""
        game = registry.info(self.variant).game(self.players, self.seed, self.options or None)
        for entry in self.record:
            game.apply_record_entry(entry)
        return game

    @cached_property
    def seat(self) -> int:
        """The solver's seat: the seat to move at the start."""
        seat = self.start().to_move
        if seat is None:
            raise ValueError(f"Puzzle {self.id} starts in a finished game.")
        return seat

    def to_json(self) -> str:
        data = {"id": self.id, "variant": self.variant, "players": self.players, "seed": self.seed,
                "options": self.options, "record": list(self.record), "kind": self.kind,
                "solution": list(self.solution), "tags": list(self.tags), "rating": self.rating,
                "source": self.source}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, line: str) -> Puzzle:
        data = json.loads(line)
        return cls(id=str(data["id"]), variant=str(data["variant"]), players=int(data["players"]),
                   seed=int(data["seed"]), options=dict(data.get("options") or {}),
                   record=tuple(data["record"]), kind=str(data["kind"]), solution=tuple(data["solution"]),
                   tags=tuple(data.get("tags", ())), rating=int(data.get("rating", 1500)),
                   source=str(data.get("source", "")))


def _package(variant: str) -> str:
    """The game's package (where its puzzles file lies)."""
    return registry.info(variant).game.__module__.rpartition(".")[0]


@cache
def puzzles_of(variant: str) -> tuple[Puzzle, ...]:
    """The shipped puzzles of one game (none if it has no puzzles file), in file order."""
    found = resources.files(_package(variant)).joinpath(FILE)
    if not found.is_file():
        return ()
    lines = found.read_text(encoding="utf-8").splitlines()
    return tuple(Puzzle.from_json(line) for line in lines if line.strip())


def all_puzzles() -> tuple[Puzzle, ...]:
    """Every shipped puzzle, game by game in list order."""
    return tuple(p for d in registry.descriptors() for p in puzzles_of(d.id))


@cache
def by_id() -> dict[str, Puzzle]:
    return {p.id: p for p in all_puzzles()}


def find(puzzle_id: str) -> Puzzle | None:
    """The shipped puzzle with this id, or None."""
    return by_id().get(puzzle_id)


def variants_with_puzzles() -> tuple[str, ...]:
    return tuple(d.id for d in registry.descriptors() if puzzles_of(d.id))
