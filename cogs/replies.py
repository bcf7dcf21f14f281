"""Turning service Replies into Discord messages: embeds, the board attachment, mentions, the
buttons a reply calls for (each button module registers how it makes them), and the edits of
challenge messages that a reply closes."""
from __future__ import annotations

import io
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from typing import Any, cast

import discord

import engine
from bot.app import SORRY, PaiShoBot, tell
from bot.service import Announcement, Closed, DirectMessage, Notice, Person, Reply, UserError, Viewer
from bot.texts import CHOICE_LIMIT, EMBED_LIMIT, MESSAGE_LIMIT, fit

log = logging.getLogger(__name__)
EMBED_COLOUR = discord.Colour.from_rgb(86, 126, 230)
CLOSED_COLOUR = discord.Colour.from_rgb(140, 140, 150)

# Makers of the buttons a reply calls for (a challenge's Accept/Decline, a Rematch, an offer's
# Accept/Decline): each returns the items for a reply, or nothing. Button modules register theirs
# (by name: an extension loaded again replaces its makers).
_BUTTON_MAKERS: dict[str, Callable[[Reply], list[discord.ui.Item[Any]]]] = {}


def buttons(maker: Callable[[Reply], list[discord.ui.Item[Any]]]) -> Callable[[Reply], list[discord.ui.Item[Any]]]:
    """Register a maker of the buttons some replies carry (used as a decorator)."""
    _BUTTON_MAKERS[f"{maker.__module__}.{maker.__qualname__}"] = maker
    return maker


def view_for(reply: Reply) -> discord.ui.View | None:
    """The buttons a reply carries, as one persistent view (None if it carries none)."""
    items = [item for maker in _BUTTON_MAKERS.values() for item in maker(reply)]
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def here(interaction: discord.Interaction) -> int:
    """The id of the channel (or thread) where a command was used."""
    if interaction.channel_id is None:
        raise UserError("Use this command in a channel or thread of a server.")
    return interaction.channel_id


def channel_of(interaction: discord.Interaction) -> discord.abc.Messageable:
    """The channel (or thread) where a command was used, to post in."""
    channel = interaction.channel
    if not isinstance(channel, discord.abc.Messageable):
        raise UserError("Use this command in a channel or thread of a server.")
    return channel


def bot_of(interaction: discord.Interaction) -> PaiShoBot:
    """The bot an interaction reached (ours: the cogs are loaded by PaiShoBot only)."""
    return cast(PaiShoBot, interaction.client)


def safe_name(name: str) -> str:
    """A user's name as the bot's messages write it: Markdown escaped (no bold, links, headers
    or spoilers made of a name) and no mention markup (``<@...>`` reads as text). The service
    stores names this way; ``bot.texts.plain_name`` gives them back for pictures and records."""
    return discord.utils.escape_markdown(name).replace("<", "\\<")


def person(user: discord.abc.User) -> Person:
    """A Discord user for the service: their name here (a server nickname) and their own user
    name, which the bot shows outside the server (the leaderboard of everyone)."""
    return Person(user.id, safe_name(user.display_name), bot=user.bot, account=safe_name(user.name))


def viewer(interaction: discord.Interaction) -> Viewer:
    """Who asks to look at a game, and which channels and threads of this server they can see."""
    guild, member = interaction.guild, interaction.user

    def sees(channel_id: int, lobby_id: int | None) -> bool:
        if guild is None or not isinstance(member, discord.Member):
            return False
        for known in (channel_id, lobby_id):  # a thread not in the cache: its lobby stands in
            place = guild.get_channel_or_thread(known) if known is not None else None
            if place is not None:
                return place.permissions_for(member).view_channel
        return False

    return Viewer(interaction.user.id, interaction.guild_id, sees)


def message_kwargs(reply: Reply) -> dict[str, Any]:
    """Keyword arguments for ``send``: an embed with the text, the board picture, the mentions."""
    embed = discord.Embed(description=fit(reply.text, EMBED_LIMIT), colour=EMBED_COLOUR)
    kwargs: dict[str, Any] = {"embed": embed}
    if reply.image is not None:
        kwargs["file"] = discord.File(io.BytesIO(reply.image), filename="board.png")
        embed.set_image(url="attachment://board.png")
    if reply.mention:
        kwargs["content"] = " ".join(f"<@{uid}>" for uid in reply.mention)
        kwargs["allowed_mentions"] = discord.AllowedMentions(
            users=[discord.Object(id=uid) for uid in reply.mention])
    return kwargs


