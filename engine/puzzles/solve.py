"""Exact puzzle checks: every move tried, every reply answered (no evaluation, no sampling).

A position is a puzzle of one of three kinds, for the seat to move (the *solver*):

- **win in 1** (``win1``): exactly one move ends the game with the solver as its only winner;
- **defence**: the solver cannot win at once, every move but one lets the next player win at once
  (two-player games), and that one does not;
- **win in 2** (``win2``): the solver cannot win at once, and exactly one move leaves, whatever
  the others reply until the solver's next turn, a win at once (or a game already won).

The checks speak of the games' *actions* (the search's fast path: ``Game.legal_actions`` /
``apply_action`` / ``action_text``, base.py), reached only through ``actions``, ``after`` and
``text`` below. A node budget bounds each check: ``OutOfBudget`` when it is spent (the position
is then not a puzzle at this budget, never a wrong one). Refutations found once are tried first
everywhere after (``killers``), which keeps most checks far below their worst case.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..base import Game

WIN1, WIN2, DEFENCE = "win1", "win2", "defence"
KINDS = (WIN1, DEFENCE, WIN2)


class OutOfBudget(Exception):
    """The check needed more positions than its budget allowed."""


def actions(game: Game) -> list[Any]:
    """Every legal move of the player to move, as actions."""
    return game.legal_actions() if game.outcome is None else []


def text(game: Game, action: Any) -> str:
    """The canonical notation of an action of ``game``'s position."""
    return game.action_text(action)


def won_by(game: Game, seat: int) -> bool:
    """Whether the game is over with ``seat`` as its only winner."""
    return game.outcome is not None and tuple(game.outcome.winners) == (seat,)


@dataclass
class Found:
    """A puzzle found in a position: its kind, the solver's first move, and for a win in 2 the
    replies that answer it (each reply line -> the solver's winning moves after it)."""

    kind: str
    move: Any
    seat: int
    legal: int  # legal first moves
    lines: dict[tuple[Any, ...], list[Any]] = field(default_factory=dict)


class Solver:
    """Exact checks within a budget of ``budget`` positions per call (see the module docstring)."""

    def __init__(self, budget: int = 200_000) -> None:
        self.budget = budget
        self.nodes = 0
        self._spent = 0
        self.killers: list[Any] = []  # moves that won or refuted before: tried first

    def _start(self) -> None:
        self._spent = 0

    def after(self, game: Game, action: Any) -> Game:
        """A copy of ``game`` with ``action`` played (one node of the budget)."""
        self._spent += 1
        self.nodes += 1
        if self._spent > self.budget:
            raise OutOfBudget
        child = game.copy()
        child.apply_action(action)
        return child

    def _ordered(self, moves: list[Any], first: Iterable[Any] = ()) -> list[Any]:
        """``moves`` with the killers (and ``first``) that are among them at the front."""
        present = set(moves)
        front = [m for m in dict.fromkeys([*first, *self.killers]) if m in present]
        if not front:
            return moves
        chosen = set(front)
        return front + [m for m in moves if m not in chosen]

    def _killer(self, action: Any) -> None:
        if action in self.killers:
            return
        self.killers.insert(0, action)
        del self.killers[64:]

    # ----- one ply ------------------------------------------------------------------------
    def winning(self, game: Game, stop_after: int | None = None) -> list[Any]:
        """The moves that win at once for the player to move (all of them, or the first
        ``stop_after``)."""
        seat = game.to_move
        found: list[Any] = []
        if seat is None:
            return found
        for action in self._ordered(actions(game)):
            if won_by(self.after(game, action), seat):
                found.append(action)
                self._killer(action)
                if stop_after is not None and len(found) >= stop_after:
                    break
        return found

    def can_win(self, game: Game) -> bool:
        return bool(self.winning(game, stop_after=1))

    # ----- the three kinds -------------------------------------------------------------------
    def win_in_1(self, game: Game) -> Found | None:
        """The one move that wins at once, if exactly one does."""
        self._start()
        seat = game.to_move
        found = self.winning(game, stop_after=2)
        if seat is None or len(found) != 1:
            return None
        return Found(WIN1, found[0], seat, len(actions(game)))

    def loses_at_once(self, game: Game, action: Any, seat: int) -> bool:
        """Whether ``action`` (by ``seat``) ends the game without ``seat`` winning, or lets the
        next player win at once."""
        child = self.after(game, action)
        if child.outcome is not None:
            return seat not in child.outcome.winners
        return self.can_win(child)

    def defence(self, game: Game) -> Found | None:
        """The one move that keeps the next player from winning at once (two players), if the
        solver cannot win at once and every other move lets them."""
        self._start()
        seat = game.to_move
        if seat is None or game.players != 2 or self.can_win(game):
            return None
        saves = []
        moves = actions(game)
        for action in moves:
            if not self.loses_at_once(game, action, seat):
                saves.append(action)
                if len(saves) > 1:
                    return None
        if len(saves) != 1 or len(moves) < 2:
            return None
        return Found(DEFENCE, saves[0], seat, len(moves))

    def _replies(self, game: Game, seat: int, line: tuple[Any, ...], out: dict[tuple[Any, ...], list[Any]]) -> bool:
        """Whether ``seat`` wins at once (or has won) after every sequence of the others' moves
        from ``game`` until ``seat`` is to move again; fills ``out`` with each line's wins."""
        if game.outcome is not None:
            return won_by(game, seat)
        if game.to_move == seat:
            wins = self.winning(game, stop_after=3)
            if not wins:
                return False
            out[line] = wins
            return True
        for reply in self._ordered(actions(game)):
            child = self.after(game, reply)
            if not self._replies(child, seat, (*line, reply), out):
                self._killer(reply)
                return False
        return True

    def win_in_2(self, game: Game, first: Iterable[Any] = ()) -> Found | None:
        """The one move after which the solver wins at once whatever the others reply, if the
        solver cannot win at once and exactly one move does that (``first``: moves to try
        first, e.g. the AI's choices, so that a second solution is found early)."""
        self._start()
        seat = game.to_move
        if seat is None or self.can_win(game):
            return None
        found: Found | None = None
        moves = actions(game)
        for action in self._ordered(moves, first):
            child = self.after(game, action)
            if child.outcome is not None:
                continue  # over without a win (a win was ruled out above)
            lines: dict[tuple[Any, ...], list[Any]] = {}
            if self._replies(child, seat, (), lines):
                if found is not None:
                    return None
                found = Found(WIN2, action, seat, len(moves), lines)
        return found
