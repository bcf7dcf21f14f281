"""The move panel in Discord: the **Play** button under a turn message (and /move with nothing
typed, cogs/play.py) opens a private panel for the player to move: the picture of the step with
its options marked, a select of those options, **Back** and **Cancel**, and once a whole move is
chosen, **Play it**, which plays it through the same service call as /move.

Every component is a DynamicItem whose custom id carries the game, the position's version and the
path of choices (engine.steps), so nothing is kept between presses and the panel works after a
restart; the service checks each press (a player of the game, the one to move, the same
position). Each press is answered at once (deferred) and the panel message edited in place;
nothing public is posted until the move is played.
"""
from __future__ import annotations

import io
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.app import SORRY, PaiShoBot, tell
from bot.service import Panel, Reply, UserError
from bot.texts import fit
from engine import steps

from .replies import bot_of, buttons, person, post, viewer

log = logging.getLogger(__name__)

LABEL_LIMIT = 100  # characters of a select option's label
ID = r"(?P<id>[0-9]{1,20})"
VERSION = r"(?P<v>[0-9a-f]{10})"
PATH = rf"(?P<path>[a-y]{{0,{steps.MAX_PATH}}})"
CANCELLED = "Cancelled: nothing was played. Press Play on the turn message (or use /move) to pick again."


def option_label(option: steps.Option) -> str:
    """A select option's label: ``A · Rose from your reserve`` (cut to Discord's limit)."""
    return fit(f"{option.key} \u00b7 {option.label}", LABEL_LIMIT)


def panel_view(panel: Panel) -> discord.ui.View:
    """The panel's components: the select of the step's options (or Play it), Back, Cancel."""
    assert panel.game_id is not None
    view = discord.ui.View(timeout=None)
    step = panel.step
    if not step.done:
        view.add_item(PickSelect(panel.game_id, panel.version, step.path, step))
    else:
        view.add_item(PanelButton("play", panel.game_id, panel.version, step.path))
    if step.path:
        view.add_item(PanelButton("go", panel.game_id, panel.version, steps.back(step.path)))
    view.add_item(PanelButton("stop", panel.game_id, panel.version, ""))
    return view


def panel_kwargs(panel: Panel) -> dict[str, Any]:
    """What the panel message shows: the words, the picture, the components."""
    files = [discord.File(io.BytesIO(panel.image), filename="panel.png")] if panel.image is not None else []
    return {"content": fit(panel.text), "attachments": files, "view": panel_view(panel)}


async def open_panel(interaction: discord.Interaction, *, game_id: int | None = None,
                     channel_id: int | None = None) -> None:
    """Answer privately with the panel's first step (the Play button, or /move with nothing typed)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        panel = await bot_of(interaction).service.open_panel(person(interaction.user), game_id=game_id,
                                                              channel_id=channel_id, viewer=viewer(interaction))
        await interaction.edit_original_response(**panel_kwargs(panel))
    except UserError as err:
        await tell(interaction, str(err))
    except Exception:
        log.exception("The move panel failed to open for user %s (game %s, channel %s)", interaction.user.id,
                      game_id, interaction.channel_id)
        await tell(interaction, SORRY)


async def in_panel(interaction: discord.Interaction, what: str, action: Callable[[], Awaitable[None]]) -> None:
    """Run a press inside the panel: answered at once (the panel is edited in place); a refusal
    replaces the panel (it is dead: the game moved on, or it was never the presser's turn)."""
    await interaction.response.defer()
    try:
        await action()
    except UserError as err:
        await interaction.edit_original_response(content=fit(str(err)), attachments=[], view=None)
    except Exception:
        log.exception("Move panel %s failed for user %s in channel %s", what, interaction.user.id,
                      interaction.channel_id)
        await interaction.edit_original_response(content=SORRY, attachments=[], view=None)


class PlayButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"psb:play:{ID}"):
    """Under a turn message: opens the move panel for the player to move."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Play", style=discord.ButtonStyle.primary, emoji="\u25b6\ufe0f",
                                           custom_id=f"psb:play:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PlayButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await open_panel(interaction, game_id=self.game_id)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"psb:pick:{ID}:{VERSION}:{PATH}"):
    """The options of one step; choosing one shows the next step."""

    def __init__(self, game_id: int, version: str, path: str, step: steps.Step | None = None) -> None:
        options = [discord.SelectOption(label=option_label(o), value=o.key.lower()) for o in step.options] \
            if step is not None else [discord.SelectOption(label="\u2026", value="a")]
        placeholder = fit(step.prompt, 150) if step is not None else None
        super().__init__(discord.ui.Select(custom_id=f"psb:pick:{game_id}:{version}:{path}", options=options,
                                           placeholder=placeholder, min_values=1, max_values=1))
        self.game_id, self.version, self.path = game_id, version, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PickSelect:
        return cls(int(match["id"]), match["v"], match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act() -> None:
            chosen = (self.item.values or [""])[0]
            if not re.fullmatch(r"[a-y]", chosen):
                raise UserError("That choice is not on offer.")
            service = bot_of(interaction).service
            panel = await service.panel_step(person(interaction.user), self.game_id, self.version, self.path + chosen,
                                             viewer(interaction))
            await interaction.edit_original_response(**panel_kwargs(panel))
        await in_panel(interaction, f"choice in game {self.game_id}", act)


class PanelButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=rf"psb:panel:(?P<act>go|play|stop):{ID}:{VERSION}:{PATH}"):
    """Back (go to a shorter path), Play it (play the move chosen) and Cancel."""

    LOOKS = {"go": ("Back", discord.ButtonStyle.secondary), "play": ("Play it", discord.ButtonStyle.success),
             "stop": ("Cancel", discord.ButtonStyle.danger)}

    def __init__(self, act: str, game_id: int, version: str, path: str) -> None:
        label, style = self.LOOKS[act]
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"psb:panel:{act}:{game_id}:{version}:{path}"))
        self.act, self.game_id, self.version, self.path = act, game_id, version, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PanelButton:
        return cls(match["act"], int(match["id"]), match["v"], match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.act == "stop":  # nothing to work out: the panel goes at once
            await interaction.response.edit_message(content=CANCELLED, attachments=[], view=None)
            return
        service, user = bot_of(interaction).service, person(interaction.user)

        async def act() -> None:
            if self.act == "go":
                panel = await service.panel_step(user, self.game_id, self.version, self.path, viewer(interaction))
                await interaction.edit_original_response(**panel_kwargs(panel))
                return
            reply = await service.play_panel(user, self.game_id, self.version, self.path, viewer(interaction))
            await post(interaction, reply)  # the turn message for everyone; the panel goes (or shows the hand)
            if reply.private:
                await interaction.edit_original_response(view=None)
        await in_panel(interaction, f"{self.act} in game {self.game_id}", act)


@buttons
def play_buttons(reply: Reply) -> list[discord.ui.Item[Any]]:
    """A turn message of a running game where a person is to move carries the Play button."""
    if not reply.pick or reply.game_id is None or reply.finished:
        return []
    return [PlayButton(reply.game_id)]


async def setup(bot: PaiShoBot) -> None:
    bot.add_dynamic_items(PlayButton, PickSelect, PanelButton)
