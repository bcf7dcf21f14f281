"""Watching a game again: /replay posts an animated GIF of a game, /browse a picture of any of its
positions with buttons to step through them. The buttons are DynamicItems carrying the game and
the position shown in their custom id, so they work after a restart; anyone may press them, and
pressing only changes what that message shows, never the game."""
from __future__ import annotations

import io
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import SORRY, PaiShoBot, tell
from bot.service import GameService, UserError
from bot.service.replays import Position, too_big
from bot.texts import EMBED_LIMIT, fit

from .replies import EMBED_COLOUR, bot_of, user_errors, viewer

log = logging.getLogger(__name__)
GAME_NUMBER = app_commands.Range[int, 1, 2**53]
STEPS = (("first", "\u23ee"), ("prev", "\u25c0"), ("next", "\u25b6"), ("last", "\u23ed"))


class BrowseButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"psb:browse:(?P<id>[0-9]+):(?P<ply>[0-9]+):(?P<step>first|prev|next|last)"):
    """One of the step-through buttons: which game, the position the message shows, which way."""

    def __init__(self, game_id: int, ply: int, step: str, disabled: bool = False) -> None:
        label = dict(STEPS)[step]
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"psb:browse:{game_id}:{ply}:{step}"))
        self.game_id, self.ply, self.step = game_id, ply, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BrowseButton:
        return cls(int(match["id"]), int(match["ply"]), match["step"])

    def target(self) -> int | None:
        """The position to show next (None: the last one, which may have moved on)."""
        return {"first": 0, "prev": max(0, self.ply - 1), "next": self.ply + 1, "last": None}[self.step]

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # a component: the message itself is edited afterwards
        try:
            position = await bot_of(interaction).service.position(self.game_id, self.target(),
                                                                  viewer=viewer(interaction))
            await interaction.edit_original_response(**position_kwargs(position, edit=True))
        except UserError as err:
            await tell(interaction, str(err))
        except Exception:  # a button has no tree error handler: log with context and apologise
            log.exception("Browse button %s of game %d (position %d) failed for user %s in channel %s",
                          self.step, self.game_id, self.ply, interaction.user.id, interaction.channel_id)
            await tell(interaction, SORRY)


def browse_view(position: Position) -> discord.ui.View:
    """The step-through buttons under a position: the ends are disabled where there is nowhere to
    go (the last stays on while the game runs: it fetches the newest position)."""
    view = discord.ui.View(timeout=None)
    at_start, at_end = position.ply == 0, position.ply >= position.plies
    for step, _ in STEPS:
        disabled = (step in ("first", "prev") and at_start) or (step == "next" and at_end) or (
            step == "last" and at_end and not position.running)
        view.add_item(BrowseButton(position.game_id, position.ply, step, disabled))
    return view


def position_kwargs(position: Position, edit: bool = False) -> dict[str, Any]:
    """A new message (or, with ``edit``, the edit of one) showing a position: its words, its
    picture, the buttons."""
    embed = discord.Embed(description=fit(position.text, EMBED_LIMIT), colour=EMBED_COLOUR)
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=f"After {position.ply} of {position.plies} moves \u00b7 anyone may step through")
    picture = discord.File(io.BytesIO(position.image), filename="board.png")
    shown: dict[str, Any] = {"attachments": [picture]} if edit else {"file": picture}
    return {"embed": embed, "view": browse_view(position), **shown}


def here(interaction: discord.Interaction) -> discord.abc.Messageable:
    """The channel a command came from, to post in."""
    channel = interaction.channel
    if not isinstance(channel, discord.abc.Messageable):
        raise UserError("I cannot post messages in this kind of channel.")
    return channel


class Replays(commands.Cog):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot

    @property
    def svc(self) -> GameService:
        return self.bot.service

    @app_commands.command(name="replay", description="An animated replay of a game")
    @app_commands.describe(game="The game's number (default: the game in this channel)")
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction, game: GAME_NUMBER | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            guild = interaction.guild
            limit = guild.filesize_limit if guild is not None else discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES
            replay = await self.svc.replay(channel_id=interaction.channel_id, game_id=game,
                                           viewer=viewer(interaction), limit=limit)
            if len(replay.gif) > limit:
                raise UserError(too_big(replay.game_id, len(replay.gif), limit))
            name = f"replay-{replay.game_id}.gif"
            embed = discord.Embed(description=fit(replay.text, EMBED_LIMIT), colour=EMBED_COLOUR)
            embed.set_image(url=f"attachment://{name}")
            embed.set_footer(text=f"/browse game:{replay.game_id} steps through it")
            picture = discord.File(io.BytesIO(replay.gif), filename=name)
            if replay.elsewhere:  # a game of another channel: for the asker only
                await interaction.followup.send(embed=embed, file=picture, ephemeral=True)
                return
            await here(interaction).send(embed=embed, file=picture)
            await interaction.delete_original_response()

    @app_commands.command(name="browse", description="Step through a game position by position")
    @app_commands.describe(game="The game's number (default: the game in this channel)",
                           move="Start after this many moves (default: the last; 0: the start)")
    @app_commands.guild_only()
    async def browse(self, interaction: discord.Interaction, game: GAME_NUMBER | None = None,
                     move: app_commands.Range[int, 0, 100_000] | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            position = await self.svc.position(game, move, channel_id=interaction.channel_id,
                                               viewer=viewer(interaction))
            if position.elsewhere:  # a game of another channel: for the asker only
                await interaction.followup.send(**position_kwargs(position), ephemeral=True)
                return
            await here(interaction).send(**position_kwargs(position))
            await interaction.delete_original_response()


async def setup(bot: PaiShoBot) -> None:
    bot.add_dynamic_items(BrowseButton)
    await bot.add_cog(Replays(bot))
