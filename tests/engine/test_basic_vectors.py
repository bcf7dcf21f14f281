"""The worked examples B-1 .. B-10, B-12 and B-14 of basic.md (moves, abilities, scoring and the
notation), each exactly as the rules file states it; B-11, B-13, B-15, B-16 and the rules the
examples do not reach are in test_basic_rules.py."""
from __future__ import annotations

import re

import pytest

import engine
from engine.paisho.board import COLOURS, NAMES, mirror, name
from tests.helpers import refused


def load(text: str, **options) -> engine.Game:
    return engine.load("basic", text, options or None)


def moves_from(game, source: str) -> list[str]:
    """The plain moves (no ability) of the tile on ``source``, as destinations ('x' marks captures)."""
    out = []
    for move in game.legal_moves():
        m = re.fullmatch(r"([a-q]\d+)([-x])([a-q]\d+)", move)
        if m and m.group(1) == source:
            out.append(("x" if m.group(2) == "x" else "") + m.group(3))
    return sorted(out)


def harmonies(game) -> set[tuple[str, str, int, int]]:
    """(a, b, owner 1/2, value) of every harmony in the position."""
    return {(engine_name(h.a), engine_name(h.b), h.owner + 1, h.value) for h in game.garden().harmonies()}


def disharmonies(game) -> set[tuple[str, int, int]]:
    return {(engine_name(d.x), d.owner + 1, d.value) for d in game.garden().disharmonies()}


def engine_name(point) -> str:
    return name(point)


# ----- B-1 -------------------------------------------------------------------------------------------
def test_b1_board():
    c = {k: "+".join(sorted(COLOURS[NAMES[k]])) for k in ("i9", "e5", "f6", "k7", "g4", "j3", "i2")}
    assert c == {"i9": "red+white", "e5": "neutral", "f6": "red", "k7": "white", "g4": "neutral+red",
                 "j3": "neutral+white", "i2": "neutral+red+white"}
    assert {"a13", "b4"} <= set(NAMES) and not {"a14", "a4", "q1", "d1"} & set(NAMES)
    assert mirror(NAMES["g7"]) == NAMES["k11"] and mirror(NAMES["e5"]) == NAMES["m13"]
    game = load("P1: Ja m6")
    assert refused(game, "a14-a13") == "a14 is off the board"
    assert refused(game, "a9-b9") == "a9 is empty"  # the West port is an ordinary point
    for text, token in (("r3-r4", "r3"), ("e0-e1", "e0"), ("E05-e6", "e05"), ("q1-q2", "q1"), ("Ja@a18", "a18")):
        assert refused(game, text) == f"{token} is off the board"


# ----- B-2 -------------------------------------------------------------------------------------------
SPRING = ["Ro@k11", "Ja@k7", "Rh@l13", "Li@m6", "Ch@j12", "WJ@j5"]


def test_b2_coin_and_choice():
    game = engine.new_game("basic", seed=2)
    assert game.coin_winner == 0 and game.to_move == 0 and game.phase == "choose"
    assert engine.new_game("basic", seed=1).coin_winner == 1
    assert game.legal_moves() == ["choose move", "choose place"]
    assert refused(game, "Ja@k7") == "The coin winner must first send choose place or choose move"
    assert refused(game, "pass") == "The coin winner must first send choose place or choose move"
    assert refused(game, "choose later") == 'I can\'t read "choose later". Examples: Ja@i1, m6-m8, e12>cw3'
    assert game.play("Choose Move") == "choose move"
    assert game.to_move == 1 and game.phase == "spring"  # P2 places first; P1 will move first
    assert refused(game, "choose place") == "There is nothing to choose now"
    place_first = engine.new_game("basic", seed=2)
    place_first.play("choose place")
    assert place_first.to_move == 0


