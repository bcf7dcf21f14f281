"""The replay benchmark keeps working (a tiny run; nothing here is timed)."""
from __future__ import annotations

import pytest

import engine
from bench.replays import main


@pytest.mark.slow  # a benchmark script (tests/README.md)
def test_the_replay_benchmark_prints_every_game(capsys):
    assert main(["--moves", "3"]) == 0
    out = capsys.readouterr().out
    assert "Replays as GIFs 440 px wide" in out
    for variant in engine.VARIANT_IDS:
        assert engine.info(variant).name in out
    assert out.count("   3 moves    4 frames") == len(engine.VARIANT_IDS)
