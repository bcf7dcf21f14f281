"""Quaterno's AI: the search looks only at the best one-ply candidates (a win always among them),
and the levels differ in depth: medium sees the opponent's answer that easy's first choice allows."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import ai
from engine.quaterno.ai import AXES, CANDIDATES, MIRRORS, PER_IDEA, idea, pair_costs, seized_squares
from engine.quaterno.game import FIGURE_KINDS

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
T_Q8 = ["So@k4", "So@d11", "Co@k7", "Co@g11", "St@d1", "St@a9", "An@c1", "An@a7", "Fa@h1", "Fa@a5",
        "c1-c5", "a9-a10", "c5>f5-e5", "a10-a9"]  # before turn 15: e6-f6 wins for Player 1
# greedy play from seed 9: Player 1 to move, 178 legal moves; some (g10-g7, which looked best one
# ply deep before the evaluation counted pairs an action completes) let Player 2 score their
# second figure at once
BLUNDER = ["Co@k9", "Co@e2", "St@k2", "An@b5", "An@i11", "Fa@b1", "So@j7", "So@c1", "Fa@g10", "St@a3",
           "i11-i1", "b1>f5", "k2>e2-d2", "d2-e2", "k2>e2-d2", "b5-b4", "e6-e5", "f5-f6", "j7-g7", "f6>f7",
           "g7-h6", "f6>g6-g5", "h6-g7", "f6>e5-g6", "i1-i3", "c1-e1", "k9-c9", "e1-e5", "g7-i9", "b4-d4"]

# hard (Player 1) against medium from seed 900, 116 plies
REPEATING = ["St@f1", "St@f10", "So@b6", "So@j6", "Fa@a6", "An@k6", "An@e2", "Fa@f11", "Co@b5",
             "Co@d11", "e6-f6", "g6-g5", "f5>g5-e4", "f11>k6", "b6-d4", "f11>a6-c8", "b5>e2-a6",
             "f11-j7", "f5>b5-b2", "k6-k4", "f5>c8-h8", "j6-h6", "h8>f6", "f10>h8-j6", "j6-h4",
             "f7>j7-b7", "b2>b7-b1", "b1-a1", "d4-e5", "f7>f10-f4", "f5>f4-g5", "h6-g6", "f5>g6-g4",
             "g5-g6", "f5>g6-g5", "a1>a6-a4", "a4-d4", "d11-k11", "b2>a1-c3", "k11-h8", "f5>e5-g6",
             "f7>g6-f8", "f6>f5", "g5>f6-d8", "d8>d4-h10", "h8>h10-h5", "h5-i4", "g5-i7", "f1-h3",
             "h8>h4-h9", "h9-c9", "h8>h3-h9", "b2>c3-a1", "h8-h1", "h9>f7-a2", "g4-h4", "d8>h4-b4",
             "b4-e7", "d8>e7-d7", "d7-e7", "h9-h3", "i7-g5", "d8>e7-c7", "c7-e7", "i4-i11", "a1-b1",
             "d8>e7-c7", "c7-e7", "d8>e7-c8", "h1>b1-k1", "f5>c8", "e4-g6", "d8>g5-a10", "a10-j10",
             "f8-g7", "k1-e7", "b2-e5", "j10-j2", "i11-i3", "j2>i3-f6", "d8>e7-d9", "j2-i3",
             "h3>i3-j3", "j3-j11", "c9-i3", "d9-d11", "d8>f6-c10", "d11>d8-d10", "h3>f5-e6", "d11-a11",
             "c10-d9", "e6-f7", "d9-d4", "a11>i3-e7", "d4>d10-d8", "a2>a11-j2", "d8>e7-c9", "j2>d8-i3",
             "d4>k4-g4", "g4-k4", "i3>j2-h2", "h2-k2", "d4>k4-g4", "g4-k4", "d4-b2", "a2>b2-a3",
             "a3-b2", "k2-k1", "i3>k1-j1", "j1-k1", "i3>k1-j5", "j5-f5", "e5>f5-b5", "b5-b10",
             "b2>b10-b9", "b9-b10"]


def one_ply_value(game, action) -> float:
    child = game.copy()
    child.apply_action(action)
    knowledge = ai.knowledge_for("quaterno")
    return (knowledge.reward(child) if child.outcome is not None else knowledge.evaluate(child))[game.to_move]


def loses_at_once(game, move: str) -> bool:
    """Whether after ``move`` the opponent has a move that wins the game."""
    after = game.copy()
    after.play(move)
    if after.outcome is not None:
        return False
    for reply in after.legal_moves():
        final = after.copy()
        final.play(reply)
        if final.outcome is not None and final.outcome.winners == (after.to_move,):
            return True
    return False


def test_a_win_in_one_is_the_first_candidate_of_a_short_list():
    game = engine.replay("quaterno", T_Q8)
    candidates = ai.knowledge_for("quaterno").actions(game)
    assert len(candidates) == CANDIDATES < len(game.legal_moves())
    after = game.copy()
    after.play(game.action_text(candidates[0]))
    assert after.outcome is not None and after.outcome.winners == (0,)


@settings(max_examples=12, **SETTINGS)
@given(st.integers(0, 10_000), st.integers(0, 60), st.data())
def test_the_candidates_are_the_legal_moves_that_look_best_one_ply_deep_two_of_an_idea_at_most(seed, plies, data):
    game = engine.new_game("quaterno", seed=seed, options={"first": "random"})
    for _ in range(plies):
        if game.outcome is not None:
            return
        game.play(data.draw(st.sampled_from(game.legal_moves())))
    if game.outcome is not None:
        return
    candidates = ai.knowledge_for("quaterno").actions(game)
    legal = game.legal_actions()
    assert len(set(candidates)) == len(candidates) <= CANDIDATES
    assert set(candidates) <= set(legal)
    values = [one_ply_value(game, a) for a in candidates]
    assert values == sorted(values, reverse=True)  # best first
    ideas = Counter(idea(a) for a in candidates)
    assert max(ideas.values()) <= PER_IDEA
    for a in legal:  # a better move is left out only when its idea has its share already
        if a not in candidates and one_ply_value(game, a) > values[-1] + 1e-12:
            assert ideas[idea(a)] == PER_IDEA
    if len(candidates) < CANDIDATES:  # fewer only when the ideas run out
        assert all(ideas[idea(a)] == PER_IDEA for a in legal if a not in candidates)


def test_the_candidates_hold_more_ideas_than_the_best_looks():
    # hard against medium (seed 900), 116 plies: three of the eight best looks move the tile on j8
    game = engine.replay("quaterno", REPEATING, seed=900)
    knowledge = ai.knowledge_for("quaterno")
    first = Counter(idea(a) for _, a in knowledge.looks(game)[:CANDIDATES])
    assert max(first.values()) > PER_IDEA
    candidates = Counter(idea(a) for a in knowledge.actions(game))
    assert max(candidates.values()) == PER_IDEA and len(candidates) > len(first)


@pytest.mark.slow  # a full-budget search (tests/README.md)
def test_medium_searches_the_answers_that_easy_does_not_see():
    game = engine.replay("quaterno", BLUNDER, seed=9)
    assert len(game.legal_moves()) > 150
    assert any(loses_at_once(game, move) for move in game.legal_moves())  # a blunder is possible
    for seed in range(3):
        found = ai.analyse(game, "medium", seed=seed)
        assert found.result.depth >= 2
        assert not loses_at_once(game, found.move), (seed, found.move)
    assert ai.analyse(game, "easy", seed=0).result.depth == 1


@pytest.mark.slow  # a full-budget search (tests/README.md)
def test_hard_reads_a_fourth_ply_over_every_candidate_at_the_root():
    # hard's own follow-up and the opponent's answer to it (depth 4), fewer candidates below the
    # root; medium keeps depth 2 over every candidate
    game = engine.replay("quaterno", BLUNDER, seed=9)
    knowledge = ai.knowledge_for("quaterno")
    found = ai.analyse(game, "hard", seed=0)
    assert found.result.depth == 4
    assert {c.action for c in found.result.ranked} == set(knowledge.actions(game))
    assert not loses_at_once(game, found.move)
    settings = knowledge.settings
    assert settings["hard"].widths[0] == CANDIDATES and settings["medium"].max_depth == settings["easy"].max_depth == 3


# Player 1 (one figure scored, Sun c3 and Moon h8 on D1) threatens two figures at once: the Fan
# i5-i2 onto the mirror image of Player 2's Fan b9, the Anchor j2-j7 onto that of the Anchor g10.
# Player 2 can block only one, and no tile of theirs reaches the Sun or the Moon.
DOUBLE = "1:Su@c3,Mo@h8,Fa@i5,An@j2,St@e1,Co@a6,So@a2;2:Su@k10,Mo@f10,Fa@b9,An@g10,St@a11,Co@k6,So@a1;turn:42;used:So=1"
# the same, but Player 2's Anchor on h10 reaches the Moon and draws it off the diagonal
BREAKABLE = DOUBLE.replace("An@g10", "An@h10")


def defences(game) -> list[str]:
    """Player 2's moves after which Player 1 has no winning move."""
    out = []
    for move in game.legal_moves():
        after = game.copy()
        after.play(move)
        if after.outcome is None and not any(
                (final := after.copy()).play(reply) is not None and final.outcome is not None
                and final.outcome.winners == (0,) for reply in after.legal_moves()):
            out.append(move)
    return out


