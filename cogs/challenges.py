"""Accept / Decline buttons of a challenge. They are DynamicItems carrying the game id in their
custom id, so they work after a restart; the service decides who may press them."""
from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.app import SORRY, PaiShoBot, tell
from bot.service import UserError

from .replies import bot_of, channel_of, person, post

log = logging.getLogger(__name__)


class ChallengeButton(discord.ui.DynamicItem[discord.ui.Button],
                      template=r"psb:challenge:(?P<action>accept|decline):(?P<id>[0-9]+)"):
    def __init__(self, action: str, game_id: int) -> None:
        label, style = (("Accept", discord.ButtonStyle.success) if action == "accept"
                        else ("Decline", discord.ButtonStyle.danger))
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"psb:challenge:{action}:{game_id}"))
        self.action, self.game_id = action, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChallengeButton:
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            if self.action == "accept":
                await accept(interaction, self.game_id)
            else:
                reply = await bot_of(interaction).service.decline(person(interaction.user), game_id=self.game_id)
                await post(interaction, reply)
        except UserError as err:
            await tell(interaction, str(err))
        except Exception:  # a button has no tree error handler: log with context and apologise
            log.exception("Challenge button %s of game %d failed for user %s in channel %s",
                          self.action, self.game_id, interaction.user.id, interaction.channel_id)
            await tell(interaction, SORRY)


def challenge_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton("accept", game_id))
    view.add_item(ChallengeButton("decline", game_id))
    return view


async def accept(interaction: discord.Interaction, game_id: int) -> None:
    """Accept; when this acceptance starts the game, give it its own thread where allowed. The
    service decides (inside the challenge's lock) whether this acceptance starts the game and
    only then asks for the thread, so two acceptances at once make one thread and one game."""
    service = bot_of(interaction).service
    channel = interaction.channel
    made: list[discord.Thread] = []
    notes: list[str] = []

    async def make_thread(title: str) -> int | None:
        if not isinstance(channel, discord.TextChannel):
            return None
        mine = channel.permissions_for(channel.guild.me)
        if mine.create_public_threads and mine.send_messages_in_threads:
            try:
                made.append(await channel.create_thread(name=title, type=discord.ChannelType.public_thread,
                                                        auto_archive_duration=10080))
                return made[-1].id
            except discord.HTTPException:
                log.warning("Could not create a thread for game %d in channel %s", game_id, channel.id)
        notes.append("I may not create threads here (I need Create Public Threads and Send Messages in "
                     "Threads), so the game is played in this channel.")
        return None

    try:
        reply = await service.accept(person(interaction.user), game_id=game_id, make_channel=make_thread)
    except Exception:
        for thread in made:
            await _delete_quietly(thread)
        raise
    if not reply.started:
        await post(interaction, reply)
        return
    for note in notes:
        await tell(interaction, note)
    if not made:
        await post(interaction, reply, close=not notes)
        return
    await post(interaction, reply, channel=made[0], close=not notes)
    try:
        await channel_of(interaction).send(f"Game #{game_id} is on: follow it in {made[0].mention}.")
    except discord.HTTPException:  # the game and its thread are there; only the pointer is missing
        log.warning("Could not point channel %s to the thread of game %d", interaction.channel_id, game_id)


async def _delete_quietly(thread: discord.Thread) -> None:
    """Remove a thread made for a game that did not start (nothing to do if Discord refuses)."""
    try:
        await thread.delete()
    except discord.HTTPException:
        log.warning("Could not delete the unused thread %s", thread.id)


async def setup(bot: PaiShoBot) -> None:
    bot.add_dynamic_items(ChallengeButton)
