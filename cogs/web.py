"""The board pages in Discord (WEB_PORT set, bot/web): the **Open board** button under a game's
messages gives the presser a private link to the game's page, signed for them alone and opening
once; with ACTIVITY=1 it launches the Activity in the channel instead, and the page inside Discord
shows that game. Turns played on a page are posted in the game's channel like any other turn.
The web server starts with this extension and stops with it."""
from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.app import PaiShoBot
from bot.service import Notice, Reply
from bot.web.activity import Discord
from bot.web.keys import web_key
from bot.web.links import LINK_TTL, Signer
from bot.web.server import SERVING, WebServer

from .replies import bot_of, buttons, person, pressed, viewer

log = logging.getLogger(__name__)


def server_of(bot: PaiShoBot) -> WebServer | None:
    """The bot's board pages, when they are served."""
    found = getattr(bot, "web", None)
    return found if isinstance(found, WebServer) else None


class OpenBoard(discord.ui.DynamicItem[discord.ui.Button], template=r"psb:web:(?P<id>[0-9]{1,20})"):
    """Under a game's messages: the game's board page, for the presser."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Open board", style=discord.ButtonStyle.secondary,
                                           emoji="\U0001f5bc\ufe0f", custom_id=f"psb:web:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OpenBoard:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        server = server_of(bot)
        if server is None:
            await interaction.response.send_message("The board pages are not served just now.", ephemeral=True)
            return
        if server.discord is not None and interaction.channel_id is not None:
            try:
                await server.launch(person(interaction.user), self.game_id, interaction.channel_id, viewer(interaction))
                await interaction.response.launch_activity()
                return
            except discord.HTTPException as err:  # Activities not turned on in the Developer Portal, say
                log.warning("Could not launch the Activity for game %s: %s; sending a link instead", self.game_id, err)
            except Exception:  # a refusal (not seen here): told below, as the link would be
                pass

        async def give_link() -> None:
            url = await server.open_board(person(interaction.user), self.game_id, viewer(interaction))
            view = discord.ui.View()
            view.add_item(discord.ui.Button(label="Open the board", style=discord.ButtonStyle.link, url=url))
            await interaction.followup.send(
                f"Your board for game #{self.game_id}: tap a tile to see where it may go, tap there, then Play it. "
                f"The link is yours alone: it opens once, within {LINK_TTL // 60} minutes.", view=view, ephemeral=True)
        await pressed(interaction, f"open board of game {self.game_id}", give_link)


@buttons
def board_buttons(reply: Reply) -> list[discord.ui.Item[Any]]:
    """Every message showing a started game's board carries Open board (while pages are served)."""
    if not SERVING or reply.game_id is None or reply.image is None or reply.challenge:
        return []
    return [OpenBoard(reply.game_id)]


async def setup(bot: PaiShoBot) -> None:
    bot.add_dynamic_items(OpenBoard)
    config = bot.config
    if config.web_port is None:
        return
    activity = None
    if config.activity and config.client_secret:
        activity = Discord(lambda: bot.application_id, config.client_secret, lambda: bot.http.token)

    async def announce(row: Any, reply: Reply) -> None:  # a turn played on a page, posted in its channel
        post = bot.service.bots.announce  # the clock's poster (cogs/clock.py): the thread, else its parent
        if post is not None:
            await post(Notice(row.channel_id, reply))

    server = WebServer(bot.service, Signer(web_key()), host=config.web_host, port=config.web_port,
                       url=config.web_url, discord=activity, announce=announce)
    await server.start()
    bot.web = server


async def teardown(bot: PaiShoBot) -> None:
    server = server_of(bot)
    if server is not None:
        bot.web = None
        await server.stop()