def choices(values: Iterable[str]) -> list[discord.app_commands.Choice[str]]:
    """Autocomplete choices (at most 25, each value short enough for Discord to take)."""
    return [discord.app_commands.Choice(name=v, value=v) for v in values if 0 < len(v) <= CHOICE_LIMIT][:25]


def text_kwargs(text: str, filename: str = "record.txt") -> dict[str, Any]:
    """Plain text in a code block, or as a file when it is too long for a message."""
    if len(text) <= MESSAGE_LIMIT - 8:
        return {"content": f"```\n{text}\n```"}
    return {"content": "The record is attached.",
            "file": discord.File(io.BytesIO(text.encode()), filename=filename)}


async def deliver(target: discord.abc.Messageable, reply: Reply) -> discord.Message | None:
    """Post ``reply`` in ``target`` come what may: once more if Discord refuses for a passing
    reason (a server error or a rate limit that discord.py's own retries did not overcome), then
    in the parent channel of a thread (lost thread permission, archived or deleted thread), so
    the player to move is still told. None if it could be posted nowhere (logged)."""
    parent = getattr(target, "parent", None)
    places = [target] + ([parent] if isinstance(parent, discord.abc.Messageable) else [])
    for place in places:
        for attempt in (1, 2):
            try:
                view = view_for(reply)
                if view is not None:
                    return await place.send(**message_kwargs(reply), view=view)
                return await place.send(**message_kwargs(reply))
            except discord.HTTPException as err:
                log.warning("Discord refused a message for game %s in channel %s (attempt %d): %s %s",
                            reply.game_id, getattr(place, "id", "?"), attempt, err.status, err.text)
                if err.status < 500 and err.status != 429:
                    break
    log.error("The message for game %s could be posted nowhere: %s", reply.game_id, reply.text[:200])
    return None


async def follow_up(client: discord.Client, reply: Reply) -> None:
    """What goes with a reply besides its message: the challenge messages it closes, the
    tournament announcement it changes, its direct messages and its notices for other channels."""
    await close_challenges(client, reply)
    if reply.announce is not None:
        await edit_announcement(client, reply.announce)
    await send_dms(client, reply)
    for notice in reply.notices:
        await post_notice(client, notice)


async def post_notice(client: discord.Client, notice: Notice) -> None:
    """Post a notice in its channel (a thread's parent if the thread refuses it), then what goes
    with it; a notice with nothing to show there (direct messages only) posts nothing."""
    reply = notice.reply
    if reply.text or reply.image is not None:
        try:
            channel = client.get_channel(notice.channel_id) or await client.fetch_channel(notice.channel_id)
        except discord.HTTPException:
            log.exception("Could not find channel %s to post a notice of game %s", notice.channel_id, reply.game_id)
            channel = None
        if isinstance(channel, discord.abc.Messageable) and await deliver(channel, reply) is not None:
            await cast(PaiShoBot, client).service.posted(reply)
    await follow_up(client, reply)


async def send_dms(client: discord.Client, reply: Reply) -> None:
    """Send a reply's direct messages; one Discord refuses (closed DMs) falls back to a mention in
    the game's channel, and the player hears why the next time they use a command."""
    for dm in reply.dms:
        try:
            user = client.get_user(dm.user_id) or await client.fetch_user(dm.user_id)
            kwargs: dict[str, Any] = {"content": fit(linked(dm))}
            if dm.image is not None:
                kwargs["file"] = discord.File(io.BytesIO(dm.image), filename="board.png")
            await user.send(**kwargs)
        except discord.HTTPException as err:
            log.info("Discord refused a direct message to user %s (game %s): %s %s", dm.user_id, dm.game_id,
                     err.status, err.text)
            for notice in await cast(PaiShoBot, client).service.dm_refused(dm):
                await post_notice(client, notice)


def linked(dm: DirectMessage) -> str:
    """A direct message's text with the games it names as links that open them (``<#channel>``
    alone may not resolve in a direct message)."""
    text = dm.text
    for guild_id, channel_id in dm.places:
        if guild_id is not None:
            text = text.replace(f"<#{channel_id}>", f"https://discord.com/channels/{guild_id}/{channel_id}")
    return text


