"""The worked examples B-11, B-13, B-15 and B-16 of basic.md (the final count, passing, whole
games), each exactly as the rules file states it, and the rules the worked examples do not reach
(the other examples: test_basic_vectors.py)."""
from __future__ import annotations

import pytest

import engine
from engine.paisho.board import NAMES
from tests.helpers import refused


def load(text: str, **options) -> engine.Game:
    return engine.load("basic", text, options or None)


# ----- B-11 ------------------------------------------------------------------------------------------
B11 = """P1: WL e4, Ja e5, Ro h6, Li j9, Kn e13
P2: Ja g11, Li e12, WJ h13, Ro k11, Ch j12, Rh l13
running: 61 48
pot P1: Ja Li
pot P2: Ja Li WJ"""


def test_b11_final_count():
    game = load(B11)
    p1, p2 = game.final_count(None)
    assert (p1["protected"], p1["dead"], p1["pot"], p1["final"]) == (2, 3, 3, 63)
    assert (p2["protected"], p2["dead"], p2["pot"], p2["final"]) == (0, 6, 2, 44)
    p1, p2 = load(B11, pot_points=10).final_count(1)
    assert (p1["final"], p2["final"], p2["pot_bonus"]) == (63, 54, 10)


# ----- B-13 ------------------------------------------------------------------------------------------
NOTHING = "Li 0, WJ 0, Ro 0, Ch 0, Rh 0, Kn 0, Wh 0, Rk 0, Bo 0, WD 0, WL 0"


def test_b13_passes():
    game = load(f"P1: Ro i17, Kn h2\nP2: Ro i1, Kn h16\nreserve P1: Ja 4, {NOTHING}\nreserve P2: Ja 4, {NOTHING}")
    assert game.legal_moves() == ["pass"]
    assert refused(game, "i17-i16") == "The Rose on i17 is drained and cannot move"
    game.play("pass")
    assert game.outcome is None and game.to_move == 1
    game.play("pass")
    result = game.result()
    assert result["outcome"] == "draw" and result["winner"] is None and result["reason"] == "passes"
    assert result["pot_winner"] is None and [row["final"] for row in result["players"]] == [-2, -2]


def test_b13_flowers():
    game = load("P1: Ja m6\nP2: Ro m5\nrunning: 5 7\nreserve P2: Ja 3, Li 0, WJ 0, Ro 0, Ch 0, Rh 0")
    assert game.play("m6xm5") == "m6xm5"
    result = game.result()
    assert result["reason"] == "flowers" and result["pot_winner"] == 1
    assert [row["final"] for row in result["players"]] == [5, 7] and result["winner"] == 2


def test_pass_with_a_legal_move_is_refused():
    assert refused(load("P1: Ja m6"), "pass") == "You have a legal move; you cannot pass"


# ----- B-15, B-16 -----------------------------------------------------------------------------------
B15 = """choose move ; Ch@f13 ; Ja@d4 ; Ro@c10 ; Rh@i4 ; WJ@q10 ; Li@j2 ; j2-l4 ; f13-d15 ; d4-d2
  ; q10-q12 ; i4-n4 ; Kn@h3 ; WD@g10 ; WL@i10 ; WD@j13 ; c10-c13 ; Rk@b7 ; Bo@i4 ; Kn@p5 ;
  Kn@d10 ; Bo@i13 ; i14-j14 ; Bo@h11 ; c13-c10 ; h11-h13 ; q12-m12 ; Wh@b8 ; n14-k14 ; WL@j2 ;
  Kn@p4 ; b8-b11,b11>cw4 ; Rk@e2 ; i13>h13-h11,i13>j13-j11 ; m12-i12 ; Wh@b9 ; WL@g16 ;
  i13xg16,g16>h16-i16 ; WL@k11 ; Rk@p7 ; Wh@d7 ; j11-j7 ; d15-f17 ; Rk@d15 ; d7-i7,i7>cw2"""
