"""Every worked example of rules/pauso.md ([T-P1]..[T-P11]) with exact events, scores and messages."""
from __future__ import annotations

import pytest

import engine
from engine.pauso import LayoutError, parse_layout
from tests.engine.examples import T_P8, T_P11

DEFAULTS = "; seats: P,A; next: P; supply: P=6,A=6"


def pos(board: str) -> engine.Game:
    return engine.load("pauso", f"board: {board}{DEFAULTS}")


def waves(game) -> dict[int, set[str]]:
    """The last turn's events grouped by wave (order inside a wave does not matter)."""
    out: dict[int, set[str]] = {}
    for ev in game.last_events:
        if ev.kind != "place":
            out.setdefault(ev.wave, set()).add(str(ev))
    return out


def by_wave(*events: str) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {}
    for text in events:
        out.setdefault(int(text.split(":")[0]), set()).add(text)
    return out


# ----- [T-P1] ---------------------------------------------------------------------------
T_P1 = "o oP o oAP / o oA oA o / oPA o oP . / oA o o o"


def test_tp1_pushing_basics():
    g = pos(T_P1)
    assert g.scores == (1, 1)
    assert g.play("R@b2") == "R@b2"
    assert waves(g) == by_wave("1: point A b3\u2192b4", "1: stay A c3 (point, d4)",
                               "1: stay P c2 (gap, d2)", "1: stay A a1 (edge)")
    assert g.position_layout() == "ooPAooAP/2ooAo/oPA2oP/oA3o"
    assert g.scores == (1, 2)
    assert g.to_move == 1


@pytest.mark.parametrize("move, message", [
    ("d2", "d2 is a gap: there is no board card there."),
    ("a2", "a2 is occupied."),
    ("c3", "c3 is occupied."),
    ("e1", "e1 is off the board."),
    ("b0", "b0 is off the board."),
    ("Fa@c1", "PAUSO has only Rings: write R@c1 or c1."),
    ("R@", "I can't read 'R@'. Place a Ring with R@c3 (or just c3)."),
])
def test_tp1_refused(move, message):
    g = pos(T_P1)
    before = g.to_dict(), g.position()
    with pytest.raises(engine.IllegalMove) as err:
        g.play(move)
    assert str(err.value) == message
    assert (g.to_dict(), g.position()) == before


@pytest.mark.parametrize("move", ["a3", "R@a3", " r@A3 "])
def test_tp1_accepted_forms(move):
    assert pos(T_P1).play(move) == "R@a3"


# ----- [T-P2] .. [T-P7] --------------------------------------------------------------------
def test_tp2_arrow_chain():
    g = pos("o o o o o o / o o o o o o / o > > > > oA / o oP o o o o / o o o o o o")
    g.play("R@b1")
    assert [str(e) for e in g.last_events[1:]] == [
        "1: move P b2\u2192b3", "1: arrow b3 right", "2: move P b3\u2192c3", "2: arrow c3 right",
        "3: move P c3\u2192d3", "3: arrow d3 right", "4: move P d3\u2192e3", "4: arrow e3 right",
        "5: point P e3\u2192f3"]
    assert g.position_layout() == "6o/6o/o4>oAP/6o/ooP4o"
    assert g.scores == (1, 0)


def test_tp3_collision_in_cascade():
    g = pos("o o o o o / o o o o o / o > o < o / o o oA oP o / o o o o o")
    g.play("R@d1")
    assert waves(g) == by_wave("1: move A c2\u2192b3", "1: arrow b3 right", "1: move P d2\u2192d3",
                               "1: arrow d3 left", "2: stay A b3 (collision, c3)",
                               "2: stay P d3 (collision, c3)")
    assert g.position_layout() == "5o/5o/o>Ao<Po/5o/3ooPo"
    assert g.scores == (0, 0)


def test_tp4_whirlpool_loop_onto_placed_ring():
    g = pos("o o o o o / o > > v o / o ^P o v o / o ^ < < o / o o o o o")
    g.play("R@b2")
    assert [str(e) for e in g.last_events[1:]] == [
        "1: move P b3\u2192b4", "1: arrow b4 right", "2: move P b4\u2192c4", "2: arrow c4 right",
        "3: move P c4\u2192d4", "3: arrow d4 down", "4: move P d4\u2192d3", "4: arrow d3 down",
        "5: move P d3\u2192d2", "5: arrow d2 left", "6: move P d2\u2192c2", "6: arrow c2 left",
        "7: point P c2\u2192b2"]
    assert g.position_layout() == "5o/o2>vo/o^ovo/o^PP2<o/5o"
    assert g.scores == (1, 0)


def test_tp5_each_arrow_once_per_turn():
    g = pos("o o v < o / o o v oA o / o > >P o o / o o o o o / o o o o o")
    g.play("R@d3")
    assert [str(e) for e in g.last_events[1:]] == [
        "1: move A d4\u2192d5", "1: arrow d5 left", "1: move P c3\u2192b3", "1: arrow b3 right",
        "2: move A d5\u2192c5", "2: arrow c5 down", "2: move P b3\u2192c3", "2: arrow c3 right",
        "3: move A c5\u2192c4", "3: arrow c4 down", "3: point P c3\u2192d3",
        "4: move A c4\u2192c3"]
    assert g.position_layout() == "2ov<o/2ov2o/o>>AoPPo/5o/5o"
    assert g.scores == (1, 0)