def test_b2_spring_turns_mirror_and_wake():
    game = engine.new_game("basic", seed=2)
    game.play("choose move")
    table = [(1, "Ro@k11", "g7", "k11"), (0, "Ja@k7", "k7", "g11"), (1, "Rh@l13", "f5", "l13"),
             (0, "Li@m6", "m6", "e12"), (1, "Ch@j12", "h6", "j12"), (0, "WJ@j5", "j5", "h13")]
    for seat, move, p1_at, p2_at in table:
        assert game.to_move == seat
        if move == "Ja@k7":  # the refusals at spring turn 2 (P1), each leaving the game unchanged
            assert refused(game, "Ja@i9") == "i9 is a port; spring flowers may not be placed on ports"
            assert refused(game, "Ja@g11") == "Spring flowers go on your own side (ranks 1-8)"
            assert refused(game, "Ro@e5") == "You already have your Rose spring flower"
            assert refused(game, "e5-e6") == "Place a spring flower (for example Ja@e1)"
            assert refused(game, "pass") == "Place a spring flower (for example Ja@e1)"
            assert refused(game, "Ch@g7") == "g7 is occupied"
            assert refused(game, "Kn@e5") == "Spring flowers are basic flowers: Ja, Li, WJ, Ro, Ch or Rh"
            assert game.legal_moves()[0] == "Ja@e1"
        if move == "Ro@k11":
            assert refused(game, "Ja@k11") == "Jasmine may not stand on a red point (k11)"
            assert refused(game, "Ro@g7") == "Spring flowers go on your own side (ranks 10-17)"
        assert move in game.legal_moves()
        assert game.play(move) == move
        code = move[:2]
        assert game.board[NAMES[p1_at]] == [0, code, True] and game.board[NAMES[p2_at]] == [1, code, True]
    assert game.phase == "main" and game.to_move == 0 and game.turn_no == [0, 0]
    assert game.describe_last_turn() == "P2's White Jade goes on h13; the spring flowers are placed"
    assert game.reserve[0]["Ja"] == 5 and game.reserve[1]["Kn"] == 3
    assert harmonies(game) == set() and game.record[0] == "choose move"
    # P1's 1st turn: the Chrysanthemum's two L destinations
    assert moves_from(game, "h6") == ["f4", "f8"]
    game.play("h6-f8")
    assert game.running == [0, 0] and not game.board[NAMES["f8"]][2]  # awake, but Rh f5 is dormant
    game.play("Ja@i17")
    assert moves_from(game, "f5") == sorted("a5 b5 c5 d5 e5 g5 h5 i5 f1 f2 f3 f4 f6 f7 f9".split())
    game.play("f5-f6")
    assert harmonies(game) == {("f6", "f8", 1, 1)} and game.running == [1, 0]


# ----- B-3 -------------------------------------------------------------------------------------------
B3 = "P1: Ja m6, Li m7, Ro g7, Bo c7\nP2: Ro m5, Li o6, Ja j7, Rh h5"


def test_b3_destinations():
    game = load(B3)
    assert moves_from(game, "m6") == sorted(["xm5", "l6", "k6", "j6", "n6", "m8", "m9"])
    assert moves_from(game, "m7") == ["k5", "k9", "o9"]
    assert moves_from(game, "g7") == sorted("g4 g5 g6 d7 e7 f7 h7 i7 g8 g9".split())
    boat = moves_from(game, "c7")
    assert len(boat) == 46 and {"h7", "c12", "b9"} <= set(boat) and "a9" not in boat
    assert not any(d.startswith("x") for d in boat)


@pytest.mark.parametrize("move, message", [
    ("m6-m4", "Jasmine cannot pass over the opponent's Rose on m5"),
    ("m6-p6", "Jasmine cannot pass over the opponent's Lily on o6"),
    ("m6xo6", "Jasmine cannot capture the Lily on o6"),
    ("m6-m10", "Jasmine can move at most 3 points"),
    ("m6-l7", "Jasmine moves in a straight line along a rank or file"),
    ("m6xn6", "There is nothing to capture on n6"),
    ("m6-m7", "m7 holds your own Lily"),
    ("g7xj7", "Rose may not stand on a white point (j7)"),
    ("g7-g10", "Rose may not stand on a white point (g10)"),
    ("m7-o5", "Lily has no clear L-shaped path to o5"),
    ("m7-m9", "Lily moves exactly 2 points one way and then 2 at a right angle"),
    ("c7-a9", "a9 is a port; no tile may move onto a port"),
    ("j7-j8", "The Jasmine on j7 is not yours"),
    ("e5-e6", "e5 is empty"),
    ("q1-q2", "q1 is off the board"),
])
def test_b3_refusals(move, message):
    assert refused(load(B3), move) == message