B15_RUNNING = """0/0 0/0 0/0 0/0 0/0 0/0 0/0 0/0 0/0 0/0 0/0 0/0 0/0
  0/0 0/0 0/0 0/0 0/0 0/0 0/0 0/0 0/1 0/1 0/2 0/2 0/4 0/4 0/6 0/6 0/8 0/8 0/11 1/11 1/14 1/14
  1/17 1/17 1/20"""
B16 = """choose move ; Ch@i8 ; Ro@j11 ; WJ@i4 ; Rh@g14 ; Li@o7 ; Ja@b13 ; b13-b11 ; k4-p4 ;
  j11-i11 ; Rk@g15 ; Bo@f7 ; p5-p7 ; i14-l14 ; h7xf7 ; l14-l15 ; Bo@j7 ; WD@c3 ;
  j7-j11,j11>i10-h9 ; WL@m16 ; j11>i11-h11 ; Bo@l8 ; Bo@d11 ; l8-o6,o6>p7-q8 ;
  d11-b10,b10>c11-d12 ; o6-q5 ; j11-j15 ; c3-c7 ; b10-c13,c13>d12-e11 ; q5-n6,n6>o7-p8 ; Rk@h15
  ; Kn@n16 ; j15-m15 ; n6-l3 ; c13-a12 ; Kn@e2 ; i4-f4 ; resign"""
B16_RUNNING = """0/0 0/0 0/0 0/0 0/0 1/0 1/0 2/0 2/0 3/0 3/0 4/0 4/0
  5/0 5/0 6/0 6/0 6/0 6/0 6/0 6/0 6/0 6/1 7/1 7/2 8/2 8/3 9/3 9/4 10/4"""


def record(text: str) -> list[str]:
    return [m.strip() for m in text.replace("\n", " ").split(";")]


def play_out(moves: list[str], seed: int, options: dict) -> tuple[engine.Game, list[str]]:
    game = engine.new_game("basic", seed=seed, options=options)
    running = []
    for move in moves:
        canonical = game.play(move)
        assert canonical == move or move == "resign"  # the record writes who resigned: resign 2
        if game.phase == "main" and game.main_turns > len(running):
            running.append(f"{game.running[0]}/{game.running[1]}")
    return game, running


def test_b15_random_game_ending_by_target():
    options = {"target_points": 20, "max_turns": 60, "pot_points": 0}
    game, running = play_out(record(B15), 2949, options)
    assert game.coin_winner == 0 and running == B15_RUNNING.split()
    assert game.result() == {
        "outcome": "win", "winner": 2, "reason": "target", "pot_winner": None, "players": [
            {"running": 1, "pot": 1, "protected": 2, "dead": 15, "pot_bonus": 0, "final": -11},
            {"running": 20, "pot": 0, "protected": 5, "dead": 9, "pot_bonus": 0, "final": 16}]}
    assert game.outcome.winners == (1,) and game.outcome.scores == (-11, 16)
    again = engine.replay("basic", game.record, seed=2949, options=options)
    assert again.result() == game.result() and again.position() == game.position()


def test_b16_random_game_ending_by_resignation():
    options = {"target_points": 60, "max_turns": 200, "pot_points": 5}
    game, running = play_out(record(B16), 21, options)
    assert game.coin_winner == 1 and running == B16_RUNNING.split()
    assert game.record[-1] == "resign 2"
    assert game.result() == {
        "outcome": "win", "winner": 1, "reason": "resign", "pot_winner": 1, "players": [
            {"running": 10, "pot": 1, "protected": 0, "dead": 9, "pot_bonus": 5, "final": 7},
            {"running": 4, "pot": 1, "protected": 1, "dead": 9, "pot_bonus": 0, "final": -3}]}
    assert refused(game, "i4-f4") == "The game is over"
    assert refused(game, "r3-r4") == "r3 is off the board"


