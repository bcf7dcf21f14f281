"""Learning in Discord: /learn (a user's progress in each game's lessons, and a lesson played
privately with the move panel or by typing a move) and /hint (in a casual game or a game against
the bot, the move the AI would play for the player to move, privately).

Everything /learn shows is ephemeral; only the Share button of a finished lesson posts something
for the channel. Every component is a DynamicItem whose custom id carries the game, the lesson, its
step, the position's version and the path of choices, so nothing is kept between presses and a
lesson keeps working after a restart (the service rebuilds the position from the lesson's file and
the moves the store holds). A modal (Type a move) opened before a restart is gone with it: its
button opens a new one.
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

from bot.app import SORRY, PaiShoBot, tell
from bot.service import Course, LessonPanel, UserError
from bot.service.lessons import stars_text
from bot.texts import EMBED_LIMIT, MOVE_INPUT_LIMIT, fit
from engine import steps

from .panel import option_label
from .replies import EMBED_COLOUR, bot_of, game_choices, here, person, user_errors

log = logging.getLogger(__name__)

VARIANT = r"(?P<v>[a-z]{1,20})"
LESSON = r"(?P<id>[0-9]{2}-[a-z0-9-]{1,21})"
AT = rf"{VARIANT}:{LESSON}:(?P<step>[0-9]{{1,2}}):(?P<ver>[0-9a-f]{{10}}):(?P<path>[a-y]{{0,{steps.MAX_PATH}}})"
DONE_COLOUR = discord.Colour.from_rgb(80, 170, 110)


# ----- what a screen shows ------------------------------------------------------------------------
def course_kwargs(course: Course) -> dict[str, Any]:
    """A progress screen: every game (a select of them), or one game's lessons (start the next, or any)."""
    view = discord.ui.View(timeout=None)
    if course.variant is None:
        if course.games:
            view.add_item(GameSelect(course.games))
    else:
        if course.next_lesson is not None:
            label = next((label for lesson_id, label, _ in course.lessons if lesson_id == course.next_lesson), "")
            view.add_item(LearnButton("open", course.variant, course.next_lesson, fit(f"Start {label}", 80)))
        view.add_item(LessonSelect(course.variant, course.lessons))
    embed = discord.Embed(description=fit(course.text, EMBED_LIMIT), colour=EMBED_COLOUR)
    return {"content": None, "embed": embed, "attachments": [], "view": view}


def lesson_kwargs(screen: LessonPanel) -> dict[str, Any]:
    """A lesson's screen: its text and what the last try came to in an embed with the picture, the
    move panel's select, and the buttons."""
    view = discord.ui.View(timeout=None)
    parts = [screen.said, screen.text]  # what the last try came to, then the lesson (or its goal)
    if screen.panel is not None:
        parts.append(screen.panel.text)
        step = screen.panel.step
        at = (screen.variant, screen.lesson, screen.step, screen.version)
        if not step.done:
            view.add_item(LessonPick(*at, step.path, step))
        else:
            view.add_item(LessonButton("play", *at, step.path))
        if step.path:
            view.add_item(LessonButton("go", *at, steps.back(step.path)))
        view.add_item(LessonButton("type", *at, ""))
        view.add_item(LessonButton("hint", *at, ""))
    else:
        if screen.next_lesson is not None:
            view.add_item(LearnButton("open", screen.variant, screen.next_lesson, "Next lesson"))
        view.add_item(LearnButton("again", screen.variant, screen.lesson, "Play it again"))
        view.add_item(LearnButton("share", screen.variant, screen.lesson, "Share my result"))
        view.add_item(LearnButton("course", screen.variant, screen.lesson, "All lessons"))
    described = fit("\n\n".join(p for p in parts if p), EMBED_LIMIT)
    embed = discord.Embed(title=fit(screen.title, 256), description=described,
                          colour=DONE_COLOUR if screen.finished else EMBED_COLOUR)
    files = []
    if screen.image is not None:
        files = [discord.File(io.BytesIO(screen.image), filename="lesson.png")]
        embed.set_image(url="attachment://lesson.png")
    return {"content": None, "embed": embed, "attachments": files, "view": view}


async def in_lesson(interaction: discord.Interaction, what: str, action: Callable[[], Awaitable[None]]) -> None:
    """Run a press on a lesson's (or progress) screen: answered at once, the screen edited in place;
    a refusal is told privately and the screen stays as it was."""
    await interaction.response.defer()
    try:
        await action()
    except UserError as err:
        await tell(interaction, str(err))
    except Exception:
        log.exception("Learning: %s failed for user %s", what, interaction.user.id)
        await tell(interaction, SORRY)


