"""Every worked example of ancient.md (A-1 .. A-9) and the flower relations of 3.1."""
from __future__ import annotations

import re
from collections import Counter

import pytest

import engine
from engine.ancient.harmony import harmony_count
from engine.ancient.tiles import relation
from tests.engine.examples import A3, A4, A5
from tests.helpers import refused

A8 = """choose second, draw,discard Ja, draw,discard WL, Kn@m1, Wh@m11, Wh@h10>cw1, Ja@i8, Rh@f9,
Ja@d9,i8-i9, Ch@i2,f9-f7, draw, Ch@d11, Li@i13,i13-i11, draw, draw, Ch@c10,c10-e9, Rh@i10, draw, Ja@g6,
draw, Rh@n7,n7-n8, draw, draw, Bo@i10-l16,h9-f9, draw, Ja@j14,d11-e11, draw, draw, draw, draw, Rh@i6"""
A8_COUNTS = [0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 5]
A9 = """choose second, Li@c8,c8-d7, draw,discard Ro, draw, WD@d5,i9-m9, Bo@d7-f8,f8-e6,
Ja@j15,d5-c5, Rk@c4,e6xc5, draw, Rh@i3, Ro@j9, Li@i15, Li@g5, Ja@m12,i3-i8, WJ@o10,j15-j13,
draw, Li@e7,e7-f5, Li@h4, draw, draw, Ja@p9, draw, draw, Bo@p9-g3,i15-g16, WJ@l9,g3-d3, draw,
draw, Ja@k11, Rh@m7, draw, draw, draw, draw, Wh@f15>cw5,e15-d15, Li@m11"""
A9_COUNTS = [int(n) for n in "0 0 0 0 0 0 0 0 0 0 1 2 2 2 1 1 1 1 1 1 1 1 1 2 1 1 1 1 1 1 1 1 1 2 5".split()]


def entries(text: str) -> list[str]:
    """Split a record written with ', ' between entries (a turn's own parts use ',' with no space)."""
    return [e.strip() for e in re.split(r",\s+", text.replace("\n", " ")) if e.strip()]


def with_tiles(position: str, extra: str) -> int:
    g = engine.load("ancient", position.replace("P2: ", f"P2: {extra}, ") if extra else position)
    return harmony_count(g.board)


def test_flower_relations():
    assert {relation(a, b) for a, b in (("Ja", "Ro"), ("Li", "Ch"), ("WJ", "Rh"))} == {"D"}
    assert {relation(a, b) for a, b in (("Li", "Ja"), ("Li", "WJ"), ("Ch", "Ro"), ("Ch", "Rh"),
                                        ("Ja", "Rh"), ("Ro", "WJ"))} == {"H"}
    assert {relation(a, b) for a, b in (("Ja", "Ja"), ("Ja", "WJ"), ("Li", "Ro"), ("Rh", "Ro"))} == {""}


# ----- A-1 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed, p1, p2, discarded, chooser, pile1, pile2", [
    (1, "WL Wh Rh Ja Rk", "Wh Ro Ja Ro WL", ["Bo"], 1, "Ro Rh Wh Rh Bo", "Li Kn Rk Bo Ch"),
    (2, "Ro Wh Ro WJ Ch", "Bo Li WL Ro Ja", [], 0, "Rh WL Ro Ch Bo", "Bo Rh Ro Ro WD"),
])
def test_a1_deal(seed, p1, p2, discarded, chooser, pile1, pile2):
    g = engine.new_game("ancient", seed=seed)
    assert Counter(g.hands[0]) == Counter(p1.split()) and Counter(g.hands[1]) == Counter(p2.split())
    assert [c for _, c in g.discards] == discarded
    assert g.board == {(8, 8): [0, "Rh", False]}
    assert g.chooser == chooser and g.to_move == chooser
    assert g.piles[0][:5] == pile1.split() and g.piles[1][:5] == pile2.split()
    if seed == 1:
        assert (len(g.piles[0]), len(g.piles[1])) == (47, 49)
    assert g.legal_moves() == ["choose first", "choose second"]
    assert refused(g, "draw") == "First choose the play order: choose first or choose second"