# ----- rules the worked examples do not reach ------------------------------------------------------
def test_dragon_lotus_and_boat_reach_and_captures():
    game = load("P1: WD e12, Bo h5\nP2: Li e13, Ja e14, Ro h7, Ch g5")
    assert refused(game, "e12-e19") == "e19 is off the board"
    assert refused(load("P1: WD e4"), "e4-e11") == "White Dragon can move at most 6 points"
    assert refused(game, "e12-f13") == "White Dragon moves in a straight line along a rank or file"
    assert "e12xe14" in game.legal_moves()  # passes over the Lily and captures a Jasmine
    assert refused(game, "h5-h11") == "Boat can move at most 5 points"
    assert "h5-h8" in game.legal_moves()  # passes over the opponent's Rose
    assert refused(game, "h5xg5") == "Boat cannot capture the Chrysanthemum on g5"
    lotus = load("P1: WL e4\nP2: Li e5, Ch d4, WD f4")
    assert {"e4xe5", "e4xd4", "e4xf4"} <= set(lotus.legal_moves())  # a Lotus captures anything
    dragon_target = load("P1: Ja m6\nP2: WD m7")
    assert dragon_target.play("m6xm7") == "m6xm7" and dragon_target.pot[1]["WD"] == 1


def test_mutual_removal_also_for_a_dragon_and_a_drained_non_flower():
    game = load("P1: WD e12\nP2: Rk e14, Kn f15")
    assert game.play("e12xe14") == "e12xe14"
    assert game.pot[0]["WD"] == 1 and game.pot[1]["Rk"] == 1 and NAMES["e14"] not in game.board
    assert game.describe_last_turn().startswith("P1 captured a Rock; the White Dragon went to the Pot too")


def test_turn_limit_and_no_target():
    game = load("P1: Ja m6\nmain turns: 199")
    game.play("m6-m7")
    assert game.outcome.reason == "turn_limit" and game.result()["pot_winner"] is None
    rich = load("P1: Rh g6, Ja k6\nrunning: 100 0", target_points=0)
    rich.play("Ja@i1")
    assert rich.outcome is None and rich.running == [102, 0]
    capped = load("P1: Rh g6, Ja k6\nrunning: 58 0", target_points=60)
    capped.play("Ja@i1")
    assert capped.outcome.reason == "target" and capped.outcome.winners == (0,)


def test_options_are_checked():
    with pytest.raises(ValueError, match="^Unknown option 'target' for Basic Pai Sho. Options: target_points, "
                                         "max_turns, pot_points.$"):
        engine.new_game("basic", options={"target": 5})
    with pytest.raises(ValueError, match="^The option max_turns must be a whole number from 1 to 10000, not '0'.$"):
        engine.new_game("basic", options={"max_turns": 0})
    game = engine.new_game("basic", options={"target_points": "30", "pot_points": "5"})
    assert game.options == {"target_points": 30, "max_turns": 200, "pot_points": 5}


@pytest.mark.parametrize("position, message", [
    ("P1: Ja k11", "Jasmine may not stand on a red point (k11)."),
    ("P1: Kn i9", "Only basic flowers stand on ports (i9)."),
    ("P1: Kn e6 dormant", "Only basic flowers can be dormant (e6)."),
    ("P1: Ja e5, Ja e5", "e5 is named twice."),
    ("P1: Zz e5", "'Zz' is not a Basic Pai Sho tile."),
    ("P1: Ja r5", "r5 is off the board."),
    ("pot P1: Kn Kn Kn Kn", "P1 has more than 3 Knotweed tiles."),
    ("to move: P3", "to move must name P1 or P2."),
    ("turns: 3", "'turns' needs two whole numbers, P1's then P2's."),
    ("colour: red", "Unexpected 'colour: red' in the position."),
])
def test_test_positions_refuse_what_cannot_stand(position, message):
    with pytest.raises(ValueError) as err:
        load(position)
    assert str(err.value) == message