@pytest.mark.parametrize("board, events, result, scores", [
    ("o o o o / o o o > / o o oA o / o o o o",
     ["1: move A c2\u2192d3", "1: arrow d3 right", "2: stay A d3 (edge)"], "4o/3o>A/4o/ooP2o", (0, 0)),
    ("o o o oAP / o o o ^ / o o oA o / o o o o",
     ["1: move A c2\u2192d3", "1: arrow d3 up", "2: stay A d3 (point, d4)"], "3ooAP/3o^A/4o/ooP2o", (1, 0)),
    ("o o o o / o o o ^P / o o oA o / o o o o",
     ["1: point A c2\u2192d3"], "4o/3o^PA/4o/ooP2o", (0, 1)),
], ids=["a-edge", "b-point", "c-onto-ring-on-arrow"])
def test_tp6_failing_arrow_pushes(board, events, result, scores):
    g = pos(board)
    g.play("R@b1")
    assert [str(e) for e in g.last_events[1:]] == events
    assert g.position_layout() == result
    assert g.scores == scores


def test_tp7_plus_and_minus_over_two_turns():
    g = pos("-A o o o - / o +P o +P o / o o oA o o / o + o + o / - o o o -")
    g.play("R@b2")
    assert waves(g) == by_wave("1: point A c3\u2192d4")
    assert g.position_layout() == "-A3o-/o+Po+PAo/5o/o+Po+o/-3o-"
    assert g.scores == (0, 2)
    g.play("R@c3")
    assert waves(g) == by_wave("1: point P b4\u2192a5", "1: move P b2\u2192a1")
    assert g.position_layout() == "-AP3o-/o+o+PAo/2ooA2o/o+o+o/-P3o-"
    assert g.scores == (-1, 2)


# ----- [T-P8] a complete short game ------------------------------------------------------
def test_tp8_complete_short_game_ends_in_a_tie():
    g = engine.new_game("pauso", players=2, options={"board": "square4", "rings": 4})
    for turn, (move, events, position, scores) in enumerate(T_P8, start=1):
        assert g.outcome is None
        assert g.to_move == (turn - 1) % 2
        assert g.play(move) == move
        assert waves(g) == by_wave(*events), f"turn {turn}"
        assert g.position_layout() == position, f"turn {turn}"
        assert g.scores == scores, f"turn {turn}"
    assert g.outcome == engine.Outcome((0, 1), (1, 1), "supplies_empty")
    assert g.to_move is None
    with pytest.raises(engine.IllegalMove, match="^The game is over.$"):
        g.play("a1")


# ----- [T-P9] regression game ------------------------------------------------------------
T_P9_MOVES = ("R@d4 R@b3 R@c5 R@a1 R@c4 R@e2 R@d5 R@a4 R@d1 R@c1 R@a5 R@a4 R@b1 R@c4 R@d4 R@b5 "
              "R@a3 R@b3 R@c5 R@c2 R@c4 R@c1 R@b3 R@e5").split()
T_P9_TABLE = [
    ("5o/o2>vPo/o^ovo/o^2<o/5o", 0, 0),
    ("5o/o2>vPo/o^Aovo/o^2<o/5o", 0, 0),
    ("2ooP2o/o2>vo/o^AovoP/o^2<o/5o", 0, 0),
    ("2ooP2o/o2>vo/o^AovoP/o^2<o/oA4o", 0, 0),
    ("2ooP2o/o>>Pvo/o^ovoP/oA^2<o/oA4o", 0, 0),
    ("2ooP2o/o>>PvoP/o^ovo/oA^2<oA/oA4o", 0, 0),
    ("ooPooPo/o2>voP/o^Povo/oA^2<oA/oA4o", 0, 0),
    ("ooPooPo/oA2>voP/o^ovo/oA^<P<oA/oA4o", 0, 0),
    ("ooPooPo/oA2>voP/o^Povo/oA^2<oA/oA2ooPo", 0, 0),
    ("ooPooPo/oA2>voP/o^Povo/oA^2<oA/oAooAooP", 0, 0),
    ("oPo2oPo/o2>voP/oA^Povo/oA^2<oA/oAooAooP", 0, 0),
    ("oPo2oPo/oA2>voP/o^ovo/oAA^<P<oA/oAooAooP", 0, 1),
    ("oPo2oPo/oA2>voP/o^ovPo/oAA^2<oA/oAoPooAoP", 0, 1),
    ("oPo2oPo/oA>>AvoP/o^ovo/oAA^2<oAP/oAoPooAoP", 1, 1),
    ("oPo2oPo/oA2>vPAoP/o^ovo/oAA^2<oAP/oAoPooAoP", 1, 2),
    ("oPoAooPPo/oA2>vPAoP/o^ovo/oAA^2<oAP/oAoPooAoP", 2, 2),
    ("oPAoAooPPo/o2>vPAoP/oP^ovo/oAA^2<oAP/oAoPooAoP", 2, 3),
    ("oPAoAooPPo/o2>vPAoP/oP^Aovo/oAA^2<oAP/oAoPooAoP", 2, 3),
    ("oPAoAoPoPPo/o2>vPAoP/oP^Aovo/oAA^2<oAP/oAoPooAoP", 2, 3),
    ("oPAoAoPoPPo/oA2>vPAoP/oP^ovo/oAA^<A<oAP/oAoPooAoP", 2, 3),
    ("oPAoAoPoPPo/oA>>PvPAoP/oP^ovo/oAA^<A<oAP/oAoPooAoP", 2, 3),
    ("oPAoAoPoPPo/oA>>PvPAoP/oP^oAvo/oAA^2<oAP/oAPooAooPA", 3, 4),
    ("oPAoAoPoPPo/oA>>PvPAoP/oP^PAovo/oAA^2<oAP/oAPooAooPA", 3, 5),
    ("oPAoAoPoPPoA/oA>>PvPAo/oP^PAovoP/oAA^2<oAP/oAPooAooPA", 3, 5),
]


