"""Slash commands for ratings: a player's profile (with a chart) and the leaderboards."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PaiShoBot

from .replies import game_choices, message_kwargs, person, text_kwargs, user_errors


class Ratings(commands.Cog):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot

    @app_commands.command(name="profile", description="A player's ratings, record and rating chart")
    @app_commands.describe(player="Whose profile (default: yours)", game="Only this game")
    @app_commands.choices(game=game_choices())
    async def profile(self, interaction: discord.Interaction, player: discord.Member | None = None,
                      game: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            reply = await self.bot.service.profile(person(player or interaction.user), game)
            await interaction.followup.send(**message_kwargs(reply), ephemeral=True)

    @app_commands.command(name="leaderboard", description="The best rated players of a game")
    @app_commands.describe(game="Which game", everyone="All players of every server (default: this server)",
                           page="Page number", board="Rated games (default) or puzzles")
    @app_commands.choices(game=game_choices(), board=[app_commands.Choice(name="Rated games", value="games"),
                                                      app_commands.Choice(name="Puzzles", value="puzzles")])
    async def leaderboard(self, interaction: discord.Interaction, game: str, everyone: bool = False,
                          page: app_commands.Range[int, 1, 1000] = 1, board: str = "games") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            guild = None if everyone or interaction.guild_id is None else interaction.guild_id
            board_of = self.bot.service.puzzle_board if board == "puzzles" else self.bot.service.leaderboard
            reply = await board_of(game, guild_id=guild, page=page)
            await interaction.followup.send(**text_kwargs(reply.text, "leaderboard.txt"), ephemeral=True)


async def setup(bot: PaiShoBot) -> None:
    await bot.add_cog(Ratings(bot))
