"""Every Quaterno test vector of quaterno.md A8: [T-Q1] .. [T-Q11]."""
from __future__ import annotations

import pytest

import engine
from tests.engine.examples import POS_A, POS_E, T_Q8
from tests.helpers import refused

START = "1:Su@f5,Mo@e6;2:Su@f7,Mo@g6;turn:1;used:"
POS_B = ("1:Su@e5,Mo@d7,An@c1,St@d1,Fa@h2,Co@k6,So@i10;2:Su@f7,Mo@g6,An@a3,St@a5,Fa@b11,Co@k9,So@j11;"
         "turn:11;used:")
POS_C = ("1:Su@e5,Mo@c3,Fa@c1,An@h1,St@k5,Co@k3,So@i2;2:Su@g7,Mo@h8,Fa@a4,An@a9,St@e10,Co@d11,So@b10;"
         "turn:12;used:")
POS_D = ("1:Su@e5,Mo@d7,Fa@d4,An@c1,St@h1,Co@k6,So@j2;2:Su@g5,Mo@e7,Fa@e8,An@a3,St@a9,Co@b11,So@h11;"
         "turn:11;used:So=1,Co=2")
POS_G = "1:Su@a1,St@b1,Mo@b3,So@c1,Fa@c2,An@c4,Co@d3;2:Su@a2,Mo@b2,An@b4,So@c3,Fa@d1,St@d2,Co@d4;turn:11;used:"


def from_square(game, sq: str) -> set[str]:
    return {m for m in game.legal_moves() if m.startswith(sq) and m[len(sq)] in "->"}


def squares(text: str) -> list[str]:
    return text.split()


# ----- [T-Q1] ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("move, message", [
    ("Fa@f6", "f6 is the centre square; tiles must be placed at least 4 away from it."),
    ("Fa@e4", "e4 is 2 away from the centre f6; tiles must be placed at least 4 away."),
    ("Fa@d3", "d3 is 3 away from the centre f6; tiles must be placed at least 4 away."),
    ("Fa@b2", "b2 lies on a main diagonal; tiles may not be placed there."),
    ("Fa@a1", "a1 lies on a main diagonal; tiles may not be placed there."),
    ("Su@c1", "The Sun starts on the board and is never placed."),
    ("Mo@k5", "The Moon starts on the board and is never placed."),
    ("Fa@l1", "l1 is off the board."),
    ("Fa@f7", "f7 is occupied."),
    ("Xx@c1", "'Xx' is not a Quaterno tile. Codes: Su Mo Fa An St Co So."),
    ("e6-e9", "It is the placement phase: place a tile, e.g. Fa@c1."),
    ("f5>g6-g5", "It is the placement phase: place a tile, e.g. Fa@c1."),
    ("pass", "You have legal moves; pass is allowed only when you have none."),
])
def test_q1_placement_refusals(move, message):
    assert refused(engine.load("quaterno", START), move) == message


def test_q1_placement_counts_and_quarter_control():
    g = engine.load("quaterno", START)
    assert g.to_dict()["position"] == engine.new_game("quaterno").position()
    assert len(g.legal_moves()) == 320 == len(set(g.legal_moves()))
    assert g.play("So@k4") == "So@k4"
    assert len(g.legal_moves()) == 240
    assert refused(g, "Fa@j4") == "The east quarter is controlled by your opponent."
    for move in ("So@d11", "Fa@d11", "So@c2"):
        assert move in g.legal_moves()
    g.play("So@d11")
    assert len(g.legal_moves()) == 188
    assert refused(g, "So@c1") == "Your Soldier is already on the board."
    assert refused(g, "Co@c11") == "The north quarter is controlled by your opponent."
    assert "Co@k7" in g.legal_moves()
    assert engine.new_game("quaterno").play("anchor@C1") == "An@c1"


