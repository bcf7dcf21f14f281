"""The AI plays the same moves as recorded (tests/engine/golden_ai.py): for a sample of positions of
every game (PAUSO with 2, 3 and 4 players) and every level, ``choose_move`` with ``time_limit=None``
gives exactly the move recorded when the sample was taken. A change of the AI's code that is meant
to keep its play (a refactoring) must keep this test passing; a deliberate change of play
re-records the entries it changes (see golden_ai.py) and says so."""
from __future__ import annotations

import pytest

import engine
from engine import ai
from tests.engine.golden_ai import CONFIGS, load

SAMPLE = load()


def _id(entry: dict) -> str:
    game = entry["game"]
    return f"{game['variant']}{game['players']}-{len(game['record'])}-{entry['level']}"


def _params(slow: bool) -> list:
    marks = [pytest.mark.slow] if slow else []
    return [pytest.param(e, id=_id(e), marks=marks) for e in SAMPLE if e["slow"] == slow]


@pytest.mark.parametrize("entry", _params(False) + _params(True))
def test_every_level_plays_the_recorded_move(entry):
    game = engine.from_dict(entry["game"])
    assert ai.choose_move(game, entry["level"], seed=entry["seed"]) == entry["move"]


def test_the_quick_sample_covers_every_game_player_count_and_level():
    quick = {(e["game"]["variant"], e["game"]["players"], e["level"]) for e in SAMPLE if not e["slow"]}
    assert quick == {(variant, players, level) for variant, players, _ in CONFIGS for level in ai.LEVELS}
