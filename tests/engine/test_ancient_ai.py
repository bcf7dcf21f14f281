"""The Ancient Pai Sho AI (engine/ancient/ai/, fast.py): the search path plays exactly like
``play``, the harmony changes it scores are the real ones, the move it picks is legal and never
depends on what its seat cannot see, and it takes a win when one is there."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import ai
from engine.ai import Root
from engine.ancient import ai as ancient_ai
from engine.ancient import fast
from engine.ancient.harmony import harmony_count
from engine.ancient.moves import moves
from engine.ancient.tiles import sort_hand

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
TINY = 0.05  # budget scale: a few worlds, a few nodes each


def played(seed: int, plies: int, options: dict | None = None) -> engine.Game:
    """A game after up to ``plies`` turns of the random player of A-8."""
    rng = random.Random(seed)
    game = engine.new_game("ancient", seed=seed, options=options)
    for _ in range(plies):
        if game.outcome is not None:
            break
        game.play(game.random_move(rng))
    return game


def canonical(move: str) -> str:
    """What ``play`` gives back for a legal move: a discard completes the turn ``draw,discard T``."""
    return f"draw,{move}" if move.startswith("discard") else move


def state(game):
    return (game.to_dict(), game.position(), game.count, game.turns, game.outcome, game.to_move, game.pending,
            game.last_pass, sorted(game.board.items()), game.hands, game.piles, game.discards, game.phase)


@settings(max_examples=10, **SETTINGS)
@given(st.integers(0, 2**31), st.sampled_from([3, 5, 7]), st.sampled_from([3, 5]), st.data())
def test_applying_an_action_is_playing_its_move(seed, target, hand_size, data):
    game = engine.new_game("ancient", seed=seed, options={"target": target, "hand_size": hand_size})
    fast_game = game.copy()
    for ply in range(40):
        if game.outcome is not None:
            break
        for seat in (0, 1):  # the direct destinations are the checked moves
            assert [fast.move_text(game.board, m) for m in fast.own_moves(game.board, seat)] == moves(game.board, seat)
        if ply % 4 or "Bo" in game.hands[game.to_move] and game.phase == "play" and not game.pending:
            actions = ancient_ai.candidates(fast_game)  # (a Ship in hand: millions of turns in all)
        else:
            actions = fast_game.legal_actions()
            texts = [fast_game.action_text(a) for a in actions]
            assert sorted(texts) == sorted(game.legal_moves())
        action = actions[data.draw(st.integers(0, len(actions) - 1))]
        text = fast_game.action_text(action)
        assert game.play(text) == canonical(text)
        fast_game.apply_action(action)
        assert state(fast_game) == state(game)
        assert fast_game.count == harmony_count(fast_game.board)


def test_a_copy_shares_nothing_and_starts_without_caches():
    game = played(4, 30)
    game.legal_moves()
    twin = game.copy()
    assert state(twin) == state(game) and twin._legal is None
    for name, value in vars(game).items():
        if isinstance(value, (list, dict)):
            assert getattr(twin, name) is not value, name
    assert all(twin.board[q] is not tile for q, tile in game.board.items())
    before = state(game)
    while twin.outcome is None:
        twin.apply_action(ancient_ai.candidates(twin)[-1])
    assert state(game) == before


@settings(max_examples=25, **SETTINGS)
@given(st.integers(0, 2**31), st.integers(2, 70))
def test_the_harmony_changes_the_ai_scores_are_the_real_ones(seed, plies):
    game = played(seed, plies)
    if game.outcome is not None or game.phase != "play":
        return
    index = ancient_ai.LineIndex(game.board)
    p = game.to_move
    for change, head in ancient_ai.placement_changes(game, p, index):
        board = {q: list(v) for q, v in game.board.items()}
        fast.place_on(board, p, *head)
        assert harmony_count(board) - game.count == change, head
    for seat in (0, 1):
        for change, (a, b) in ancient_ai.move_changes(game, seat, index):
            board = {q: list(v) for q, v in game.board.items()}
            board[b] = board.pop(a)
            assert harmony_count(board) - game.count == change, (a, b)


def test_the_move_is_legal_canonical_and_leaves_the_game_unchanged_at_every_level():
    for seed, plies in [(1, 0), (2, 1), (3, 3), (5, 12), (8, 25), (13, 40)]:
        game = played(seed, plies)
        if game.outcome is not None:
            continue
        before = state(game)
        for level in ai.LEVELS:
            move = ai.analyse(game, level, seed=seed, budget_scale=TINY).move
            assert state(game) == before
            assert game.copy().play(move) == canonical(move)  # legal and canonical
            again = engine.replay("ancient", game.record, seed=seed)
            assert ai.analyse(again, level, seed=seed, budget_scale=TINY).move == move


def rearranged(game, seat: int, rng: random.Random):
    """``game`` with the other seat's hand and pile re-dealt from the same tiles and ``seat``'s own
    pile shuffled: an arrangement of the hidden tiles consistent with everything ``seat`` sees."""
    other = game.copy()
    o = 1 - seat
    tiles = other.hands[o] + other.piles[o]
    rng.shuffle(tiles)
    size = len(other.hands[o])
    other.hands[o], other.piles[o] = sort_hand(tiles[:size]), tiles[size:]
    rng.shuffle(other.piles[seat])
    other.seed = rng.randrange(2**31)  # the secret seed is not looked at either
    return other


@pytest.mark.slow  # full-budget AI searches (tests/README.md)
def test_shuffling_what_the_seat_cannot_see_never_changes_the_move():
    """Issue 18: for a fixed AI seed, any arrangement of the opponent's hand and the piles that
    is consistent with the public information gives the same move, over many positions."""
    rng = random.Random(18)
    checked = 0
    for seed in range(30):
        game = played(seed, rng.randrange(0, 60))
        if game.outcome is not None:
            continue
        seat = game.to_move
        for level in ai.LEVELS:
            move = ai.analyse(game, level, seed=7, budget_scale=TINY).move
            for _ in range(2):
                other = rearranged(game, seat, rng)
                assert Counter(other.hands[1 - seat] + other.piles[1 - seat]) == \
                    Counter(game.hands[1 - seat] + game.piles[1 - seat])
                assert ai.analyse(other, level, seed=7, budget_scale=TINY).move == move, (seed, level)
                checked += 1
    assert checked >= 100


@settings(max_examples=20, **SETTINGS)
@given(st.integers(0, 2**31), st.integers(0, 60), st.integers(0, 2**31))
def test_a_world_depends_only_on_what_the_seat_sees(seed, plies, world_seed):
    game = played(seed, plies)
    if game.outcome is not None:
        return
    seat = game.to_move
    other = rearranged(game, seat, random.Random(world_seed))
    first = ancient_ai.determinize(game, seat, random.Random(world_seed))
    second = ancient_ai.determinize(other, seat, random.Random(world_seed))
    assert state(first)[1:] == state(second)[1:]  # (the record's seed aside) the same world
    assert first.hands[seat] == game.hands[seat] and first.board == game.board
    assert [len(h) for h in first.hands] == [len(h) for h in game.hands]
    assert [len(p) for p in first.piles] == [len(p) for p in game.piles]


A3 = "P1: Rh i9, Ja i5; P2: Ro m9, Ch e9"


@pytest.mark.slow  # a full-budget search (tests/README.md)
@pytest.mark.parametrize("hand", [
    "Ch Kn",  # a placement reaches the target (Ch@i13)
    "Rh Kn",  # only a placement and a move reach it (such as Rh@k7,k7-k5)
    "Kn Ja",  # a Jasmine on file i in line with the Rhododendron (such as Ja@i13)
])
def test_every_level_takes_a_win_when_there_is_one(hand):
    position = f"to_move: P1; {A3}; P1 hand: {hand}; P1 pile: Ja Ja; P2 hand: Ro Li; P2 pile: WJ"
    for level in ai.LEVELS:
        game = engine.load("ancient", position, options={"target": 3})
        move = ai.choose_move(game, level, seed=1)
        after = game.copy()
        after.play(move)
        assert after.outcome is not None and after.outcome.winners == (0,), (level, move)


def test_the_evaluation_is_a_pair_of_win_chances():
    for seed in range(10):
        game = played(seed, 3 * seed)
        if game.outcome is None:
            values = ai.knowledge_for("ancient").evaluate(game)
            assert len(values) == 2 and all(0 <= v <= 1 for v in values) and abs(sum(values) - 1) < 1e-9


@pytest.mark.slow  # a whole game played to its end (tests/README.md)
def test_ai_against_ai_plays_a_whole_game_that_replays():
    game = engine.new_game("ancient", seed=11)
    while game.outcome is None:
        seat = game.to_move
        move = ai.analyse(game, ("easy", "hard")[seat], seed=seat, budget_scale=TINY).move
        assert game.play(move) == canonical(move)
    again = engine.replay("ancient", game.record, seed=11)
    assert again.outcome == game.outcome
    assert ai.knowledge_for("ancient") is ancient_ai.KNOWLEDGE


@pytest.mark.slow  # a full-budget search (tests/README.md)
def test_an_arena_game_with_tiny_budgets_plays_to_its_end_and_repeats():
    from bench.arena import Task, play_one
    task = Task("ancient", 2, "hard", "greedy", index=1, opening=2, scale=0.02)
    first, again = play_one(task), play_one(task)
    assert first.outcome in ("win", "draw", "loss") and first.plies > 2
    assert (first.share, first.outcome, first.plies) == (again.share, again.outcome, again.plies)
    assert first.think["hard"]


# P2's flowers only (count 2: Ja-Rh on file i, Ch-Rh on rank 9); P1 holds a Coin, which never
# raises the count, and has nothing on the board to move: P1 has no win at any target above 2.
LONE_COIN = "to_move: P1; P2: Rh i9, Ja i5, Ro m9, Ch e9; P1 hand: Rk; P1 pile: Ja Ja; P2 hand: {hand}; P2 pile: {pile}"


def test_a_near_count_without_a_win_is_a_threat_to_the_seat_whose_hand_is_known():
    """With its own hand known to hold no finish, the searching seat counts a near target as a
    threat (the other seat moves next at about this count); seen from the other seat, whose
    sample of that hand might hold a finish, nearness is the mover's chance."""
    knowledge = ai.knowledge_for("ancient")
    values = {}
    for target in (3, 8):
        game = engine.load("ancient", LONE_COIN.format(hand="Ch Ch", pile="Ch"), options={"target": target})
        assert not ancient_ai.can_win(game)
        for seat in (0, 1):
            world = ancient_ai.determinize(game, seat, random.Random(1))
            root = Root(seat, len(world.record))  # a search for ``seat``: its hand is the real one
            values[target, seat] = knowledge.evaluate(world, root)[0]  # P1's value (P1 to move)
    assert values[3, 0] < values[8, 0]  # P1 searching: near is dangerous
    assert values[3, 1] > values[8, 1]  # P2 searching, P1's hand sampled: near is P1's chance


