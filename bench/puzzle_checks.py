"""What bench.puzzles does with one position: look for a puzzle of each kind with the exact checks
(engine.puzzles.solve), drop what the picture gives away, choose the scripted replies, check a
hidden-tile game's puzzle over re-deals of what the solver cannot see, tag the themes, estimate
the difficulty from how often the AI levels find the answer, and verify the whole puzzle again at
a larger budget before it is kept."""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from engine import ai, puzzles
from engine.base import Game
from engine.puzzles import DEFENCE, WIN1, WIN2, Found, OutOfBudget, Puzzle, Solver
from engine.puzzles.solve import actions, text, won_by
from engine.puzzles.themes import themes_of

BASE_RATING = {WIN1: 1100, DEFENCE: 1300, WIN2: 1500}
MISSED_BY_EASY, MISSED_BY_MEDIUM = 300, 250  # rating added when the level never finds the answer
PER_DOUBLING = 60  # rating added per doubling of the legal moves past 8
LOWEST, HIGHEST = 800, 2300
TRIES = 3  # seeds each AI level tries the puzzle with
FEWEST_MOVES = 4  # fewer legal moves than this: the answer is a guess among a handful, not a puzzle
REDEALS = 16  # re-deals of the unseen tiles a hidden-tile game's puzzle must survive
GIVEAWAYS = ("proclaim",)  # a first move the game itself announces as available: no puzzle


@dataclass(frozen=True)
class Settings:
    """How one game (and player count) is mined."""

    variant: str
    players: int = 2
    kinds: tuple[str, ...] = (WIN1, DEFENCE, WIN2)
    themes: tuple[str, ...] = ()
    budget: int = 60_000  # positions per exact check
    win2_budget: int = 30_000
    scale: float = 0.5  # the AI players' budget (x their level's)
    # the matchups of the mined games, in turn (a level per seat), and with ``self_play`` every
    # third game hard against hard
    matchups: tuple[tuple[str, ...], ...] = (("hard", "medium"), ("medium", "hard"))
    self_play: bool = True
    alternatives: int = 3  # the other moves the AI considered whose positions are checked too
    opening: tuple[int, int] = (2, 8)  # random plies before the AI plays
    per_game: int = 4  # puzzles kept from one game at most
    hidden: bool = False  # the game hides tiles: check the puzzle over re-deals
    # The game's own evaluation of a position for its mover screens the costly checks: a win is
    # looked for from ``win_from`` on, a defence up to ``defence_below`` (None: always).
    win_from: float | None = None
    defence_below: float | None = None
    near: Callable[[Game], bool] | None = None  # a position worth checking at all (None: every one)


def scripted(game: Game, found: Found) -> list[str] | None:
    """The solution of a win in 2 as text: the first move, the replies that leave the solver the
    fewest winning moves (the hardest defence, and where possible a single answer), the win."""
    if not found.lines:
        return None
    line, wins = min(found.lines.items(), key=lambda item: (len(item[1]), len(item[0])))
    moves = [found.move, *line, wins[0]]
    out, position = [], game.copy()
    for action in moves:
        out.append(text(position, action))
        position.apply_action(action)
    return out


def look(game: Game, settings: Settings, solver: Solver) -> tuple[str, list[str], int] | None:
    """The puzzle in ``game`` as (kind, solution, legal first moves), or None."""
    legal = len(actions(game))
    if legal < FEWEST_MOVES:
        return None
    for kind in settings.kinds:
        if kind == DEFENCE and game.players != 2:
            continue
        solver.budget = settings.win2_budget if kind == WIN2 else settings.budget
        try:
            found = {WIN1: solver.win_in_1, DEFENCE: solver.defence, WIN2: solver.win_in_2}[kind](game)
        except OutOfBudget:
            continue
        if found is None:
            continue
        solution = scripted(game, found) if kind == WIN2 else [text(game, found.move)]
        if solution is None or solution[0] in GIVEAWAYS:
            return None
        return kind, solution, legal
    return None


def survives_redeals(puzzle: Puzzle, settings: Settings, solver: Solver) -> bool:
    """A hidden-tile game's puzzle holds whatever the unseen tiles are, checked on ``REDEALS``
    worlds in which everything the solver cannot see is dealt again. A win in 1 depends only on
    the board and the solver's own tiles, so there each world must offer the solver exactly the
    same moves and the solution must win in it; any other kind runs its whole exact check again
    in each world."""
    knowledge = ai.knowledge_for(puzzle.variant)
    if knowledge.determinize is None:
        return True
    start = puzzle.start()
    rng = random.Random(puzzle.id)
    moves = sorted(map(repr, actions(start)))
    check = {WIN1: solver.win_in_1, DEFENCE: solver.defence, WIN2: solver.win_in_2}[puzzle.kind]
    for _ in range(REDEALS):
        world = knowledge.determinize(start, puzzle.seat, rng)
        if puzzle.kind == WIN1:
            after = world.copy()
            after.play(puzzle.solution[0])
            if sorted(map(repr, actions(world))) != moves or not won_by(after, puzzle.seat):
                return False
            continue
        solver.budget = settings.budget * 4
        try:
            found = check(world)
        except OutOfBudget:
            return False
        if found is None or text(world, found.move) != puzzle.solution[0]:
            return False
    return True


def rating(game: Game, kind: str, answer: str, legal: int, scale: float) -> int:
    """The estimated difficulty: the kind's base, more when easy or medium miss the answer (each
    tried with ``TRIES`` seeds), more with more legal moves."""
    value = float(BASE_RATING[kind])
    for level, missed in (("easy", MISSED_BY_EASY), ("medium", MISSED_BY_MEDIUM)):
        hits = sum(ai.analyse(game, level, seed=seed, budget_scale=scale).move == answer for seed in range(TRIES))
        value += missed * (1 - hits / TRIES)
    value += PER_DOUBLING * max(0.0, math.log2(legal / 8))
    return int(min(HIGHEST, max(LOWEST, round(value, -1))))


def make_puzzle(game: Game, kind: str, solution: list[str], legal: int, settings: Settings,
                source: str) -> Puzzle:
    record = list(game.record)
    options = game.to_dict()["options"] or {}
    pid = puzzles.puzzle_id(game.variant, game.players, game.seed, options, record)
    draft = Puzzle(pid, game.variant, game.players, game.seed, options, tuple(record), kind, tuple(solution),
                   (puzzles.KIND_TAGS[kind],), 1500, source)
    themes = themes_of(draft, settings.themes)
    difficulty = rating(game, kind, solution[0], legal, settings.scale)
    return Puzzle(pid, game.variant, game.players, game.seed, options, tuple(record), kind, tuple(solution),
                  (puzzles.KIND_TAGS[kind], *themes), difficulty, source)


def checked(puzzle: Puzzle, settings: Settings, solver: Solver) -> bool:
    """The final check before a puzzle is kept: verified again at four times the budget, and for
    a hidden-tile game over re-deals."""
    budget = 4 * (settings.win2_budget if puzzle.kind == WIN2 else settings.budget)
    if puzzles.verify(puzzle, budget=budget):
        return False
    return not settings.hidden or survives_redeals(puzzle, settings, solver)
