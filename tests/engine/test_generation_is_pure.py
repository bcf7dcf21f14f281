"""Move generation never changes the game it looks at (issue 15): the bot draws a game's picture in
a worker thread while autocomplete lists the moves of the same game object, so listing,
suggesting, choosing a random move and describing a position must only read it. Every container
of a sample position is frozen (any change raises) before these calls."""
from __future__ import annotations

import random

import pytest

from .positions import all_samples, sample


class Changed(AssertionError):
    """Raised by a frozen container when something tries to change it."""


def _refuse(self, *args, **kwargs):
    raise Changed(f"{type(self).__name__[6:]} changed by move generation")


class FrozenDict(dict):
    __setitem__ = __delitem__ = pop = popitem = clear = update = setdefault = __ior__ = _refuse


class FrozenList(list):
    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = sort = reverse = _refuse
    __iadd__ = __imul__ = _refuse


class FrozenSet(set):
    add = discard = remove = pop = clear = update = _refuse
    difference_update = intersection_update = symmetric_difference_update = _refuse
    __ior__ = __iand__ = __isub__ = __ixor__ = _refuse


def freeze(value):
    """The same value with every dict, list and set (also inside tuples) replaced by a frozen one."""
    if isinstance(value, dict):
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return FrozenList(freeze(v) for v in value)
    if isinstance(value, set):
        return FrozenSet(freeze(v) for v in value)
    if type(value) is tuple:
        return tuple(freeze(v) for v in value)
    return value


def frozen(variant: str, label: str):
    """A sample position whose state cannot change (options and the record stay as they are:
    ``to_dict`` copies them). The legal-move list is left to be computed afresh."""
    game = sample(variant, label)
    for key, value in list(vars(game).items()):
        if key not in ("options", "load_options", "record", "_legal"):
            setattr(game, key, freeze(value))
    game._legal = None
    return game


def test_a_frozen_container_refuses_changes():
    board = freeze({(0, 0): [0, "Ja", False]})
    with pytest.raises(Changed):
        board.pop((0, 0))
    with pytest.raises(Changed):
        board[(0, 0)][2] = True


@pytest.mark.parametrize("variant,label", all_samples())
def test_listing_suggesting_and_describing_only_read_the_game(variant, label):
    game = frozen(variant, label)
    before = (game.to_dict(), repr(sorted((k, v) for k, v in vars(game).items() if k != "_legal")))
    moves = game.legal_moves()
    for typed in ["", "a", "c", "e", "choose ", "discard ", "draw", "R@", "Ja@", "Wh@", "Bo@",
                  *[m[:k] for m in moves[:: max(1, len(moves) // 20)] for k in (2, len(m))]]:
        game.suggest(typed)
    rng = random.Random(0)
    if game.outcome is None:
        for _ in range(5):
            game.random_move(rng)
    game.describe_last_turn()
    game.turn_words()
    game.position_text()
    _ = game.scores, game.to_move, game.left_players, game.last_was_leave
    for seat in range(game.players):
        game.private_note(seat)
        game.seat_label(seat)
    if game.outcome is not None:
        game.reason_text(game.outcome.reason)
    # what the pictures read besides: the result, Basic's garden, Iroh's locks, Quaterno's seizures
    if hasattr(game, "result"):
        game.result()
    if hasattr(game, "garden"):
        garden = game.garden()
        garden.ring(0, garden.harmonies()), garden.disharmonies()
    for point in list(getattr(game, "board", ())):
        for look in ("locked", "seizer"):
            if hasattr(game, look):
                getattr(game, look)(point)
    assert (game.to_dict(), repr(sorted((k, v) for k, v in vars(game).items() if k != "_legal"))) == before
