"""Every worked example of kutai.md (K-1 .. K-7) and the link values of 4.5.1."""
from __future__ import annotations

import pytest

import engine
from engine.kutai.tiles import value
from engine.paisho.board import name
from tests.engine.examples import K2, K3_POSITION
from tests.helpers import refused

PARSE = 'I can\'t read "{}". Examples: DMa@i9, Sp@h2, WL@l12'


def links(game) -> list[str]:
    return [f"{name(k.parent)}-{name(k.child)}:{k.value}" for k in game.harmony.links]


@pytest.mark.parametrize("a, b, v", [
    ("DMa", "NMa", 0), ("DMa", "DRh", 2), ("DCB", "DIr", 3), ("NPi", "NJa", 3), ("DMa", "NWs", 0),
    ("Tw", "DPi", 1), ("Tw", "WL", 3), ("Cu", "DIr", 2), ("Cu", "NRh", 2), ("Cu", "DRh", 0),
    ("Wh", "DCl", 2), ("Wh", "NLi", 2), ("Wh", "DLi", 0), ("WL", "DMa", 3), ("WL", "Cu", 2),
    ("WL", "Sp", 0), ("Tw", "Cu", 0), ("WL", "WL", 0), ("Sp", "DMa", 0)])
def test_link_values(a, b, v):
    assert value(a, b) == v == value(b, a)


# ----- K-1 ---------------------------------------------------------------------------------------
def test_k1_the_first_tile_is_the_centerpiece():
    g = engine.new_game("kutai")
    assert len(g.legal_moves()) == 25
    assert set(g.legal_moves()) == {f"{c}@i9" for c in engine.kutai.TILES if c not in ("Cu", "Sp", "Tw", "Wh")}
    for move in ("Cu@i9", "DMa@i10", "DCl@l12"):
        assert refused(g, move) == "The first tile must be the Centerpiece: one of your flowers on i9"
    assert g.play("dma @ I9") == "DMa@i9"
    assert g.record == ["DMa@i9"] and g.to_move == 1


def test_k1_second_player_placements_and_refusals():
    g = engine.replay("kutai", ["DMa@i9"])
    legal = g.legal_moves()
    assert len(legal) == len(set(legal)) == 6004
    assert {"Wh@a9", "DIr@m5", "WL@l12", "Sp@h2"} <= set(legal)
    assert refused(g, "DCl@l12") == ("Clover (a white flower) may only be placed on a point with some "
                                     "white or yellow (l12 is red)")
    assert refused(g, "DRh@k7") == ("Rhododendron (a red flower) may only be placed on a point with some "
                                    "red or yellow (k7 is white)")
    assert refused(g, "Tw@n10") == "Twig may only be placed on a point with some yellow (n10 is red)"
    assert refused(g, "WL@e13") == "White Lotus may only be placed on a point with some red or white (e13 is yellow)"
    assert refused(g, "Cu@i9") == "Cup may only be placed on a point with some yellow (i9 is red and white)"
    assert refused(g, "DCl@i9") == "i9 is occupied"
    assert refused(g, "DMa@q1") == "q1 is off the board"
    assert refused(g, "Xx@e5") == PARSE.format("Xx@e5")
    assert refused(g, "DMa@i 9 x") == PARSE.format("DMa@i 9 x")
    assert refused(g, "pass") == "You have a legal move; you cannot pass"
    for move in legal[::97]:
        assert g.copy().play(move) == move


def test_k1_after_clover_then_resignation():
    g = engine.replay("kutai", ["DMa@i9", "DCl@f12"])
    assert len(g.legal_moves()) == 5773
    assert refused(g, "DMa@e5") == "You have no Day Maple left to place"
    g.play("resign")
    assert g.outcome.winners == (1,)
    assert g.result() == {"outcome": "win", "winner": 2, "reason": "resign", "total": 2, "best": [0, 2]}
    assert refused(g, "DRh@i3") == "The game is over"
    assert refused(g, "resign") == "The game is over"
    assert refused(g, "DRh@q1") == "q1 is off the board"
    assert g.legal_moves() == []


# ----- K-2 ---------------------------------------------------------------------------------------
def test_k2_an_opening_total_and_links_after_each_placement():
    g = engine.new_game("kutai")
    for move, total, expected in K2:
        g.play(move)
        assert (g.total, links(g)) == (total, expected), move
    assert g.scores == (9, 12) and g.outcome is None


