"""The shipped puzzles (engine/<game>/puzzles.jsonl): at least 60 per game (PAUSO with two and with
three players); every one loads, its solution is legal, wins (or, for a defence, leaves the next
player no win at once) and meets its tags; for a sample (one of each game, player count and kind)
the exact check finds its first move and no other; a hidden-tile game's puzzle holds whatever the
unseen tiles are; judging a move. ``PAISHO_ALL_PUZZLES=1 pytest -m slow tests/engine/test_puzzles.py``
runs the exact check on every puzzle (minutes)."""
from __future__ import annotations

import os
import random
from collections import Counter

import pytest

import engine
from engine import ai, puzzles
from engine.puzzles import DEFENCE, FAILED, RIGHT, SOLVED, WIN1, WIN2, Puzzle

MOST_PER_GAME = 60  # the goal
EVERY = puzzles.all_puzzles()


def sample() -> list[Puzzle]:
    """One puzzle of each game, player count and kind: the one with the smallest id (ids are digests)."""
    chosen: dict[tuple[str, int, str], Puzzle] = {}
    for p in EVERY:
        key = (p.variant, p.players, p.kind)
        if key not in chosen or p.id < chosen[key].id:
            chosen[key] = p
    return sorted(chosen.values(), key=lambda p: (p.variant, p.players, p.kind))


def test_every_game_ships_at_least_60_puzzles_pauso_with_two_and_three_players():
    per_game = Counter(p.variant for p in EVERY)
    assert {v: per_game[v] for v in engine.VARIANT_IDS if per_game[v] < MOST_PER_GAME} == {}
    assert {p.players for p in puzzles.puzzles_of("pauso")} == {2, 3}
    assert len({p.id for p in EVERY}) == len(EVERY)


@pytest.mark.parametrize("puzzle", EVERY, ids=lambda p: f"{p.variant}-{p.id}")
def test_every_puzzle_loads_and_its_solution_is_legal_and_meets_its_tags(puzzle):
    assert puzzles.verify(puzzle, exact=False) == []
    assert puzzle.id == puzzles.puzzle_id(puzzle.variant, puzzle.players, puzzle.seed, puzzle.options, puzzle.record)
    assert Puzzle.from_json(puzzle.to_json()).to_json() == puzzle.to_json()


@pytest.mark.parametrize("puzzle", sample(), ids=lambda p: f"{p.variant}{p.players}-{p.kind}-{p.id}")
def test_in_a_sample_no_other_first_move_does_as_well(puzzle):
    assert puzzles.verify(puzzle) == []


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("PAISHO_ALL_PUZZLES") != "1", reason="every puzzle's exact check takes minutes: "
                    "PAISHO_ALL_PUZZLES=1 pytest -m slow tests/engine/test_puzzles.py (CI checks a sample)")
@pytest.mark.parametrize("puzzle", EVERY, ids=lambda p: f"{p.variant}-{p.id}")
def test_every_puzzle_has_no_other_first_move_as_good(puzzle):
    assert puzzles.verify(puzzle) == []


@pytest.mark.parametrize("puzzle", [p for p in sample() if engine.info(p.variant).hidden_hands],
                         ids=lambda p: p.id)
def test_a_hidden_tile_puzzle_holds_whatever_the_unseen_tiles_are(puzzle):
    start = puzzle.start()
    knowledge = ai.knowledge_for(puzzle.variant)
    legal = sorted(start.legal_moves()) if not start.lists_moves_in_parts else None
    rng = random.Random(5)
    for _ in range(8):
        world = knowledge.determinize(start, puzzle.seat, rng)
        assert world.hands[puzzle.seat] == start.hands[puzzle.seat]
        assert world.hands[1 - puzzle.seat] != start.hands[1 - puzzle.seat] or len(start.hands[1 - puzzle.seat]) < 2
        if legal is not None:
            assert sorted(world.legal_moves()) == legal
        world.play(puzzle.solution[0])
        assert world.outcome is not None and world.outcome.winners == (puzzle.seat,)


def test_judging_a_move_right_wrong_refused_and_the_last_step_of_a_win_in_2():
    win1 = next(p for p in EVERY if p.kind == WIN1)
    assert puzzles.judge(win1, 0, win1.solution[0]).result == SOLVED
    other = next(m for m in win1.start().legal_moves() if m != win1.solution[0])
    wrong = puzzles.judge(win1, 0, other)
    assert wrong.result == FAILED and wrong.played == other and wrong.progress == 0
    with pytest.raises(engine.IllegalMove):
        puzzles.judge(win1, 0, "this is no move")
    win2 = next(p for p in EVERY if p.kind == WIN2)
    first = puzzles.judge(win2, 0, win2.solution[0])
    assert first.result == RIGHT and first.replies == win2.solution[1:-1] and first.progress == len(win2.solution) - 1
    assert puzzles.judge(win2, first.progress, win2.solution[-1]).result == SOLVED
    with pytest.raises(ValueError, match="not the solver's move"):
        puzzles.judge(win2, 1, win2.solution[1])
    defence = next(p for p in EVERY if p.kind == DEFENCE)
    assert puzzles.judge(defence, 0, defence.solution[0]).result == SOLVED
    assert "threatens to win" in puzzles.goal_text(defence, "You")