# ----- A-2 -----------------------------------------------------------------------------------------
def test_a2_draw_and_discard():
    g = engine.new_game("ancient", seed=1)
    assert g.play("choose second") == "choose second" and g.to_move == 0 and g.turns == 0
    assert Counter(g.hands[0]) == Counter("WL Wh Rh Ja Rk".split())
    assert g.play("draw") == "draw"
    assert g.private_note(0) == "You drew a Rose. Your hand (6/5): Ja Ro Rh Wh Rk WL"
    assert refused(g, "Ja@i5") == "Discard a tile first (your hand holds 6; the limit is 5)"
    assert refused(g, "discard Ch") == "You have no Chrysanthemum in your hand"
    assert sorted(g.legal_moves()) == sorted(f"discard {c}" for c in ("Ja", "Ro", "Rh", "Wh", "Rk", "WL"))
    assert g.play("discard Wh") == "draw,discard Wh"
    assert g.record == ["choose second", "draw,discard Wh"] and g.turns == 1 and g.to_move == 1
    assert refused(g, "discard Ja") == "You discard only after a draw that overfills your hand"
    again = engine.replay("ancient", g.record, seed=1)
    assert again.position() == g.position()


# ----- A-3 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("extra, count", [
    ("", 2), ("WL i13", 1), ("WL i13, Rk o9", 0), ("Bo g9", 2), ("Li g9", 1), ("WL i13, WL i15", 2),
    ("Ch i13", 3), ("WJ i13", 2)])
def test_a3_counting(extra, count):
    assert with_tiles(A3, extra) == count


def test_a3_a_knotweed_drains_the_centerpiece():
    g = engine.load("ancient", A3 + "; P1 hand: Kn")
    g.play("Kn@h8")
    assert g.board[(8, 8)][2] is True and g.count == 1


# ----- A-4 -----------------------------------------------------------------------------------------
def test_a4_moves_after_a_placement():
    g = engine.load("ancient", A4)
    assert g.count == 3
    legal = g.legal_moves()
    assert len(legal) == 11_099 == len(set(legal))
    after = [m[len("Rk@q13,"):] for m in legal if m.startswith("Rk@q13,")]
    assert "Rk@q13" in legal and len(after) == 45
    assert {m for m in after if m.startswith("i5")} == {
        "i5-f5", "i5-g5", "i5-h5", "i5-i2", "i5-i3", "i5-i4", "i5-i6", "i5xi7", "i5-j5"}
    lily = "i3 i4 i6 xi7 j3 j4 j5 j6 j7 k3 k4 k6 k7 l3 l4 l5 l6 l7 m3 m4 m5 m6 m7".split()
    assert {m[2:] for m in after if m.startswith("k5")} == {d if d[0] == "x" else "-" + d for d in lily}
    assert len([m for m in after if m.startswith("k5")]) == 23
    assert {m[2:] for m in after if m.startswith("i9")} == set(
        "-i10 -i11 -i12 -i13 -i14 -j9 -k9 -l9 -h9 -g9 -f9 -i8 xi7".split())


def test_a4_the_dragon_and_refusals():
    g = engine.load("ancient", A4.replace("to_move: P1", "to_move: P2").replace("P1 hand: Rk", "P2 hand: Rk"))
    dragon = {m.split(",")[1][3:] for m in g.legal_moves() if m.startswith("Rk@q13,i7")}
    assert dragon == {"i6", "i8", "h7", "j7", "i13", "i1", "c7", "o7"}
    g = engine.load("ancient", A4)
    assert refused(g, "Rk@q13,m9-m6") == "The Rose on m9 is not yours"
    assert refused(g, "Rk@q13,i5-i9") == "Jasmine can move at most 3 points"
    assert refused(g, "Rk@q13,i5-k5") == "k5 is occupied"
    assert refused(g, "Rk@q13,k5-k9") == "Lily moves at most 2 points each way, turning once"
    assert refused(g, "Rk@q13,q13-q12") == "The Coin cannot move"
    assert refused(g, "m9-m6") == "A move comes after a placement: write T@loc,from-to"
    assert refused(g, "Rk@q13,i5xi4") == "There is nothing to capture on i4"
    assert g.play("Rk@q13,i5-i7") == "Rk@q13,i5xi7" and (8, 6) in g.board and g.board[(8, 6)][1] == "Ja"