def p2_can_win(game) -> bool:
    """Whether any legal turn of P2 (to move) reaches the target: the full list, not the AI's."""
    for action in game.legal_actions():
        after = game.copy()
        after.apply_action(action)
        if after.outcome is not None and after.outcome.winners == (1,):
            return True
    return False


@pytest.mark.slow  # a full-budget search (tests/README.md)
def test_hard_and_medium_block_the_finish_the_other_hand_must_hold():
    """P2's unseen tiles are two Lilies, so P2 holds one; a Lily on file i beside the Jasmine
    would make the count 3 (the target). A draw lets P2 win; the AI places its Coin so that no
    turn of P2 wins."""
    game = engine.load("ancient", LONE_COIN.format(hand="Li", pile="Li"), options={"target": 3})
    drawn = game.copy()
    drawn.play("draw")
    assert p2_can_win(drawn)
    for level in ("medium", "hard"):
        for seed in range(3):
            after = game.copy()
            after.play(ai.choose_move(game, level, seed=seed))
            assert not p2_can_win(after), (level, seed)


def wheel_would_win(game) -> str | None:
    """A turn of P2 (to move) reaching the target with a hand of one Wheel, over every legal turn
    (not only the AI's candidates), judged by the exact count of each turn."""
    probe = game.copy()
    probe.hands[1] = ["Wh"]
    for action in fast.all_actions(probe):
        if isinstance(action, str):
            continue
        found = ancient_ai.exact_count(probe, 1, action[:4], action[4])
        if found is not None and found[0] == probe.target:
            return probe.action_text(action)
    return None


