"""Puzzles in the local console, through the same service calls as /puzzle: ``puzzle [game|daily]``
shows a puzzle (its picture in the boards folder, the first step of its move panel as a numbered
list); ``solve <move>`` answers with a typed move, ``solve <n>`` picks choice n of the panel
(``solve 1`` plays a whole chosen move), ``solve back`` goes one choice back, ``give up`` shows
the solution."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine import steps
from engine.steps import KEYS

from .service import GameService, Person, Shown, UserError

NO_PUZZLE = "You have no puzzle open here: puzzle (or puzzle <game>, puzzle daily) gives you one."


class ConsolePuzzles:
    """The puzzle each speaker has open (by user id), as last shown."""

    def __init__(self, service: GameService, save: Callable[[bytes, int | None, str], Path]) -> None:
        self.service = service
        self.save = save
        self.open: dict[int, Shown] = {}

    async def ask(self, me: Person, rest: str) -> list[str]:
        """``puzzle``, ``puzzle <game>`` or ``puzzle daily``."""
        what = rest.strip().lower()
        puzzles = self.service.puzzles
        if what == "daily":
            shown = await puzzles.daily(me)
        else:
            shown = await puzzles.ask(me, what or None)
        return self._show(me, shown)

    async def solve(self, me: Person, rest: str) -> list[str]:
        """``solve <move>``, ``solve <n>`` or ``solve back``."""
        shown = self.open.get(me.id)
        if shown is None or shown.step is None:
            raise UserError(NO_PUZZLE)
        puzzles, said = self.service.puzzles, rest.strip()
        if not said:
            raise UserError("Say your move (solve e5-e8) or a choice of the list (solve 2).")
        step = shown.step
        if said.lower() == "back":
            return self._show(me, await puzzles.pick(me, shown.attempt_id, shown.progress, steps.back(step.path)))
        if said.isdigit():
            number = int(said)
            if step.done:
                if number != 1:
                    raise UserError("Your move is chosen: solve 1 plays it; solve back changes it.")
                return self._show(me, await puzzles.play_picked(me, shown.attempt_id, shown.progress, step.path))
            if not 1 <= number <= len(step.options):
                raise UserError(f"Choose one of the numbers 1-{len(step.options)} shown, or type your move.")
            path = step.path + KEYS[number - 1].lower()
            return self._show(me, await puzzles.pick(me, shown.attempt_id, shown.progress, path))
        return self._show(me, await puzzles.answer(me, shown.attempt_id, shown.progress, said))

    async def give_up(self, me: Person) -> list[str]:
        shown = self.open.get(me.id)
        if shown is None or shown.step is None:
            raise UserError(NO_PUZZLE)
        return self._show(me, await self.service.puzzles.give_up(me, shown.attempt_id, shown.progress))

    def _show(self, me: Person, shown: Shown) -> list[str]:
        self.open[me.id] = shown
        lines = shown.text.replace("**", "").split("\n")
        step = shown.step
        if step is not None and step.done:
            lines += ["  1. Play it", "solve 1 plays it; solve back changes it."]
        elif step is not None:
            lines += [f"  {n}. {o.label}  [{o.key}]" for n, o in enumerate(step.options, start=1)]
            lines.append("solve <n> picks a choice, solve <move> types the move, give up shows the solution.")
        if shown.image is not None:
            lines.append(f"[picture for {me.name}: {self.save(shown.image, None, f'-puzzle-{me.name}')}]")
        return lines
