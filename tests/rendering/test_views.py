"""Pictures drawn from views: a view taken before a move still draws the game as it was after the game
has moved on (so it can be drawn in another thread or process), a pickled view draws the same
picture, hands are drawn from hand views, and the renderers read games only through views."""
from __future__ import annotations

import ast
import pickle
import random
import re
from pathlib import Path

import pytest

import engine
import rendering

RENDERING = Path(rendering.__file__).parent
PLAYERS = {"pauso": 3}
# the engine modules a renderer may import: the view types (each game's own too), and geometry and
# constants of boards and tiles
ALLOWED = {"engine.view", "engine.notation", "engine.paisho.board", "engine.paisho.flowers",
           "engine.quaterno.board", "engine.pauso.layout", "engine.kutai.tiles",
           "engine.steps",  # the move panel's step: what is being chosen, as immutable data (a view)
           "engine.legend",  # the legend's sample positions: immutable views and where each tile stands
           *(f"engine.{variant}.view" for variant in engine.VARIANT_IDS)}


def mid_game(variant: str, seed: int = 3, plies: int = 30) -> tuple[engine.Game, random.Random]:
    rng = random.Random(seed)
    game = engine.new_game(variant, players=PLAYERS.get(variant, 2), seed=seed)
    while len(game.record) < plies and game.outcome is None:
        game.play(game.random_move(rng))
    assert game.outcome is None
    return game, rng


@pytest.mark.parametrize("variant", engine.VARIANT_IDS)
def test_a_view_taken_before_a_move_draws_the_game_as_it_was(variant):
    game, rng = mid_game(variant)
    names = ["alice", "bob", "carol"][: game.players]
    view = game.view()
    then = rendering.render(game, names)
    moved = 0
    while game.outcome is None and moved < 8:
        game.play(game.random_move(rng))
        moved += 1
    assert rendering.render(game, names) != then  # the game has moved on ...
    assert rendering.render_view(view, names) == then  # ... and the view has not


@pytest.mark.parametrize("variant", engine.VARIANT_IDS)
def test_a_pickled_view_draws_the_same_picture(variant):
    game, _ = mid_game(variant, seed=5, plies=20)
    names = ["x", "y", "z"][: game.players]
    view = pickle.loads(pickle.dumps(game.view()))
    assert rendering.render_view(view, names) == rendering.render(game, names)


def test_hands_are_drawn_from_hand_views():
    game = engine.load("ancient", "to_move: P1; P1: Rh i9; P1 hand: Ro Ja; P2 hand: WD")
    hand = game.hand_view(0)
    picture = rendering.render_hand(game, 0)
    assert rendering.render_hand_view(hand) == picture
    game.play("Ja@i5")
    assert rendering.render_hand_view(hand) == picture != rendering.render_hand(game, 0)
    assert rendering.render_hand_view(pickle.loads(pickle.dumps(game.hand_view(1)))) == rendering.render_hand(game, 1)
    with pytest.raises(ValueError, match="has no hidden hands"):
        rendering.render_hand(engine.new_game("basic"), 0)


def test_unknown_variants_are_refused():
    with pytest.raises(ValueError, match="No renderer"):
        rendering.render_view(type("V", (), {"variant": "chess"})())


def test_renderers_read_games_only_through_views():
    for path in sorted(RENDERING.glob("*.py")):
        source = path.read_text()
        assert not re.search(r"game\.(_|board|last|hands|piles|knotweeds|last_events)", source), path.name
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "engine":
                assert node.module in ALLOWED, f"{path.name} imports {node.module}"
            elif isinstance(node, ast.Import) and path.name != "replay.py":
                assert not any(a.name.split(".")[0] == "engine" for a in node.names), path.name


def test_replays_rebuild_games_through_the_engine_contract_only():
    # replay.py rebuilds a game from its record (engine.new_game, apply_record_entry) and draws its views
    source = (RENDERING / "replay.py").read_text()
    used = set(re.findall(r"\bengine\.(\w+)", source)) | set(re.findall(r"\bgame\.(\w+)", source))
    assert used <= {"new_game", "view", "apply_record_entry", "replay"}, used
