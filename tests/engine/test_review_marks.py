"""Which turns a review marks (engine.ai.review.marked): the turns where the mover's chance fell
most with a move that was not the search's best, three to five of them where the game has so
many slips, never a turn that lost nothing."""
from __future__ import annotations

from engine.ai.review import Turn, marked


def turn(ply: int, loss: float, best: bool = False, move: bool = True) -> Turn:
    return Turn(ply, ply % 2, "a1" if best else f"x{ply}", "a1", 0.6, 0.6 - loss, move)


def test_five_big_mistakes_of_many_are_marked_in_game_order():
    turns = [turn(p, loss) for p, loss in enumerate((0.3, 0.01, 0.2, 0.12, 0.5, 0.09, 0.4, 0.1))]
    assert marked(turns) == (0, 2, 3, 4, 6)  # losses 0.3, 0.2, 0.12, 0.5, 0.4: the five largest


def test_with_few_mistakes_small_slips_fill_up_to_three_but_never_a_best_move_or_a_lossless_turn():
    turns = [turn(0, 0.3), turn(1, 0.01), turn(2, 0.5, best=True), turn(3, 0.0), turn(4, 0.015),
             turn(5, 0.4, move=False)]
    assert marked(turns) == (0, 1, 4)
    assert marked([turn(0, 0.3), turn(1, 0.0), turn(2, 0.2, best=True)]) == (0,)
