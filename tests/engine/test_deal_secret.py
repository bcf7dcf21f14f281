"""Ancient's hidden tiles cannot be worked out (docs/rules/paisho-board.md 0.5, ancient.md D-A18):
new games are dealt from a 128-bit secret through keyed BLAKE2b, every bit of which decides the deal;
old seeds keep their SplitMix64 deal; and no refusal of ``draw,discard T`` depends on the pile."""
from __future__ import annotations

import random

import pytest

import engine
from engine.paisho.rng import KEYED, KeyedStream, SplitMix64, generator, new_secret_seed


def deal(seed: int) -> tuple:
    """Everything the seed decides in Ancient: both piles, both hands, the centerpiece, the chooser."""
    g = engine.new_game("ancient", seed=seed)
    return tuple(map(tuple, g.piles)), tuple(map(tuple, g.hands)), tuple(g.board.items()), g.chooser


def test_version_2_test_vector():
    g = generator(KEYED + 1)
    assert [g.next() for _ in range(3)] == [0x9974D8D8ECBE8C68, 0xA92AE49D20998CED, 0x86EEF27298D94F87]
    assert isinstance(generator(2**64 - 1), SplitMix64) and not isinstance(generator(2**64 - 1), KeyedStream)


def test_old_seeds_deal_as_before():
    """A-1's table: seed 1 still deals P1 the hand it always did (SplitMix64)."""
    g = engine.new_game("ancient", seed=286)
    assert sorted(g.hands[0]) == sorted("Ch Rh Ch Wh Kn".split()) and g.chooser == 1


def test_every_bit_of_the_secret_decides_the_deal():
    """Brute force over the key is the only way in: flipping any one of the 128 key bits deals
    different hands and piles (no bit is ignored, as the top 64 bits were by a 64-bit state)."""
    seed = new_secret_seed(random.Random(7).getrandbits)
    base = deal(seed)
    for bit in range(128):
        assert deal(seed ^ (1 << bit)) != base, bit


def test_knowing_the_low_64_bits_gives_nothing():
    """The deal of a keyed seed is not SplitMix64's deal of any part of it."""
    seed = new_secret_seed(random.Random(3).getrandbits)
    assert deal(seed) != deal(seed % 2**64) and deal(seed) != deal(seed >> 64)


def test_new_secret_seeds_carry_128_random_bits():
    seeds = [new_secret_seed() for _ in range(64)]
    assert all(KEYED <= s < 2 * KEYED for s in seeds)
    assert len(set(seeds)) == 64
    keys = [s - KEYED for s in seeds]
    # each of the 128 bit positions is set in some key and clear in another (64 draws: a chance
    # of 2 * 128 / 2**64 that this fails by luck)
    assert all(0 < sum(k >> b & 1 for k in keys) < 64 for b in range(128))
    assert len({deal(s)[0] for s in seeds[:8]}) == 8  # two games never share a deal


def test_keyed_below_is_uniform_in_range():
    g = KeyedStream(12345)
    draws = [g.below(6) for _ in range(6000)]
    assert set(draws) == set(range(6)) and all(800 < draws.count(v) < 1200 for v in range(6))


def overfull_turn(seed: int) -> engine.Game:
    """A game of this seed at a turn where a draw overfills P1's hand (hand size 1)."""
    g = engine.new_game("ancient", seed=seed, options={"hand_size": 1})
    g.play("choose first" if g.to_move == 0 else "choose second")
    assert g.to_move == 0
    return g


@pytest.mark.parametrize("seed", range(20))
def test_draw_discard_refusals_never_depend_on_the_pile(seed):
    """Naming a tile not in the hand is refused with the same words whether or not it lies on top
    of the pile, and the game is unchanged: trying tells nothing of the unseen tile."""
    g = overfull_turn(seed)
    top, hand = g.piles[0][0], g.hands[0]
    for code in ("Ja", "Li", "WJ", "Ro", "Ch", "Rh", "Kn", "Wh", "Rk", "Bo", "WD", "WL"):
        if code in hand:
            continue
        before = g.position()
        with pytest.raises(engine.IllegalMove) as refused:
            g.play(f"draw,discard {code}")
        assert str(refused.value).startswith("You have no ") and "draw first and then discard" in str(refused.value)
        assert g.position() == before, (code, top)


def test_a_record_may_discard_the_drawn_tile():
    """Replaying a stored record, ``draw,discard T`` names the tile the draw took."""
    g = overfull_turn(0)
    top = g.piles[0][0]
    drawn = engine.replay("ancient", g.record + [f"draw,discard {top}"], seed=0, options={"hand_size": 1})
    assert drawn.record[-1] == f"draw,discard {top}" and drawn.to_move == 1
    typed = overfull_turn(0)
    typed.play("draw")
    assert typed.play(f"discard {top}") == f"draw,discard {top}"
