"""Playing in Discord: /move (with autocomplete of the mover's legal moves; with nothing typed it
opens the move panel, cogs/panel.py), /hand, /resign,
/abort, /draw and /takeback, and the Accept / Decline buttons of a draw offer or a takeback
request (DynamicItems carrying the game and the offer, so they work after a restart)."""
from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PaiShoBot
from bot.service import GameService, Reply
from bot.texts import MOVE_INPUT_LIMIT

from .panel import open_panel
from .replies import bot_of, buttons, choices, here, person, post, pressed, private_kwargs, user_errors


class Play(commands.Cog):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot

    @property
    def svc(self) -> GameService:
        return self.bot.service

    async def _public(self, interaction: discord.Interaction, action: Awaitable[Reply]) -> None:
        """Think privately, run the service call, post the result for everyone."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            await post(interaction, await action)

    @app_commands.command(name="move", description="Play your move in this channel's game (nothing typed: pick it)")
    @app_commands.describe(move="Your move, e.g. c3 or R@c3 (suggestions list legal moves); leave it empty to "
                                "pick it on the board")
    async def move(self, interaction: discord.Interaction,
                   move: app_commands.Range[str, 1, MOVE_INPUT_LIMIT] | None = None) -> None:
        if move is None:  # the move panel (cogs/panel.py)
            await open_panel(interaction, channel_id=here(interaction))
            return
        await self._public(interaction, self.svc.move(here(interaction), person(interaction.user), move))

    @move.autocomplete("move")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str):
        return choices(self.svc.suggestions(interaction.channel_id or 0, interaction.user.id, current))

    @app_commands.command(name="hand", description="See your own tiles (only you see them)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            reply = await self.svc.hand(here(interaction), person(interaction.user))
            await interaction.edit_original_response(**private_kwargs(reply))

    @app_commands.command(name="resign", description="Resign from this channel's game")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self._public(interaction, self.svc.resign(here(interaction), person(interaction.user)))

    @app_commands.command(name="abort", description="Call off this channel's game before the first move")
    async def abort(self, interaction: discord.Interaction) -> None:
        await self._public(interaction, self.svc.abort(here(interaction), person(interaction.user)))

    @app_commands.command(name="draw", description="Offer a draw, or accept the draw another player offered")
    async def draw(self, interaction: discord.Interaction) -> None:
        await self._public(interaction, self.svc.draw(here(interaction), person(interaction.user)))

    @app_commands.command(name="takeback",
                          description="Ask to take back your last turn, or accept another player's request")
    async def takeback(self, interaction: discord.Interaction) -> None:
        await self._public(interaction, self.svc.takeback(here(interaction), person(interaction.user)))


class OfferButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"psb:offer:(?P<kind>draw|takeback):(?P<action>accept|decline):(?P<id>[0-9]+)"):
    """Accept or decline an open draw offer or takeback request."""

    def __init__(self, kind: str, action: str, game_id: int) -> None:
        label, style = (("Accept", discord.ButtonStyle.success) if action == "accept"
                        else ("Decline", discord.ButtonStyle.danger))
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"psb:offer:{kind}:{action}:{game_id}"))
        self.kind, self.action, self.game_id = kind, action, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OfferButton:
        return cls(match["kind"], match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act() -> None:
            service, user = bot_of(interaction).service, person(interaction.user)
            if self.action == "accept":
                reply = await service.agree(user, self.game_id, self.kind)
            else:
                reply = await service.decline_offer(user, self.game_id, self.kind)
            await post(interaction, reply)
        await pressed(interaction, f"{self.action} of the {self.kind} in game {self.game_id}", act)


@buttons
def offer_buttons(reply: Reply) -> list[discord.ui.Item[Any]]:
    if reply.offer is None or reply.game_id is None:
        return []
    return [OfferButton(reply.offer, "accept", reply.game_id), OfferButton(reply.offer, "decline", reply.game_id)]


async def setup(bot: PaiShoBot) -> None:
    bot.add_dynamic_items(OfferButton)
    await bot.add_cog(Play(bot))