# ----- A-5 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("k, count", [(1, 2), (2, 2), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1)])
def test_a5_wheel_rotations(k, count):
    g = engine.load("ancient", A5)
    g.play(f"Wh@j10>cw{k}")
    assert g.count == count


def test_a5_placement_effects_and_refusals():
    g = engine.load("ancient", A5)
    ship = g.copy()
    assert ship.play("Bo@m9-m5") == "Bo@m9-m5"
    assert ship.board[(12, 8)][1] == "Bo" and ship.board[(12, 4)] == [1, "Ro", False] and ship.count == 2
    assert g.copy().play("Sh@m9-m5") == "Bo@m9-m5"
    still = g.copy()
    still.play("Wh@j10")
    assert still.count == 2
    drained = g.copy()
    drained.play("Kn@h8")
    assert drained.count == 1
    for move, message in [
        ("Ja@e5", "Jasmine (a white flower) must be placed on a point with some red (e5)"),
        ("Ro@g5", "Rose (a red flower) must be placed on a point with some white (g5)"),
        ("Bo@e5-e6", "The Ship must be placed on a tile (e5 is empty)"),
        ("Ja@i9", "i9 is occupied"),
        ("Ja@e5-e7", "Only the Ship is written with a destination (Ja@e5-e7)"),
        ("Ja@e5>cw3", "Only the Wheel is written with a rotation (Ja@e5>cw3)"),
        ("Bo@m9", "The Ship moves a tile: write Bo@<the tile's point>-<an empty point>"),
        ("Wh@q13>cw1", "The Wheel has nothing to rotate"),
        ("Bo@m9-e9", "e9 is occupied"),
        ("Ch@i13", "You have no Chrysanthemum in your hand"),
        ("Ja@q1", "q1 is off the board"),
    ]:
        assert refused(g, move) == message, move
    assert g.copy().play("Wh@j10>ccw2") == "Wh@j10>cw6"


def test_a5_jams_and_leaving_the_board():
    g = engine.load("ancient", "to_move: P1; P1: Rh i9, Ja i5, Kn h8; P2: Ro m9, Ch e9, Rk d11; drained: i9; "
                               "P1 hand: Wh Bo")
    assert g.count == 1
    assert refused(g, "Wh@i10>cw1") == "The drained tile on i9 jams the Wheel"
    assert refused(g, "Bo@i9-a9") == "The Ship cannot move a drained tile"
    assert refused(g, "Wh@c10>cw1") == "The Coin on d11 jams the Wheel"
    lone = engine.load("ancient", "to_move: P1; P2: Ro o15; P1 hand: Wh")
    assert refused(lone, "Wh@o14>cw1") == "Rose would leave the board"
    lone.play("Wh@o14>cw7")
    assert lone.board[(13, 14)][1] == "Ro"


# ----- A-6 -----------------------------------------------------------------------------------------
def test_a6_winning_exactly():
    position = A3 + "; P1 hand: Ch Rh WJ"
    g = engine.load("ancient", position, {"target": 3})
    assert "Ch@i13" in g.legal_moves() and not any(m.startswith("Ch@i13,") for m in g.legal_moves())
    assert "Rh@k7,k7-k5" in g.legal_moves()
    for move, recorded in [("Ch@i13", "Ch@i13"), ("Ch@i13,i5-i6", "Ch@i13"), ("Ch@i13,i5-i9", "Ch@i13"),
                           ("Rh@k7,k7-k5", "Rh@k7,k7-k5")]:
        game = engine.load("ancient", position, {"target": 3})
        assert game.play(move) == recorded
        assert game.result() == {"outcome": "win", "winner": 1, "reason": "exact_target", "count": 3}
    game = engine.load("ancient", position, {"target": 3})
    game.play("WJ@i13")
    assert game.outcome is None and game.count == 2