def test_b3_capture_written_with_x_and_harmonies():
    game = load(B3)
    assert harmonies(game) == {("m6", "m7", 1, 1)}
    assert game.suggest("m6-m5") == ["m6xm5"] and game.suggest("m6x") == ["m6xm5"]
    assert game.play("m6-m5") == "m6xm5"
    assert game.pot[1]["Ro"] == 1 and game.board[NAMES["m5"]][:2] == [0, "Ja"]


# ----- B-4 -------------------------------------------------------------------------------------------
def test_b4_placement_timing():
    first = load("turns: 0 0")
    for move in ("Ja@i1", "Ro@i17", "Li@a9", "Li@q9", "Ch@a9", "WJ@i9", "Rh@i9"):
        assert move in first.legal_moves()
    assert {m[:2] for m in first.legal_moves()} == {"Ja", "Li", "WJ", "Ro", "Ch", "Rh"}
    assert refused(first, "Kn@e6") == "Non-flower tiles may be placed from your 2nd turn on"
    assert refused(first, "WL@e4") == "Special flowers may be placed from your 4th turn on"
    assert refused(first, "Ja@i17") == "Jasmine enters only at your Home port (i1)"
    assert refused(first, "Rk@e5") == "Non-flower tiles may be placed from your 2nd turn on"
    assert refused(first, "Ro@i1") == "Rose enters only at your Foreign port (i17)"
    assert refused(first, "Li@i9") == "Lily enters only at the West or East port (a9, q9)"
    assert refused(first, "Rh@a9") == "Rhododendron enters only at the Mid port (i9)"
    second = load("turns: 1 0")
    legal = set(second.legal_moves())
    assert {"Kn@e6", "Wh@e6", "Bo@e6"} <= legal
    assert refused(second, "Kn@b8") == "Knotweed may not be placed within 1 point of a port"
    assert refused(second, "Wh@f6") == "Wheel must be placed on a point with some yellow"
    assert refused(second, "Bo@e5") == "Boat must be placed on a point with some red or white"
    assert refused(second, "Rk@i9") == "Tiles other than entering flowers may not be placed on a port"
    assert refused(second, "Kn@i9") == "Tiles other than entering flowers may not be placed on a port"
    fourth = load("turns: 3 3")
    assert {"WD@e12", "WL@e4"} <= set(fourth.legal_moves())
    assert refused(fourth, "WD@e5") == "White Dragon must be placed on the opponent's side (ranks 10-17)"
    assert refused(fourth, "WL@e12") == "White Lotus must be placed on your own side (ranks 1-8)"
    p2 = load("to move: P2")
    assert refused(p2, "WD@e12") == "White Dragon must be placed on the opponent's side (ranks 1-8)"
    assert refused(p2, "WL@e4") == "White Lotus must be placed on your own side (ranks 10-17)"
    assert refused(p2, "Ja@i1") == "Jasmine enters only at your Home port (i17)"
    assert refused(load("P2: Ro i1"), "Ja@i1") == "i1 is occupied"
    assert refused(load("reserve P1: Ja 0"), "Ja@i1") == "You have no Jasmine left to place"
    game = load("turns: 1 0")
    assert game.play("Kn@e6") == "Kn@e6" and game.board[NAMES["e6"]] == [0, "Kn", False]
    assert game.reserve[0]["Kn"] == 2 and game.to_move == 1


# ----- B-5 -------------------------------------------------------------------------------------------
B5 = "P1: Wh e12, Ro e13\nP2: Ja f12"


