"""Looking at games in Discord: /board, /moves and /export (of the game in this channel or the
one that ended here last, or of any game by number, with the player's recent games suggested),
/rules of a game in pages, and /games of a server or a player."""
from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PaiShoBot, tell
from bot.service import GameService
from bot.texts import EMBED_LIMIT, fit, plain_text

from .replies import EMBED_COLOUR, game_choices, message_kwargs, person, post, text_kwargs, user_errors, viewer

GAME_NUMBER = "A game's number (default: the game of this channel); suggestions list your recent games"


class Looking(commands.Cog):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot

    @property
    def svc(self) -> GameService:
        return self.bot.service

    async def recent(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return [app_commands.Choice(name=label, value=game_id)
                for label, game_id in await self.svc.recent_games(viewer(interaction), current)]

    @app_commands.command(name="board", description="Show the board of this channel's game (or of game N)")
    @app_commands.describe(game=GAME_NUMBER)
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            reply = await self.svc.board(interaction.channel_id, game_id=game, user=person(interaction.user),
                                         viewer=viewer(interaction))
            if reply.elsewhere:  # a game of another channel: for the asker only
                await interaction.followup.send(**message_kwargs(reply), ephemeral=True)
            else:
                await post(interaction, reply)

    @app_commands.command(name="moves", description="The moves of this channel's game (or of game N)")
    @app_commands.describe(game=GAME_NUMBER)
    async def moves(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            reply = await self.svc.moves(interaction.channel_id, game_id=game, user=person(interaction.user),
                                         viewer=viewer(interaction))
            await interaction.followup.send(**text_kwargs(plain_text(reply.text)), ephemeral=True)

    @app_commands.command(name="export", description="The full record of this channel's game (or of game N), to keep")
    @app_commands.describe(game=GAME_NUMBER)
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            reply = await self.svc.export(channel_id=interaction.channel_id, game_id=game,
                                          user=person(interaction.user), viewer=viewer(interaction))
            await interaction.followup.send(**text_kwargs(plain_text(reply.text), f"game-{reply.game_id}.txt"),
                                            ephemeral=True)

    board.autocomplete("game")(recent)
    moves.autocomplete("game")(recent)
    export.autocomplete("game")(recent)

    @app_commands.command(name="rules", description="A game's rules and notation, with examples")
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # the legend may be drawn first
        async with user_errors(interaction):
            reply = await self.svc.rules_page(game)
            pages = paginate(reply.text)
            legend = reply.image is not None
            view = RulesPages(pages, legend) if len(pages) > 1 else discord.utils.MISSING
            files = [discord.File(io.BytesIO(reply.image), filename="legend.png")] if reply.image is not None else []
            await interaction.followup.send(embed=rules_embed(pages, 0, legend), view=view, files=files,
                                            ephemeral=True)

    @app_commands.command(name="games", description="Running games and open challenges in this server")
    @app_commands.describe(mine="Only the games you play in, with your recently finished ones",
                           open="Only the open challenges, with their free seats")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction, mine: bool = False, open: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            if open:
                reply = await self.svc.open_seats.listing(viewer(interaction), interaction.guild_id)
            else:
                reply = await self.svc.games(viewer(interaction), guild_id=interaction.guild_id, mine=mine)
            await tell(interaction, reply.text)


def paginate(text: str, size: int = 3500) -> list[str]:
    """Split a long text at paragraph breaks into pages of at most ``size`` characters."""
    pages, current = [], ""
    for para in text.split("\n\n"):
        if current and len(current) + len(para) + 2 > size:
            pages.append(current)
            current = ""
        current = f"{current}\n\n{para}" if current else para
    pages.append(current)
    return [fit(p, EMBED_LIMIT) for p in pages]


def rules_embed(pages: list[str], index: int, legend: bool = False) -> discord.Embed:
    """One page of a game's rules (with the legend picture below it, when there is one)."""
    embed = discord.Embed(description=pages[index], colour=EMBED_COLOUR)
    if legend:
        embed.set_image(url="attachment://legend.png")
    if len(pages) > 1:
        embed.set_footer(text=f"Page {index + 1} of {len(pages)}")
    return embed


class RulesPages(discord.ui.View):
    """Previous / Next buttons for a long rules text (private to the user who asked)."""

    def __init__(self, pages: list[str], legend: bool = False) -> None:
        super().__init__(timeout=600)
        self.pages, self.index, self.legend = pages, 0, legend

    async def _show(self, interaction: discord.Interaction, step: int) -> None:
        self.index = (self.index + step) % len(self.pages)
        await interaction.response.edit_message(embed=rules_embed(self.pages, self.index, self.legend), view=self)

    @discord.ui.button(label="Previous", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._show(interaction, -1)

    @discord.ui.button(label="Next", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._show(interaction, 1)


async def setup(bot: PaiShoBot) -> None:
    await bot.add_cog(Looking(bot))
