"""Tournaments in Discord: the /tournament commands (create, start, standings, leave, cancel, bot,
organisers) and the Join / Leave buttons of an announcement (DynamicItems carrying the tournament,
so they work after a restart). The rounds run by themselves in the clock's sweep; this cog gives
the service the way to open a game's thread in the tournament's channel."""
from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PaiShoBot, tell
from bot.options import parse_options, suggest_options
from bot.service import GameService, Reply, UserError
from bot.texts import OPTIONS_INPUT_LIMIT, plain_name
from engine import ai

from .replies import (
    bot_of,
    buttons,
    choices,
    deliver,
    follow_up,
    game_choices,
    here,
    message_kwargs,
    person,
    pressed,
    safe_name,
    user_errors,
)

log = logging.getLogger(__name__)
FORMATS = [app_commands.Choice(name="Swiss", value="swiss"),
           app_commands.Choice(name="Round robin", value="roundrobin"),
           app_commands.Choice(name="Tables of 3-4 grouped by score (games for 3-4 players)", value="tables")]
AT_DEADLINE = [app_commands.Choice(name="the player to move loses", value="loss"),
               app_commands.Choice(name="a draw", value="draw")]
LEVELS = [app_commands.Choice(name=level, value=level) for level in ai.LEVELS]
NUMBER = "The tournament's number (suggestions list this server's)"


def may_manage(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)


def roles_of(interaction: discord.Interaction) -> tuple[int, ...]:
    member = interaction.user
    return tuple(r.id for r in member.roles) if isinstance(member, discord.Member) else ()


