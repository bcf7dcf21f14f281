"""Challenges in Discord: /challenge (naming opponents, or none: an open challenge anyone here may
take a seat in) and /propose-board, the Accept / Decline buttons of a challenge, the Take a seat /
Leave / Start buttons of an open one and the Rematch button under a finished game. The buttons are DynamicItems carrying
the game id in their custom id, so they work after a restart; the service decides who may press
them. The last acceptance gives the game a thread of its own where the bot may make one."""
from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PaiShoBot, tell
from bot.options import parse_options, pop_levels, suggest_options
from bot.service import GameService, Person, Reply, UserError
from bot.texts import OPTIONS_INPUT_LIMIT, plain_name

from .replies import (
    bot_of,
    buttons,
    channel_of,
    choices,
    close_challenges,
    deliver,
    game_choices,
    here,
    person,
    post,
    pressed,
    user_errors,
)

log = logging.getLogger(__name__)


class Challenges(commands.Cog):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot

    @property
    def svc(self) -> GameService:
        return self.bot.service

    @app_commands.command(name="challenge",
                          description="Challenge one to three players to a game, or anyone here (no opponent named)")
    @app_commands.describe(game="Which game", opponent="Who you challenge (none: anyone here may take a seat)",
                           opponent2="A second opponent (games for more players)", opponent3="A third opponent",
                           options="Game options as name=value, e.g. board=round5 rings=4",
                           rated="Whether the game counts for ratings (default: yes)",
                           seats="With no opponent named: the most players (games for more than two)")
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def challenge(self, interaction: discord.Interaction, game: str, opponent: discord.Member | None = None,
                        opponent2: discord.Member | None = None, opponent3: discord.Member | None = None,
                        options: app_commands.Range[str, 1, OPTIONS_INPUT_LIMIT] | None = None,
                        rated: bool = True, seats: app_commands.Range[int, 2, 4] | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            try:
                parsed = parse_options(options)
            except ValueError as err:
                raise UserError(str(err)) from None
            named = [m for m in (opponent, opponent2, opponent3) if m is not None]
            if named and seats is not None:
                raise UserError("seats is for a challenge open to anyone (no opponent named); a challenge to named "
                                "players seats them.")
            if not named:  # an open challenge: anyone here may take a seat
                await post_challenge(interaction, await self.svc.open_seats.open(
                    guild_id=interaction.guild_id, channel_id=here(interaction), host=person(interaction.user),
                    variant=game, options=parsed or None, rated=rated, seats=seats))
                return
            opponents = seated(interaction, named, parsed)
            threads = ThreadMaker(interaction)
            try:
                reply = await self.svc.challenge(guild_id=interaction.guild_id, channel_id=here(interaction),
                                                 challenger=person(interaction.user), opponents=opponents,
                                                 variant=game, options=parsed or None, rated=rated,
                                                 make_channel=threads)
            except Exception:
                await threads.discard()
                raise
            if reply.started:  # against the bot alone: the game is on at once
                await threads.publish(reply)
            else:
                await post_challenge(interaction, reply)

    @challenge.autocomplete("options")
    async def options_autocomplete(self, interaction: discord.Interaction, current: str):
        return choices(suggest_options(interaction.namespace.game, current))

    @app_commands.command(name="propose-board", description="Propose another board for the open challenge here")
    @app_commands.describe(board="A board preset (the suggestions list them) or a layout, as the game's rules write it")
    async def propose_board(self, interaction: discord.Interaction,
                            board: app_commands.Range[str, 1, OPTIONS_INPUT_LIMIT]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            await post(interaction, await self.svc.propose_board(person(interaction.user), board,
                                                                 channel_id=here(interaction)))

    @propose_board.autocomplete("board")
    async def board_autocomplete(self, interaction: discord.Interaction, current: str):
        return choices(await self.svc.board_suggestions(person(interaction.user), current,
                                                        channel_id=interaction.channel_id or 0))


def seated(interaction: discord.Interaction, members: list[discord.Member],
           options: dict[str, Any]) -> list[Person]:
    """The opponents of a challenge: people, and the bot itself for seats it plays (at the
    ``level`` the options give, taken out of them)."""
    me = interaction.client.user
    bot_seats = sum(1 for m in members if me is not None and m.id == me.id)
    try:
        levels = iter(pop_levels(options, bot_seats))
    except ValueError as err:
        raise UserError(str(err)) from None
    out = []
    for member in members:
        if me is not None and member.id == me.id:
            level = next(levels)
            out.append(Person(member.id, f"{member.display_name} ({level})", bot=True, level=level))
        else:
            out.append(person(member))
    return out


async def post_challenge(interaction: discord.Interaction, reply: Reply) -> None:
    """Post a new challenge with its buttons and remember its message (to edit when it closes);
    a challenge Discord refuses to show is withdrawn, and the challenger told."""
    assert reply.game_id is not None
    service = bot_of(interaction).service
    posted = await deliver(channel_of(interaction), reply)
    if posted is None:  # nobody could see or accept it: take it back and say so
        await service.decline(person(interaction.user), game_id=reply.game_id)
        raise UserError("Discord refused to post the challenge here, so I withdrew it. "
                        "Please try again, or challenge in another channel.")
    await service.challenge_posted(reply.game_id, posted.id)
    await close_challenges(interaction.client, reply)
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:
        pass


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
        async def act() -> None:
            if self.action == "accept":
                await accept(interaction, self.game_id)
            else:
                await post(interaction, await bot_of(interaction).service.decline(person(interaction.user),
                                                                                  game_id=self.game_id))
        await pressed(interaction, f"{self.action} of challenge {self.game_id}", act)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"psb:rematch:(?P<id>[0-9]+)"):
    """Under a finished game: the same game, options and players again, seats rotated."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Rematch", style=discord.ButtonStyle.primary,
                                           custom_id=f"psb:rematch:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RematchButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act() -> None:
            reply = await bot_of(interaction).service.rematch(person(interaction.user), self.game_id,
                                                               channel_id=here(interaction))
            await post_challenge(interaction, reply)
        await pressed(interaction, f"rematch of game {self.game_id}", act)


class SeatButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"psb:open:(?P<action>take|leave|start):(?P<id>[0-9]{1,20})"):
    """An open challenge's buttons: take a seat, give it up (the host: withdraw), start (the host)."""

    LABELS = {"take": ("Take a seat", discord.ButtonStyle.success), "leave": ("Leave", discord.ButtonStyle.secondary),
              "start": ("Start", discord.ButtonStyle.primary)}

    def __init__(self, action: str, game_id: int) -> None:
        label, style = self.LABELS[action]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"psb:open:{action}:{game_id}"))
        self.action, self.game_id = action, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> SeatButton:
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act() -> None:
            seats, user = bot_of(interaction).service.open_seats, person(interaction.user)
            if self.action == "leave":
                await post(interaction, await seats.leave(user, self.game_id))
                return
            threads = ThreadMaker(interaction)
            try:
                reply = await (seats.take(user, self.game_id, threads) if self.action == "take"
                               else seats.start(user, self.game_id, threads))
            except Exception:
                await threads.discard()
                raise
            if reply.started:
                await threads.publish(reply)
            else:
                await post(interaction, reply)
        await pressed(interaction, f"{self.action} of open challenge {self.game_id}", act)


