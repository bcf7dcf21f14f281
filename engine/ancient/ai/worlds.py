"""What a seat may know in Ancient Pai Sho, and the worlds the search draws for it.

The AI knows its own hand, the board, the discards and the sizes. The opponent's hand and pile
together hold exactly the opponent's tiles that are not on the board, discarded or removed,
which everybody can work out; a world deals that multiset at random into a hand and a pile of
the right sizes (which tile was where is never used: the tiles are sorted before they are
shuffled). The AI's own pile is shuffled likewise.
"""
from __future__ import annotations

import random
from collections import Counter

from ..game import AncientGame
from ..tiles import sort_hand


def unseen(game: AncientGame, owner: int) -> list[str]:
    """``owner``'s tiles that are neither on the board, discarded nor removed, in canonical order:
    public knowledge for the other seat (their 54 tiles less what was seen), so only the multiset
    of hand and pile is used, never which tile lies where."""
    return sort_hand(game.hands[owner] + game.piles[owner])


def determinize(game: AncientGame, seat: int, rng: random.Random) -> AncientGame:
    """A copy of ``game`` in which what ``seat`` cannot see is drawn at random: the other hand and
    both piles (their sizes kept), consistent with everything ``seat`` has seen."""
    world = game.copy()
    other = 1 - seat
    own = sort_hand(list((Counter(unseen(game, seat)) - Counter(game.hands[seat])).elements()))
    rng.shuffle(own)
    world.piles[seat] = own
    tiles = unseen(game, other)
    rng.shuffle(tiles)
    size = len(game.hands[other])
    world.hands[other] = sort_hand(tiles[:size])
    world.piles[other] = tiles[size:]
    if world.last and world.last.get("player") == other:
        world.last = None  # it may name the tile the other seat drew
    return world
