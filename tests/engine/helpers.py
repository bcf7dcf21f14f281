"""Helpers shared by the engine tests."""
from __future__ import annotations

import pytest

import engine


def refused(game, move: str) -> str:
    """The message refusing ``move``; the game must be unchanged afterwards."""
    before = (game.to_dict(), game.position(), game.scores)
    with pytest.raises(engine.IllegalMove) as err:
        game.play(move)
    assert (game.to_dict(), game.position(), game.scores) == before
    return str(err.value)
