"""Moves as steps (engine.steps): for random positions of every game, the step tree's complete
paths are exactly the legal moves, each reached by one path, every step fits one select (at most
25 options, none alone: a lone option is taken at once), and a path picks the move it names.
Ancient builds only the branch being explored: on crowded boards with a Ship in hand the branches
walked are compared with the legal moves (or, on the most crowded boards, with the straightforward
completion of the typed turn that tests/engine/test_suggest_fast.py checks)."""
from __future__ import annotations

import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import engine
from bench.worst import ancient_worst
from engine import step_groups, steps
from engine.steps import END, GROUP, KEYS, MAX_OPTIONS, PART, StepError
from tests.engine.suggest_reference import reference
from tests.toy import nim

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PLAYERS = {"pauso": (2, 3, 4)}
SHORT = {"basic": {"max_turns": 120}, "ancient": {"max_turns": 120}, "iroh": {"max_turns": 120}}
EAGER = [v for v in engine.VARIANT_IDS if v != "ancient"]


def random_position(variant: str, seed: int, plies: int) -> engine.Game:
    rng = random.Random(seed)
    players = rng.choice(PLAYERS.get(variant, (2,)))
    game = engine.new_game(variant, players=players, seed=seed, options=SHORT.get(variant))
    for _ in range(plies):
        if game.outcome is not None:
            break
        game.play(game.random_move(rng))
    return game


def check_step(step: steps.Step) -> None:
    """What every step shown must be: 2-25 options keyed A, B, ... in order, JSON-safe."""
    assert 2 <= len(step.options) <= MAX_OPTIONS
    assert [o.key for o in step.options] == list(KEYS[:len(step.options)])
    assert all(o.kind in (PART, GROUP, END) and o.label for o in step.options)
    assert sum(o.kind == END for o in step.options) <= 1
    assert len(step.path) <= steps.MAX_PATH and set(step.path) <= set(KEYS.lower())
    json.loads(json.dumps(step.to_dict()))


def every_path(game: engine.Game, path: str = "", seen: list | None = None) -> list[str]:
    """Every complete move below ``path``, checking every step on the way."""
    seen = [] if seen is None else seen
    step = steps.walk(game, path)
    if step.done:
        assert step.move is not None and step.notation == step.move
        seen.append(step.move)
        return seen
    check_step(step)
    for option in step.options:
        every_path(game, path + option.key.lower(), seen)
    return seen


@pytest.mark.parametrize("variant", EAGER)
@settings(max_examples=15, **SETTINGS)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 90))
def test_the_complete_paths_are_exactly_the_legal_moves(variant, seed, plies):
    game = random_position(variant, seed, plies)
    if game.outcome is not None:
        with pytest.raises(StepError):
            steps.walk(game, "")
        return
    found = every_path(game)
    assert sorted(found) == sorted(game.legal_moves())
    assert len(found) == len(set(found))  # one path per move


@pytest.mark.slow  # walks Ancient's whole move tree (tests/README.md)
@settings(max_examples=8, **SETTINGS)
@given(st.integers(0, 10**6), st.integers(0, 40))
def test_ancient_paths_are_exactly_the_legal_moves_on_ordinary_boards(seed, plies):
    game = random_position("ancient", seed, plies)
    assume(game.outcome is None and "Bo" not in game.hands[game.to_move])  # a Ship: see below
    found = every_path(game)
    assert sorted(found) == sorted(game.legal_moves())
    assert len(found) == len(set(found))


@settings(max_examples=40, **SETTINGS)
@given(st.sampled_from(engine.VARIANT_IDS), st.integers(0, 10**6), st.integers(0, 90), st.randoms())
def test_a_path_picks_the_move_it_names(variant, seed, plies, rng):
    game = random_position(variant, seed, plies)
    if game.outcome is not None:
        return
    move = game.copy().random_move(rng)
    path = steps.path_of(game, move)
    step = steps.walk(game, path)
    assert step.move == move and steps.presses(path) == len(path) + 1
    played = game.copy().play(move)  # a discard completes its turn's record entry, draw,discard T
    assert played == move or played == f"draw,{move}"
    if path:  # one choice back, and the same choice again, lead to the same move
        assert steps.walk(game, steps.choose(steps.walk(game, steps.back(path)), path[-1])).move == move


