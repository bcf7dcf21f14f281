"""Server settings for admins: the time per move and when players are reminded."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PaiShoBot, tell
from bot.service import UserError

from .replies import user_errors


class Admin(commands.Cog):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot

    @app_commands.command(name="timings", description="Set the time per move and the reminder for this server")
    @app_commands.describe(move_hours="Hours a player has for each move (1-720; default 72)",
                           reminder_hours="Hours before the player to move is reminded (default 24)")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def timings(self, interaction: discord.Interaction, move_hours: float, reminder_hours: float) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            if interaction.guild_id is None:
                raise UserError("Timings are set for a server: use this command in one.")
            reply = await self.bot.service.set_timings(interaction.guild_id, move_hours=move_hours,
                                                       reminder_hours=reminder_hours)
            await tell(interaction, reply.text)


async def setup(bot: PaiShoBot) -> None:
    await bot.add_cog(Admin(bot))