def test_k2_with_target_10_the_eighth_placement_wins():
    g = engine.replay("kutai", [m for m, _, _ in K2[:7]], options={"target": 10})
    assert g.outcome is None and g.total == 9
    g.play("WL@l12")
    assert g.outcome == engine.Outcome((1,), (9, 12), "harmony")
    assert g.result() == {"outcome": "win", "winner": 2, "reason": "harmony", "total": 12, "best": [9, 12]}


# ----- K-3 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("tile, total", [
    ("NMa@i12", 9), ("NPi@i6", 6), ("Cu@m3", 10), ("Tw@p9", 9), ("WL@f13", 9), ("NWs@i4", 6),
    ("NWs@i10", 8), ("NRh@i4", 7), ("DCB@i4", 10)])
def test_k3_variations_after_move_5(tile, total):
    g = engine.load("kutai", K3_POSITION)
    assert g.total == 8 and g.to_move == 1
    g.play(tile)
    assert g.total == total


def test_k3_details():
    g = engine.load("kutai", K3_POSITION)
    g.play("NRh@i4")
    assert "i9-i4:1" in links(g) and not any("i3" in link for link in links(g))
    g = engine.load("kutai", K3_POSITION)
    g.play("DCB@i4")
    assert {"i9-i4:2", "i4-i3:2"} <= set(links(g))
    g = engine.load("kutai", K3_POSITION)
    g.play("NWs@i10")
    assert [(name(d.a), name(d.b), d.shared) for d in g.harmony.disharmonies] == [("i9", "i10", 0)]
    assert "i10" not in " ".join(links(g)) and "i9-i3:2" in links(g)


# ----- K-4 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("preference, total, expected", [
    ("on", 5, ["i9-i12:2", "i12-m12:3"]), ("off", 3, ["i9-i12:2", "i12-h13:1"])])
def test_k4_preference(preference, total, expected):
    g = engine.load("kutai", "1: DMa@i9, NJa@h13; 2: DCl@i12, DWl@m12", {"preference": preference})
    assert g.to_move == 0
    assert (g.total, links(g)) == (total, expected)


# ----- K-5 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("blocker, a, b", [
    ("k10", "i9", "m11"), ("j10", "i9", "k10"), ("j9", "i9", "k10"), ("j10", "i9", "l11"), ("k10", "i9", "l11")])
def test_k5_blocking_under_any_sight(blocker, a, b):
    from engine.kutai.harmony import sees
    from engine.paisho.board import NAMES
    board = {NAMES[a]: (0, "DMa"), NAMES[b]: (1, "DCl")}
    assert sees(board, NAMES[a], NAMES[b], "any")
    board[NAMES[blocker]] = (0, "DRh")
    assert not sees(board, NAMES[a], NAMES[b], "any")


def test_k5_any_sight_beyond_queen_lines_and_the_k3_position():
    from engine.kutai.harmony import sees
    from engine.paisho.board import NAMES
    board = {NAMES["k10"]: (0, "DMa"), NAMES["m11"]: (1, "DCl")}
    assert sees(board, NAMES["k10"], NAMES["m11"], "any")
    assert not sees(board, NAMES["k10"], NAMES["m11"], "queen")
    g = engine.load("kutai", K3_POSITION, {"sight": "any"})
    assert links(g) == ["i9-f12:2", "i9-m5:2", "m5-i3:2", "f12-a9:2"] and g.total == 8


# ----- K-6 ---------------------------------------------------------------------------------------
def test_k6_test_positions():
    start = engine.load("kutai", "1:;2:")
    assert start.to_move == 0 and len(start.legal_moves()) == 25
    g = engine.load("kutai", "2: DCl@f12, Wh@a9 ; 1: dma@I9, DRh@i3, DIr@m5")
    assert (g.total, g.to_move, g.scores, g.record) == (8, 1, (0, 0), [])
    g = engine.load("kutai", K3_POSITION + "; best: 8, 6")
    assert g.scores == (8, 6) and g.total == 8


