"""The benchmark script keeps working (its quick mode: every part on a few samples; nothing here is timed)."""
from __future__ import annotations

import pytest

from bench.__main__ import main


@pytest.mark.slow  # the whole benchmark, on a few samples (tests/README.md)
def test_benchmark_runs_and_prints_every_figure(capsys):
    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    for figure in ("legal_moves()", "play()", "render board PNG", "PNG size", "autocomplete",
                   "whole turn", "restart with 12 running games", "first use of a game", "replay all 12 games", "memory per running game", "turns/s",
                   "commit of a move, synchronous=FULL (default)", "synchronous=NORMAL"):
        assert figure in out
    assert "PAUSO, 2 players" in out and "PAUSO, 4 players" in out
    assert "Quick mode" in out
