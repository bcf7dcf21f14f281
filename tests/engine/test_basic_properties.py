"""Property tests (hypothesis): random Basic Pai Sho playouts, the legal-move list against a
brute-force check of every candidate, random strings, replay, snapshots and test positions."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.paisho.board import NAMES, POINTS, chebyshev, name
from engine.paisho.flowers import COUNT, FLOWERS

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def playouts(draw):
    options = {"target_points": draw(st.sampled_from([0, 10, 25, 60])), "max_turns": draw(st.integers(1, 70)),
               "pot_points": draw(st.integers(0, 5))}
    seed = draw(st.integers(0, 2**64 - 1))
    rng = random.Random(draw(st.integers(0, 2**32)))
    game = engine.new_game("basic", seed=seed, options=options)
    while game.outcome is None:
        if rng.random() < 0.003:
            game.play("resign")
            continue
        move = game.random_move(rng)
        assert game.play(move) == move  # every listed move is accepted, as written
    return seed, options, game


def tiles_accounted(game) -> bool:
    """Board + Pot + reserve hold each player's 54 tiles (flowers pushed onto a wrong colour go back)."""
    for s in (0, 1):
        for code, total in COUNT.items():
            on_board = sum(1 for owner, c, _ in game.board.values() if owner == s and c == code)
            if on_board + game.pot[s][code] + game.reserve[s][code] != total:
                return False
    return True


@settings(max_examples=25, **SETTINGS)
@given(playouts())
def test_random_playouts_end_consistently(case):
    seed, options, game = case
    out, result = game.outcome, game.result()
    assert out is not None and game.to_move is None and game.legal_moves() == []
    assert tiles_accounted(game)
    assert out.scores == tuple(row["final"] for row in result["players"])
    for row in result["players"]:
        assert row["final"] == row["running"] + row["pot"] + row["protected"] - row["dead"] + row["pot_bonus"]
    if out.reason in ("resignation", "timeout"):
        assert result["reason"] in ("resign", "timeout") and result["pot_winner"] == out.winners[0] + 1
    else:
        finals = out.scores
        assert out.winners == ((0, 1) if finals[0] == finals[1] else (0,) if finals[0] > finals[1] else (1,))
    if out.reason == "turn_limit":
        assert game.main_turns == options["max_turns"]
    if out.reason == "target":
        assert options["target_points"] and max(game.running) >= options["target_points"]


@settings(max_examples=20, **SETTINGS)
@given(playouts())
def test_replay_and_snapshots_are_exact(case):
    seed, options, game = case
    again = engine.replay("basic", game.record, seed=seed, options=options)
    assert again.position() == game.position() and again.result() == game.result()
    rebuilt = engine.from_dict(json.loads(json.dumps(game.to_dict())))
    assert rebuilt.position() == game.position() and rebuilt.result() == game.result()


def brute_force(game) -> set[str]:
    """Every candidate turn the game accepts, found by trying it on a copy (no generator involved)."""
    p = game.to_move
    board = game.board
    found = set()
    candidates = [f"{code}@{name(q)}" for code in COUNT for q in POINTS]
    mine = [q for q, tile in board.items() if tile[0] == p]
    for a in mine:
        candidates += [f"{name(a)}-{name(b)}" for b in POINTS]
        code = board[a][1]
        if code == "Wh":
            candidates += [f"{name(a)}>cw{k}" for k in range(1, 8)]
        if code == "Bo":
            for t in POINTS:
                if max(abs(t[0] - a[0]), abs(t[1] - a[1])) == 1:
                    candidates += [f"{name(a)}>{name(t)}-{name(d)}" for d in POINTS]
    trial = game.copy()
    for move in candidates:
        try:
            found.add(trial.play(move))
        except engine.IllegalMove:
            continue  # a refusal changes nothing, so the same copy serves the next candidate
        trial = game.copy()
    return found