# ----- A-7 -----------------------------------------------------------------------------------------
def test_a7_pass_and_two_passes():
    g = engine.load("ancient", "to_move: P1; P1: Rh i9")
    assert g.legal_moves() == ["pass"]
    g.play("pass")
    assert g.legal_moves() == ["pass"] and g.outcome is None
    g.play("pass")
    assert g.result() == {"outcome": "draw", "winner": None, "reason": "passes", "count": 0}
    g = engine.load("ancient", "to_move: P1; P1: Rh i9; P1 pile: Ja")
    assert refused(g, "pass") == "You can still draw or place; you cannot pass"
    g.play("draw")
    assert refused(g, "draw") == "Your draw pile is empty"
    assert g.legal_moves() == ["pass"]


# ----- A-8, A-9 ------------------------------------------------------------------------------------
def test_a8_a_complete_random_game():
    g = engine.new_game("ancient", seed=286)
    assert Counter(g.hands[0]) == Counter("Ch Rh Ch Wh Kn".split())
    assert Counter(g.hands[1]) == Counter("Ja Ja Wh Ja WL".split())
    assert g.board == {(8, 8): [0, "Ja", False]} and g.discards == [] and g.chooser == 1
    moves = entries(A8)
    for move, count in zip(moves, A8_COUNTS):  # a record: draw,discard may name the drawn tile
        g.apply_record_entry(move)
        assert g.record[-1] == move and g.count == count, move
    assert g.result() == {"outcome": "win", "winner": 2, "reason": "exact_target", "count": 5}
    assert g.turns == 30 and g.record == moves
    assert g.discards == [(0, "Ja"), (1, "WL")]
    assert Counter(g.hands[0]) == Counter("Li WJ Rh".split()) and Counter(g.hands[1]) == Counter("WJ Rk WL".split())
    assert (len(g.piles[0]), len(g.piles[1])) == (41, 42)


def test_a9_another_random_game():
    g = engine.new_game("ancient", seed=150)
    assert Counter(g.hands[0]) == Counter("Ja WD WJ Li Ro".split())
    assert Counter(g.hands[1]) == Counter("Li Ja Bo Rh Li".split())
    assert g.board[(8, 8)][1] == "WJ" and g.chooser == 0
    moves = entries(A9)
    for move, count in zip(moves, A9_COUNTS):
        assert g.play(move) == move
        assert g.count == count, move
    assert g.result() == {"outcome": "win", "winner": 1, "reason": "exact_target", "count": 5}
    assert g.turns == 34


@pytest.mark.parametrize("position", [
    "P1: Rh i9, Ja i9",                          # a point named twice
    "P1: Rk i9; drained: i9",                    # only flowers are drained
    "P1 hand: Ja Ja Ja Ja Ja Ja",                # a hand over hand_size
    "P1: Kn a9, Kn b9; P1 hand: Kn Kn",          # four Knotweeds
    "P1: Rh r9",
    "to_move: P3",
])
def test_rejected_positions(position):
    with pytest.raises(ValueError):
        engine.load("ancient", position)


def test_after_the_end_a_wheel_turn_is_not_read_as_a_point():
    game = engine.load("ancient", A3 + "; P1 hand: Wh")
    game.play("resign")
    assert refused(game, "Wh@j10>cw3") == "The game is over"
    assert refused(game, "Wh@j10>CCW3") == "The game is over"
    assert refused(game, "Wh@r10>cw3") == "r10 is off the board"
    assert refused(game, "Ja@i5,i5xq1") == "q1 is off the board"