async def edit_announcement(client: discord.Client, announcement: Announcement) -> None:
    """Show a tournament's announcement as it is now (its Join / Leave buttons while sign-up is
    open); a message Discord refuses to edit is logged only."""
    channel = client.get_channel(announcement.channel_id)
    if not isinstance(channel, discord.abc.Messageable) or not hasattr(channel, "get_partial_message"):
        log.warning("Cannot edit tournament %s's announcement: channel %s not found", announcement.tournament_id,
                    announcement.channel_id)
        return
    embed = discord.Embed(description=fit(announcement.text, EMBED_LIMIT),
                          colour=EMBED_COLOUR if announcement.open else CLOSED_COLOUR)
    view = view_for(Reply(announcement.text, tournament=announcement.tournament_id)) if announcement.open else None
    try:
        await channel.get_partial_message(announcement.message_id).edit(embed=embed, view=view)
    except discord.HTTPException as err:
        log.warning("Could not edit tournament %s's announcement: %s", announcement.tournament_id, err)


async def close_challenges(client: discord.Client, reply: Reply) -> None:
    """Edit the challenge messages a reply closes: buttons removed, the state in words."""
    for closed in reply.closes:
        await close_message(client, closed)


async def close_message(client: discord.Client, closed: Closed) -> None:
    """Edit one closed challenge's message (one Discord refuses is logged only)."""
    channel = client.get_channel(closed.channel_id)
    if not isinstance(channel, discord.abc.Messageable) or not hasattr(channel, "get_partial_message"):
        log.warning("Cannot edit challenge message %s: channel %s not found", closed.message_id, closed.channel_id)
        return
    embed = discord.Embed(description=fit(closed.text, EMBED_LIMIT), colour=CLOSED_COLOUR)
    try:
        await channel.get_partial_message(closed.message_id).edit(embed=embed, view=None, attachments=[])
    except discord.HTTPException as err:
        log.warning("Could not edit challenge message %s in channel %s: %s", closed.message_id,
                    closed.channel_id, err)


async def post(interaction: discord.Interaction, reply: Reply,
               channel: discord.abc.Messageable | None = None, close: bool = True) -> discord.Message | None:
    """Post ``reply`` publicly (in ``channel``, default the interaction's channel) and, with
    ``close``, remove the deferred private answer (keep it when a private note was sent). The
    service has saved what the reply reports; if Discord refuses the message, the user is told
    that it is saved and where the message went instead."""
    target = channel or channel_of(interaction)
    message = await deliver(target, reply)
    if message is not None:
        await bot_of(interaction).service.posted(reply)
    await follow_up(interaction.client, reply)
    if message is None or message.channel.id != getattr(target, "id", None):
        await tell(interaction, undelivered_text(reply, message))
        return message
    # a refused direct message is told here, in the deferred answer, before it would be deleted
    note = await bot_of(interaction).service.note_for(interaction.user.id) if interaction.response.is_done() else None
    if (reply.private or note) and interaction.response.is_done():
        kwargs = private_kwargs(reply)
        kwargs["content"] = fit("\n\n".join(text for text in (reply.private, note) if text))
        await interaction.edit_original_response(**kwargs)  # the deferred answer is private
    elif close and interaction.response.is_done():
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            pass
    return message


def undelivered_text(reply: Reply, message: discord.Message | None) -> str:
    """What the acting user hears when Discord refused the public message: what is saved (the
    reply's first sentence) and where the message went instead."""
    done = reply.text.split(". ")[0].rstrip(".")
    where = (f"so I posted it in <#{message.channel.id}> instead." if message is not None else
             "and could not post it anywhere; /board shows the game as it stands.")
    return fit(f"Saved: {done}. Discord refused to post the message here, {where}")


def private_kwargs(reply: Reply) -> dict[str, Any]:
    """The acting player's private note (their hand) with its picture, for an ephemeral answer."""
    kwargs: dict[str, Any] = {"content": fit(reply.private)}
    if reply.private_image is not None:
        kwargs["attachments"] = [discord.File(io.BytesIO(reply.private_image), filename="hand.png")]
    return kwargs


def game_choices() -> list[discord.app_commands.Choice[str]]:
    """The games a command offers, from the engine's registry."""
    return [discord.app_commands.Choice(name=d.name, value=d.id) for d in engine.games()]


async def pressed(interaction: discord.Interaction, what: str, action: Callable[[], Awaitable[Any]]) -> None:
    """Run a button's action: think privately first, tell the presser a refusal privately, and
    log anything unexpected with context (a button has no command tree to catch it)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        await action()
    except UserError as err:
        await tell(interaction, str(err))
    except Exception:
        log.exception("Button %s failed for user %s in channel %s", what, interaction.user.id,
                      interaction.channel_id)
        await tell(interaction, SORRY)


@asynccontextmanager
async def user_errors(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Answer a UserError privately with its message; anything else goes to the tree's handler."""
    try:
        yield
    except UserError as err:
        await tell(interaction, str(err))
