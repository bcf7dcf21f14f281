"""The lessons' benchmark keeps working and says what the goals ask (a short run; nothing timed)."""
from __future__ import annotations

from bench.lessons import main


def test_the_lessons_benchmark_prints_each_games_figures(capsys):
    assert main(["--games", "pauso", "--judged", "2"]) == 0
    out = capsys.readouterr().out
    assert "PAUSO: 9 lessons; sections taught 16 of 16 (+20 reference); " in out
    assert " 0 disagreements, 0 problems " in out
    assert "first lesson \u201cPlace a Ring, push the others\u201d: 5 presses in Discord" in out
    assert "(under a minute)" in out
