"""What happens without a command, in Discord: every tick the service says what is due (expired
challenges, reminders, timeouts, tournament rounds, digests, turn notices held back by quiet
hours), and the bot's own turns arrive when it has thought them out; each notice is posted in its
channel (editing the messages of challenges that closed, sending its direct messages)."""
from __future__ import annotations

import logging

import discord
from discord.ext import commands, tasks

from bot.app import PaiShoBot
from bot.service import GameService, Notice

from .replies import post_notice

log = logging.getLogger(__name__)


class Clock(commands.Cog):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot
        self.ticker.change_interval(seconds=bot.tick_seconds)

    @property
    def svc(self) -> GameService:
        return self.bot.service

    async def cog_load(self) -> None:
        self.svc.bots.announce = self.post_notice
        self.ticker.start()

    async def cog_unload(self) -> None:
        self.ticker.cancel()

    @tasks.loop(seconds=60)
    async def ticker(self) -> None:
        try:
            notices = await self.svc.tick()
        except Exception:
            log.exception("The timer loop failed; it will try again")
            return
        for notice in notices:
            await self.post_notice(notice)

    async def remove_orphans(self) -> None:
        """Delete the threads made for games whose start never completed (a stop in between)."""
        for channel_id in await self.svc.orphans():
            try:
                channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
                if isinstance(channel, discord.Thread):
                    await channel.delete()
            except discord.NotFound:
                pass  # gone already
            except discord.HTTPException as err:
                log.warning("Could not remove the unused thread %s: %s", channel_id, err)

    async def post_notice(self, notice: Notice) -> None:
        """Post a notice in its channel (a thread's parent if the thread refuses it), with its
        direct messages and edits."""
        await post_notice(self.bot, notice)

    @ticker.before_loop
    async def before_ticker(self) -> None:
        """Once connected: what a stop left undone, before the first tick (a turn saved but never
        shown, a thread made for a game that never started)."""
        await self.bot.wait_until_ready()
        try:
            for notice in await self.svc.unannounced():
                await self.post_notice(notice)
            await self.remove_orphans()
        except Exception:
            log.exception("Could not finish what the last stop left undone; the bot carries on")


async def setup(bot: PaiShoBot) -> None:
    await bot.add_cog(Clock(bot))
