"""The arena (python -m bench.arena) runs and prints every column (tiny budgets; nothing is timed)."""
from __future__ import annotations

import pytest

from bench.arena import Task, check_matchup, elo, main, play_one, tasks_for, wilson

pytestmark = pytest.mark.slow  # arena games (tests/README.md)


def test_a_tiny_arena_prints_every_column(capsys):
    assert main(["--games", "2", "--variants", "pauso", "--players", "2", "3",
                 "--matchups", "easy-random", "hard-greedy", "--budget-scale", "0.01"]) == 0
    out = capsys.readouterr().out
    for heading in ("PAUSO, 2 players", "PAUSO, 3 players"):
        assert heading in out
    for column in ("matchup", "games", "W", "D", "L", "score", "95% CI", "Elo", "Elo 95% CI", "plies",
                   "think p50/p95", "share", "fair", "x fair", "x fair CI"):
        assert column in out
    rows = [line.split() for line in out.splitlines() if line.strip().startswith(("easy-random", "hard-greedy"))]
    assert len(rows) == 4 and all(row[1] == "2" and int(row[2]) + int(row[3]) + int(row[4]) == 2 for row in rows)
    assert all("easy" in " ".join(row) or "hard" in " ".join(row) for row in rows)  # think times per level


def test_a_game_of_the_arena_depends_only_on_its_task():
    task = Task("pauso", 3, "easy", "greedy", index=4, opening=2, scale=0.05)
    first, again = play_one(task), play_one(task)
    assert (first.share, first.outcome, first.plies) == (again.share, again.outcome, again.plies)
    assert task.seat_a == 1 and task.pair == 1


def test_the_interval_and_elo_figures():
    low, high = wilson(50, 100)
    assert low < 0.5 < high and round(high - 0.5, 3) == round(0.5 - low, 3)
    assert wilson(100, 100)[1] == 1.0 and wilson(0, 100)[0] == 0.0
    assert elo(0.5) == 0 and round(elo(0.75)) == 191


def test_a_matchup_must_name_a_level_and_an_opponent():
    assert check_matchup("hard-greedy") == "hard-greedy"
    for bad in ("hard", "random-hard", "hard-expert"):
        with pytest.raises(Exception, match="LEVEL-OPPONENT"):
            check_matchup(bad)


def test_a_later_run_from_another_seed_plays_new_games_with_seats_still_paired():
    first = tasks_for("pauso", 2, "hard-greedy", 10, 2, 1.0)
    later = tasks_for("pauso", 2, "hard-greedy", 10, 2, 1.0, first_seed=5)
    assert [t.pair for t in first] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    assert [t.pair for t in later] == [5, 5, 6, 6, 7, 7, 8, 8, 9, 9]
    assert [t.seat_a for t in later] == [0, 1] * 5  # A plays both seats of every seed
