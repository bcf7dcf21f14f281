"""The move panel in the local console: ``pick`` shows the steps of picking a move as numbered
lists (the same steps, words and pictures as the Discord panel, through the same service calls),
``pick 2`` chooses, ``back`` goes one choice back, ``cancel`` closes the panel; once the move is
whole, ``pick 1`` (or ``pick play``) plays it as ``move`` would. Each step's picture is saved
in the boards folder."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine import steps
from engine.steps import KEYS, Step

from .service import GameService, Panel, Person, Reply, UserError

HINT = "Choose with pick <number>; back goes one choice back, cancel closes the panel."
DONE_HINT = "pick 1 (or pick play) plays it; back changes it, cancel closes the panel."
NO_PANEL = "No move panel is open for you: pick opens one."


class ConsolePanel:
    """The open panel of each speaker (by user id): the game, the position's version, the step shown."""

    def __init__(self, service: GameService, save: Callable[[bytes, int | None, str], Path],
                 show: Callable[[Reply], list[str]]) -> None:
        self.service = service
        self.save = save  # writes a picture to the boards folder: save(png, game id, suffix) -> path
        self.show = show  # the console's lines for a reply (its text, who is notified, its picture)
        self.open: dict[int, tuple[int, str, Step]] = {}

    async def handle(self, word: str, rest: str, me: Person, channel_id: int) -> list[str]:
        """``pick [n|play]``, ``back`` or ``cancel`` from ``me``."""
        if word == "cancel":
            if self.open.pop(me.id, None) is None:
                raise UserError(NO_PANEL)
            return ["Cancelled: nothing was played."]
        if word == "back":
            game_id, version, step = self._current(me)
            return await self._step(me, game_id, version, steps.back(step.path))
        if not rest:
            panel = await self.service.open_panel(me, channel_id=channel_id)
            return self._show(me, panel)
        game_id, version, step = self._current(me)
        if step.done:
            if rest.strip().lower() not in ("1", "play", "a"):
                raise UserError(f"Your move is chosen: {DONE_HINT}")
            try:
                reply = await self.service.play_panel(me, game_id, version, step.path)
            finally:
                self.open.pop(me.id, None)
            return self.show(reply)
        key = chosen_key(rest, len(step.options), "cancel")
        return await self._step(me, game_id, version, step.path + key.lower())

    def _current(self, me: Person) -> tuple[int, str, Step]:
        found = self.open.get(me.id)
        if found is None:
            raise UserError(NO_PANEL)
        return found


    async def _panel(self, me: Person, game_id: int, version: str, path: str) -> Panel:
        try:
            return await self.service.panel_step(me, game_id, version, path)
        except UserError:
            self.open.pop(me.id, None)  # the game moved on (or is over): this panel is done
            raise

    async def _step(self, me: Person, game_id: int, version: str, path: str) -> list[str]:
        return self._show(me, await self._panel(me, game_id, version, path))

    def _show(self, me: Person, panel: Panel) -> list[str]:
        assert panel.game_id is not None
        step = panel.step
        self.open[me.id] = (panel.game_id, panel.version, step)
        lines = [panel.text.split("\n")[0].replace("**", "")]  # the game, "your move"
        lines += step_lines(step, HINT, DONE_HINT)
        if panel.image is not None:
            lines.append(f"[picture for {me.name}: {self.save(panel.image, panel.game_id, f'-pick-{me.name}')}]")
        return lines


def chosen_key(text: str, count: int, leave: str) -> str:
    """The option a player named in the console: its number (1-25) or its letter; ``leave`` is the
    word that closes what is being picked (said when neither was given)."""
    text = text.strip()
    if text.isdigit() and 1 <= int(text) <= count:
        return KEYS[int(text) - 1]
    if len(text) == 1 and text.upper() in KEYS[:count]:
        return text.upper()
    raise UserError(f"Choose one of the numbers 1-{count} shown (pick 2), or back, or {leave}.")


def step_lines(step: Step, choose_hint: str, done_hint: str) -> list[str]:
    """A move panel's step as the console prints it: the whole move and how to play it
    (``done_hint``), or the question, what is chosen so far, the numbered options and how to
    choose (``choose_hint``)."""
    if step.done:
        said = f" ({step.summary})" if step.summary and step.summary != step.move else ""
        return [f"Your move: {step.move}{said}.", "  1. Play it", done_hint]
    lines = [step.prompt + (f" (in {step.within})" if step.within else "")]
    if step.summary:
        lines.append(f"So far: {step.summary}")
    lines += [f"  {n}. {o.label}  [{o.key}]" for n, o in enumerate(step.options, start=1)]
    lines.append(choose_hint)
    return lines
