"""The round Pai Sho board of paisho-board.md: points, colours, gates, mirror, order, notation
and the seeded generator (every worked example of the file)."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.paisho import board as b
from engine.paisho import notation as pn
from engine.paisho.rng import SplitMix64

R, W, N = b.RED, b.WHITE, b.NEUTRAL


def pt(text: str) -> b.Point:
    return b.NAMES[text]


def test_the_board_has_249_points_with_the_rank_table():
    assert len(b.POINTS) == 249
    per_rank = Counter(r for _, r in b.POINTS)
    files = {r: "".join(sorted({b.name(p)[0] for p in b.POINTS if p[1] == r})) for r in range(17)}
    expected = {1: "efghijklm", 2: "defghijklmn", 3: "cdefghijklmno", 4: "bcdefghijklmnop"}
    for rank, letters in expected.items():
        assert files[rank - 1] == letters and files[17 - rank] == letters
    for rank in range(5, 14):
        assert per_rank[rank - 1] == 17
    assert b.name(b.CENTRE) == "i9"


@pytest.mark.parametrize("token", ["q1", "a17", "r3", "e0", "Q1", "e05", "a18"])
def test_names_outside_the_circle_are_off_the_board(token):
    assert pn.point_of(token) is None
    assert pn.off_board(token) == f"{token.lower()} is off the board"


@pytest.mark.parametrize("gg, ours", [((-8, 0), "a9"), ((0, -8), "i1"), ((3, -5), "l4"), ((0, 0), "i9")])
def test_garden_gate_coordinates_map_to_our_names(gg, ours):
    assert b.name((gg[0] + 8, gg[1] + 8)) == ours


COUNT_TABLE = {
    frozenset({R, W, N}): ("i2 b9 p9 i16", 4),
    frozenset({R, N}): ("h3 g4 f5 e6 d7 c8 o10 n11 m12 l13 k14 j15", 12),
    frozenset({W, N}): ("j3 k4 l5 m6 n7 o8 c10 d11 e12 f13 g14 h15", 12),
    frozenset({R}): ("h4 g5 h5 f6 g6 h6 e7 f7 g7 h7 d8 e8 f8 g8 h8 j10 k10 l10 m10 n10 j11 k11 l11 m11 "
                     "j12 k12 l12 j13 k13 j14", 30),
    frozenset({W}): ("j4 j5 k5 j6 k6 l6 j7 k7 l7 m7 j8 k8 l8 m8 n8 d10 e10 f10 g10 h10 e11 f11 g11 h11 "
                     "f12 g12 h12 g13 h13 h14", 30),
}


def test_colour_counts_and_named_points_match_the_table():
    non_gates = [p for p in b.POINTS if p not in b.GATES]
    counts = Counter(b.colours(p) for p in non_gates)
    for colours, (names, n) in COUNT_TABLE.items():
        assert counts[colours] == n
        assert {b.name(p) for p in non_gates if b.colours(p) == colours} == set(names.split())
    assert counts[frozenset({R, W})] == 25
    assert counts[frozenset({N})] == 132
    assert {b.name(p) for p in b.GATES} == {"i1", "a9", "q9", "i17"}
    assert all(b.colours(p) == {R, N} for p in b.GATES)  # D-0.1


def test_the_colour_map_as_p1_sees_it():
    assert b.colours(pt("g7")) == {R}          # bottom-left red
    assert b.colours(pt("k11")) == {R}         # top-right red
    assert b.colours(pt("g11")) == {W}         # top-left white
    assert b.colours(pt("k7")) == {W}          # bottom-right white
    assert b.colours(pt("i9")) == {R, W}
    assert b.colours(pt("e5")) == {N}


def test_mirror_points_and_colours_survive_a_half_turn():
    for a, c in [("g7", "k11"), ("e5", "m13"), ("i2", "i16"), ("a9", "q9")]:
        assert b.mirror(pt(a)) == pt(c) and b.mirror(pt(c)) == pt(a)
    assert all(b.colours(b.mirror(p)) == b.colours(p) for p in b.POINTS)
    assert all(b.mirror(p) in b.POINT_SET for p in b.POINTS)


def test_board_order_runs_rank_by_rank():
    names = [b.name(p) for p in b.POINTS]
    assert names[:10] == ["e1", "f1", "g1", "h1", "i1", "j1", "k1", "l1", "m1", "d2"]
    assert names[-1] == "m17"
    assert b.ORDER[pt("c3")] < b.ORDER[pt("m17")]


def test_neighbours_lines_and_distances():
    assert {b.name(p) for p in b.ORTHOGONAL_NEIGHBOURS[pt("i1")]} == {"i2", "h1", "j1"}
    assert len(b.SURROUNDING[pt("i9")]) == 8
    assert len(b.SURROUNDING[pt("e1")]) == 4  # e1's neighbours: f1, d2, e2, f2 (d1 does not exist)
    assert [b.name(p) for p in b.between(pt("i9"), pt("i3"))] == ["i8", "i7", "i6", "i5", "i4"]
    assert [b.name(p) for p in b.between(pt("i9"), pt("l12"))] == ["j10", "k11"]
    assert list(b.between(pt("i9"), pt("m11"))) == []
    assert b.chebyshev(pt("i9"), pt("l11")) == 3
    assert b.side(pt("e5")) == 0 and b.side(pt("e13")) == 1 and b.side(pt("a9")) is None


def test_splitmix64_vectors_and_coins():
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF
    g = SplitMix64(1234567)
    assert [g.next() for _ in range(3)] == [0x599ED017FB08FC85, 0x2C73F08458540FA5, 0x883EBCE5A3F27C77]
    assert SplitMix64(1).coin() == 1 and SplitMix64(2).coin() == 0


def test_shuffle_is_a_seeded_permutation():
    items = list(range(20))
    SplitMix64(7).shuffle(items)
    again = list(range(20))
    SplitMix64(7).shuffle(again)
    assert items == again and sorted(items) == list(range(20)) and items != list(range(20))