@pytest.mark.parametrize("move, rose, jasmine", [
    ("e12>cw1", "f13", "f11"), ("e12>cw5", "d11", "d13"), ("e12>cw6", "d12", "e13"), ("e12>cw7", "d13", "f13"),
])
def test_b5_wheel_rotations(move, rose, jasmine):
    game = load(B5)
    assert move in game.legal_moves()
    assert game.play(move) == move
    assert game.board[NAMES[rose]][:2] == [0, "Ro"] and game.board[NAMES[jasmine]][:2] == [1, "Ja"]


def test_b5_refusals_and_ccw():
    game = load(B5)
    assert refused(game, "e12>cw2") == "Rose may not stand on a white point (f12)"
    assert refused(game, "e12>cw3") == "Rose may not stand on a white point (f11)"
    assert refused(game, "e12>cw4") == "Rose may not stand on a white point (e11)"
    assert [m for m in game.legal_moves() if m.startswith("e12>")] == ["e12>cw1", "e12>cw5", "e12>cw6", "e12>cw7"]
    assert game.play("e12>ccw2") == "e12>cw6"
    jammed = load(B5 + ", Rk d11")
    for k in range(1, 8):
        assert refused(jammed, f"e12>cw{k}") == "The Rock on d11 jams the Wheel"


# ----- B-6 -------------------------------------------------------------------------------------------
B6 = "P1: Bo h5, Ja g4\nP2: Ro i5, Li i6, Rk g5, Ch h4"
B6_LAUNCH = "P1: Bo h5, Ja i4, Ro g4, Rh g6"


def test_b6_pushes():
    game = load(B6)
    game.play("h5>i5-j5")
    assert NAMES["i5"] not in game.board and NAMES["j5"] not in game.board
    assert game.describe_last_turn() == "1 flower went back to the reserve; score: P1 0, P2 0"
    assert game.reserve[1]["Ro"] == 6 and game.pot[1]["Ro"] == 0  # back to P2's reserve, not the Pot
    for move, at, tile in (("h5>i6-j7", "j7", [1, "Li"]), ("h5>h4-h3", "h3", [1, "Ch"]), ("h5>g4-f3", "f3", [0, "Ja"])):
        game = load(B6)
        assert move in game.legal_moves() and game.play(move) == move
        assert game.board[NAMES[at]][:2] == tile
    game = load(B6)
    assert refused(game, "h5>g5-f5") == "Rock cannot be moved"
    assert refused(game, "h5>g6-f7") == "g6 is empty"
    assert refused(game, "h5>i5-k5") == "A push moves the tile exactly 1 point further from the Boat"


@pytest.mark.parametrize("move, result", [
    ("h5>g4-g7,h5>i4-i7", {"g7": "Ro", "i7": "Ja"}),
    ("h5>g4-h4,h5>i4-j4", {"h4": "Ro", "j4": "Ja"}),
    ("h5>i4-k4", {"k4": "Ja", "g4": "Ro"}),
    ("h5>g4-j4", {"i4": "Ja"}),
    ("h5-h6,h6>g6-f6", {"h6": "Bo", "f6": "Rh"}),
])
def test_b6_launches(move, result):
    game = load(B6_LAUNCH)
    assert move in game.legal_moves() and game.play(move) == move
    for point, code in result.items():
        assert game.board[NAMES[point]][:2] == [0, code]
    if move == "h5>g4-j4":  # j4 is white-only: the Rose goes back to P1's reserve
        assert NAMES["g4"] not in game.board and NAMES["j4"] not in game.board
        assert game.reserve[0]["Ro"] == 6


@pytest.mark.parametrize("move, message", [
    ("h5>g6-g8", "White Jade and Rhododendron cannot use the Boat"),
    ("h5>g4-g6,h5>i4-i5", "A launch must move all tiles the same distance in the same direction"),
    ("h5-h6,h6>g6-g7", "The Boat has moved this turn; it can only push"),
    ("h5-h6,h6>i4-i7", "i4 is not next to the Boat"),
    ("h5>g4-g7,h5>g4-g7", "A launch names each tile only once"),
    ("h5>g4-g10,h5>i4-i10", "A launch must move all tiles the same distance in the same direction"),
    ("h5>g4-f5", "A launch must move all tiles the same distance in the same direction"),
])
def test_b6_launch_refusals(move, message):
    assert refused(load(B6_LAUNCH), move) == message


