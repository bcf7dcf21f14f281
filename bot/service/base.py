"""What every part of the game service shares: the people it serves, the replies it gives, the
refusals it makes (UserError) and the words used in several of them."""
from __future__ import annotations

from dataclasses import dataclass

HOUR = 3600.0
NO_GAME_HERE = "There is no game running in this channel. Start one with challenge."
NOT_PLAYING = "You are not playing in this game."
LEFT_GAME = "You have left this game; the others play on without you."
ENGINE_FAILED = ("Something went wrong on our side while checking that move; it has been logged. "
                 "The game is unchanged.")
SAVE_FAILED = "The bot could not save that just now, so nothing was changed. Please try again."
MOVE_NOT_SAVED = "That move could not be saved; the board is as it was. Please try again."
MOVED_ON = ("The game has moved on since this panel was opened, so nothing was played. Press Play on the "
            "newest turn message (or use /move) to pick your move again.")


class UserError(Exception):
    """Something a user asked for that cannot be done; ``str(err)`` tells them why."""


class NoGameHere(UserError):
    """No game runs in the channel; the facade replaces the message with what is there instead
    (a challenge waiting, the user's game in a thread, the game that ended here)."""

    def __init__(self, channel_id: int, user: Person | None = None) -> None:
        super().__init__(NO_GAME_HERE)
        self.channel_id = channel_id
        self.user = user


@dataclass(frozen=True)
class Person:
    """A user as the service knows them: a stable id and a display name."""

    id: int
    name: str
    bot: bool = False
    level: str | None = None  # a seat the bot plays, at this AI level (engine.ai.LEVELS)


@dataclass(frozen=True)
class Closed:
    """A challenge message to edit because the challenge closed: buttons gone, the state in words."""

    channel_id: int
    message_id: int
    text: str


@dataclass
class Reply:
    """What to show after a successful action."""

    text: str
    image: bytes | None = None  # a PNG (board picture or proposal)
    mention: tuple[int, ...] = ()  # users to notify (the player to move, challenged players)
    game_id: int | None = None
    started: bool = False  # a challenge became a running game with this reply
    finished: bool = False  # the game ended with this reply
    private: str = ""  # for the acting player only (their hand in a game with hidden tiles)
    private_image: bytes | None = None  # a picture for them alone (their hand)
    closes: tuple[Closed, ...] = ()  # challenge messages to edit (accepted, declined, replaced, expired)
    rematch: bool = False  # the game ended: offer a Rematch button
    offer: str | None = None  # an offer opened with this reply (draw, takeback): offer Accept / Decline
    challenge: bool = False  # a challenge opened with this reply: offer Accept / Decline
    pick: bool = False  # a person is to move in the running game: offer the Play button (the move panel)


@dataclass
class Notice:
    """Something the background loop has to post in a channel (reminder, timeout, expiry)."""

    channel_id: int
    reply: Reply
