"""PAUSO rules beyond the worked examples: push step 4, resignation, options, test positions."""
from __future__ import annotations

import pytest

import engine
from engine.pauso.layout import parse_layout
from engine.pauso.push import Mover, resolve_wave


def run_wave(layout: str, movers: list[Mover]):
    board = parse_layout(layout, allow_colours=True)
    contents = dict(board.contents)
    events, following = resolve_wave(board.width, board.height, board.cards, contents, movers, 1, set())
    from engine.pauso.layout import format_layout
    return {str(e) for e in events}, following, format_layout(board.width, board.height, board.cards, contents)


def test_step4_follower_moves_into_a_card_being_vacated():
    # a1 -> b1 while b1 -> c1 (empty): b1 moves on, so a1 moves into b1.
    events, _, after = run_wave("4o/4o/4o/oPoAoo", [Mover((0, 0), (1, 0), "P"), Mover((1, 0), (1, 0), "A")])
    assert events == {"1: move P a1\u2192b1", "1: move A b1\u2192c1"}
    assert after == "4o/4o/4o/ooPoAo"


def test_step4_follower_lands_on_a_ring_that_stays():
    # b1 is pushed off the edge (stays), a1 is pushed onto b1: it lands and becomes a Point.
    events, _, after = run_wave("oo/oo/oPoA", [Mover((0, 0), (1, 0), "P"), Mover((1, 0), (1, 0), "A")])
    assert events == {"1: point P a1\u2192b1", "1: stay A b1 (edge)"}
    assert after == "2o/2o/ooAP"


def test_step4_head_on_pair_is_a_closed_loop_and_stops():
    events, _, after = run_wave("oPoA/2o", [Mover((0, 1), (1, 0), "P"), Mover((1, 1), (-1, 0), "A")])
    assert events == {"1: stay P a2 (collision, b2)", "1: stay A b2 (collision, a2)"}
    assert after == "oPoA/2o"


def test_step4_four_ring_loop_stops_entirely():
    # a1 -> a2 -> b2 -> b1 -> a1: every target holds the next mover; nobody moves or flips.
    movers = [Mover((0, 0), (0, 1), "P"), Mover((0, 1), (1, 0), "A"),
              Mover((1, 1), (0, -1), "M"), Mover((1, 0), (-1, 0), "L")]
    events, _, after = run_wave("oAoM/oPoL", movers)
    assert events == {"1: stay P a1 (collision, a2)", "1: stay A a2 (collision, b2)",
                      "1: stay M b2 (collision, b1)", "1: stay L b1 (collision, a1)"}
    assert after == "oAoM/oPoL"


def test_arrow_fires_for_a_dependency_move_and_returns_next_movers():
    events, following, _ = run_wave("4o/oPoA>o", [Mover((0, 0), (1, 0), "P"), Mover((1, 0), (1, 0), "A")])
    assert "1: arrow c1 right" in events
    assert [(m.pos, m.dir, m.colour) for m in following] == [((2, 0), (1, 0), "A")]


def test_a_stack_is_never_pushed():
    g = engine.load("pauso", "board: 3o/ooPAo/3o; seats: P,A; next: A; supply: P=6,A=6")
    g.play("c2")
    assert [e for e in g.last_events if e.kind != "place"] == []
    assert g.position_layout() == "3o/ooPAoA/3o"


# ----- resignation and timeouts (D-P17) -------------------------------------------------------
def test_resignation_in_three_player_game_skips_the_player_and_keeps_their_cards():
    g = engine.new_game("pauso", players=3, options={"board": "square4", "rings": 4})
    g.play("a1")          # P
    g.resign(1)           # Apricot leaves while it is their turn
    assert g.outcome is None
    assert g.to_move == 2
    assert g.record == ["R@a1", "resign 2"]
    g.play("d4")          # M
    assert g.to_move == 0
    with pytest.raises(engine.IllegalMove, match="already left"):
        g.resign(1)


def test_resigned_player_cannot_win_and_last_player_left_wins():
    g = engine.load("pauso", "board: oPAoo/3o; seats: P,A,M; next: P; supply: P=3,A=3,M=3")
    assert g.scores == (0, 1, 0)
    g.resign(1)
    g.resign(0, reason="timeout")
    assert g.outcome == engine.Outcome((2,), (0, 1, 0), "timeout")


def test_two_player_resignation_gives_the_win_to_the_other():
    g = engine.new_game("pauso")
    g.play("c3")
    g.resign(1)
    assert g.outcome == engine.Outcome((0,), (0, 0), "resignation")
    again = engine.replay("pauso", g.record)
    assert again.outcome == g.outcome


def test_a_resigned_player_is_not_among_normal_winners():
    g = engine.load("pauso", "board: oPAo/oMPo/2o; seats: P,A,M; next: P; supply: P=1,A=1,M=1")
    assert g.scores == (1, 1, 0)
    g.resign(1)
    g.play("a1")
    g.play("b1")
    assert g.outcome is not None and g.outcome.winners == (0,)


