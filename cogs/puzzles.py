"""Puzzles in Discord: ``/puzzle [game]`` (or ``game: daily``) answers privately with a puzzle and
the move panel's first step; the move is picked (the select, Back, Play it) or typed (Type a
move opens a box), and Give up shows the solution. ``/daily`` (Manage Server) has the day's puzzle
posted in a channel at an hour, with a public Solve button that opens it privately for whoever
presses.

Every component is a DynamicItem whose custom id carries the attempt, the progress it saw and the
path of choices (or the daily puzzle and its day), so the buttons work after a restart and a
stale press is refused by the service; nothing public is posted but the daily post.
"""
from __future__ import annotations

import io
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import engine
from bot.app import SORRY, PaiShoBot, tell
from bot.service import Reply, Shown, UserError
from bot.texts import fit
from engine import puzzles, steps

from .panel import option_label
from .replies import bot_of, buttons, person, user_errors

log = logging.getLogger(__name__)
ID = r"(?P<id>[0-9]{1,20})"
AT = r"(?P<at>[0-9]{1,3})"
PATH = rf"(?P<path>[a-y]{{0,{steps.MAX_PATH}}})"
DAILY = "daily"
MOVE_LIMIT = 200  # characters a typed move may have (longer is no move of any game)


def puzzle_choices() -> list[app_commands.Choice[str]]:
    """The games with puzzles, and today's puzzle."""
    return ([app_commands.Choice(name=engine.info(v).name, value=v) for v in puzzles.variants_with_puzzles()]
            + [app_commands.Choice(name="Today's puzzle (the same for everyone)", value=DAILY)])


def puzzle_view(shown: Shown) -> discord.ui.View:
    """An open puzzle's components: the step's options (or Play it), Back, Type a move, Give up;
    an ended one's: Next puzzle."""
    view = discord.ui.View(timeout=None)
    step = shown.step
    if step is None:
        view.add_item(NextButton(shown.variant))
        return view
    if not step.done:
        view.add_item(PuzzleSelect(shown.attempt_id, shown.progress, step.path, step))
    else:
        view.add_item(PuzzleButton("play", shown.attempt_id, shown.progress, step.path))
    if step.path:
        view.add_item(PuzzleButton("go", shown.attempt_id, shown.progress, steps.back(step.path)))
    view.add_item(PuzzleButton("type", shown.attempt_id, shown.progress, ""))
    view.add_item(PuzzleButton("quit", shown.attempt_id, shown.progress, ""))
    return view


def puzzle_kwargs(shown: Shown) -> dict[str, Any]:
    files = [discord.File(io.BytesIO(shown.image), filename="puzzle.png")] if shown.image is not None else []
    return {"content": fit(shown.text), "attachments": files, "view": puzzle_view(shown)}


