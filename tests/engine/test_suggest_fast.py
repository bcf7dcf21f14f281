"""Autocomplete that generates only what matches, and remembers the previous keystroke, offers
exactly what the straightforward method offered: for random positions of every game (Ancient's
crowded boards with every special tile in hand among them) and random typed text, key by key."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from bench.worst import LONG, PLAYERS, SPECIALS, ancient_worst, with_specials
from engine.ancient import moves as ancient_moves
from engine.ancient.notation import parse_placement
from engine.ancient.placement import after_placement
from tests.engine.suggest_reference import reference

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ----- random positions and random typing ---------------------------------------------------------
@st.composite
def positions(draw):
    variant = draw(st.sampled_from(engine.VARIANT_IDS))
    seed = draw(st.integers(0, 10**6))
    rng = random.Random(seed)
    game = engine.new_game(variant, players=PLAYERS.get(variant, 2), seed=seed, options=LONG.get(variant))
    for _ in range(draw(st.integers(0, 180 if variant == "ancient" else 120))):
        if game.outcome is not None:
            break
        game.play(game.random_move(rng))
    if variant == "ancient" and game.outcome is None and game.phase == "play" and not game.pending \
            and draw(st.booleans()):
        try:  # every special tile in the mover's hand, where the tile counts allow it
            game = with_specials(game, game.to_move)
        except ValueError:
            pass
    return game


def move_to_type(game, rng: random.Random) -> str:
    """A legal move (Ancient: a placement with a move after it when one may follow)."""
    if game.outcome is not None:
        return "resign"
    move = game.copy().random_move(rng)
    if game.variant == "ancient" and game.phase == "play" and not game.pending and "," not in move \
            and "@" in move:
        p = game.to_move
        place, _ = parse_placement(move)
        board, _ = after_placement(game.board, game.hands[p], p, place)
        follow = ancient_moves.moves(board, p)
        if follow:
            move += "," + rng.choice(follow)
    return move


NOISE = st.text(alphabet="abcdijmq019-x>@,wWhHbBoO ", max_size=4)


@settings(max_examples=60, **SETTINGS)
@given(positions(), st.data())
def test_typing_key_by_key_offers_what_the_straightforward_method_offers(game, data):
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    move = move_to_type(game, rng)
    typed = data.draw(st.sampled_from([move, move.upper(), move.replace(",", ", ")]))
    typed = typed[:data.draw(st.integers(0, len(typed)))] + data.draw(NOISE)
    limit = data.draw(st.sampled_from([1, 3, 25, 10**6]))
    for k in range(len(typed) + 1):  # each keystroke, the memo of the previous one kept
        assert game.suggest(typed[:k], limit) == reference(game, typed[:k], limit), typed[:k]
    for k in range(len(typed), -1, -1):  # and back again, as when deleting
        assert game.suggest(typed[:k], limit) == reference(game, typed[:k], limit), typed[:k]


@settings(max_examples=40, **SETTINGS)
@given(positions(), st.text(alphabet="abcdefghijklmnopqrswxy0123456789@-,>", max_size=14),
       st.sampled_from([1, 25, 10**6]))
def test_any_text_is_completed_as_by_the_straightforward_method(game, typed, limit):
    assert game.suggest(typed, limit) == reference(game, typed, limit)


def test_the_crowded_ancient_position_with_every_special_tile_completes_each_part():
    game = ancient_worst(1)  # 76-96 tiles on the board
    assert sorted(game.hands[game.to_move]) == sorted(SPECIALS)
    for typed in ["", "b", "bo@", "Bo@i", "wh@", "Wh@a", "kn@i9", "wd@", "wl@c"]:
        assert game.suggest(typed, 25) == reference(game, typed, 25)
    ship = next(m for m in game.suggest("bo@", 25))
    after = game.suggest(ship + ",", 10**6)
    assert after == reference(game, ship + ",", 10**6)
    assert after and all(m.startswith(ship + ",") for m in after)
    assert game.copy().play(after[-1]) == after[-1]  # the completions are legal turns
    a_then = after[0].split(",")[1][:3]
    assert game.suggest(f"{ship},{a_then}", 10**6) == reference(game, f"{ship},{a_then}", 10**6)


def test_a_new_position_is_never_completed_from_the_previous_ones_memory():
    game = engine.new_game("kutai", seed=1)
    before = game.suggest("", 10**6)
    game.play(before[0])
    assert game.suggest("", 10**6) == game.legal_moves() != before
    assert before[0] not in game.legal_moves() and before[0] not in game.suggest(before[0], 10**6)
