"""Turning service Replies into Discord messages: embeds, the board attachment, mentions."""
from __future__ import annotations

import io
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import discord

from bot.app import tell
from bot.service import Person, Reply, UserError

EMBED_COLOUR = discord.Colour.from_rgb(86, 126, 230)


def person(user: discord.abc.User) -> Person:
    return Person(user.id, user.display_name, bot=user.bot)


def message_kwargs(reply: Reply) -> dict[str, Any]:
    """Keyword arguments for ``send``: an embed with the text, the board picture, the mentions."""
    embed = discord.Embed(description=reply.text[:4000], colour=EMBED_COLOUR)
    kwargs: dict[str, Any] = {"embed": embed}
    if reply.image is not None:
        kwargs["file"] = discord.File(io.BytesIO(reply.image), filename="board.png")
        embed.set_image(url="attachment://board.png")
    if reply.mention:
        kwargs["content"] = " ".join(f"<@{uid}>" for uid in reply.mention)
        kwargs["allowed_mentions"] = discord.AllowedMentions(
            users=[discord.Object(id=uid) for uid in reply.mention])
    return kwargs


def text_kwargs(text: str, filename: str = "record.txt") -> dict[str, Any]:
    """Plain text in a code block, or as a file when it is too long for a message."""
    if len(text) <= 1900:
        return {"content": f"```\n{text}\n```"}
    return {"content": "The record is attached.",
            "file": discord.File(io.BytesIO(text.encode()), filename=filename)}


async def post(interaction: discord.Interaction, reply: Reply,
               channel: discord.abc.Messageable | None = None, close: bool = True) -> discord.Message:
    """Post ``reply`` publicly (in ``channel``, default the interaction's channel) and, with
    ``close``, remove the deferred private answer (keep it when a private note was sent)."""
    target = channel or interaction.channel
    message = await target.send(**message_kwargs(reply))
    if reply.private and interaction.response.is_done():
        await interaction.edit_original_response(**private_kwargs(reply))  # the deferred answer is private
    elif close and interaction.response.is_done():
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            pass
    return message


def private_kwargs(reply: Reply) -> dict[str, Any]:
    """The acting player's private note (their hand) with its picture, for an ephemeral answer."""
    kwargs: dict[str, Any] = {"content": reply.private}
    if reply.private_image is not None:
        kwargs["attachments"] = [discord.File(io.BytesIO(reply.private_image), filename="hand.png")]
    return kwargs


@asynccontextmanager
async def user_errors(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Answer a UserError privately with its message; anything else goes to the tree's handler."""
    try:
        yield
    except UserError as err:
        await tell(interaction, str(err))
