"""Every worked example of iroh.md (I-1 .. I-6), the terrain and square counts of 2.2."""
from __future__ import annotations

import pytest

import engine
from engine.iroh import harmonies, winning_set
from engine.iroh.rules import SQUARES
from engine.iroh.tiles import on_terrain
from engine.paisho.board import POINTS, name
from tests.engine.examples import I3, I5
from tests.helpers import refused

I6 = """Rk@p12 Kn@e5 g15-e13 Kn@c12 Rk@p11 i3-i4 h16-g16 Rk@o3 Kn@m7 Kn@k12
Kn@h3 Rk@p8 Kn@i13 i2-g2 k15-m13 g3-d3 a9-c9 d3-e2 m13-l14 j2-m2
e13-h13 j3-j5 h13-k13 e2-f4 l14-l17 f4-e7 l17-k17 i4-i5 i15-i14 h2-h1""".split()
I2 = "to_move: P2; P1: Fi g5, Ai h5, Wa i7, WL i3; P2: Fi i5"
I3_RESULT = {"outcome": "win", "winner": 1, "reason": "four_midlines",
             "harmonies": [["g7", "k7", "S"], ["k7", "k11", "E"], ["e13", "m13", "N"], ["c7", "c11", "W"]]}


def destinations(game, src: str) -> set[str]:
    return {m.split("-")[1] if "-" in m else m.split("x")[1] for m in game.legal_moves()
            if m.startswith(src) and m[len(src)] in "-x"}


def test_terrain_and_square_counts():
    assert sum(on_terrain("Fi", p) for p in POINTS) == 75
    assert sum(on_terrain("Wa", p) for p in POINTS) == 71
    assert sum(on_terrain("Ea", p) for p in POINTS) == 164
    assert len(SQUARES) == 216
    assert engine.load("iroh", "P1: ; P2:").legal_moves()[-1] == "proclaim"


# ----- I-1 -----------------------------------------------------------------------------------------
I1_P2 = {
    "a9": "b9 c9 d9", "j15": "j12 j13 j14", "h15": "h13 h14", "i15": "i13 i14", "h16": "e16 f16 g16 h17",
    "j16": "k16 l16 m16 j17", "i16": "i11 i12 i13 i14 d16 e16 f16 g16 k16 l16 m16 n16 i17",
    "g15": "g11 f12 g12 h12 e13 f13 g13 h13 i13 d14 e14 f14 g14 h14 i14 j14 c15 d15 e15 f15 d16 e16 f16 "
           "g16 e17 f17 g17 h17 i17",
    "k15": "k11 j12 k12 l12 i13 j13 k13 l13 m13 h14 i14 j14 k14 l14 m14 n14 l15 m15 n15 o15 k16 l16 m16 "
           "n16 i17 j17 k17 l17 m17",
}


def test_i1_opening_moves_of_the_guest():
    g = engine.new_game("iroh")
    assert g.to_move == 1
    legal = g.legal_moves()
    assert len(legal) == 537 == len(set(legal))
    assert sum(1 for m in legal if m.startswith("Rk@")) == 231
    assert sum(1 for m in legal if m.startswith("Kn@")) == 216
    assert not any(m[:3] in ("Fi@", "Wa@", "Ea@", "Ai@") for m in legal)  # the home point is taken
    for src, dests in I1_P2.items():
        assert destinations(g, src) == set(dests.split()), src
    assert sum(len(destinations(g, src)) for src in I1_P2) == 89
    assert destinations(engine.new_game("iroh", options={"fire_range": 2}), "j15") == {"j13", "j14"}


def test_i1_the_hosts_moves_are_the_half_turn_images():
    g = engine.load("iroh", engine.new_game("iroh").position().replace("to_move: P2", "to_move: P1"))
    for src, dests in {"h3": "h4 h5 h6", "q9": "n9 o9 p9", "i3": "i4 i5", "j3": "j4 j5", "h2": "e2 f2 g2 h1",
                       "j2": "j1 k2 l2 m2", "i2": "i4 i5 i6 i7 d2 e2 f2 g2 k2 l2 m2 n2 i1"}.items():
        assert destinations(g, src) == set(dests.split()), src


@pytest.mark.parametrize("move, message", [
    ("a9-a10", "Fire moves only on red points (a10)"),
    ("j15-k15", "Fire moves only on red points (k15)"),
    ("j15-j11", "Fire can move at most 3 points"),
    ("h16-h14", "Earth cannot pass over the tile on h15"),
    ("i16-i10", "White Lotus can move at most 5 points"),
    ("h15-i15", "i15 is occupied"),
    ("h15-g15", "Water moves only on white points (g15)"),
    ("Fi@i16", "i16 is occupied"),
    ("Fi@i15", "Pieces are brought in only at your home point (i16)"),
    ("Rk@i2", "Rocks may not be placed on a home point"),
    ("h3-h4", "The Fire on h3 is not yours"),
    ("j15-i14", "Fire moves in a straight line along a rank or file"),
    ("i8-i7", "i8 is empty"),
    ("r3-r4", "r3 is off the board"),
    ("WL@i2", 'I can\'t read "WL@i2". Examples: h3-h6, Fi@i2, Kn@j6, proclaim'),
    ("pass", 'I can\'t read "pass". Examples: h3-h6, Fi@i2, Kn@j6, proclaim'),
])
def test_i1_refusals_for_the_guest(move, message):
    assert refused(engine.new_game("iroh"), move) == message