@pytest.mark.parametrize("position, options", [
    ("1: DMa@i9, DRh@i9; 2:", None),
    ("1: DMa@i9, DMa@e5; 2: DCl@f12", None),
    ("1: DRh@i3; 2: DCl@f12", None),
    ("1: Cu@i9; 2: DCl@f12", None),
    ("1: DRh@i3; 2: DMa@i9", None),
    ("1: DMa@i9; 2: DCl@l12", None),
    ("1: DMa@i9, DRh@i3; 2:", None),
    ("1: DMa@i9; 2: DCl@f12, DRh@i3", None),
    (K3_POSITION, {"target": 7}),
    ("1: DMa@i9; 2: DCl@f12; best: 61, 0", None),
    ("1: DMa@i9", None),
    ("1: DMa@i9; 2: Xy@e5", None),
])
def test_k6_rejected_positions(position, options):
    with pytest.raises(ValueError):
        engine.load("kutai", position, options)


# ----- K-7 ---------------------------------------------------------------------------------------
K7A = """NJa@i9 DPi@m6 NCl@j5 DRh@h6 DPe@k10 NPi@l14 DWs@p4 NLi@m3 NWs@n11 Cu@e12 DRh@k17 DCh@f16
  DJa@i2 NCh@h3 DCl@o8 DIr@n7 NIr@f8 DPe@k3 NPi@b12 DCl@n8 NRh@n2 NWs@g2 Tw@o15 DWs@l4 NMa@d6
  DWl@o11 DWl@p6 NPe@i11 DCB@g1 Wh@e5 NLi@i7 Tw@p9 NPe@n5 DMa@p8 DLi@a13 DJa@h2 NCh@q11 NRh@f7
  DIr@p5 NCl@q8 NCB@n13 DCB@c6 DMa@l12 Sp@q12 NWl@e17 DLi@a9 WL@e8 NWl@i12 Cu@m12 NJa@o9 Wh@d4
  NMa@i16 DPi@e16 NIr@m10 Sp@l16 WL@g5 DCh@b6 NCB@m5""".split()
K7B = """NCh@i9 NWs@m6 DCl@c8 DLi@j1 NMa@m16 NRh@n11 NCl@n15 DRh@i14 NWl@p4 NLi@b4 DJa@c12 NJa@q10
  NRh@d5 DCB@l16 NJa@a13 NCh@a6""".split()


def totals_along(moves, options):
    g = engine.new_game("kutai", options=options)
    totals = []
    for move in moves:
        assert g.play(move) == move
        totals.append(g.total)
    return g, totals


def test_k7a_random_game_decided_on_best_totals():
    options = {"target": 60, "preference": "on", "sight": "queen", "exhaustion": "best"}
    g, totals = totals_along(K7A, options)
    assert len(K7A) == 58
    assert [totals[n - 1] for n in (10, 20, 30, 40, 50)] == [0, 0, 12, 22, 16]
    assert links(g) == ["i9-i7:2", "i7-l4:1", "l4-k3:1", "k3-h6:2", "h6-g5:3", "g5-g2:3", "i9-a9:1"]
    assert g.result() == {"outcome": "win", "winner": 1, "reason": "best_total", "total": 13, "best": [34, 31]}
    assert g.outcome == engine.Outcome((0,), (34, 31), "best_total")
    drawn = engine.replay("kutai", K7A, options={**options, "exhaustion": "draw"})
    assert drawn.result() == {"outcome": "draw", "winner": None, "reason": "exhausted", "total": 13,
                              "best": [34, 31]}
    assert drawn.outcome.winners == (0, 1)


def test_k7b_random_game_won_by_harmony_under_any_sight():
    options = {"target": 20, "preference": "off", "sight": "any", "exhaustion": "best"}
    g, totals = totals_along(K7B, options)
    assert totals == [0, 1, 2, 4, 6, 7, 8, 9, 11, 12, 14, 16, 17, 17, 18, 21]
    assert links(g) == ["i9-m6:1", "m6-p4:2", "i9-i14:1", "i9-n11:2", "n11-q10:2", "q10-n15:2", "i14-c12:2",
                        "c12-c8:2", "c8-b4:1", "b4-a6:2", "a6-d5:2", "p4-j1:1", "j1-a13:1"]
    assert g.result() == {"outcome": "win", "winner": 2, "reason": "harmony", "total": 21, "best": [18, 21]}
