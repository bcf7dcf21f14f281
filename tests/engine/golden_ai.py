"""The golden sample of the AI's choices: positions of every game, and the move each level chose
there with ``time_limit=None`` (deterministic: the same record, level and seed give the same move).

``tests/engine/test_ai_golden.py`` replays the sample and checks that every level still plays
exactly the move recorded, so that a refactoring of the AI code cannot change how it plays
unnoticed. The sample is written by this module:

    .venv/bin/python -m tests.engine.golden_ai                    # write tests/engine/ai_golden.jsonl
    .venv/bin/python -m tests.engine.golden_ai --only kutai:easy  # re-record these entries in place

Re-record only after a deliberate change of play, and say in the commit which entries changed and
why. Positions come from seeded random play, from short games between the AI's own easy levels
(where the evaluation's features appear: harmonies, sets, counts near the target) and from a few
positions the AI tests set up by hand. Entries marked ``slow`` run only in the full suite.
"""
from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import engine
from engine import ai

FILE = Path(__file__).with_name("ai_golden.jsonl")

# (variant, players, options): every game with an AI player, PAUSO with 2, 3 and 4 players.
CONFIGS: list[tuple[str, int, dict[str, Any] | None]] = [
    ("basic", 2, None),
    ("ancient", 2, None),
    ("iroh", 2, None),
    ("kutai", 2, None),
    ("quaterno", 2, None),
    ("pauso", 2, None),
    ("pauso", 3, None),
    ("pauso", 4, {"board": "square5"}),
]
# Plies of random play, then plies of play between easy levels (the quick sample holds the first
# random-play position of each game; every self-play position is in the larger, slow sample).
RANDOM_PLIES = {"quick": (7,), "slow": (0, 18, 33)}
SELF_PLIES = {"quick": (24,), "slow": (12, 40)}
# Positions the AI tests set up by hand (engine.load), quick sample.
LOADED: list[tuple[str, str, dict[str, Any] | None]] = [
    ("iroh", "to_move: P1; P1: Fi g7, Wa k7, Ai k11, Ea e13, Ea m13, Ea c7, Ea c11, WL i2; "
             "P2: Fi i5, Ea o4, Wa g12, WL i16", None),
    ("iroh", "to_move: P2; P1: Fi g7, Wa k7, Ai k11, Ea e13, Ea m13, Ea c7, Ea c11, WL i2; "
             "P2: Fi i5, Ea o4, Wa g12, WL i16", None),
    ("iroh", "to_move: P2; P1: Fi h3, Fi o10, Wa i2, Wa j3, Wa i5, Ea j1, Ea e3, Ai k3, "
             "Ai o3, Ai h10, WL n10, Rk e1, Rk e13; P2: Fi e8, Fi j15, Wa i13, Wa h15, "
             "Ea e16, Ea j16, Ai n8, Ai i16, Ai l16, WL f16, Rk e5, Rk h13; knotweeds: j3 i16; "
             "P1 reserve: Fi 2, Wa 1, Ea 2, Ai 1, Rk 0, Kn 0; "
             "P2 reserve: Fi 2, Wa 2, Ea 2, Ai 1, Rk 0, Kn 0; turns: 54", None),
    ("iroh", "to_move: P1; P1: Fi h3, Fi q9, Wa i3, Wa j5, Ea j2, Ea f5, Ai k3, Ai e5, WL d5, "
             "Rk e4; P2: Fi a9, Fi j15, Wa i14, Wa h15, Ea e16, Ea j16, Ai g15, Ai k15, WL i13, "
             "Rk i5, Rk e8; knotweeds: j2 f13; P1 reserve: Fi 2, Wa 2, Ea 2, Ai 2, Rk 1, Kn 3; "
             "P2 reserve: Fi 2, Wa 2, Ea 2, Ai 2, Rk 0, Kn 0; turns: 15", None),
    ("ancient", "to_move: P1; P2: Rh i9, Ja i5, Ro m9, Ch e9; P1 hand: Rk; P1 pile: Ja Ja; "
                "P2 hand: Ch Ch; P2 pile: Ch", {"target": 5}),
    ("ancient", "to_move: P1; P1: Ch g1, Kn k2, Ch i3, Ro j4, Rh k4, Li h10; "
                "P2: WJ i1, WL d2, Ch i2, Ja j2, Li h3, WJ f5; P1 hand: Li Ro Rk; P1 pile: Ja Ja Ja Ja; "
                "P2 hand: Wh; P2 pile: Ja Ja; turns: 30", None),
    ("kutai", "1: DMa@i9, DRh@i3, DIr@m5; 2: DCl@f12, Wh@a9", {"target": 13}),
    ("quaterno", "1:Su@c3,Mo@h8,Fa@i5,An@j2,St@e1,Co@a6,So@a2;2:Su@k10,Mo@f10,Fa@b9,An@h10,St@a11,Co@k6,"
                 "So@a1;turn:42;used:So=1", None),
]


