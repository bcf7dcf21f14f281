"""bench.operations keeps working (its quick mode: a few samples; nothing here is timed)."""
from __future__ import annotations

import pytest

from bench.operations import main


@pytest.mark.slow  # a benchmark script, and it starts a PostgreSQL cluster
async def test_the_operations_benchmark_prints_every_figure(capsys):
    assert await main(["--quick"]) == 0
    out = capsys.readouterr().out
    for figure in ("whole turn, database calls measured", "whole turn, not measured",
                   "backup of 12 running games, checked", "restore of it", "backups were taken",
                   "/metrics rendered", "copy-to PostgreSQL"):
        assert figure in out
    assert "Quick mode" in out
