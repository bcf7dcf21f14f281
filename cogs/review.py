"""/review: the AI's review of a finished game of this server (by number, or the game of this
channel), or of an exported record (pasted, or attached as a file). The answer is private: its
progress is shown by editing it while the workers look at the turns, then the summary with the
chart and, for each marked turn, what was played, the better move and the position."""
from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PaiShoBot
from bot.service import Reviewed, UserError
from bot.texts import EMBED_LIMIT, fit

from .replays import GAME_NUMBER
from .replies import EMBED_COLOUR, user_errors, viewer

RECORD_BYTES = 512 * 1024  # the largest record file read (a 1,000-move record is far smaller)


def review_kwargs(reviewed: Reviewed) -> dict[str, Any]:
    """The finished review as one message: the summary with the chart, then one embed per marked turn."""
    files, embeds = [], []
    summary = discord.Embed(description=fit(reviewed.text, EMBED_LIMIT), colour=EMBED_COLOUR)
    if reviewed.chart is not None:
        files.append(discord.File(io.BytesIO(reviewed.chart), filename="review.png"))
        summary.set_image(url="attachment://review.png")
    embeds.append(summary)
    for n, turn in enumerate(reviewed.turns, start=1):
        embed = discord.Embed(description=fit(turn.text, EMBED_LIMIT), colour=EMBED_COLOUR)
        if turn.image is not None:
            files.append(discord.File(io.BytesIO(turn.image), filename=f"turn{n}.png"))
            embed.set_image(url=f"attachment://turn{n}.png")
        embeds.append(embed)
    return {"content": None, "embeds": embeds, "attachments": files}


async def record_text(pasted: str | None, attached: discord.Attachment | None) -> str | None:
    """The record to review: pasted text, or an attached file's text."""
    if attached is None:
        return pasted
    if attached.size > RECORD_BYTES:
        raise UserError(f"That file is {attached.size // 1024} KB; a record file may have up to "
                        f"{RECORD_BYTES // 1024} KB.")
    try:
        return (await attached.read()).decode("utf-8")
    except UnicodeDecodeError:
        raise UserError("That file is not text: attach the record /export gives (a .txt file).") from None
    except discord.HTTPException:
        raise UserError("Discord did not give me that file; please try again.") from None


class Review(commands.Cog):
    def __init__(self, bot: PaiShoBot) -> None:
        self.bot = bot

    @app_commands.command(name="review", description="The AI's review of a finished game: where it turned")
    @app_commands.describe(game="The game's number (default: the game of this channel)",
                           record="Or a record as /export gives it (pasted)", file="Or a record file")
    async def review(self, interaction: discord.Interaction, game: GAME_NUMBER | None = None,
                     record: str | None = None, file: discord.Attachment | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)

        async def progress(done: int, total: int) -> None:
            try:
                await interaction.edit_original_response(content=f"Reviewing: {done} of {total} turns looked at\u2026")
            except discord.HTTPException:
                pass  # only the progress is lost

        async with user_errors(interaction):
            reviews = self.bot.service.reviews
            text = await record_text(record, file)
            if text is not None and game is not None:
                raise UserError("Give either a game's number or a record, not both.")
            if text is not None:
                reviewed = await reviews.of_record(interaction.user.id, text, progress, interaction.guild_id)
            else:
                reviewed = await reviews.of_game(interaction.user.id, channel_id=interaction.channel_id, game_id=game,
                                                 viewer=viewer(interaction), progress=progress)
            await interaction.edit_original_response(**review_kwargs(reviewed))


async def setup(bot: PaiShoBot) -> None:
    await bot.add_cog(Review(bot))
