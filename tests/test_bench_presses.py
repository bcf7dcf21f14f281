"""The move panel's benchmark keeps working (a tiny run; nothing here is timed)."""
from __future__ import annotations

import pytest

import engine
from bench.presses import main


@pytest.mark.slow  # a benchmark script (tests/README.md)
def test_the_presses_benchmark_prints_every_game(capsys):
    assert main(["--positions", "2", "--moves", "1", "--games", "pauso", "quaterno", "kutai"]) == 0
    out = capsys.readouterr().out
    for variant in ("pauso", "quaterno", "kutai"):
        line = next(line for line in out.splitlines() if line.startswith(engine.info(variant).name))
        assert "yes: 2 positions whole, 2 moves picked" in line