class Tournaments(commands.GroupCog, group_name="tournament", group_description="Tournaments run by the bot"):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def svc(self) -> GameService:
        return self.bot.service

    async def cog_load(self) -> None:
        self.svc.rounds.make_channel = self.make_thread

    async def make_thread(self, channel_id: int, title: str) -> int | None:
        """A public thread for a tournament game in the tournament's channel (None where the bot
        may not make one)."""
        channel = self.bot.get_channel(channel_id)
        if not isinstance(channel, discord.TextChannel):
            return None
        mine = channel.permissions_for(channel.guild.me)
        if not (mine.create_public_threads and mine.send_messages_in_threads):
            return None
        thread = await channel.create_thread(name=plain_name(title)[:100], type=discord.ChannelType.public_thread,
                                             auto_archive_duration=10080)
        return thread.id

    async def numbers(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        return [app_commands.Choice(name=label, value=tid)
                for label, tid in await self.svc.tournaments.choices(interaction.guild_id, current)]

    @app_commands.command(name="create", description="Announce a tournament (Manage Server, or the organisers' role)")
    @app_commands.describe(name="Its name", game="Which game", format="How rounds are paired",
                           rounds="Rounds (Swiss and tables; a round robin plays everyone once)",
                           options="Game options as name=value, e.g. board=square5 rings=8",
                           rated="Whether its games count for ratings (default: yes)",
                           move_hours="Hours per move (default 24)", round_hours="Hours per round (default 72)",
                           signup_hours="Hours until sign-up closes (default 24; 0: start it with /tournament start)",
                           at_deadline="A game not finished by its round's deadline ends as (default: loss)")
    @app_commands.choices(game=game_choices(), format=FORMATS, at_deadline=AT_DEADLINE)
    @app_commands.guild_only()
    async def create(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 60], game: str,
                     format: str, rounds: app_commands.Range[int, 1, 20] = 5,
                     options: app_commands.Range[str, 1, OPTIONS_INPUT_LIMIT] | None = None, rated: bool = True,
                     move_hours: app_commands.Range[float, 1, 720] = 24.0,
                     round_hours: app_commands.Range[float, 1, 1440] = 72.0,
                     signup_hours: app_commands.Range[float, 0, 720] = 24.0, at_deadline: str = "loss") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            if not isinstance(interaction.channel, discord.TextChannel):
                raise UserError("Create a tournament in a text channel: each of its games gets a thread there.")
            try:
                parsed = parse_options(options)
            except ValueError as err:
                raise UserError(str(err)) from None
            organiser = person(interaction.user)
            reply = await self.svc.tournaments.create(
                guild_id=interaction.guild_id, channel_id=here(interaction), organiser=organiser,
                manages=may_manage(interaction), roles=roles_of(interaction), name=safe_name(name), variant=game,
                options=parsed, format=format, rounds=rounds, rated=rated, move_hours=move_hours,
                round_hours=round_hours, signup_hours=signup_hours, adjudication=at_deadline)
            assert reply.tournament is not None
            posted = await deliver(interaction.channel, reply)
            if posted is None:
                await self.svc.tournaments.cancel(organiser, reply.tournament, interaction.guild_id, manages=True)
                raise UserError("Discord refused to post the announcement here, so I called the tournament off. "
                                "Please try again, or create it in another channel.")
            await self.svc.tournaments.posted(reply.tournament, posted.id)
            await tell(interaction, f"Tournament #{reply.tournament} is announced. Players join with its button; "
                                    "/tournament start starts it before sign-up closes.")

    @create.autocomplete("options")
    async def options_autocomplete(self, interaction: discord.Interaction, current: str):
        return choices(suggest_options(interaction.namespace.game, current))

    async def _private(self, interaction: discord.Interaction, reply: Reply) -> None:
        """Tell the user privately, then post what goes with it (announcement, game notices)."""
        if reply.image is not None or reply.text:
            await interaction.followup.send(**message_kwargs(reply), ephemeral=True)
        if reply.private:
            await tell(interaction, reply.private)
        await follow_up(interaction.client, reply)

    @app_commands.command(name="start", description="Close sign-up now and start round 1 (organiser)")
    @app_commands.describe(tournament=NUMBER)
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction, tournament: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            await self._private(interaction, await self.svc.tournaments.start(
                person(interaction.user), tournament, interaction.guild_id, manages=may_manage(interaction)))

    @app_commands.command(name="cancel", description="Call a tournament off (organiser)")
    @app_commands.describe(tournament=NUMBER)
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction, tournament: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            reply = await self.svc.tournaments.cancel(person(interaction.user), tournament, interaction.guild_id,
                                                      manages=may_manage(interaction))
            await tell(interaction, reply.text)
            await follow_up(interaction.client, reply)

    @app_commands.command(name="standings", description="A tournament's standings (default: this server's latest)")
    @app_commands.describe(tournament=NUMBER)
    @app_commands.guild_only()
    async def standings(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            reply = await self.svc.tournaments.standings(interaction.guild_id, tournament)
            await interaction.followup.send(**message_kwargs(reply), ephemeral=True)

    @app_commands.command(name="leave", description="Leave a tournament (once it runs: withdraw, resigning your game)")
    @app_commands.describe(tournament=NUMBER)
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            await self._private(interaction, await self.svc.tournaments.leave(person(interaction.user), tournament,
                                                                              interaction.guild_id))

    @app_commands.command(name="bot", description="Seat the bot as a player, at a level (organiser)")
    @app_commands.describe(tournament=NUMBER, level="How strongly it plays")
    @app_commands.choices(level=LEVELS)
    @app_commands.guild_only()
    async def add_bot(self, interaction: discord.Interaction, tournament: int, level: str = "medium") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            me = interaction.client.user
            name = safe_name(me.display_name) if me is not None else "Pai Sho Bot"
            await self._private(interaction, await self.svc.tournaments.add_bot(
                person(interaction.user), tournament, interaction.guild_id, level, name,
                manages=may_manage(interaction)))

    @app_commands.command(name="organisers", description="Name the role whose members may create tournaments")
    @app_commands.describe(role="The role (leave it out: only members who may manage the server)")
    @app_commands.guild_only()
    async def organisers(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            if not may_manage(interaction):  # (a subcommand cannot be hidden by permission: refused here)
                raise UserError("Only members who may manage the server can name the organisers' role.")
            reply = await self.svc.tournaments.set_role(interaction.guild_id, role.id if role is not None else None)
            await tell(interaction, reply.private)

    start.autocomplete("tournament")(numbers)
    cancel.autocomplete("tournament")(numbers)
    standings.autocomplete("tournament")(numbers)
    leave.autocomplete("tournament")(numbers)
    add_bot.autocomplete("tournament")(numbers)


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button],
                       template=r"psb:tour:(?P<action>join|leave):(?P<id>[0-9]{1,20})"):
    """Join or leave a tournament from its announcement, while sign-up is open."""

    def __init__(self, action: str, tournament_id: int) -> None:
        label, style = (("Join", discord.ButtonStyle.success) if action == "join"
                        else ("Leave", discord.ButtonStyle.secondary))
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"psb:tour:{action}:{tournament_id}"))
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TournamentButton:
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act() -> None:
            tournaments = bot_of(interaction).service.tournaments
            user = person(interaction.user)
            if self.action == "join":
                reply = await tournaments.join(user, self.tournament_id, interaction.guild_id)
            else:
                reply = await tournaments.leave(user, self.tournament_id, interaction.guild_id)
            await tell(interaction, reply.private)
            await follow_up(interaction.client, reply)
        await pressed(interaction, f"{self.action} of tournament {self.tournament_id}", act)


@buttons
def tournament_buttons(reply: Reply) -> list[discord.ui.Item[Any]]:
    if reply.tournament is None:
        return []
    return [TournamentButton("join", reply.tournament), TournamentButton("leave", reply.tournament)]


async def setup(bot: PaiShoBot) -> None:
    bot.add_dynamic_items(TournamentButton)
    await bot.add_cog(Tournaments(bot))