# Count 0, target 5: a Wheel turning the ring of i4 (or of j3, once a Lily stands on g4), then a
# move, gives five harmonies at once. P2 has one Wheel among 15 unseen tiles, so a sampled hand
# of one or two tiles rarely holds it. P1 holds a Coin.
WHEEL_BOARD = ("to_move: P1; P1: Ch g1, Kn k2, Ch i3, Ro j4, Rh k4, Li h10; "
               "P2: WJ i1, WL d2, Ch i2, Ja j2, Li h3, WJ f5; P1 hand: Li Ro Rk; P1 pile: Ja Ja Ja Ja; "
               "P2 hand: {hand}; P2 pile: {pile}; turns: 30")


@pytest.mark.slow  # a full-budget search (tests/README.md)
@pytest.mark.parametrize("hand, pile", [("Ja", "Wh Ja Ja Ro Ro Ro Ro Ch Ch Ch Ch Rh Rh Rh"),
                                        ("Ja Ro", "Wh Ja Ro Ro Ro Ch Ch Ch Ch Rh Rh Rh Ja Ja")])
def test_hard_closes_a_wheel_finish_the_other_hand_may_hold(hand, pile):
    """A draw, or building with a flower, leaves P2 a finish if its hand holds the Wheel; the
    sampled worlds mostly deal it none, so the search alone builds (`Li@g4`). Hard is offered
    defences (a Coin on the lines the finish fills) and, among near-equal turns, takes the one
    that leaves the fewest hands a finish: no Wheel then wins."""
    game = engine.load("ancient", WHEEL_BOARD.format(hand=hand, pile=pile))
    drawn = game.copy()
    drawn.play("draw")
    assert wheel_would_win(drawn)
    for seed in range(4):
        after = game.copy()
        after.play(ai.choose_move(game, "hard", seed=seed))
        assert after.outcome is None and wheel_would_win(after) is None, (seed, after.record[-1])
