"""/status for a server's admins (Manage Server): this server's running games and open challenges,
the bot's queue and the last backup, answered privately."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PaiShoBot
from bot.service import UserError
from bot.texts import EMBED_LIMIT, fit

from .replies import EMBED_COLOUR, user_errors


class Status(commands.Cog):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot

    @app_commands.command(name="status", description="This server's games and challenges, the bot's queue and the "
                                                     "last backup (for admins)")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            if interaction.guild_id is None:
                raise UserError("The status is shown for a server: use this command in one.")
            if self.bot.ops is None:
                raise RuntimeError("/status before the bot was set up")
            text = await self.bot.ops.status(interaction.guild_id)
            embed = discord.Embed(title="Pai Sho Bot status", description=fit(text, EMBED_LIMIT), colour=EMBED_COLOUR)
            await interaction.followup.send(embed=embed, ephemeral=True)


async def setup(bot: PaiShoBot) -> None:
    await bot.add_cog(Status(bot))
