"""python -m bench.pairings runs and prints a figure for every size and format."""
from __future__ import annotations

import pytest

from bench import pairings


@pytest.mark.slow  # a benchmark script (tests/README.md)
def test_the_pairing_benchmark_prints_its_figures(capsys):
    assert pairings.main() == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0] for line in out[:3]] == [f"{n} players" for n in (16, 32, 64)]
    assert all("Swiss" in line and "tables" in line and line.endswith(" ms") for line in out[:3])
    assert out[3].startswith("round robin of 16 (15 rounds, first moves balanced): ")