def test_tp9_whirlpool_regression_game():
    g = engine.new_game("pauso", players=2, options={"board": "whirlpool"})
    for turn, (move, (position, p, a)) in enumerate(zip(T_P9_MOVES, T_P9_TABLE), start=1):
        g.play(move)
        assert (g.position_layout(), g.scores) == (position, (p, a)), f"turn {turn}"
    assert g.outcome == engine.Outcome((1,), (3, 5), "supplies_empty")


# ----- [T-P10] layout parsing ------------------------------------------------------------
PRESET_LIST = "square4, square5, square6, square7, donut, round5, bonus, whirlpool, conveyor"


@pytest.mark.parametrize("text, canonical, size", [
    ("ooo/o.o/ooo", "3o/o.o/3o", (3, 3, 8)),
    ("```\n..ooo\n..o.o\n..ooo\n```", "3o/o.o/3o", (3, 3, 8)),
    ("3o\n\n3o", "3o//3o", (3, 3, 6)),
    ("O O O / O V O / 3o", "3o/ovo/3o", (3, 3, 9)),
    ("Square5", "5o/5o/5o/5o/5o", (5, 5, 25)),
    ("whirlpool", "5o/o2>vo/o^ovo/o^2<o/5o", (5, 5, 25)),
    ("`5o/5o`", "5o/5o", (5, 2, 10)),
])
def test_tp10_layouts(text, canonical, size):
    layout = parse_layout(text)
    assert layout.canonical() == canonical
    assert (layout.width, layout.height, len(layout.cards)) == size


@pytest.mark.parametrize("text, message", [
    ("oo?o", "Unexpected '?' in row 1 of the layout."),
    ("ooq", f"Unknown board 'ooq'. Presets: {PRESET_LIST}."),
    ("13o", "A count must be between 1 and 12 (row 1)."),
    ("3o/o3", "A count must be followed by a cell (row 2)."),
    ("7o6o", "The board is 13 wide and 1 tall; the limit is 12 x 12."),
    ("ooo", "The board has 3 cards; it needs at least 4."),
    ("05o", "A count must be between 1 and 12 (row 1)."),
    ("4oP", "A board layout cannot contain rings or points; use o + - ^ v < > and . only."),
    ("4.", "The layout has no cards."),
    ("square9", f"Unknown board 'square9'. Presets: {PRESET_LIST}."),
    ("oo/.P", "A gap cannot hold a ring (row 2)."),
])
def test_tp10_layout_errors(text, message):
    with pytest.raises(LayoutError) as err:
        parse_layout(text)
    assert str(err.value) == message


def test_tp10_board_option_errors_reach_new_game():
    with pytest.raises(ValueError, match=r"^Unknown board 'square9'\. Presets: "):
        engine.new_game("pauso", options={"board": "square9"})


def test_presets_are_canonical_and_sized():
    from engine.pauso import PRESETS
    cards = {"square4": 16, "square5": 25, "square6": 36, "square7": 49, "donut": 24,
             "round5": 21, "bonus": 25, "whirlpool": 25, "conveyor": 30}
    for name, layout in PRESETS.items():
        parsed = parse_layout(name)
        assert parsed.canonical() == layout
        assert len(parsed.cards) == cards[name]


# ----- [T-P11] three players on round5 -----------------------------------------------------
def test_tp11_three_players_on_round5():
    g = engine.new_game("pauso", players=3, options={"board": "round5", "rings": 4})
    assert g.colours == ("P", "A", "M")
    for turn, (move, events, position, scores) in enumerate(T_P11, start=1):
        assert g.to_move == (turn - 1) % 3
        g.play(move)
        assert waves(g).get(1, set()) == set(events), f"turn {turn}"
        assert (g.position_layout(), g.scores) == (position, scores), f"turn {turn}"
    assert g.outcome == engine.Outcome((0, 1), (2, 2, 0), "supplies_empty")
    with pytest.raises(engine.IllegalMove, match="a5 is a gap"):
        engine.new_game("pauso", players=3, options={"board": "round5"}).play("a5")
