"""Sample positions of all six games for the engine's robustness tests: the start, every special
phase (Basic's coin choice and spring flowers, Ancient's order choice and pending discard,
Quaterno's placement phase), random mid-games, a position where Basic's Wheel or Boat can use its
ability, and finished games. Built once by seeded random play; tests work on ``game.copy()``."""
from __future__ import annotations

import copy
import functools
import random

import engine

# Short games, so that finished positions are reached quickly.
OPTIONS = {"basic": {"max_turns": 60}, "ancient": {"max_turns": 80}, "iroh": {"max_turns": 80},
           "kutai": {}, "quaterno": {"move_limit": 50}, "pauso": {}}
PLAYERS = {"pauso": (2, 3, 4)}
# Phases random play may miss: the hands are dealt full, so a first draw must be followed by a discard.
SCRIPTED = {"ancient": {"discard": ["choose first", "draw"]}}


def _phase(game) -> str:
    """A label for the kind of turn the player to move faces (in a running game)."""
    if getattr(game, "pending", False):
        return "discard"
    if getattr(game, "placement_phase", False):
        return "placement"
    return str(getattr(game, "phase", "play"))


def _can_use_ability(game) -> bool:
    """Basic: the player to move has a Wheel or Boat that may move and then act."""
    return game.variant == "basic" and any("," in m for m in game.legal_moves())


@functools.cache
def samples(variant: str) -> tuple[tuple[str, engine.Game], ...]:
    """(label, game) pairs: one per phase met, mid-games, an ability position (Basic), the end."""
    found: dict[str, engine.Game] = {}
    for seed, players in enumerate(PLAYERS.get(variant, (2, 2))):
        rng = random.Random(seed)
        game = engine.new_game(variant, players=players, seed=seed, options=OPTIONS[variant])
        turns = 0
        while True:
            if game.outcome is None:
                found.setdefault(_phase(game), game.copy())
            if turns in (9, 27) and game.outcome is None:
                found.setdefault(f"mid {seed}-{turns}", game.copy())
            if "ability" not in found and game.outcome is None and _can_use_ability(game):
                found["ability"] = game.copy()
            if game.outcome is not None:
                found.setdefault(f"over {seed}", game.copy())
                break
            game.play(game.random_move(rng))
            turns += 1
    for label, moves in SCRIPTED.get(variant, {}).items():
        found[label] = engine.replay(variant, moves, options=OPTIONS[variant])
    for game in found.values():
        game.legal_moves()  # computed once here; copies carry the list
    return tuple(found.items())


def labels(variant: str) -> list[str]:
    return [label for label, _ in samples(variant)]


def sample(variant: str, label: str) -> engine.Game:
    """A fresh copy of one sample position (sharing its legal-move list, which is never changed in
    place: a move replaces it)."""
    game = dict(samples(variant))[label]
    return copy.deepcopy(game, {id(game._legal): game._legal})


def all_samples() -> list[tuple[str, str]]:
    """(variant, label) of every sample position of every game, for parametrised tests."""
    return [(variant, label) for variant in engine.VARIANT_IDS for label in labels(variant)]
