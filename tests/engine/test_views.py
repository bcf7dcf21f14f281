"""Views (engine.view): every game's ``view()`` is an immutable, picklable snapshot that shares nothing
with the game, shows only public facts (no Ancient hand or pile, no Iroh harmony while the game runs),
and a hidden hand is seen only through ``hand_view(seat)``."""
from __future__ import annotations

import dataclasses
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.ancient.tiles import ALIASES
from engine.base import Game
from engine.view import BoardView, Effect, HandView, Move, Seat, Tile
from tests.engine.examples import I3

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYERS = {"pauso": 3}
PLAIN = (str, int, float, bool, type(None))


def played(variant: str, seed: int, plies: int, options=None) -> engine.Game:
    """A game after up to ``plies`` random legal moves (by the seed)."""
    rng = random.Random(seed)
    game = engine.new_game(variant, players=PLAYERS.get(variant, 2), seed=seed, options=options)
    for _ in range(plies):
        if game.outcome is not None:
            break
        game.play(game.random_move(rng))
    return game


def parts(value):
    """Every value inside a view, the view included, depth first."""
    yield value
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            yield from parts(getattr(value, f.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from parts(item)


def immutable(value) -> bool:
    """Only plain values, tuples (named ones included) and frozen dataclasses: nothing to change."""
    if dataclasses.is_dataclass(value):
        return value.__dataclass_params__.frozen
    return isinstance(value, (tuple, *PLAIN))


@settings(max_examples=12, **SETTINGS)
@given(variant=st.sampled_from(engine.VARIANT_IDS), seed=st.integers(0, 2**32), plies=st.integers(0, 90))
def test_a_view_is_an_immutable_snapshot_that_pickles(variant, seed, plies):
    game = played(variant, seed, plies)
    view = game.view()
    assert isinstance(view, BoardView) and view.variant == variant
    assert all(immutable(v) for v in parts(view)), [v for v in parts(view) if not immutable(v)][:3]
    assert pickle.loads(pickle.dumps(view)) == view
    assert view == engine.from_dict(game.to_dict()).view()  # a function of the position, nothing else
    assert len(view.header.seats) == game.players and view.header.to_move == game.to_move
    assert view.header.outcome == game.outcome


@settings(max_examples=12, **SETTINGS)
@given(variant=st.sampled_from(engine.VARIANT_IDS), seed=st.integers(0, 2**32), plies=st.integers(0, 60))
def test_a_view_stays_as_it_was_while_the_game_moves_on(variant, seed, plies):
    game = played(variant, seed, plies)
    if game.outcome is not None:
        return
    then = game.copy()
    view = game.view()
    rng = random.Random(seed)
    for _ in range(6):
        if game.outcome is None:
            game.play(game.random_move(rng))
    assert view == then.view()
    assert game.view() != view  # the game did move on


def test_a_view_names_the_last_move_and_what_it_caused():
    game = engine.load("basic", "P1: Bo h5, Ja g4\nP2: Ro i5, Li i6, Rk g5, Ch h4")
    game.play("h5>i6-j7")
    last = game.view().last
    assert last == Move("ability", 0, "Bo", actor=(7, 4), effects=(Effect("shift", (8, 5), (9, 6)),))
    assert last.touched == ((7, 4), (8, 5), (9, 6))
    g = engine.load("pauso", "board: 3o/3o/3o; seats: P,A; next: P; supply: P=5,A=5")
    g.play("a1")
    g.play("b2")  # pushes the Ring on a1 off towards the edge: it stays
    view = g.view()
    assert view.last.kind == "place" and view.last.to == (1, 1) and view.last.player == 1
    assert [e.kind for e in view.last.effects] == ["stay"]
    assert Tile((0, 0), 0, "ring", "P") in view.tiles and Tile((1, 1), 1, "ring", "A") in view.tiles


def test_header_facts_per_seat():
    g = engine.load("pauso", "board: 5o/5o/oPoAPooMoL/5o/.3o; seats: P,A,M,L; next: P; supply: P=5,A=5,M=5,L=5")
    g.resign(2)
    seats = g.view().header.seats
    assert [s.colour for s in seats] == ["P", "A", "M", "L"]
    assert [s.left for s in seats] == [False, False, True, False]
    assert seats[0] == Seat(0, "Periwinkle", 1, "P", g.scores[0], (("supply", 5),), (), False)
    q = engine.new_game("quaterno", seed=1, options={"first": "random"})
    numbers = [s.number for s in q.view().header.seats]
    assert numbers == [q.player(0) + 1, q.player(1) + 1] and sorted(numbers) == [1, 2]
    a = engine.load("ancient", "to_move: P1; P1: Rh i9; P1 hand: Ro Ja; P1 pile: Kn Wh Bo; P2 hand: WD")
    assert [(s.count("hand"), s.count("pile")) for s in a.view().header.seats] == [(2, 3), (1, 0)]


# ----- hidden information --------------------------------------------------------------------------
def strings(view) -> set[str]:
    return {v for v in parts(view) if isinstance(v, str)}


def test_the_ancient_board_view_holds_no_hand_or_pile_tile():
    position = "to_move: P1; P1: Rh i9, Ja i5; P2: Ro m9; P1 hand: Kn Wh; P1 pile: WD Bo; P2 hand: WL Rk; P2 pile: Li"
    game = engine.load("ancient", position)
    secret = {"Kn", "Wh", "WD", "Bo", "WL", "Rk", "Li"}  # none of them is on the board
    assert not strings(game.view()) & secret
    game.play("draw")  # P1 draws the Dragon: the view says a draw happened, not what was drawn
    view = game.view()
    assert view.last.kind == "draw" and not strings(view) & secret
    assert game.hand_view(0).tiles == ("Kn", "Wh", "WD") and game.hand_view(1).tiles == ("Rk", "WL")


@settings(max_examples=15, **SETTINGS)
@given(seed=st.integers(0, 2**64 - 1), plies=st.integers(0, 80))
def test_every_tile_code_in_an_ancient_view_lies_on_the_board_or_was_discarded(seed, plies):
    game = played("ancient", seed, plies)
    view = game.view()
    on_board = {code for _, code, _ in game.board.values()}
    discarded = {code for _, code in game.discards}  # discards are face up (ancient.md 3.2)
    assert view.discards == tuple(game.discards)
    codes = set(ALIASES.values())
    assert strings(view) & codes <= on_board | discarded
    for seat in (0, 1):  # no sequence in the view is a hand or a pile
        for secret in (tuple(game.hands[seat]), tuple(game.piles[seat])):
            if len(secret) > 1:
                assert all(v != secret for v in parts(view))


def test_the_hand_view_is_for_hidden_hands_only():
    game = engine.load("ancient", "to_move: P1; P1: Rh i9; P1 hand: Ro Ja")
    hand = game.hand_view(0)
    assert hand == HandView("ancient", 0, ("Ja", "Ro"), 5)
    assert pickle.loads(pickle.dumps(hand)) == hand
    game.play("Ja@i5")
    assert hand.tiles == ("Ja", "Ro") and game.hand_view(0).tiles == ("Ro",)
    for bad in (2, -1, "0", True):
        with pytest.raises(ValueError, match="no player"):
            game.hand_view(bad)
    for variant in ("basic", "iroh", "kutai", "quaterno", "pauso"):
        with pytest.raises(ValueError, match="has no hidden hands"):
            engine.new_game(variant).hand_view(0)


def test_iroh_harmonies_appear_in_the_view_only_once_the_game_is_over():
    game = engine.load("iroh", I3)
    assert not game.view().lines
    game.play("proclaim")
    kinds = {line.kind for line in game.view().lines}
    assert kinds == {"harmony", "winning"}


def test_a_game_without_a_view_says_so():
    class Bare(Game):
        variant = "bare"

    with pytest.raises(NotImplementedError):
        Bare(2, 0, None).view()