def test_b6_at_most_three_tiles():
    game = load("P1: Bo h5, Ja i4, Ro g4, Ch h4, Li i5")
    assert refused(game, "h5>g4-g7,h5>i4-i7,h5>h4-h7,h5>i5-i8") == "A Boat can launch at most 3 tiles"
    assert game.play("h5>i4-i7,h5>g4-g7,h5>h4-h7") == "h5>g4-g7,h5>h4-h7,h5>i4-i7"


def test_b6_launch_of_opponent_tiles_and_occupied_destinations():
    game = load("P1: Bo h5, Ja i4, Ro g4\nP2: Li i6, Ch g8")
    assert refused(game, "h5>g4-g7,h5>i6-i9") == "You can only launch your own tiles"
    assert refused(game, "h5>g4-g8") == "g8 is occupied"
    assert refused(game, "h5>g4-g6,h5>i4-i6") == "i6 is occupied"
    # a destination vacated by another launched tile is free
    chain = load("P1: Bo h5, Ja i4, Ja i6")
    assert chain.play("h5>i6-i8,h5>i4-i6") == "h5>i4-i6,h5>i6-i8"
    assert chain.board[NAMES["i6"]][1] == "Ja" and chain.board[NAMES["i8"]][1] == "Ja"


# ----- B-7 -------------------------------------------------------------------------------------------
B7 = "P1: Kn e6, Ja d5, Rh c7, Rk f12, WJ e12, Li f15, Li b12\nP2: Ro f7"


def test_b7_knotweed_drains():
    game = load(B7)
    garden = game.garden()
    assert {engine_name(q) for q in garden.drained} == {"f7", "d5"}
    assert refused(game, "d5-d6") == "The Jasmine on d5 is drained and cannot move"
    assert refused(game, "e6-e7") == "Knotweed cannot move"
    assert refused(game, "f12-f13") == "Rock cannot move"
    assert moves_from(game, "c7") == sorted("a7 b7 c3 c4 c5 c6 c8 c9 c10 c11 c12 d7 e7 xf7".split())
    assert game.play("c7xf7") == "c7xf7" and game.pot[1]["Ro"] == 1


def test_b7_rock_copies_and_disharmony_without_the_tile():
    game = load(B7)
    assert game.garden().copies[NAMES["f12"]] == "WJ"
    assert harmonies(game) == {("f12", "f15", 1, 1), ("b12", "e12", 1, 1)}
    beside = load(B7 + ", Ch e13")
    assert beside.garden().copies[NAMES["f12"]] is None
    assert harmonies(beside) == {("b12", "e12", 1, 1)} and disharmonies(beside) == set()
    between = load(B7 + ", Ch f13")
    assert harmonies(between) == {("b12", "e12", 1, 1)}
    assert disharmonies(between) == {("f13", 2, 1)}


# ----- B-8 -------------------------------------------------------------------------------------------
def test_b8_scoring_ticks():
    game = load("P1: Rh g6, Ja k6, Li k8\nP2: Ro i4, Ch n12, Ro n14\nto move: P2\nrunning: 10 10")
    assert harmonies(game) == {("g6", "k6", 1, 2), ("k6", "k8", 1, 1), ("n12", "n14", 2, 1)}
    assert moves_from(game, "i4") == sorted("f4 g4 h4 i2 i3 i5 i6 i7 k4 l4".split())
    game.play("i4-i6")
    assert disharmonies(game) == {("i6", 2, 2)} and game.running == [8, 11]
    assert game.describe_last_turn() == "P2 +1 from harmonies, P1 -2 from a disharmony; score: P1 8, P2 11"
    assert game.play("k6-i6") == "k6xi6"
    assert game.pot[1]["Ro"] == 1 and game.garden().blooming == (True, False)
    assert game.describe_last_turn() == "P1 captured a Rose; P1 +1 from harmonies; score: P1 9, P2 11"
    assert harmonies(game) == {("g6", "i6", 1, 1), ("n12", "n14", 2, 1)} and game.running == [9, 11]
    game.play("Ja@i17")
    assert game.running == [9, 12]
    assert game.describe_last_turn() == "P2 +1 from harmonies; score: P1 9, P2 12"