def with_hand(game: engine.Game, hand: list[str]) -> engine.Game:
    """An Ancient position with the mover's hand replaced (the old hand goes under the pile,
    which gives the new hand's tiles up)."""
    p = game.to_move
    pile = list(game.piles[p]) + list(game.hands[p])
    for code in hand:
        pile.remove(code)
    parts = []
    for part in game.position().split("; "):
        key = part.partition(":")[0]
        if key == f"P{p + 1} hand":
            part = f"{key}: " + " ".join(hand)
        elif key == f"P{p + 1} pile":
            part = f"{key}: " + " ".join(pile)
        parts.append(part)
    return engine.load("ancient", "; ".join(parts), options=game.load_options or game.options)


@cache
def ship_positions() -> tuple[tuple[engine.Game, tuple[str, ...]], ...]:
    """Ancient positions with 18 and 28 tiles on the board and a Ship (and a Knotweed) in the mover's
    hand, with their whole legal-move lists (hundreds of thousands of turns)."""
    out = []
    seed = 0
    for size in (18, 28):
        while True:
            seed += 1
            rng = random.Random(seed)
            game = engine.new_game("ancient", seed=seed, options={"target": 30, "max_turns": 10000})
            while game.outcome is None and (len(game.board) < size or game.phase != "play" or game.pending):
                game.play(game.random_move(rng))
            try:
                game = with_hand(game, ["Bo", "Kn", "Ro"])
            except ValueError:
                continue  # those tiles are gone in this game
            break
        out.append((game, tuple(game.legal_moves())))
    return tuple(out)


def explore(game: engine.Game, rng: random.Random, check, path: str = "") -> None:
    """Walk one random branch from ``path`` to its end; ``check(step)`` at every step."""
    step = steps.walk(game, path)
    while True:
        check(step)
        if step.done:
            return
        check_step(step)
        step = steps.walk(game, step.path + rng.choice(step.options).key.lower())


def placed(step: steps.Step) -> bool:
    """Whether a whole placement has been chosen at this (shown, top-level) step: its first
    option is to end the turn there (Ancient's only end option)."""
    return not step.within and bool(step.options) and step.options[0].kind == END


def below(notation: str, moves) -> set[str]:
    """The moves that continue ``notation`` at a boundary of parts (not k1 for k11)."""
    return {m for m in moves if m == notation or m.startswith(notation + ",")}


@pytest.mark.slow  # walks Ancient's whole move tree (tests/README.md)
@settings(max_examples=20, **SETTINGS)
@given(st.sampled_from([0, 1]), st.booleans(), st.randoms())
def test_ancient_with_a_ship_in_hand_explores_only_its_branch_which_holds_the_legal_moves(which, ship, rng):
    game, legal = ship_positions()[which]
    assert sorted(game.hands[game.to_move]) == ["Bo", "Kn", "Ro"]
    first = steps.walk(game, "")
    assert {o.notation for o in first.options} == {"draw", "Bo@", "Kn@", "Ro@"}
    reached = []

    def check(step):
        if step.done:
            assert step.move in legal and (step.move.startswith("Bo@") or not ship)
            reached.append(step.move)
        elif placed(step):  # what may follow this placement: exactly the legal moves continuing it
            assert set(every_path(game, step.path)) == below(step.notation, legal)
    start = next(o for o in first.options if o.notation == "Bo@").key.lower() if ship else ""
    explore(game, rng, check, start)
    assert len(reached) == 1


def test_the_most_crowded_ancient_board_explores_only_its_branches():
    game = ancient_worst(1)  # 76-96 tiles, every special tile in hand
    rng = random.Random(4)

    def check(step):
        text = step.notation
        if step.done:
            assert game.copy().play(step.move) == step.move
        elif placed(step):  # a whole placement chosen: the moves after it
            assert set(every_path(game, step.path)) - {text} == set(reference(game, text + ",", 10**6))
    for _ in range(12):
        explore(game, rng, check)


def test_a_lone_legal_move_is_chosen_at_once():
    nim.install()
    try:
        game = engine.new_game("nim", options={"stones": 5})
        for _ in range(4):
            game.play("1")
        step = steps.walk(game, "")
        assert step.done and step.move == "1" and step.chosen[0].auto and steps.presses(step.path) == 1
    finally:
        nim.uninstall()