# ----- I-2 -----------------------------------------------------------------------------------------
def test_i2_captures():
    g = engine.load("iroh", I2)
    assert {m for m in g.legal_moves() if m.startswith("i5")} == {"i5-i4", "i5-i6", "i5xi7"}
    assert refused(g, "i5xh5") == "Air cannot be captured"
    assert refused(g, "i5xi3") == "White Lotus cannot be captured"
    assert refused(g, "i5-i2") == "Fire cannot pass over the tile on i3"
    assert refused(g, "i5-j5") == "Fire moves only on red points (j5)"
    g = engine.load("iroh", I2.replace("Ai h5, ", ""))
    assert {m for m in g.legal_moves() if m.startswith("i5")} == {"i5-h5", "i5xg5", "i5-i4", "i5-i6", "i5xi7"}
    assert refused(g, "i5xh5") == "There is nothing to capture on h5"
    assert g.play("i5-i7") == "i5xi7"
    assert g.board[(8, 6)] == (1, "Fi") and not any(code == "Wa" for _, code in g.board.values())


def test_capture_and_air_messages():
    g = engine.load("iroh", "to_move: P1; P1: Ai e5, WL g5, Ea e7, Fi h5; P2: Ai e6, Ea g7, Wa f9")
    assert refused(g, "e5-e6") == "Air cannot capture"
    assert refused(g, "e5xe6") == "Air cannot capture"
    assert refused(g, "g5-g7") == "White Lotus cannot capture"
    assert refused(g, "e5-m9") == "Air has no free path of at most 4 steps to m9"
    assert refused(g, "e7xe6") == "Air cannot be captured"
    assert refused(g, "h5-k5") == "Fire moves only on red points (j5)"  # the passed point j5 is judged first


# ----- I-3 -----------------------------------------------------------------------------------------
def test_i3_a_winning_set_and_the_proclamation():
    g = engine.load("iroh", I3)
    found = harmonies(g.board, g.knotweeds, 0)
    pairs = {arm: [f"{name(a)}-{name(b)}" for a, b in found[arm]] for arm in found}
    assert pairs == {"S": ["g7-k7"], "E": ["k7-k11"], "N": ["c11-k11", "e13-m13"], "W": ["c7-c11"]}
    assert winning_set(g.board, g.knotweeds, 1) is None
    assert g.play("proclaim") == "proclaim"
    assert g.result() == I3_RESULT and g.turns == 1


def test_i3_an_air_instead_of_the_water_has_no_set():
    g = engine.load("iroh", I3.replace("Wa k7", "Ai k7"))
    g.play("proclaim")
    assert g.outcome is None and g.describe_last_turn() == "No harmony across all four midlines - the turn is over"
    assert g.to_move == 1 and g.turns == 1


I3_BEFORE = I3.replace("Wa k7", "Wa k5").replace("to_move: P1", "to_move: P1")


@pytest.mark.parametrize("reply, wins", [("i5-i7", False), ("Rk@j7", False), ("Rk@i13", True),
                                         ("Kn@j6", False), ("o4-o7", True)])
def test_i3_the_opponent_gets_one_turn_to_answer(reply, wins):
    g = engine.load("iroh", I3_BEFORE)
    found = harmonies(g.board, g.knotweeds, 0)
    assert [f"{name(a)}-{name(b)}" for a, b in found["E"]] == ["k5-k11"] and found["S"] == []
    g.play("k5-k7")
    assert g.outcome is None  # completing the set does not win by itself
    g.play(reply)
    g.play("proclaim")
    if wins:
        assert g.result() == I3_RESULT
    else:
        assert g.outcome is None and g.describe_last_turn().startswith("No harmony")


def test_i3_auto_proclaim_ends_the_game_when_the_turn_starts():
    g = engine.load("iroh", I3_BEFORE, {"auto_proclaim": True})
    g.play("k5-k7")
    assert g.outcome is None
    g.play("o4-o7")
    assert g.result() == I3_RESULT and g.record == ["k5-k7", "o4-o7"] and g.turns == 2
    again = engine.from_dict(g.to_dict())
    assert again.result() == I3_RESULT


def test_i3_an_earth_harmony_with_an_opponents_rock():
    g = engine.load("iroh", I3.replace("Ea c11, ", "") + ", Rk c11")
    found = harmonies(g.board, g.knotweeds, 0)
    assert [f"{name(a)}-{name(b)}" for a, b in found["W"]] == ["c7-c11"]
    assert winning_set(g.board, g.knotweeds, 0) is not None