# ----- [T-Q2] ----------------------------------------------------------------------------------------
def test_q2_legal_moves_per_tile():
    g = engine.load("quaterno", POS_A)
    assert len(g.legal_moves()) == 265 == len(set(g.legal_moves()))
    counts = {sq: len(from_square(g, sq)) for sq in ("f5", "e6", "g4", "f1", "c5", "h7", "b9")}
    assert counts == {"f5": 102, "e6": 32, "g4": 26, "f1": 26, "c5": 30, "h7": 26, "b9": 23}
    orbit = from_square(g, "f5")
    assert {m[-2:] for m in orbit if m.startswith("f5>f7-")} == set(squares(
        "d3 e3 f3 g3 h3 d4 h4 d5 h5 d6 h6 d7 e7 g7"))
    assert {m[-2:] for m in orbit if m.startswith("f5>g6-")} == set(squares("e4 f4 e5 g5 f6"))
    assert len([m for m in orbit if m.startswith("f5>f1-")]) == 29
    assert len([m for m in orbit if m.startswith("f5>i5-")]) == len([m for m in orbit if m.startswith("f5>c5-")]) == 22
    moon = {m[3:] for m in from_square(g, "e6")}
    assert moon == set(squares("e7 e8 e9 e10 e11 g8 h9 i10 j11 f6 h6 i6 j6 k6 h3 i2 j1 e5 e4 e3 e2 e1 "
                               "d5 c4 b3 a2 d6 c6 b6 a6 d7 c8"))
    assert {"g4>g6", "g4>f5"} <= from_square(g, "g4")
    assert {m for m in from_square(g, "f1") if ">" in m} == {"f1>f5-f2", "f1>f5-f3", "f1>f5-f4"}
    assert {m for m in from_square(g, "c5") if ">" in m} == {"c5>f5-g5", "c5>f5-h5"}
    assert {m for m in from_square(g, "h7") if ">" in m} == {"h7>g6-i8", "h7>f7-i7", "h7>f7-j7", "h7>f7-k7"}


@pytest.mark.parametrize("move, message", [
    ("f5-f6", "The Sun cannot move."),
    ("c5-f5", "f5 is occupied."),
    ("c5-g5", "The path from c5 to g5 is blocked at f5."),
    ("c5-d7", "c5-d7 is not a straight line (orthogonal or diagonal)."),
    ("c5-c5", "A tile must move to a different square."),
    ("d4-d5", "d4 is empty."),
    ("a10-a11", "The Fan on a10 is not yours."),
    ("e6xe9", "There are no captures in Quaterno: write e6-e9."),
    ("e6-e12", "e12 is off the board."),
    ("Fa@c1", "The placement phase is over: move a tile or use an action."),
    ("pass", "You have legal moves; pass is allowed only when you have none."),
    ("e6>f5", "The Moon has no action."),
    ("b9>b8", "The Soldier has no action."),
    ("c5>f5", "Push needs a destination: write c5>f5-<square>."),
    ("c5>f5-e5", "Push moves the target straight away from the Stick: e5 is not beyond f5 on the line from c5."),
    ("c5>f5-i5", "i5 is occupied."),
    ("c5>f5-j5", "The path from f5 to j5 is blocked at i5."),
    ("c5>d7-d8", "d7 is empty."),
    ("f1>f5-f6", "Draw Near moves the target toward the Anchor: f6 is not between f5 and f1."),
    ("f1>f5-f1", "Draw Near moves the target toward the Anchor: f1 is not between f5 and f1."),
    ("h7>f7-g7", "Place Behind puts the target on the far side of the Compass: g7 is not beyond h7 on the line from f7."),
    ("h7>j9-g6", "g6 is occupied."),
    ("g4>e6", "The Fan on g4 cannot reach e6: f5 is in the way."),
    ("g4>g6-g7", "Swap always sends the target to g4: write g4>g6."),
    ("f5>i5-i5", "Orbit must move the target to another square."),
    ("f5>g6-h6", "h6 is 2 away from the Sun on f5; Orbit keeps the distance 1."),
    ("f5>f7-f6", "f6 is 1 away from the Sun on f5; Orbit keeps the distance 2."),
    ("zz", "I can't read 'zz'. Moves look like Fa@c1, e6-e9, c5>f5-g5, g4>g6 or pass."),
])
def test_q2_refusals(move, message):
    assert refused(engine.load("quaterno", POS_A), move) == message


def test_q2_canonical_forms_and_effects():
    g = engine.load("quaterno", POS_A)
    assert g.copy().play("C5 > F5 - G5") == "c5>f5-g5"
    assert g.copy().play("g4>g6-g4") == "g4>g6"
    pushed = g.copy()
    pushed.play("c5>f5-g5")
    assert pushed.board[(6, 4)] == (0, "Su") and pushed.axis(0) is None and pushed.scores == (0, 0)
    swapped = g.copy()
    swapped.play("g4>g6")
    assert swapped.board[(6, 5)] == (0, "Fa") and swapped.board[(6, 3)] == (1, "Mo")
    orbited = g.copy()
    orbited.play("f5>f7-d7")
    assert orbited.board[(3, 6)] == (1, "Su") and orbited.scores == (0, 0)


