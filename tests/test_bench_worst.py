"""The worst-case benchmark keeps working (a tiny run; nothing here is timed): it builds Ancient's
crowded position with every special tile in hand, and prints every game's figures."""
from __future__ import annotations

import re

import pytest

import engine
from bench.worst import main


@pytest.mark.slow  # a benchmark script (tests/README.md)
def test_the_worst_case_benchmark_prints_every_game(capsys):
    assert main(["--tiny"]) == 0
    out = capsys.readouterr().out
    for variant in engine.VARIANT_IDS:
        assert f"\n{engine.info(variant).name}\n" in out
    assert out.count("prefix length  0:") == len(engine.VARIANT_IDS)
    assert out.count("replay per turn  ply 10: ") == len(engine.VARIANT_IDS)
    crowded = re.search(r"\((\d+) tiles, hand Kn Wh Bo WD WL\)", out)
    assert crowded and 76 <= int(crowded.group(1)) <= 96
