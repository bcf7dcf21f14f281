"""The AI's bounded memo and its per-level settings (engine/ai/memo.py, settings.py): a memo keeps
at most its size, forgets the least recently used answer first, computes an answer once and starts
empty in a worker; every game declares frozen settings for every level, which match the level
table."""
from __future__ import annotations

import dataclasses
import pickle
import threading

import pytest

import engine
from engine import ai
from engine.ai import Memo, Settings, per_level


def test_a_memo_keeps_its_size_and_forgets_the_least_recently_used_first():
    memo: Memo[int] = Memo("squares", 3)
    asked = []

    def square(n):
        return memo.get(n, lambda: asked.append(n) or n * n)

    assert [square(n) for n in (1, 2, 3, 1, 4)] == [1, 4, 9, 1, 16]  # 1 was used again: 2 goes
    assert asked == [1, 2, 3, 4] and len(memo) == 3
    assert square(1) == 1 and square(3) == 9 and asked == [1, 2, 3, 4]
    assert square(2) == 4 and asked == [1, 2, 3, 4, 2]


def test_a_memo_in_a_worker_starts_empty_and_threads_share_one():
    memo: Memo[str] = Memo("texts", 8)
    memo.get("a", lambda: "A")
    copy = pickle.loads(pickle.dumps(memo))
    assert len(copy) == 0 and copy.size == 8 and copy.get("b", lambda: "B") == "B"
    results = []

    def ask():
        results.append(memo.get("a", lambda: "computed again"))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == ["A"] * 8
    with pytest.raises(ValueError):
        Memo("nothing", 0)


@pytest.mark.parametrize("variant", ai.variants())
def test_every_game_declares_frozen_settings_for_every_level_matching_the_level_table(variant):
    knowledge = ai.knowledge_for(variant)
    assert set(knowledge.settings) == set(ai.LEVELS)
    for name, settings in knowledge.settings.items():
        assert settings.level == ai.LEVEL_TABLE[name] and settings.budget >= 1
        assert settings.search in ("mcts", "alphabeta")
        with pytest.raises(dataclasses.FrozenInstanceError):
            settings.budget = 1  # type: ignore[misc]
    game = engine.new_game(variant, players=engine.info(variant).min_players)
    budgets = [knowledge.settings_for(game, level).budget for level in ai.LEVELS]
    assert budgets[0] <= budgets[2] and budgets[1] <= budgets[2]  # hard searches most


def test_per_level_gives_each_level_its_row_and_fields_and_refuses_an_unknown_level():
    table = per_level(Settings(search="alphabeta", max_depth=3), easy={"budget": 5}, hard={"max_depth": 4})
    assert table["easy"].budget == 5 and table["easy"].max_depth == 3 and table["hard"].max_depth == 4
    assert table["medium"].level.slip == ai.LEVEL_TABLE["medium"].slip
    assert Settings(budget=10).scaled(0.01).budget == 1 and Settings(budget=10).scaled(2).budget == 20
    with pytest.raises(ValueError, match="Unknown levels"):
        per_level(expert={"budget": 1})