# ----- [T-Q3] ----------------------------------------------------------------------------------------
def test_q3_seize():
    g = engine.load("quaterno", POS_E)
    assert len(g.legal_moves()) == 91
    for sq in ("e6", "c6", "d5", "d7"):
        assert from_square(g, sq) == set()
    assert refused(g, "e6-e9") == "Your Moon on e6 is seized by the Soldier on d6 and cannot move."
    assert refused(g, "d5>f5") == "Your Fan on d5 is seized by the Soldier on d6 and cannot act."
    assert refused(g, "c6>d6-e6") == "Your Stick on c6 is seized by the Soldier on d6 and cannot act."
    assert refused(g, "d7-d8") == "Your Soldier on d7 is seized by the Soldier on d6 and cannot move."
    assert {"f5>e6-e5", "f5>d5-d3", "d1>d5-d3"} <= set(g.legal_moves())
    anchor = from_square(g, "d1")
    assert {m for m in anchor if ">" in m} == (
        {f"d1>d5-d{r}" for r in (2, 3, 4)} | {f"d1>k1-{f}1" for f in "efghij"} | {"d1>a1-c1", "d1>a1-b1"})
    assert len([m for m in anchor if "-" in m and ">" not in m]) == 21
    compass = from_square(g, "k1")
    assert len(compass) == 23 and not any(">" in m for m in compass)
    g.play("d1>d5-d3")
    assert len(g.legal_moves()) == 191 and from_square(g, "d6") == set()
    assert refused(g, "d6-d5") == "Your Soldier on d6 is seized by the Soldier on d7 and cannot move."
    assert g.seizer((3, 2)) is None  # the Fan on d3 is free


# ----- [T-Q4] [T-Q5] ---------------------------------------------------------------------------------
def test_q4_figure_then_a_figure_made_by_the_opponents_move():
    g = engine.load("quaterno", POS_B)
    assert len(g.legal_moves()) == 219
    assert len(from_square(g, "d7")) == 34
    g.play("d7-d4")
    assert g.axis(0) == "D1" and g.figure_log == [(11, 1, "An", "D1")] and g.scores == (1, 0)
    assert g.outcome is None
    g.play("a5-a4")
    assert g.figure_log == [(11, 1, "An", "D1"), (12, 1, "St", "D1")]
    assert g.outcome == engine.Outcome((0,), (2, 0), "figures")
    assert g.result() == {"type": "win", "winner": 1, "reason": "figures"}


def test_q5_a_used_kind_never_scores_again():
    g = engine.load("quaterno", POS_B)
    for move in ("d7-d4", "b11-b10", "c1-c2", "b10-b11", "c2-c1"):
        g.play(move)
    assert g.figure_log == [(11, 1, "An", "D1")] and g.scores == (1, 0) and g.outcome is None


# ----- [T-Q6] [T-Q7] ---------------------------------------------------------------------------------
def test_q6_same_axis_the_mover_takes_the_kind():
    g = engine.load("quaterno", POS_C)
    assert g.axis(0) == g.axis(1) == "D1" and g.to_move == 1
    assert len(g.legal_moves()) == 211
    g.play("a4-a3")
    assert g.figure_log == [(12, 2, "Fa", "D1")] and g.scores == (0, 1)


def test_q7_both_reach_two_the_mover_wins():
    g = engine.load("quaterno", POS_D)
    assert g.scores == (1, 1) and g.axis(1) == "D2" and g.axis(0) is None
    assert len(g.legal_moves()) == 230
    assert {m for m in from_square(g, "d4") if ">" in m} == {"d4>d7", "d4>e5"}
    g.play("d4>d7")
    assert sorted(g.figure_log) == [(11, 1, "An", "D1"), (11, 2, "Fa", "D2")]
    assert g.scores == (2, 2) and g.outcome.winners == (0,) and g.outcome.reason == "figures"


