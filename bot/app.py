"""The Discord bot: a commands.AutoShardedBot subclass wiring the store, the game service and the cogs.

The only module of ``bot/`` that knows Discord. Slash commands sync to DEV_GUILD_ID on start
when it is set; globally only through ``python -m bot sync``.
"""
from __future__ import annotations

import asyncio
import logging
import signal
import sys
import time
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from data import GameStore

from .config import Config
from .operations import Operations, StartupError, open_database
from .service import GameService, UserError
from .texts import fit
from .workers import painters

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.challenges", "cogs.play", "cogs.panel", "cogs.looking", "cogs.replays", "cogs.clock",
              "cogs.ratings", "cogs.admin", "cogs.status", "cogs.web", "cogs.tournaments", "cogs.settings",
              "cogs.learn", "cogs.puzzles", "cogs.review")
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
        self.ops: Operations | None = None  # health, metrics, daily backups, /status
        self.web: Any = None  # the board pages (bot/web.server.WebServer), served by cogs/web.py with WEB_PORT

    @property
    def service(self) -> GameService:
        """The game service (there once setup_hook has run)."""
        if self._service is None:
            raise RuntimeError("The bot has not been set up yet")
        return self._service

    async def setup_hook(self) -> None:
        self.store = await open_database(self.config)
        self._service = GameService(self.store, clock=discord_clock, challenge_ttl=self.config.challenge_ttl,
                                   reminder_after=self.config.reminder_after,
                                   move_deadline=self.config.move_deadline, owns=self.config.owns,
                                   painters=painters(self.config.picture_workers))
        loaded = await self.service.reload()
        log.info("Database %s open; %d running games registered (shards %s of %s)", self.store.path, loaded,
                 "all" if self.config.shard_ids is None else ",".join(map(str, self.config.shard_ids)),
                 self.config.shard_count or "auto")
        self.ops = Operations(self.config, self.service, discord=self.discord_problem,
                              latencies=lambda: self.latencies)
        await self.ops.start()
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
        if not any(c.type is discord.AppCommandType.chat_input for c in published):  # an Activity's entry point alone
            log.warning(UNPUBLISHED)

    async def _warm(self) -> None:
        """Replay the registered games in the background, so their next turns find them ready."""
        start = time.perf_counter()
        replayed = await self.service.warm()
        log.info("%d running games replayed in %.1f s", replayed, time.perf_counter() - start)

    async def discord_problem(self) -> str | None:
        """Why the bot is not connected to Discord now (None: it is), for /healthz."""
        if self.is_closed():
            return "the connection to Discord is closed"
        if not self.is_ready():
            return "not connected to Discord yet (starting, or reconnecting)"
        down = sorted(shard_id for shard_id, shard in self.shards.items() if shard.is_closed())
        if down:
            return f"shard {', '.join(map(str, down))} of this process is not connected to Discord"
        return None

    async def close(self) -> None:
        """Stop (SIGTERM, Ctrl-C): the turns being saved finish, then the gateway closes, then the
        bot's thinking and workers stop, then the database closes (even if closing the gateway
        failed, so no database thread outlives the bot)."""
        if self._warming is not None:
            self._warming.cancel()
        ops = self.ops
        if ops is not None:
            ops.stopping()
            await ops.finish_turns()
        try:
            await super().close()
        finally:
            if self._service is not None:
                self._service.close()
            if ops is not None:
                await ops.finish_turns()  # a turn that began meanwhile
                await ops.stop()
                self.ops = None
            if self.store is not None:
                store, self.store = self.store, None
                await store.close()


SLASH_TYPES = (1, 2, 3)  # chat input, user and message commands: what discord.py's tree expresses
READ_ONLY = ("id", "application_id", "version", "guild_id")  # Discord's own fields (it matches by name and type)


async def publish(bot: PaiShoBot) -> list[dict[str, Any]]:
    """Publish the tree's commands to every server in one bulk overwrite, keeping as Discord
    returned it any command discord.py cannot express: the Activity's entry point (type 4), which
    Discord makes when Activities are turned on and refuses to have removed by a bulk overwrite."""
    if bot.application_id is None:
        raise RuntimeError("The bot's application id is not known yet (log in first)")
    existing = await bot.http.get_global_commands(bot.application_id)
    kept = [{k: v for k, v in c.items() if k not in READ_ONLY} for c in existing if c.get("type", 1) not in SLASH_TYPES]
    payload = [command.to_dict(bot.tree) for command in bot.tree.get_commands()] + kept
    synced = await bot.http.bulk_upsert_global_commands(bot.application_id, payload=payload)
    return [dict(c) for c in synced]


def run_bot(config: Config, sync_globally: bool = False) -> int:
    """Run until Ctrl-C / SIGTERM (or, with ``sync_globally``, publish the commands and exit)."""
    bot = PaiShoBot(config)

    async def main() -> None:
        async with bot:
            if sync_globally:
                await bot.login(config.token or "")
                synced = await publish(bot)
                slash = sum(1 for c in synced if c.get("type", 1) in SLASH_TYPES)
                kept = len(synced) - slash
                print(f"Published {slash} slash commands to every server" +
                      (", keeping the Activity's entry point" if kept else "") +
                      " (Discord may take up to an hour to show them).")
                return
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
            await bot.start(config.token or "")

    try:
        asyncio.run(main())
    except StartupError as err:
        print(f"Pai Sho Bot could not start: {err}", file=sys.stderr)
        return 1
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
