"""Slash commands for playing: challenge, move, board, moves, resign, abort, export, rules, games;
and the background loop that posts reminders, timeouts and expired challenges."""
from __future__ import annotations

import logging
from collections.abc import Awaitable

import discord
from discord import app_commands
from discord.ext import commands, tasks

import engine
from bot.app import PaiShoBot, tell
from bot.options import parse_options, suggest_options
from bot.service import GameService, Reply, UserError
from bot.texts import MOVE_INPUT_LIMIT, OPTIONS_INPUT_LIMIT

from .challenges import challenge_view
from .replies import (
    channel_of,
    choices,
    deliver,
    here,
    person,
    post,
    private_kwargs,
    text_kwargs,
    user_errors,
)

log = logging.getLogger(__name__)

def game_choices() -> list[app_commands.Choice[str]]:
    """The games a command offers, from the engine's registry."""
    return [app_commands.Choice(name=d.name, value=d.id) for d in engine.games()]


GAME_CHOICES = game_choices()


class Games(commands.Cog):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot
        self.ticker.change_interval(seconds=getattr(bot, "tick_seconds", 60.0))

    @property
    def svc(self) -> GameService:
        return self.bot.service

    async def cog_load(self) -> None:
        self.ticker.start()

    async def cog_unload(self) -> None:
        self.ticker.cancel()

    async def _public(self, interaction: discord.Interaction, action: Awaitable[Reply]) -> None:
        """Think privately, run the service call, post the result for everyone."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            await post(interaction, await action)

    # ----- challenge -------------------------------------------------------------------
    @app_commands.command(name="challenge", description="Challenge one to three players to a game")
    @app_commands.describe(game="Which game", opponent="Who you challenge",
                           opponent2="A second opponent (games for more players)", opponent3="A third opponent",
                           options="Game options as name=value, e.g. board=round5 rings=4",
                           rated="Whether the game counts for ratings (default: yes)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def challenge(self, interaction: discord.Interaction, game: str, opponent: discord.Member,
                        opponent2: discord.Member | None = None, opponent3: discord.Member | None = None,
                        options: app_commands.Range[str, 1, OPTIONS_INPUT_LIMIT] | None = None,
                        rated: bool = True) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with user_errors(interaction):
            try:
                parsed = parse_options(options)
            except ValueError as err:
                raise UserError(str(err)) from None
            opponents = [person(m) for m in (opponent, opponent2, opponent3) if m is not None]
            challenger = person(interaction.user)
            reply = await self.svc.challenge(guild_id=interaction.guild_id, channel_id=here(interaction),
                                             challenger=challenger, opponents=opponents,
                                             variant=game, options=parsed or None, rated=rated)
            assert reply.game_id is not None
            posted = await deliver(channel_of(interaction), reply, view=challenge_view(reply.game_id))
            if posted is None:  # nobody could see or accept it: take it back and say so
                await self.svc.decline(challenger, game_id=reply.game_id)
                raise UserError("Discord refused to post your challenge here, so I withdrew it. "
                                "Please try again, or challenge in another channel.")
            await interaction.delete_original_response()

    @challenge.autocomplete("options")
    async def options_autocomplete(self, interaction: discord.Interaction, current: str):
        return choices(suggest_options(interaction.namespace.game, current))

    @app_commands.command(name="propose-board", description="Propose another board for the open challenge here")
    @app_commands.describe(board="A board preset (the suggestions list them) or a layout, as the game's rules write it")
    async def propose_board(self, interaction: discord.Interaction,
                            board: app_commands.Range[str, 1, OPTIONS_INPUT_LIMIT]) -> None:
        await self._public(interaction, self.svc.propose_board(person(interaction.user), board,
                                                               channel_id=here(interaction)))

    @propose_board.autocomplete("board")
    async def board_autocomplete(self, interaction: discord.Interaction, current: str):
        return choices(await self.svc.board_suggestions(person(interaction.user), current,
                                                        channel_id=interaction.channel_id or 0))

    # ----- playing -----------------------------------------------------------------------
    @app_commands.command(name="move", description="Play your move in this channel's game")
    @app_commands.describe(move="Your move in notation, e.g. c3 or R@c3 (suggestions show legal moves)")
    async def move(self, interaction: discord.Interaction,
                   move: app_commands.Range[str, 1, MOVE_INPUT_LIMIT]) -> None:
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

    @app_commands.command(name="board", description="Show the board of this channel's game again")
    async def board(self, interaction: discord.Interaction) -> None:
        await self._public(interaction, self.svc.board(here(interaction)))

    @app_commands.command(name="resign", description="Resign from this channel's game")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self._public(interaction, self.svc.resign(here(interaction), person(interaction.user)))

    @app_commands.command(name="abort", description="Call off this channel's game before the first move")
    async def abort(self, interaction: discord.Interaction) -> None:
        await self._public(interaction, self.svc.abort(here(interaction), person(interaction.user)))

    # ----- looking -------------------------------------------------------------------------
    @app_commands.command(name="moves", description="The moves of this channel's game so far")
    async def moves(self, interaction: discord.Interaction) -> None:
        async with user_errors(interaction):
            reply = await self.svc.moves(here(interaction))
            await interaction.response.send_message(**text_kwargs(reply.text), ephemeral=True)

    @app_commands.command(name="export", description="The full record of this channel's game, to keep")
    async def export(self, interaction: discord.Interaction) -> None:
        async with user_errors(interaction):
            reply = await self.svc.export(channel_id=here(interaction))
            await interaction.response.send_message(**text_kwargs(reply.text, f"game-{reply.game_id}.txt"),
                                                    ephemeral=True)

    @app_commands.command(name="rules", description="A game's rules and notation, with examples")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        async with user_errors(interaction):
            pages = paginate(self.svc.rules(game).text)
            view = RulesPages(pages) if len(pages) > 1 else discord.utils.MISSING
            await interaction.response.send_message(embed=rules_embed(pages, 0), view=view, ephemeral=True)

    @app_commands.command(name="games", description="Running games and open challenges in this server")
    @app_commands.describe(mine="Only the games you play in")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction, mine: bool = False) -> None:
        reply = await self.svc.games(guild_id=interaction.guild_id,
                                     user_id=interaction.user.id if mine else None)
        await tell(interaction, reply.text)

    # ----- the clock ------------------------------------------------------------------------
    @tasks.loop(seconds=60)
    async def ticker(self) -> None:
        try:
            notices = await self.svc.tick()
        except Exception:
            log.exception("The timer loop failed; it will try again")
            return
        for notice in notices:
            try:
                channel = self.bot.get_channel(notice.channel_id) or await self.bot.fetch_channel(notice.channel_id)
            except discord.HTTPException:
                log.exception("Could not find channel %s to post a notice of game %s",
                              notice.channel_id, notice.reply.game_id)
                continue
            if isinstance(channel, discord.abc.Messageable):
                await deliver(channel, notice.reply)

    @ticker.before_loop
    async def before_ticker(self) -> None:
        await self.bot.wait_until_ready()


def paginate(text: str, size: int = 3500) -> list[str]:
    """Split a long text at paragraph breaks into pages of at most ``size`` characters."""
    pages, current = [], ""
    for para in text.split("\n\n"):
        if current and len(current) + len(para) + 2 > size:
            pages.append(current)
            current = ""
        current = f"{current}\n\n{para}" if current else para
    pages.append(current)
    return [p[:4000] for p in pages]


def rules_embed(pages: list[str], index: int) -> discord.Embed:
    embed = discord.Embed(description=pages[index], colour=discord.Colour.from_rgb(86, 126, 230))
    if len(pages) > 1:
        embed.set_footer(text=f"Page {index + 1} of {len(pages)}")
    return embed


class RulesPages(discord.ui.View):
    """Previous / Next buttons for a long rules text (private to the user who asked)."""

    def __init__(self, pages: list[str]) -> None:
        super().__init__(timeout=600)
        self.pages, self.index = pages, 0

    async def _show(self, interaction: discord.Interaction, step: int) -> None:
        self.index = (self.index + step) % len(self.pages)
        await interaction.response.edit_message(embed=rules_embed(self.pages, self.index), view=self)

    @discord.ui.button(label="Previous", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._show(interaction, -1)

    @discord.ui.button(label="Next", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._show(interaction, 1)


async def setup(bot: PaiShoBot) -> None:
    await bot.add_cog(Games(bot))