# ----- B-9 -------------------------------------------------------------------------------------------
RING = "P1: Rh g7, Ja k7, Rh k11, Ja g11"


def tick(game, seat=0) -> int:
    garden = game.garden()
    return sum(h.value for h in garden.harmonies() if h.owner == seat)


def test_b9_ring_ends_the_game():
    game = load(RING)
    assert tick(game) == 8 and game.garden().ring(0) is not None
    assert len(harmonies(game)) == 4 and {h[3] for h in harmonies(game)} == {2}
    made = load("P1: Rh g7, Ja k6, Rh k11, Ja g11\nrunning: 3 5")
    made.play("k6-k7")
    assert made.outcome is not None and made.outcome.reason == "ring"
    result = made.result()
    assert result["reason"] == "ring" and result["pot_winner"] == 1 and made.running == [11, 5]
    assert made.describe_last_turn() == "P1 +8 from harmonies; score: P1 11, P2 5; P1 wins the pot"
    assert set(made.garden().ring(0)) == {NAMES[q] for q in ("g7", "k7", "k11", "g11")}


@pytest.mark.parametrize("added, ring, p2_disharmony", [
    ("Ro i7", False, 2), ("Bo i7", True, 0), ("Li i7", False, 0), ("Ro g9", False, 2),
])
def test_b9_variations(added, ring, p2_disharmony):
    game = load(f"{RING}\nP2: {added}")
    garden = game.garden()
    assert (garden.ring(0) is not None) == ring
    assert sum(d.value for d in garden.disharmonies() if d.owner == 1) == p2_disharmony


def test_b9_more_rings():
    square = load("P1: Ja k7, Li m7, Ja m5, Li k5")
    assert len(harmonies(square)) == 4 and square.garden().ring(0) is None
    centre = load("P1: Ja e9, Li m9, Ja m13, Li e13")
    assert tick(centre) == 4 and len(harmonies(centre)) == 4 and centre.garden().ring(0) is None
    ring = load("P1: Rh e8, Ja m8, Rh m13, Ja e13")
    assert tick(ring) == 5 and ring.garden().ring(0) is not None
    assert ("e8", "m8", 1, 2) in harmonies(ring)
    blocked = load("P1: Ja e9, Li m9, Ja m13, Li e13\nP2: WJ i9")
    assert tick(blocked) == 3 and disharmonies(blocked) == set()


# ----- B-10 ------------------------------------------------------------------------------------------
def test_b10_blooming_lotus():
    game = load("P1: WL e4, Ro e6\nP2: Ja m4, Li m6\npot P2: Ja")
    assert game.garden().blooming == (True, False)
    assert harmonies(game) == {("e4", "m4", 1, 1), ("e4", "e6", 1, 1), ("m4", "m6", 2, 1)}
    even = load("P1: WL e4, Ro e6\nP2: Ja m4, Li m6\npot P2: Ja\npot P1: Ja")
    assert even.garden().blooming == (False, False)
    assert harmonies(even) == {("m4", "m6", 2, 1)}


# ----- B-12 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("position, text, canonical", [
    ("", "ja @ I1", "Ja@i1"),
    (B3, "M6-M5", "m6xm5"),
    (B5, "e12>CCW2", "e12>cw6"),
    (B6_LAUNCH, "h5>i4-i7, h5>g4-g7", "h5>g4-g7,h5>i4-i7"),
])
def test_b12_canonical_strings(position, text, canonical):
    assert load(position).play(text) == canonical