def test_hard_sees_at_its_horizon_a_double_threat_that_cannot_be_stopped():
    knowledge = ai.knowledge_for("quaterno")
    game = engine.load("quaterno", DOUBLE)
    assert game.to_move == 1 and defences(game) == []  # every answer of Player 2 loses
    assert knowledge.horizon(game, 0) >= 0.95 > knowledge.evaluate(game)[0]
    assert knowledge.horizon(game, 1) <= 0.05
    # medium and easy value the horizon by the evaluation
    assert [knowledge.settings[level].horizon for level in ai.LEVELS] == [False, False, True]
    breakable = engine.load("quaterno", BREAKABLE)
    assert defences(breakable) == ["h10>h8-h9"]  # the Anchor draws the Moon off the diagonal
    assert knowledge.horizon(breakable, 0) == knowledge.evaluate(breakable)[0] < 0.95


@settings(max_examples=15, **SETTINGS)
@given(st.integers(0, 10_000), st.integers(10, 80), st.data())
def test_a_pair_is_one_turn_away_exactly_when_one_move_of_the_player_makes_it_mirror(seed, plies, data):
    # by moving the own tile, or by an action on either tile (Swap, Draw Near, Push, Place Behind,
    # Orbit): a player whose Sun and Moon stand on the diagonal then threatens that figure
    game = engine.new_game("quaterno", seed=seed)
    for _ in range(plies):
        if game.outcome is not None:
            return
        game.play(data.draw(st.sampled_from(game.legal_moves())))
    if game.outcome is not None or game.placement_phase:
        return
    p = game.mover
    for axis in AXES:
        costs = dict(zip(FIGURE_KINDS, pair_costs(game, p, axis, seized_squares(game), list(FIGURE_KINDS))))
        made = set()
        for action in game.legal_actions():
            after = game.copy()
            after.apply_action(action)
            made |= {k for k in FIGURE_KINDS if MIRRORS[axis][after.where[p][k]] == after.where[1 - p][k]}
        for kind, cost in costs.items():
            if cost != 0:
                assert (cost == 1) == (kind in made), (game.position(), axis, kind, cost)