def _random_position(variant: str, players: int, options: dict | None, plies: int, seed: int) -> engine.Game:
    game = engine.new_game(variant, players=players, seed=seed, options=options)
    rng = random.Random(f"golden {variant} {players} {plies} {seed}")
    for _ in range(plies):
        if game.outcome is not None:
            break
        game.play(game.random_move(rng))
    return _running(game)


def _self_play_position(variant: str, players: int, options: dict | None, plies: int, seed: int) -> engine.Game:
    game = engine.new_game(variant, players=players, seed=seed, options=options)
    for ply in range(plies):
        if game.outcome is not None:
            break
        game.play(ai.choose_move(game, "easy", seed=seed + ply))
    return _running(game)


def _running(game: engine.Game) -> engine.Game:
    """``game``, or the position before its last move if that move ended it."""
    if game.outcome is None:
        return game
    return engine.replay(game.variant, game.record[:-1], players=game.players, seed=game.seed, options=game.options)


def positions() -> Iterator[tuple[str, engine.Game]]:
    """(tier, game) for every position of the sample (all running)."""
    for n, (variant, players, options) in enumerate(CONFIGS):
        for tier in ("quick", "slow"):
            for plies in RANDOM_PLIES[tier]:
                yield tier, _random_position(variant, players, options, plies, seed=100 + n)
            for plies in SELF_PLIES[tier]:  # in the larger sample only (kept in this order: the seeds follow it)
                yield "slow", _self_play_position(variant, players, options, plies, seed=200 + n)
    for variant, position, options in LOADED:
        yield "quick", engine.load(variant, position, options)


def entries() -> list[dict]:
    """The sample: one entry per running position and level."""
    out = []
    for i, (tier, game) in enumerate(positions()):
        for level in ai.LEVELS:
            out.append(record(game.to_dict(), level, seed=i % 7, slow=tier == "slow"))
    return out


def record(snapshot: dict, level: str, seed: int, slow: bool) -> dict:
    """One entry: the position (``Game.to_dict``), the level, the seed and the move it chooses."""
    move = ai.choose_move(engine.from_dict(snapshot), level, seed=seed)
    return {"game": snapshot, "level": level, "seed": seed, "move": move, "slow": slow}


def load() -> list[dict]:
    """The recorded sample."""
    return [json.loads(line) for line in FILE.read_text(encoding="utf-8").splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--only", nargs="+", default=None, metavar="GAME:LEVEL",
                        help="re-record only these entries of the file (e.g. kutai:easy), on their recorded positions")
    args = parser.parse_args()
    if args.only is None:
        found = entries()
    else:
        chosen = {tuple(item.split(":", 1)) for item in args.only}
        found = [record(e["game"], e["level"], e["seed"], e["slow"])
                 if (e["game"]["variant"], e["level"]) in chosen else e for e in load()]
    FILE.write_text("".join(json.dumps(e, sort_keys=True) + "\n" for e in found), encoding="utf-8")
    print(f"{len(found)} entries ({sum(not e['slow'] for e in found)} quick) written to {FILE}")


if __name__ == "__main__":
    main()
