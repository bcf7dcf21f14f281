"""Basic Pai Sho's AI and search path: actions are the legal moves and applying one is playing it,
the garden kept up to date turn by turn is the garden read afresh, copies are independent, and the
AI keeps the contract and takes a win in one."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import ai
from engine.basic.harmony import Garden

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
TINY = 0.02


@st.composite
def new_games(draw):
    options = {"target_points": draw(st.sampled_from([0, 10, 25, 60])), "max_turns": draw(st.integers(1, 60)),
               "pot_points": draw(st.integers(0, 5))}
    return engine.new_game("basic", seed=draw(st.integers(0, 2**32)), options=options)


def state(game):
    return game.to_dict(), game.position_text(), game.scores, game.outcome, game.to_move, game.result()


def same_garden(live, fresh: Garden) -> None:
    assert live.harmonies() == fresh.harmonies()
    assert live.disharmonies() == fresh.disharmonies()
    assert (live.drained, live.copies, live.active, live.blooming) == (
        fresh.drained, fresh.copies, fresh.active, fresh.blooming)
    for seat in (0, 1):
        assert live.ring(seat) == fresh.ring(seat)
        assert live.gain[seat] == sum(h.value for h in fresh.harmonies() if h.owner == seat)
        assert live.cost[seat] == sum(d.value for d in fresh.disharmonies() if d.owner == seat)


@settings(max_examples=20, **SETTINGS)
@given(new_games(), st.data())
def test_applying_an_action_is_playing_its_move_and_the_live_garden_is_the_garden(game, data):
    fast = game.copy()
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    while game.outcome is None and len(game.record) < 90:
        actions = fast.legal_actions()
        texts = [fast.action_text(a) for a in actions]
        assert sorted(texts) == sorted(game.legal_moves())  # the same moves, each once
        i = rng.randrange(len(actions))
        assert game.play(texts[i]) == texts[i]
        fast.apply_action(actions[i])
        if rng.random() < 0.2:
            fast = fast.copy()  # a copy carries the live garden on
        assert state(fast) == state(game)
        for played in (game, fast):
            if played.live_garden is not None:
                same_garden(played.live_garden, Garden(played.board, played.pot_sizes()))
    if game.outcome is not None:
        assert fast.legal_actions() == []


@settings(max_examples=15, **SETTINGS)
@given(new_games(), st.data())
def test_a_copy_is_independent_of_its_original(game, data):
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    for _ in range(data.draw(st.integers(0, 40))):
        if game.outcome is not None:
            break
        game.play(game.random_move(rng))
    before = state(game)
    twin = game.copy()
    assert state(twin) == before
    for key, value in vars(game).items():  # no container is shared, caches start empty or are twins
        if isinstance(value, (list, dict, set)):
            assert getattr(twin, key) is not value, key
    for q, tile in game.board.items():
        assert twin.board[q] == tile and twin.board[q] is not tile
    assert twin.live_garden is None or twin.live_garden is not game.live_garden
    while twin.outcome is None and len(twin.record) < len(game.record) + 30:
        twin.apply_action(rng.choice(twin.legal_actions()))
    assert state(game) == before
    if game.live_garden is not None:
        same_garden(game.live_garden, Garden(game.board, game.pot_sizes()))


def position(plies, seed=0, options=None):
    rng = random.Random(seed)
    game = engine.new_game("basic", seed=seed, options=options)
    for _ in range(plies):
        if game.outcome is not None:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("plies", [0, 1, 7, 30])
def test_the_move_is_legal_canonical_and_the_game_is_unchanged(plies):
    game = position(plies, seed=plies)
    before = (game.to_dict(), game.position_text(), game.to_move)
    for level in ai.LEVELS:
        found = ai.analyse(game, level, seed=plies, budget_scale=TINY)
        assert found.move in game.legal_moves()
        assert game.copy().play(found.move) == found.move
        assert (game.to_dict(), game.position_text(), game.to_move) == before


def test_the_same_record_level_and_seed_give_the_same_move():
    game = position(24, seed=5)
    rebuilt = engine.replay("basic", game.record, seed=5)
    for level in ai.LEVELS:
        first = ai.analyse(game, level, seed=7, budget_scale=0.1).move
        assert ai.analyse(rebuilt, level, seed=7, budget_scale=0.1).move == first
        assert ai.analyse(game.copy(), level, seed=7, budget_scale=0.1).move == first


@pytest.mark.slow  # a full-budget search (tests/README.md)
def test_hard_takes_the_harmony_that_reaches_the_target_and_wins():
    # P1 at 59 of 60: three moves make a harmony (Lily to i5 or e1, Jasmine to e3) and win at once
    game = engine.load("basic", "P1: Ja e5, Li g3, Ro m6; P2: Rh m13, Ch e12; running: 59 30")
    winning = {"g3-e1", "g3-i5", "e5-e3"}
    assert len(game.legal_moves()) > 900
    move = ai.choose_move(game, "hard")
    assert move in winning
    after = game.copy()
    after.play(move)
    assert after.outcome is not None and after.outcome.reason == "target" and after.outcome.winners == (0,)


def test_evaluation_favours_the_player_with_more_points_and_more_harmonies():
    knowledge = ai.knowledge_for("basic")
    even = engine.load("basic", "P1: Ja e5; P2: Ja m13; running: 10 10")
    assert abs(knowledge.evaluate(even)[0] - 0.5) < 1e-9
    ahead = engine.load("basic", "P1: Ja e5; P2: Ja m13; running: 30 10")
    assert knowledge.evaluate(ahead)[0] > 0.9 and abs(sum(knowledge.evaluate(ahead)) - 1) < 1e-9
    game = engine.load("basic", "P1: Ja e5, Li g3; P2: Rh m13, Ch e12; running: 10 10")
    game.play("g3-i5")  # P1's harmony now ticks every turn
    assert knowledge.evaluate(game)[0] > 0.5


@pytest.mark.slow  # a whole game played to its end (tests/README.md)
def test_ai_against_ai_plays_a_whole_short_game():
    options = {"target_points": 15, "max_turns": 24}
    game = engine.new_game("basic", seed=3, options=options)
    while game.outcome is None:
        seat = game.to_move
        move = ai.analyse(game, ai.LEVELS[seat], seed=seat, budget_scale=TINY).move
        assert game.play(move) == move
    assert engine.replay("basic", game.record, seed=3, options=options).outcome == game.outcome


@settings(max_examples=10, **SETTINGS)
@given(new_games(), st.data())
def test_the_plain_moves_are_the_legal_moves_without_an_ability_and_the_threats_are_among_them(game, data):
    from engine.basic.actions import plain_moves
    from engine.basic.ai import shaping, threats
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    while game.outcome is None and len(game.record) < 70:
        every = game.legal_actions()
        assert plain_moves(game) == [a for a in every if a[0] == "move" and a[3] is None]
        board, seat = game.board, game.to_move
        assert set(threats(game)) == {a for a in every if a[0] == "move" and (
            a[2] in board or shaping(board, seat, a))}  # every capture, abilities and all
        game.apply_action(rng.choice(every))


def test_the_threats_are_the_captures_and_the_moves_that_make_block_or_free_a_harmony():
    from engine.basic.ai import threats
    texts = lambda game: {game.action_text(a) for a in threats(game)}  # noqa: E731
    # the three moves that face the Jasmine with the Lily (or the Lily with the Jasmine), nothing else
    game = engine.load("basic", "P1: Ja e5, Li g3, Ro m6; P2: Rh m13, Ch e12; running: 10 10")
    assert texts(game) == {"g3-e1", "g3-i5", "e5-e3"}
    # a capture (the Rose clashes with the Jasmine), and the Jasmine facing the Rhododendron from c5
    game = engine.load("basic", "P1: Ja e5, Rh c12; P2: Ro e6, Ch m14; running: 10 10")
    assert texts(game) == {"e5xe6", "e5-c5"}
    # a Rose coming between P2's Rose and Chrysanthemum blocks their harmony (m12 only)
    blocked = engine.load("basic", "P1: Ro l12; P2: Ro m10, Ch m14; running: 10 10")
    assert texts(blocked) == {"l12-m12"}
    # the Rose on e7 stands between P1's Jasmine and Lily: moving it away frees their harmony
    freed = engine.load("basic", "P1: Ja e5, Ro e7, Li e10; P2: Ch m14; running: 10 10")
    assert {t for t in texts(freed) if t.startswith("e7-")} == {
        m for m in freed.legal_moves() if m.startswith("e7-") and m[3:] not in ("e6", "e8", "e9")}


def test_at_its_horizon_the_searcher_counts_its_own_threat_and_not_the_opponents():
    knowledge = ai.knowledge_for("basic")
    game = engine.load("basic", "P1: Ja e5, Li g3, Ro m6; P2: Rh m13, Ch e12; running: 10 10")
    assert game.to_move == 0
    assert knowledge.horizon(game, 0) > knowledge.evaluate(game)[0] + 0.05  # a harmony next turn
    assert knowledge.horizon(game, 1) == knowledge.evaluate(game)[1]
    quiet = engine.load("basic", "P1: Ja e5, Ro m6; P2: Rh m13, Ch e12; running: 10 10")
    assert knowledge.horizon(quiet, 0) == knowledge.evaluate(quiet)[0]


@pytest.mark.slow  # a full-budget search (tests/README.md)
@pytest.mark.parametrize("level, looks", [("easy", False), ("medium", False), ("hard", True)])
def test_only_hard_looks_at_its_threats_at_the_horizon(monkeypatch, level, looks):
    knowledge = ai.knowledge_for("basic")
    calls = []
    plain = type(knowledge).horizon
    monkeypatch.setattr(type(knowledge), "horizon",
                        lambda self, game, seat, root=None: calls.append(seat) or plain(self, game, seat, root))
    game = engine.load("basic", "P1: Ja e5, Li g3, Ro m6; P2: Rh m13, Ch e12; running: 10 10")
    move = ai.choose_move(game, level, seed=1)
    assert move in game.legal_moves()
    assert bool(calls) == looks