# ----- [T-Q8] ----------------------------------------------------------------------------------------
FINAL_Q8 = ("1:Su@e5,Mo@f6,Fa@h1,An@c5,St@d1,Co@k7,So@k4;2:Su@f7,Mo@g6,Fa@a5,An@a7,St@a9,Co@g11,So@d11;"
            "turn:16;used:Co=1,So=1")


def test_q8_a_complete_game():
    g = engine.new_game("quaterno")
    for turn, (move, legal) in enumerate(T_Q8, start=1):
        assert len(g.legal_moves()) == legal, turn
        assert g.play(move) == move
        assert (g.outcome is None) == (turn < 15)
    assert g.figure_log == [(15, 1, "Co", "D1"), (15, 1, "So", "D1")]
    assert g.result() == {"type": "win", "winner": 1, "reason": "figures"}
    assert g.position() == FINAL_Q8
    assert g.record == [m for m, _ in T_Q8]


# ----- [T-Q9] ----------------------------------------------------------------------------------------
def test_q9_no_legal_move_pass():
    g = engine.load("quaterno", POS_G)
    assert g.legal_moves() == ["pass"]
    assert refused(g, "a1>a2-b2") == "b2 is occupied."
    assert refused(g, "b1-a3") == "b1-a3 is not a straight line (orthogonal or diagonal)."
    assert refused(g, "b3-b9") == "Your Moon on b3 is seized by the Soldier on c3 and cannot move."
    assert refused(g, "c1-d2") == "d2 is occupied."
    assert refused(g, "b1>c2-d3") == "d3 is occupied."
    assert g.play("pass") == "pass"
    assert len(g.legal_moves()) == 106 and g.outcome is None


def test_q9_two_passes_in_a_row_end_the_game():
    g = engine.load("quaterno", POS_G)
    g.play("pass")
    g._legal = ["pass"]  # pretend Player 2 is stuck too (no real position gets here quickly)
    g.play("pass")
    assert g.outcome.reason == "deadlock" and g.outcome.winners == (0, 1)


# ----- [T-Q10] [T-Q11] -------------------------------------------------------------------------------
def test_q10_threefold_repetition():
    for exhaustion in ("draw", "figures"):
        g = engine.replay("quaterno", [m for m, _ in T_Q8[:10]], options={"exhaustion": exhaustion})
        shuffle = ["c1-c2", "a9-a10", "c2-c1", "a10-a9"] * 2
        for i, move in enumerate(shuffle, start=11):
            g.play(move)
            assert (g.outcome is None) == (i < 18)
        assert g.result() == {"type": "draw", "winner": None, "reason": "repetition"}


def cycle_moves(g, cycles, until_turn: int) -> None:
    """Play each player's cycle of moves in turn until the game ends or ``until_turn`` is played."""
    done = [0, 0]
    while g.turn <= until_turn and g.outcome is None:
        p = g.mover
        g.play(cycles[p][done[p] % len(cycles[p])])
        done[p] += 1


# cycles of 8 and 6 moves: a joint position recurs only after 48 turns, so never three times by turn 60
P1_CYCLE = ["h1-i1", "i1-j1", "j1-j2", "j2-j3", "j3-i3", "i3-h3", "h3-h2", "h2-h1"]
P2_CYCLE = ["a5-b5", "b5-c5", "c5-c6", "c6-b6", "b6-a6", "a6-a5"]


def test_q11_move_limit():
    g = engine.replay("quaterno", [m for m, _ in T_Q8[:10]], options={"move_limit": 50})
    cycle_moves(g, (P1_CYCLE, P2_CYCLE), 100)
    assert g.turn == 61 and g.figure_log == []
    assert g.result() == {"type": "draw", "winner": None, "reason": "move_limit"}


def test_q11_move_limit_with_figures_decides():
    g = engine.load("quaterno", POS_B, {"move_limit": 50, "exhaustion": "figures"})
    g.play("d7-d4")  # Anchor figure for Player 1 (turn 11)
    p1 = ["h2-h3", "h3-h4", "h4-h5", "h5-h6", "h6-i6", "i6-i5", "i5-i4", "i4-i3", "i3-h2"]
    p2 = ["b11-b10", "b10-c10", "c10-c11", "c11-b11"]
    cycle_moves(g, (p1, p2), 100)
    assert g.figure_log == [(11, 1, "An", "D1")]
    assert g.turn == 61 and g.result() == {"type": "win", "winner": 1, "reason": "move_limit"}