def brute_force_after_moves(game, plain: set[str]) -> set[str]:
    """Every accepted move of a Wheel or Boat followed by a rotation or push (no generator involved)."""
    found = set()
    trial = game.copy()
    for move in plain:
        if "@" in move or ">" in move or move == "pass":
            continue
        a, b = (NAMES[t] for t in move.replace("x", "-").split("-"))
        if game.board[a][1] not in ("Wh", "Bo"):
            continue
        near = [q for q in POINTS if chebyshev(q, b) <= 2]
        suffixes = [f"{name(b)}>cw{k}" for k in range(1, 8)]
        suffixes += [f"{name(b)}>{name(t)}-{name(d)}" for t in near if chebyshev(t, b) == 1 for d in near]
        for suffix in suffixes:
            try:
                found.add(trial.play(f"{move},{suffix}"))
            except engine.IllegalMove:
                continue
            trial = game.copy()
    return found


def main_phase_at(case, cut: int):
    """The playout replayed to its first ``cut`` moves, if that is a running main-phase position."""
    seed, options, game = case
    moves = [m for m in game.record if not m.startswith(("resign ", "timeout "))][:cut]
    partial = engine.replay("basic", moves, seed=seed, options=options)
    return partial if partial.outcome is None and partial.phase == "main" else None


@settings(max_examples=6, **SETTINGS)
@given(playouts(), st.integers(0, 60))
def test_the_legal_list_matches_a_brute_force_check(case, cut):
    partial = main_phase_at(case, cut)
    if partial is None:
        return
    listed = set(partial.legal_moves())
    simple = {m for m in listed if "," not in m}
    assert simple - {"pass"} == brute_force(partial)
    after_moves = {m for m in listed if "," in m and ">" not in m.split(",")[0]}
    assert after_moves == brute_force_after_moves(partial, simple)
    for move in listed:  # every listed turn, with its ability, is accepted as written
        assert partial.copy().play(move) == move


@settings(max_examples=15, **SETTINGS)
@given(playouts(), st.integers(0, 80))
def test_a_position_reloads_to_the_same_game(case, cut):
    partial = main_phase_at(case, cut)
    if partial is None:
        return
    options = case[1]
    loaded = engine.load("basic", partial.position(), options)
    assert loaded.position() == partial.position() and loaded.legal_moves() == partial.legal_moves()
    move = random.Random(cut).choice(partial.legal_moves())
    assert loaded.play(move) == partial.play(move) and loaded.running == partial.running


MIDGAME = """P1: Ja m6, Li m7, Ro g7, Bo c7, Wh e12, Kn e6, Rk f12, WL e4
P2: Ro m5, Li o6, Ja j7, Rh h5, Bo h11, Wh k10, WD d5"""


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=16)
       | st.from_regex(r"\A(Ja|Li|WJ|Ro|Ch|Rh|Kn|Wh|Rk|Bo|WD|WL|Xx)@[a-r][0-9]{1,2}\Z")
       | st.from_regex(r"\A[a-r][0-9]{1,2}[-x][a-r][0-9]{1,2}(,[a-r][0-9]{1,2}>(c?cw[0-9]|[a-r][0-9]{1,2}-[a-r][0-9]{1,2}))?\Z")
       | st.from_regex(r"\A[a-r][0-9]{1,2}>[a-r][0-9]{1,2}-[a-r][0-9]{1,2}(,[a-r][0-9]{1,2}>[a-r][0-9]{1,2}-[a-r][0-9]{1,2}){0,3}\Z")
       | st.from_regex(r"\A(choose (place|move)|pass|[a-r][0-9]{1,2}>c?cw[0-9])\Z"))
def test_any_string_is_either_accepted_or_refused_with_a_message(text):
    game = engine.load("basic", MIDGAME)
    before = (game.position(), game.to_dict())
    try:
        canonical = game.play(text)
    except engine.IllegalMove as err:
        assert str(err) and (game.position(), game.to_dict()) == before
    else:
        assert canonical in engine.load("basic", MIDGAME).legal_moves() or canonical == "resign 1"


def test_flowers_in_reserve_count_for_the_flowers_end():
    game = engine.load("basic", "P1: Ja m6")
    assert game.basic_flowers_left(0) == 6 * len(FLOWERS) and game.basic_flowers_left(1) == 36