async def show(interaction: discord.Interaction, what: str, action: Callable[[], Awaitable[Shown]]) -> None:
    """Answer privately (a new private message) with the puzzle ``action`` gives."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        await interaction.edit_original_response(**puzzle_kwargs(await action()))
    except UserError as err:
        await tell(interaction, str(err))
    except Exception:
        log.exception("Puzzle %s failed for user %s in channel %s", what, interaction.user.id, interaction.channel_id)
        await tell(interaction, SORRY)


async def in_place(interaction: discord.Interaction, what: str, action: Callable[[], Awaitable[Shown]]) -> None:
    """A press inside a puzzle message: answered at once and the message edited in place; a
    refusal is said privately and leaves the puzzle as it was."""
    await interaction.response.defer()
    try:
        await interaction.edit_original_response(**puzzle_kwargs(await action()))
    except UserError as err:
        await interaction.followup.send(fit(str(err)), ephemeral=True)
    except Exception:
        log.exception("Puzzle %s failed for user %s in channel %s", what, interaction.user.id, interaction.channel_id)
        await interaction.followup.send(SORRY, ephemeral=True)


class PuzzleSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"psb:pzp:{ID}:{AT}:{PATH}"):
    """The options of one step of the puzzle's move panel."""

    def __init__(self, attempt: int, at: int, path: str, step: steps.Step | None = None) -> None:
        options = [discord.SelectOption(label=option_label(o), value=o.key.lower()) for o in step.options] \
            if step is not None else [discord.SelectOption(label="\u2026", value="a")]
        super().__init__(discord.ui.Select(custom_id=f"psb:pzp:{attempt}:{at}:{path}", options=options,
                                           placeholder=fit(step.prompt, 150) if step is not None else None))
        self.attempt, self.at, self.path = attempt, at, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PuzzleSelect:
        return cls(int(match["id"]), int(match["at"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act() -> Shown:
            chosen = (self.item.values or [""])[0]
            if not re.fullmatch(r"[a-y]", chosen):
                raise UserError("That choice is not on offer.")
            return await bot_of(interaction).service.puzzles.pick(person(interaction.user), self.attempt, self.at,
                                                                   self.path + chosen)
        await in_place(interaction, f"choice in attempt {self.attempt}", act)


class MoveBox(discord.ui.Modal, title="Your move"):
    """Type a move in notation."""

    move: discord.ui.TextInput[MoveBox] = discord.ui.TextInput(label="Your move, as the game writes it",
                                                               max_length=MOVE_LIMIT, placeholder="e.g. e5-e8")

    def __init__(self, attempt: int, at: int) -> None:
        super().__init__(custom_id=f"psb:pzm:{attempt}:{at}")
        self.attempt, self.at = attempt, at

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await in_place(interaction, f"typed move in attempt {self.attempt}", lambda: bot_of(
            interaction).service.puzzles.answer(person(interaction.user), self.attempt, self.at, str(self.move.value)))


class PuzzleButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=rf"psb:pzb:(?P<act>go|play|type|quit):{ID}:{AT}:{PATH}"):
    """Back, Play it, Type a move, Give up."""

    LOOKS = {"go": ("Back", discord.ButtonStyle.secondary), "play": ("Play it", discord.ButtonStyle.success),
             "type": ("Type a move", discord.ButtonStyle.primary), "quit": ("Give up", discord.ButtonStyle.danger)}

    def __init__(self, act: str, attempt: int, at: int, path: str) -> None:
        label, style = self.LOOKS[act]
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"psb:pzb:{act}:{attempt}:{at}:{path}"))
        self.act, self.attempt, self.at, self.path = act, attempt, at, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PuzzleButton:
        return cls(match["act"], int(match["id"]), int(match["at"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.act == "type":  # a box to type in; the move it gets is judged like a picked one
            await interaction.response.send_modal(MoveBox(self.attempt, self.at))
            return
        service, user = bot_of(interaction).service.puzzles, person(interaction.user)
        acts = {"go": lambda: service.pick(user, self.attempt, self.at, self.path),
                "play": lambda: service.play_picked(user, self.attempt, self.at, self.path),
                "quit": lambda: service.give_up(user, self.attempt, self.at)}
        await in_place(interaction, f"{self.act} in attempt {self.attempt}", acts[self.act])


class NextButton(discord.ui.DynamicItem[discord.ui.Button], template=r"psb:pzn:(?P<game>[a-z0-9_]{1,32})"):
    """After a puzzle: the next one of the same game, in a new private message."""

    def __init__(self, variant: str) -> None:
        super().__init__(discord.ui.Button(label="Next puzzle", style=discord.ButtonStyle.primary,
                                           custom_id=f"psb:pzn:{variant}"))
        self.variant = variant

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> NextButton:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        service = bot_of(interaction).service.puzzles
        await show(interaction, "next", lambda: service.ask(person(interaction.user), self.variant,
                                                            interaction.guild_id))


class SolveButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"psb:pzs:(?P<puzzle>[0-9a-f]{10}):(?P<day>[0-9]{4}-[0-9]{2}-[0-9]{2})"):
    """Under the daily post: opens that day's puzzle privately for whoever presses."""

    def __init__(self, puzzle_id: str, day: str) -> None:
        super().__init__(discord.ui.Button(label="Solve", style=discord.ButtonStyle.success, emoji="\U0001f9e9",
                                           custom_id=f"psb:pzs:{puzzle_id}:{day}"))
        self.puzzle_id, self.day = puzzle_id, day

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> SolveButton:
        return cls(match["puzzle"], match["day"])

    async def callback(self, interaction: discord.Interaction) -> None:
        service = bot_of(interaction).service.puzzles
        await show(interaction, f"daily {self.day}", lambda: service.daily(
            person(interaction.user), interaction.guild_id, self.day, self.puzzle_id))


@buttons
def solve_buttons(reply: Reply) -> list[discord.ui.Item[Any]]:
    """The daily post carries its Solve button."""
    if not reply.solve:
        return []
    puzzle_id, _, day = reply.solve.partition(":")
    return [SolveButton(puzzle_id, day)]


class Puzzles(commands.Cog):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot

    @app_commands.command(name="puzzle", description="A puzzle for you alone: find the best move")
    @app_commands.describe(game="Which game (default: your open puzzle, or any game), or today's puzzle")
    @app_commands.choices(game=puzzle_choices())
    async def puzzle(self, interaction: discord.Interaction, game: str | None = None) -> None:
        service, user = self.bot.service.puzzles, person(interaction.user)
        if game == DAILY:
            await show(interaction, "daily", lambda: service.daily(user, interaction.guild_id))
        else:
            await show(interaction, "ask", lambda: service.ask(user, game, interaction.guild_id))

    @app_commands.command(name="daily", description="Post the daily puzzle in a channel every day (Manage Server)")
    @app_commands.describe(channel="Where to post it", hour="At what hour, UTC (0-23)",
                           stop="Stop posting it in this server")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction, channel: discord.TextChannel | None = None,
                    hour: app_commands.Range[int, 0, 23] | None = None, stop: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            service = self.bot.service.puzzles
            if stop:
                reply = await service.stop_daily_post(interaction.guild_id)
            elif channel is None and hour is None:
                reply = await service.daily_setting(interaction.guild_id)
            else:
                if channel is None or hour is None:
                    raise UserError("Give both the channel and the hour (UTC), e.g. /daily channel:#puzzles hour:9.")
                me = interaction.guild.me if interaction.guild is not None else None
                if me is not None and not channel.permissions_for(me).send_messages:
                    raise UserError(f"I may not send messages in {channel.mention}: let me post there first.")
                reply = await service.set_daily_post(interaction.guild_id, channel.id, hour)
            await tell(interaction, reply.text)


async def setup(bot: PaiShoBot) -> None:
    bot.add_dynamic_items(PuzzleSelect, PuzzleButton, NextButton, SolveButton)
    await bot.add_cog(Puzzles(bot))
