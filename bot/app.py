"""The Discord bot: a commands.AutoShardedBot subclass wiring the store, the game service and the cogs.

The only module of ``bot/`` that knows Discord. Slash commands sync to DEV_GUILD_ID on start
when it is set; globally only through ``python -m bot sync``.
"""
from __future__ import annotations

import asyncio
import logging
import signal
import time

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from data import GameStore, open_store

from .config import Config
from .service import GameService, UserError
from .texts import fit
from .workers import painters

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.challenges", "cogs.play", "cogs.panel", "cogs.looking", "cogs.replays", "cogs.clock",
              "cogs.ratings", "cogs.admin", "cogs.puzzles",
              "cogs.review")
UNPUBLISHED = ("The slash commands are not published anywhere, so nobody can use the bot yet: set "
               "DEV_GUILD_ID in .env to publish them to your server at once, or run 'scripts/start sync' once "
               "to publish them to every server (Discord may take up to an hour to show them).")
SORRY = "Something went wrong on our side; it has been logged. /board shows the game as it stands."


def discord_clock() -> float:
    """Seconds since the epoch by discord.py's clock (which offline tests can move)."""
    return discord.utils.utcnow().timestamp()


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A private (ephemeral) answer, whether or not the interaction was answered already."""
    text = fit(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


class PaiShoTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, UserError):
            await tell(interaction, str(original))
            return
        if isinstance(error, app_commands.CheckFailure):
            await tell(interaction, str(error) or "You cannot use this command here.")
            return
        if isinstance(error, app_commands.TransformerError):
            # e.g. a user option naming someone who is not (or no longer) a member of this server
            await tell(interaction, f"I could not use {error.value!s:.40} there: pick someone from the list "
                                    "Discord offers (a member of this server).")
            return
        log.error("Command %r failed: user=%s guild=%s channel=%s options=%s",
                  interaction.command.qualified_name if interaction.command else None,
                  interaction.user.id, interaction.guild_id, interaction.channel_id,
                  interaction.namespace, exc_info=original)
        try:
            await tell(interaction, SORRY)
        except discord.HTTPException:
            log.warning("Could not tell the user about the error (interaction %s)", interaction.id)


class PaiShoBot(commands.AutoShardedBot):
    """The bot: slash commands only, no message-content intent, no mentions unless asked for."""

    def __init__(self, config: Config, *, tick_seconds: float = 60.0) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         allowed_mentions=discord.AllowedMentions.none(), help_command=None,
                         tree_cls=PaiShoTree, shard_count=config.shard_count,
                         shard_ids=list(config.shard_ids) if config.shard_ids is not None else None)  # type: ignore[arg-type]
        self.config = config
        self.tick_seconds = tick_seconds
        self.store: GameStore | None = None
        self._service: GameService | None = None
        self._warming: asyncio.Task | None = None

    @property
    def service(self) -> GameService:
        """The game service (there once setup_hook has run)."""
        if self._service is None:
            raise RuntimeError("The bot has not been set up yet")
        return self._service

    async def setup_hook(self) -> None:
        self.store = await open_store(self.config.database_url, self.config.database_path)
        self._service = GameService(self.store, clock=discord_clock, challenge_ttl=self.config.challenge_ttl,
                                   reminder_after=self.config.reminder_after,
                                   move_deadline=self.config.move_deadline, owns=self.config.owns,
                                   painters=painters(self.config.picture_workers))
        loaded = await self.service.reload()
        log.info("Database %s open; %d running games registered (shards %s of %s)", self.store.path, loaded,
                 "all" if self.config.shard_ids is None else ",".join(map(str, self.config.shard_ids)),
                 self.config.shard_count or "auto")
        self._warming = asyncio.create_task(self._warm())
        for name in EXTENSIONS:
            await self.load_extension(name)
        if self.config.dev_guild_id:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %d commands to the development server %s", len(synced), guild.id)
        else:
            await self._check_published()

    async def _check_published(self) -> None:
        """Without DEV_GUILD_ID the commands are published only by ``scripts/start sync``: say
        so in one line when they never were."""
        try:
            published = await self.tree.fetch_commands()
        except discord.HTTPException as err:
            log.info("Could not check which slash commands are published: %s", err)
            return
        if not published:
            log.warning(UNPUBLISHED)

    async def _warm(self) -> None:
        """Replay the registered games in the background, so their next turns find them ready."""
        start = time.perf_counter()
        replayed = await self.service.warm()
        log.info("%d running games replayed in %.1f s", replayed, time.perf_counter() - start)

    async def close(self) -> None:
        """Stop: the gateway first, then the bot's thinking and workers, then the database (even
        if closing the gateway failed, so no database thread outlives the bot)."""
        if self._warming is not None:
            self._warming.cancel()
        try:
            await super().close()
        finally:
            if self._service is not None:
                self._service.close()
            if self.store is not None:
                store, self.store = self.store, None
                await store.close()


def run_bot(config: Config, sync_globally: bool = False) -> int:
    """Run until Ctrl-C / SIGTERM (or, with ``sync_globally``, publish the commands and exit)."""
    bot = PaiShoBot(config)

    async def main() -> None:
        async with bot:
            if sync_globally:
                await bot.login(config.token or "")
                synced = await bot.tree.sync()
                print(f"Published {len(synced)} slash commands to every server "
                      "(Discord may take up to an hour to show them).")
                return
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
            await bot.start(config.token or "")

    try:
        asyncio.run(main())
    except discord.LoginFailure:
        print("Discord refused the token. Reset it in the Developer Portal (Bot -> Reset Token) "
              "and put the new one in .env.")
        return 1
    except (OSError, aiohttp.ClientError) as err:
        print(f"Could not reach Discord ({err}). Check the network connection and try again; "
              "the local console (scripts/start console) works offline.")
        return 1
    log.info("Bot stopped")
    return 0