def test_b12_parse_errors():
    game = load(B5)
    for text in ("e12>cw0", "e12>cw8", "e12 > CW8"):
        assert refused(game, text) == f'I can\'t read "{text}". Examples: Ja@i1, m6-m8, e12>cw3'
    assert engine.new_game("basic", seed=2).play("Choose Move") == "choose move"


# ----- B-14 ------------------------------------------------------------------------------------------
LOTUS = "P1: WL e4\nP2: Ja e5, Ro f4"


@pytest.mark.parametrize("position, move, message", [
    (LOTUS, "e4-f5", "White Lotus has no clear path to f5"),
    (LOTUS, "e4-e6", "White Lotus has no clear path to e6"),
    (LOTUS, "e4-e7", "White Lotus can move at most 2 points"),
    ("P1: Ja m6", "m6-m6", "Jasmine must move at least 1 point"),
    ("P1: Ja m6", "m6>cw1", "Jasmine has no ability"),
    ("P1: Ja m6", "m6-m8,m8>cw1", "Jasmine has no ability"),
    ("P1: Ja m6", "m6-m8,m9>cw1", "The ability must be used by the tile that just moved (m8)"),
    ("P1: Wh e12, Ro e13, Kn d12", "e12>cw1", "The Wheel on e12 is drained and cannot use its ability"),
    ("P1: Wh e12\nP2: Bo e14", "e12xe14,e14>cw1", "The Wheel was removed by the capture and cannot use its ability"),
    ("P1: Bo h5, Bo h6, Ja i4, Ro g4", "h5>g4-g7,h6>i4-i7", "All parts of a launch must start from the same Boat (h5)"),
    ("P1: Wh e2, Ja e1", "e2>cw1", "Jasmine would leave the board"),
    ("P1: Wh h8, Ro h9", "h8>cw1", "Rose would land on the port i9"),
    ("P1: Wh e12\nP2: Ja f12", "e12>h5-i5", "A Wheel can only rotate (for example e12>cw3)"),
    ("P1: Bo h5, Ja g4", "h5>cw1", "A Boat can only push or launch (for example h5>i5-j5)"),
    (B6_LAUNCH, "h5>g4-g7,h5>g4-g7", "A launch names each tile only once"),
    ("P1: Wh e12", "e12>cw1", "Wheel has nothing to rotate"),
    ("P1: Ja m6", "e12>cw1", "e12 is empty"),
    ("P1: Ja m6\nP2: Wh e12, Ro e13", "e12>cw1", "The Wheel on e12 is not yours"),
    ("P1: Bo h5\nP2: Ro i5, Ja j5", "h5>i5-j5", "j5 is occupied"),
    ("P1: Bo g9\nP2: Ja h9", "g9>h9-i9", "i9 is a port; no tile may move onto a port"),
    ("P1: Bo m6\nP2: Ja m5", "m6-m7", None),
])
def test_b14_more_refusals(position, move, message):
    game = load(position)
    if message is None:
        assert game.play(move) == move
    else:
        assert refused(game, move) == message


def test_b14_legal_forms():
    for move in ("e4-d5", "e4xe5"):
        assert move in load(LOTUS).legal_moves() and load(LOTUS).play(move) == move
    game = load("P1: Wh e12\nP2: Bo e14")
    assert game.play("e12-e14") == "e12xe14"
    assert NAMES["e12"] not in game.board and NAMES["e14"] not in game.board
    assert game.pot[0]["Wh"] == 1 and game.pot[1]["Bo"] == 1
    home = load("P1: Wh h2, Ja i1")
    assert home.play("h2>cw1") == "h2>cw1" and home.board[NAMES["h1"]][1] == "Ja"


def test_a_rotation_wakes_a_dormant_flower_and_it_then_harmonises():
    game = load("P1: Wh j5, Ja k6 dormant, Li k8")
    assert harmonies(game) == set()
    game.play("j5>cw1")  # the Jasmine turns from NE (k6) to E (k5) and wakes
    assert game.board[NAMES["k5"]] == [0, "Ja", False]
    assert harmonies(game) == {("k5", "k8", 1, 1)} and game.running == [1, 0]
