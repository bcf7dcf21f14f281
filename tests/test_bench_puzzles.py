"""The offline scripts of puzzles and reviews keep working (short runs; nothing timed):
``python -m bench.puzzles --smoke`` mines on a tiny budget into a folder of its own and every
puzzle it writes passes the puzzle checks; ``python -m bench.review`` reviews a short game and
prints its line."""
from __future__ import annotations

import pytest

from bench import puzzles as mining
from bench import review
from engine import puzzles
from engine.puzzles import Puzzle


@pytest.mark.slow  # a benchmark script (tests/README.md)
def test_the_miner_writes_only_puzzles_that_pass_the_checks(tmp_path, capsys):
    assert mining.main(["--smoke", "--variants", "pauso", "quaterno", "--players", "2", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "\nPAUSO, 2 players: " in "\n" + out and "\nQuaterno, 2 players: " in "\n" + out
    assert "Mining took " in out
    written = [Puzzle.from_json(line) for f in tmp_path.glob("*.jsonl") for line in f.read_text().splitlines()]
    assert all(puzzles.verify(p, exact=False) == [] for p in written)


@pytest.mark.slow  # a benchmark script (tests/README.md)
def test_the_review_benchmark_prints_a_line_per_game(capsys):
    assert review.main(["--variants", "pauso", "--turns", "20"]) == 0
    out = capsys.readouterr().out
    assert "PAUSO, 2 players" in out and "Goal:" in out
