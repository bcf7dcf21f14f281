"""Each player's own settings in Discord: /settings (private) shows or changes how they are told it
is their turn (a mention, a direct message, a daily digest), their time zone and quiet hours, the
hour of their digest and a vacation. After any command, a player whose direct message Discord
refused since is told so privately, once."""
from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PaiShoBot, tell
from bot.service import GameService
from bot.service.settings import zone_suggestions

from .replies import choices, person, user_errors

log = logging.getLogger(__name__)
NOTIFY = [app_commands.Choice(name="a mention in the game's thread", value="mention"),
          app_commands.Choice(name="a direct message with the board and a link", value="dm"),
          app_commands.Choice(name="one daily digest of every game waiting for me", value="digest")]


class Settings(commands.Cog):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot

    @property
    def svc(self) -> GameService:
        return self.bot.service

    @app_commands.command(name="settings", description="How you are told it is your turn; quiet hours; vacation")
    @app_commands.describe(notify="How you are told it is your turn", time_zone="Your time zone, e.g. Europe/Berlin",
                           quiet_hours="No mention or message from-to these hours, e.g. 22-7 (off: none)",
                           digest_hour="When your daily digest comes (0-23, your time)",
                           vacation_days="Stop your clocks for 1-14 days from now (at most 14 a month); 0 ends it")
    @app_commands.choices(notify=NOTIFY)
    async def settings(self, interaction: discord.Interaction, notify: str | None = None,
                       time_zone: app_commands.Range[str, 1, 64] | None = None,
                       quiet_hours: app_commands.Range[str, 1, 10] | None = None,
                       digest_hour: app_commands.Range[int, 0, 23] | None = None,
                       vacation_days: app_commands.Range[int, 0, 14] | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            user = person(interaction.user)
            if all(v is None for v in (notify, time_zone, quiet_hours, digest_hour, vacation_days)):
                reply = await self.svc.settings.show(user)
            else:
                reply = await self.svc.settings.change(user, notify=notify, zone=time_zone, quiet=quiet_hours,
                                                       digest_hour=digest_hour, vacation_days=vacation_days)
            await tell(interaction, reply.private)

    @settings.autocomplete("time_zone")
    async def zone_autocomplete(self, interaction: discord.Interaction, current: str):
        return choices(zone_suggestions(current))

    @commands.Cog.listener()
    async def on_app_command_completion(self, interaction: discord.Interaction, command: object) -> None:
        """Tell a player, privately and once, that a direct message to them was refused."""
        try:
            note = await self.svc.note_for(interaction.user.id)
            if note is not None:
                await interaction.followup.send(note, ephemeral=True)
        except discord.HTTPException as err:
            log.warning("Could not tell user %s that a direct message was refused: %s", interaction.user.id, err)


async def setup(bot: PaiShoBot) -> None:
    await bot.add_cog(Settings(bot))