# ----- the commands -------------------------------------------------------------------------------
class Learn(commands.Cog):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot

    @app_commands.command(name="learn", description="Learn a game with short lessons (only you see them)")
    @app_commands.describe(game="The game to learn (default: your progress in every game)")
    @app_commands.choices(game=game_choices())
    async def learn(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            course = await self.bot.service.learning.course(person(interaction.user), game)
            await interaction.edit_original_response(**course_kwargs(course))

    @app_commands.command(name="hint", description="The move the bot would play for you, and why (casual games; "
                                                   "3 per game)")
    async def hint(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            reply = await self.bot.service.hint(here(interaction), person(interaction.user))
            await tell(interaction, reply.text)


# ----- the components -----------------------------------------------------------------------------
class GameSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"psb:learn:games"):
    """Which game to learn (on the progress of every game)."""

    def __init__(self, games: tuple[tuple[str, str], ...] = ()) -> None:
        options = [discord.SelectOption(label=name, value=variant) for variant, name in games[:25]] \
            or [discord.SelectOption(label="\u2026", value="x")]
        super().__init__(discord.ui.Select(custom_id="psb:learn:games", options=options,
                                           placeholder="Choose a game to learn"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> GameSelect:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act() -> None:
            chosen = (self.item.values or [""])[0]
            course = await bot_of(interaction).service.learning.course(person(interaction.user), chosen)
            await interaction.edit_original_response(**course_kwargs(course))
        await in_lesson(interaction, "learn: choose a game", act)


class LessonSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"psb:learn:lessons:{VARIANT}"):
    """Any lesson of a game."""

    def __init__(self, variant: str, lessons: tuple[tuple[str, str, int], ...] = ()) -> None:
        options = [discord.SelectOption(label=fit(label, 100), value=lesson_id, description=stars_text(stars))
                   for lesson_id, label, stars in lessons[:25]] or [discord.SelectOption(label="\u2026", value="x")]
        super().__init__(discord.ui.Select(custom_id=f"psb:learn:lessons:{variant}", options=options,
                                           placeholder="Or choose any lesson"))
        self.variant = variant

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LessonSelect:
        return cls(match["v"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act() -> None:
            chosen = (self.item.values or [""])[0]
            if not re.fullmatch(LESSON, chosen):
                raise UserError("That lesson is not on offer.")
            screen = await bot_of(interaction).service.learning.open(person(interaction.user), self.variant, chosen)
            await interaction.edit_original_response(**lesson_kwargs(screen))
        await in_lesson(interaction, f"learn: open a {self.variant} lesson", act)


class LearnButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=rf"psb:learn:(?P<act>open|again|share|course):{VARIANT}:{LESSON}"):
    """Start a lesson, play it again, share its result, back to the game's lessons."""

    STYLES = {"open": discord.ButtonStyle.primary, "again": discord.ButtonStyle.secondary,
              "share": discord.ButtonStyle.success, "course": discord.ButtonStyle.secondary}

    def __init__(self, act: str, variant: str, lesson_id: str, label: str = "\u2026") -> None:
        super().__init__(discord.ui.Button(label=label, style=self.STYLES[act],
                                           custom_id=f"psb:learn:{act}:{variant}:{lesson_id}"))
        self.act, self.variant, self.lesson_id = act, variant, lesson_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LearnButton:
        return cls(match["act"], match["v"], match["id"])

    async def callback(self, interaction: discord.Interaction) -> None:
        learning, user = bot_of(interaction).service.learning, person(interaction.user)
        if self.act == "share":  # the one thing posted for the channel, only when the player asks
            try:
                reply = await learning.share(user, self.variant, self.lesson_id)
                await interaction.response.send_message(fit(reply.text))
            except UserError as err:
                await tell(interaction, str(err))
            except Exception:
                log.exception("Sharing lesson %s/%s failed for user %s", self.variant, self.lesson_id, user.id)
                await tell(interaction, SORRY)
            return

        async def act() -> None:
            if self.act == "course":
                await interaction.edit_original_response(**course_kwargs(await learning.course(user, self.variant)))
                return
            if self.act == "again":
                screen = await learning.restart(user, self.variant, self.lesson_id)
            else:
                screen = await learning.open(user, self.variant, self.lesson_id)
            await interaction.edit_original_response(**lesson_kwargs(screen))
        await in_lesson(interaction, f"learn {self.act} {self.variant}/{self.lesson_id}", act)


class LessonPick(discord.ui.DynamicItem[discord.ui.Select], template=rf"psb:ls:{AT}"):
    """The options of the lesson's move panel at one step."""

    def __init__(self, variant: str, lesson_id: str, step_number: int, version: str, path: str,
                 step: steps.Step | None = None) -> None:
        options = [discord.SelectOption(label=option_label(o), value=o.key.lower()) for o in step.options] \
            if step is not None else [discord.SelectOption(label="\u2026", value="a")]
        placeholder = fit(step.prompt, 150) if step is not None else None
        super().__init__(discord.ui.Select(custom_id=f"psb:ls:{variant}:{lesson_id}:{step_number}:{version}:{path}",
                                           options=options, placeholder=placeholder))
        self.variant, self.lesson_id, self.version, self.path = variant, lesson_id, version, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LessonPick:
        return cls(match["v"], match["id"], int(match["step"]), match["ver"], match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act() -> None:
            chosen = (self.item.values or [""])[0]
            if not re.fullmatch(r"[a-y]", chosen):
                raise UserError("That choice is not on offer.")
            screen = await bot_of(interaction).service.learning.step(person(interaction.user), self.variant,
                                                                     self.lesson_id, self.version, self.path + chosen)
            await interaction.edit_original_response(**lesson_kwargs(screen))
        await in_lesson(interaction, f"lesson choice {self.variant}/{self.lesson_id}", act)


class LessonButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"psb:lb:(?P<act>play|go|type|hint):{AT}"):
    """Play it (try the move chosen), Back, Type a move (a modal), Hint."""

    LOOKS = {"play": ("Play it", discord.ButtonStyle.success), "go": ("Back", discord.ButtonStyle.secondary),
             "type": ("Type a move", discord.ButtonStyle.secondary), "hint": ("Hint", discord.ButtonStyle.secondary)}

    def __init__(self, act: str, variant: str, lesson_id: str, step_number: int, version: str, path: str) -> None:
        label, style = self.LOOKS[act]
        super().__init__(discord.ui.Button(
            label=label, style=style,
            custom_id=f"psb:lb:{act}:{variant}:{lesson_id}:{step_number}:{version}:{path}"))
        self.act, self.variant, self.lesson_id, self.step_number = act, variant, lesson_id, step_number
        self.version, self.path = version, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LessonButton:
        return cls(match["act"], match["v"], match["id"], int(match["step"]), match["ver"], match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.act == "type":  # a modal is the answer itself: nothing to defer
            await interaction.response.send_modal(MoveModal(self.variant, self.lesson_id, self.version))
            return
        learning, user = bot_of(interaction).service.learning, person(interaction.user)

        async def act() -> None:
            if self.act == "go":
                screen = await learning.step(user, self.variant, self.lesson_id, self.version, self.path)
            elif self.act == "hint":
                screen = await learning.hint(user, self.variant, self.lesson_id, self.version)
            else:
                screen = await learning.play(user, self.variant, self.lesson_id, self.version, self.path)
            await interaction.edit_original_response(**lesson_kwargs(screen))
        await in_lesson(interaction, f"lesson {self.act} {self.variant}/{self.lesson_id}", act)


class MoveModal(discord.ui.Modal, title="Type your move"):
    """A move in notation for the lesson's step (the same judge as a move picked with the panel)."""

    move: discord.ui.TextInput = discord.ui.TextInput(label="Your move", placeholder="for example k6-k8 or R@c3",
                                                      max_length=MOVE_INPUT_LIMIT, custom_id="move")

    def __init__(self, variant: str, lesson_id: str, version: str) -> None:
        super().__init__(custom_id=f"psb:lm:{variant}:{lesson_id}:{version}")
        self.variant, self.lesson_id, self.version = variant, lesson_id, version

    async def on_submit(self, interaction: discord.Interaction) -> None:
        learning, user = bot_of(interaction).service.learning, person(interaction.user)

        async def act() -> None:
            screen = await learning.try_move(user, self.variant, self.lesson_id, self.version, str(self.move.value))
            await interaction.edit_original_response(**lesson_kwargs(screen))
        await in_lesson(interaction, f"lesson typed move {self.variant}/{self.lesson_id}", act)


async def setup(bot: PaiShoBot) -> None:
    await bot.add_cog(Learn(bot))
    bot.add_dynamic_items(GameSelect, LessonSelect, LearnButton, LessonPick, LessonButton)
