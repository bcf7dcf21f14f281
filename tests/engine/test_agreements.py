"""Ends and undos the players agree on (issue 19): a draw by agreement in every game, recorded so
a replay rebuilds it, and which record entries can never be taken back."""
from __future__ import annotations

import random

import pytest

import engine
from engine import IllegalMove


def started(variant: str, players: int = 2, plies: int = 6, seed: int = 3) -> engine.Game:
    game = engine.new_game(variant, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.outcome is None:
            game.play(game.random_move(rng))
    return game


@pytest.mark.parametrize("variant", engine.VARIANT_IDS)
def test_a_draw_by_agreement_ends_any_game_and_replays(variant):
    game = started(variant)
    assert game.outcome is None
    game.agree_draw()
    assert game.outcome.winners == (0, 1) and game.outcome.reason == "agreement"
    assert game.to_move is None and game.legal_moves() == []
    assert game.record[-1] == "draw agreed"
    assert game.reason_text("agreement") == "by agreement"
    again = engine.replay(variant, game.record, players=2, seed=3)
    assert again.outcome == game.outcome
    with pytest.raises(IllegalMove):
        game.agree_draw()


def test_players_who_left_do_not_share_an_agreed_draw():
    game = engine.new_game("pauso", players=3, options={"board": "round5", "rings": 4})
    game.play("c1")
    game.resign(1)
    game.agree_draw()
    assert game.outcome.winners == (0, 2)


@pytest.mark.parametrize("variant", engine.VARIANT_IDS)
def test_nobody_can_type_an_agreed_draw_as_a_move(variant):
    game = started(variant, plies=2)
    with pytest.raises(IllegalMove, match="To end the game in a draw, offer a draw."):
        game.play("Draw  Agreed")
    assert "draw agreed" not in game.record


def test_a_drawn_tile_can_never_be_taken_back():
    game = engine.new_game("ancient", seed=11)
    rng = random.Random(4)
    while not any("draw" in entry for entry in game.record):
        game.play(game.random_move(rng))
    assert any(game.reveals_hidden(e) for e in game.record)
    assert not any(engine.new_game(v).reveals_hidden("c3") for v in engine.VARIANT_IDS)