def test_a_game_without_a_declaration_lists_whole_moves():
    nim.install()
    try:
        game = engine.new_game("nim", options={"stones": 10})
        step = steps.walk(game, "")
        assert [(o.key, o.label, o.notation) for o in step.options] == [("A", "1", "1"), ("B", "2", "2"),
                                                                         ("C", "3", "3")]
        assert steps.walk(game, "c").move == "3"
        with pytest.raises(StepError):
            steps.walk(game, "d")
        with pytest.raises(StepError):
            steps.walk(game, "ca")
    finally:
        nim.uninstall()


class Many(steps.Declaration):
    """Whole moves with or without points, for the splitting tests."""

    def __init__(self, points: bool) -> None:
        self.points = points

    def describe(self, ctx, before, piece):
        n = int(piece)
        return steps.Part(piece, ((n % 17, n // 17 % 17),) if self.points else ())


@pytest.mark.parametrize("count", [26, 100, 624, 626, 2000])
@pytest.mark.parametrize("points", [True, False])
def test_a_long_step_is_split_until_every_step_fits_one_select(count, points):
    items = [step_groups.Item(str(n), Many(points).describe(None, (), str(n))) for n in range(count)]
    shown = step_groups.arrange(items)

    def leaves(entries, depth):
        assert 2 <= len(entries) <= MAX_OPTIONS
        for entry in entries:
            if isinstance(entry, step_groups.Group):
                yield from leaves(list(entry.items), depth + 1)
            else:
                yield entry.piece
    found = list(leaves(shown, 0))
    assert sorted(found, key=int) == [str(n) for n in range(count)]  # regions go in reading order
    if not points:
        assert found == [str(n) for n in range(count)]  # runs keep the list's order


def test_board_regions_are_in_reading_order_and_named_by_their_corners():
    game = engine.new_game("kutai", seed=2)
    game.play("DMa@i9")
    step = steps.walk(game, steps.path_of(game, "NMa@a9")[:2])  # Night flowers, Night Maple: regions
    groups = [o for o in step.options if o.kind == GROUP]
    assert len(groups) >= 8 and all(o.area is not None for o in groups)
    assert all(o.kind == PART and len(o.points) == 1 for o in step.options if o.kind != GROUP)  # a region of one
    tops = [o.area[1][1] if o.area else o.points[0][1] for o in step.options]
    assert tops == sorted(tops, reverse=True)
    first = groups[0]
    lo, hi = first.area
    assert first.label == f"{engine.notation.square_name(*lo)}\u2013{engine.notation.square_name(*hi)} " \
                          f"({len(first.points)})"
    inner = steps.walk(game, step.path + first.key.lower())
    assert inner.within == first.label and len(inner.options) == len(first.points)
    assert all(lo[0] <= o.points[0][0] <= hi[0] and lo[1] <= o.points[0][1] <= hi[1] for o in inner.options)


def test_kutai_gathers_its_tiles_by_day_and_night_while_more_than_25_are_left():
    game = engine.new_game("kutai", seed=2)
    game.play("DMa@i9")
    step = steps.walk(game, "")
    assert [o.label for o in step.options] == ["Day flowers (12)", "Night flowers (12)",
                                               "Lotus and special tiles (5)"]
    night = steps.walk(game, "b")
    assert night.options[0].label == "Night Cherry Blossom" and night.options[0].tile == "NCB"


def test_the_version_changes_with_every_turn_and_a_takeback():
    game = engine.new_game("pauso", players=2, seed=1)
    seen = {steps.version(game)}
    game.play("c3")
    seen.add(steps.version(game))
    other = engine.new_game("pauso", players=2, seed=1)
    other.play("c2")
    assert steps.version(other) not in seen and len(seen) == 2 and len(steps.version(game)) == 10


def test_a_wrong_path_is_refused():
    game = engine.new_game("quaterno", seed=1)
    for bad in ["z", "aaaaaa", "A", "a!", "a" * 40, "\u00e9"]:
        with pytest.raises(StepError):
            steps.walk(game, bad)