@buttons
def challenge_buttons(reply: Reply) -> list[discord.ui.Item[Any]]:
    if reply.seats_open and reply.game_id is not None:
        actions = ["take", "leave"] + (["start"] if reply.seats_open > 2 else [])
        return [SeatButton(action, reply.game_id) for action in actions]
    if reply.challenge and reply.game_id is not None:
        return [ChallengeButton("accept", reply.game_id), ChallengeButton("decline", reply.game_id)]
    if reply.rematch and reply.game_id is not None:
        return [RematchButton(reply.game_id)]
    return []


class ThreadMaker:
    """Makes a game its own thread when the service starts it (the service calls this inside the
    challenge's lock), where the bot may; remembers what it made and what to tell the player."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self.made: list[discord.Thread] = []
        self.notes: list[str] = []

    async def __call__(self, title: str) -> int | None:
        channel = self.interaction.channel
        if not isinstance(channel, discord.TextChannel):
            return None  # a thread already (a rematch in the game's thread), or no place for threads
        mine = channel.permissions_for(channel.guild.me)
        if mine.create_public_threads and mine.send_messages_in_threads:
            try:
                self.made.append(await channel.create_thread(name=plain_name(title),
                                                             type=discord.ChannelType.public_thread,
                                                             auto_archive_duration=10080))
                return self.made[-1].id
            except discord.HTTPException:
                log.warning("Could not create a thread %r in channel %s", title, channel.id)
        self.notes.append("I may not create threads here (I need Create Public Threads and Send Messages in "
                          "Threads), so the game is played in this channel.")
        return None

    async def discard(self) -> None:
        """Remove threads made for a game that did not start (nothing to do if Discord refuses)."""
        for thread in self.made:
            try:
                await thread.delete()
            except discord.HTTPException:
                log.warning("Could not delete the unused thread %s", thread.id)

    async def publish(self, reply: Reply) -> None:
        """Post the start of a game in its thread (or here), and point this channel to it."""
        interaction = self.interaction
        for note in self.notes:
            await tell(interaction, note)
        if not self.made:
            await post(interaction, reply, close=not self.notes)
            return
        await post(interaction, reply, channel=self.made[0], close=not self.notes)
        try:
            await channel_of(interaction).send(f"Game #{reply.game_id} is on: follow it in {self.made[0].mention}.")
        except discord.HTTPException:  # the game and its thread are there; only the pointer is missing
            log.warning("Could not point channel %s to the thread of game %s", interaction.channel_id, reply.game_id)


async def accept(interaction: discord.Interaction, game_id: int) -> None:
    """Accept; when this acceptance starts the game, give it its own thread where allowed. The
    service decides (inside the challenge's lock) whether this acceptance starts the game and
    only then asks for the thread, so two acceptances at once make one thread and one game."""
    threads = ThreadMaker(interaction)
    try:
        reply = await bot_of(interaction).service.accept(person(interaction.user), game_id=game_id,
                                                         make_channel=threads)
    except Exception:
        await threads.discard()
        raise
    if reply.started:
        await threads.publish(reply)
    else:
        await post(interaction, reply)


async def setup(bot: PaiShoBot) -> None:
    bot.add_dynamic_items(ChallengeButton, RematchButton, SeatButton)
    await bot.add_cog(Challenges(bot))