def test_resigning_with_the_last_rings_in_play_ends_the_game():
    # four players, 5 Rings each: after 19 turns only Lemon has a Ring left, and Lemon resigns
    g = engine.new_game("pauso", players=4, options={"board": "square7", "rings": 5})
    for square in ["e3", "g6", "e1", "d3", "f4", "b1", "f5", "a7", "a4", "g5", "c2", "a1", "f1", "g3",
                   "g2", "a3", "b7", "e3", "b5"]:
        g.play(square)
    assert g.supply == [0, 0, 0, 1] and g.to_move == 3
    g.resign(3)
    assert g.outcome is not None and g.outcome.reason == "supplies_empty"
    assert 3 not in g.outcome.winners and g.legal_moves() == []


def test_play_refuses_record_words_for_leaving():
    g = engine.new_game("pauso")
    with pytest.raises(engine.IllegalMove, match="resign command"):
        g.play("resign 2")


# ----- options ---------------------------------------------------------------------------------
def test_default_board_depends_on_player_count():
    assert engine.new_game("pauso", players=2).options["board"] == "5o/5o/5o/5o/5o"
    assert engine.new_game("pauso", players=3).options["board"] == "6o/6o/6o/6o/6o/6o"
    assert engine.new_game("pauso", players=4).options["board"] == "7o/7o/7o/7o/7o/7o/7o"
    assert engine.new_game("pauso", players=4).colours == ("P", "A", "M", "L")


def test_first_random_is_seeded_and_colours_can_be_chosen():
    firsts = {engine.new_game("pauso", players=4, seed=s, options={"first": "random"}).to_move
              for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    g = engine.new_game("pauso", players=3, seed=7, options={"first": "random"})
    assert engine.replay("pauso", [], players=3, seed=7, options={"first": "random"}).to_move == g.to_move
    assert engine.new_game("pauso", players=3, options={"colours": "ML"}).colours == ("M", "L", "P")


@pytest.mark.parametrize("kwargs, message", [
    ({"players": 5}, "PAUSO is played by 2 to 4 players, not 5."),
    ({"players": 1}, "PAUSO is played by 2 to 4 players, not 1."),
    ({"options": {"ring": 5}}, "Unknown option 'ring' for PAUSO. Options: board, rings, first, colours."),
    ({"options": {"rings": 3}}, "The option rings must be a whole number from 4 to 12, not '3'."),
    ({"options": {"rings": "many"}}, "The option rings must be a whole number from 4 to 12, not 'many'."),
    ({"options": {"first": "me"}}, "The option first must be 'host' or 'random', not 'me'."),
    ({"options": {"colours": "PP"}}, "The option colours takes up to 2 different letters"),
])
def test_bad_options_and_player_counts(kwargs, message):
    with pytest.raises(ValueError) as err:
        engine.new_game("pauso", **kwargs)
    assert str(err.value).startswith(message)


def test_unknown_and_unavailable_variants(monkeypatch):
    assert engine.VARIANT_IDS == ("basic", "ancient", "iroh", "kutai", "quaterno", "pauso")
    from engine import registry
    monkeypatch.delitem(registry._REGISTRY, "basic")  # a game whose package is not there
    with pytest.raises(ValueError, match=r"^Unknown game 'basic'\. "
                                         r"Games you can play: ancient, iroh, kutai, quaterno, pauso\.$"):
        engine.new_game("basic")
    with pytest.raises(ValueError, match=r"^Unknown game 'chess'"):
        engine.new_game("chess")


# ----- test positions (B6.3) -----------------------------------------------------------------
@pytest.mark.parametrize("position, message", [
    ("board: oPoM/2o; seats: P,A; next: P; supply: P=6,A=6", "not seated"),
    ("board: 4o; seats: P,A; next: M; supply: P=6,A=6", "next: M is not seated."),
    ("board: 4o; seats: P,A; next: P; supply: P=13,A=6", "The supply of P must be between 0 and 12."),
    ("board: oPPoPPoPPoPPoPPoPP/3o; seats: P,A; next: P; supply: P=1,A=6", "more than the 12 it owns"),
    ("board: oPoPoAoA; seats: P,A; next: P; supply: P=6,A=6", "already finished"),
    ("board: 4o; seats: P,A; next: P; supply: P=0,A=0", "already finished"),
    ("board: 4o; seats: P; next: P", "seats must list 2 to 4"),
    ("board: 13o", "Bad board in the position"),
    ("bored: 4o", "Unexpected 'bored: 4o'"),
])
def test_loader_rejects_bad_positions(position, message):
    with pytest.raises(ValueError, match=message):
        engine.load("pauso", position)


def test_position_round_trips_through_the_loader():
    text = "board: ooPAooAP/2ooAo/oPA2oP/oA3o; seats: P,A,M; next: A; supply: P=5,A=6,M=7"
    g = engine.load("pauso", text)
    assert g.position() == text
    assert g.to_move == 1
    assert engine.from_dict(g.to_dict()).position() == text


def test_suggest_completes_squares_and_canonical_forms():
    g = engine.new_game("pauso", options={"board": "square4"})
    assert g.suggest("c") == ["R@c1", "R@c2", "R@c3", "R@c4"]
    assert g.suggest("r@d") == ["R@d1", "R@d2", "R@d3", "R@d4"]
    assert g.suggest(" R@A 1") == ["R@a1"]
    assert len(g.suggest("")) == 16
    assert g.suggest("", limit=5) == ["R@a1", "R@a2", "R@a3", "R@a4", "R@b1"]
    g.play("c3")
    assert "R@c3" not in g.suggest("c")
    assert g.suggest("z") == []