# ----- I-4 -----------------------------------------------------------------------------------------
def test_i4_knotweed_meets_fire_and_lotus():
    g = engine.load("iroh", "to_move: P2; P1: Fi g7, Wa k7, WL i7; P2: Ea o4")
    assert g.play("Kn@g6") == "Kn@g6"
    assert g.knotweeds == set() and g.reserve[1]["Kn"] == 2 and g.to_move == 0
    assert g.describe_last_turn() == "The Knotweed is destroyed at once"
    g.play("i7-i8")
    assert refused(g, "Kn@q9") == "There is no square with lower-left corner q9"
    g.play("Kn@j6")
    assert g.knotweeds == {(9, 5)} and g.locked((10, 6))
    assert refused(g, "Kn@j6") == "Square j6 already has a Knotweed"
    assert refused(g, "k7-k8") == "The Water on k7 is held by a Knotweed and cannot move"
    g.play("i8-i7")
    g.play("o4-o5")
    g.play("i7-j7")  # the Lotus ends on a corner: the Knotweed is destroyed
    assert g.knotweeds == set() and not g.locked((10, 6))


def test_knotweeds_run_out():
    g = engine.load("iroh", "to_move: P1; P1: Ea e5; P2: Ea o4; P1 reserve: Kn 0")
    assert refused(g, "Kn@j6") == "You have no Knotweed left to place"


# ----- I-5, I-6 ------------------------------------------------------------------------------------
I5_FINAL = ("P1: Ea f2, Ea k2, Fi h3, Wa j3, Wa k5, Ai i6, WL e10, Fi o10, Ai k13; P2: Rk i5, Rk q8, Fi a9, "
            "Ai a10, Wa h14, Ai m14, WL f15, Fi j15, Ea h16, Wa i16, Ea j16; knotweeds: h5 a11 l13; "
            "P2 reserve: Fi 2, Wa 2, Ea 2, Ai 2, Rk 0, Kn 0")


def test_i5_a_complete_game_won_by_proclaiming():
    g = engine.new_game("iroh")
    for turn, move in enumerate(I5, start=1):
        assert move in g.legal_moves(), (turn, move)
        assert g.play(move) == move
        if turn == 9:
            assert g.locked((8, 4))  # Kn@h5 locks P2's own Rock on i5
        if turn == 18:
            assert g.locked((8, 5))  # P1's Air walked onto i6
        if turn == 22:
            assert g.outcome is None and g.describe_last_turn().startswith("No harmony")
    assert g.result() == {"outcome": "win", "winner": 1, "reason": "four_midlines",
                          "harmonies": [["h3", "j3", "S"], ["k5", "k13", "E"], ["e10", "o10", "N"],
                                        ["f2", "f15", "W"]]}
    assert g.turns == 56
    final = engine.load("iroh", I5_FINAL)
    assert final.board == g.board and final.knotweeds == g.knotweeds and final.reserve == g.reserve


def test_i6_a_random_game_drawn_by_the_turn_limit():
    g = engine.replay("iroh", I6, options={"max_turns": 30})
    assert g.result() == {"outcome": "draw", "winner": None, "reason": "turn_limit"} and g.turns == 30
    assert {name(k) for k in g.knotweeds} == {"e5", "m7", "c12", "k12", "i13"}
    assert g.locked((8, 13))  # P2's Water on i14
    p1 = harmonies(g.board, g.knotweeds, 0)
    p2 = harmonies(g.board, g.knotweeds, 1)
    assert {arm: [f"{name(a)}-{name(b)}" for a, b in hs] for arm, hs in p1.items() if hs} == {"S": ["g2-m2", "h3-k3"]}
    assert {arm: [f"{name(a)}-{name(b)}" for a, b in hs] for arm, hs in p2.items() if hs} == {
        "N": ["h15-j15"], "W": ["g2-g16"]}
    with pytest.raises(engine.IllegalMove, match="^The game is over$"):
        g.play("proclaim")


@pytest.mark.parametrize("position", [
    "P1: Fi g7, Wa g7; P2:",                     # a point named twice
    "P1: Fi r7; P2:",                            # a point that does not exist
    "P1: Kn g7; P2:",                            # a Knotweed among the pieces
    "P1: Fi g7; P2:; knotweeds: g6",             # a Knotweed square with a Fire on a corner
    "P1: Fi g7; P2:; knotweeds: q9",             # a square that does not exist
    "P1: WL g7, WL h7; P2:",                     # two Lotuses
    "P1: Fi g7; P2:; P1 reserve: Fi 4",          # five Fires
    "to_move: P3; P1:; P2:",
])
def test_rejected_positions(position):
    with pytest.raises(ValueError):
        engine.load("iroh", position)


def test_position_defaults_for_reserves():
    g = engine.load("iroh", "P1: Fi g7, Fi h3, Fi q9; P2:")
    assert g.reserve[0] == {"Fi": 1, "Wa": 2, "Ea": 2, "Ai": 2, "Rk": 2, "Kn": 3} and g.to_move == 0
