"""The check every shipped puzzle passes (the tests run it, the miner runs it before it writes a
puzzle): the position loads with the solver to move, the solution is legal move by move, its last
move wins (or, for a defence, the next player cannot win at once), every tag holds, and the exact
check of the puzzle's kind finds this first move and no other within the budget."""
from __future__ import annotations

from .. import registry
from ..base import Game, IllegalMove
from .model import KIND_TAGS, Puzzle
from .solve import DEFENCE, WIN1, WIN2, OutOfBudget, Solver, text, won_by
from .themes import tag_holds

BUDGET = 400_000  # positions the exact check may look at


def verify(puzzle: Puzzle, budget: int = BUDGET, exact: bool = True) -> list[str]:
    """What is wrong with ``puzzle`` (empty when nothing is); ``exact=False`` leaves out the exact
    check that no other first move does as well (the costly part)."""
    try:
        registry.info(puzzle.variant)
        start = puzzle.start()
    except (ValueError, IllegalMove) as err:
        return [f"the position does not load: {err}"]
    if start.to_move is None:
        return ["the position is a finished game"]
    if puzzle.kind not in KIND_TAGS:
        return [f"unknown kind {puzzle.kind!r}"]
    seat = start.to_move
    game = start.copy()
    for index, entry in enumerate(puzzle.solution):
        try:
            game.play(entry)
        except IllegalMove as err:
            return [f"solution move {index + 1} ({entry}) is refused: {err}"]
    problems = []
    solver = Solver(budget)
    if puzzle.kind in (WIN1, WIN2) and not won_by(game, seat):
        problems.append("the solution does not win")
    if puzzle.kind == DEFENCE and (game.outcome is not None and seat not in game.outcome.winners
                                   or game.outcome is None and solver.can_win(game)):
        problems.append("after the defence the next player still wins at once")
    if puzzle.kind == WIN1 and len(puzzle.solution) != 1 or puzzle.kind == DEFENCE and len(puzzle.solution) != 1:
        problems.append("a one-move puzzle with more than one move")
    check = {WIN1: solver.win_in_1, DEFENCE: solver.defence, WIN2: solver.win_in_2}[puzzle.kind]
    if not exact:
        check = _skipped
    try:
        found = check(start)
    except OutOfBudget:
        problems.append(f"the exact check needs more than {budget} positions")
        found = None
    else:
        first = text(start, found.move) if found is not None else None
        if exact and first != puzzle.solution[0]:
            problems.append(f"the exact check finds {first or 'no single move'}, not {puzzle.solution[0]}")
    problems += [f"the tag {tag!r} does not hold" for tag in puzzle.tags if not tag_holds(puzzle, tag)]
    if KIND_TAGS[puzzle.kind] not in puzzle.tags:
        problems.append(f"the tags miss {KIND_TAGS[puzzle.kind]!r}")
    return problems


def _skipped(game: Game) -> None:
    return None
