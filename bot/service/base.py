"""What every part of the game service shares: the people it serves, the replies it gives, the
refusals it makes (UserError) and the words used in several of them."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from data import GameRow

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


def no_game(number: int) -> str:
    """The refusal of a game looked up by number that the asker may not see, in the same words
    whether it exists or not (numbers are sequential: nothing may be learnt by trying them)."""
    return f"No game {number} here."


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
    account: str | None = None  # their own user name, shown outside a server instead of a nickname


@dataclass(frozen=True)
class Viewer:
    """Who looks at a game by its number, and from where. A game is seen in its own server by its
    players and by whoever there can see its channel or thread, and in direct messages only by its
    players; nowhere else (the local console's one person sees every game)."""

    user_id: int
    guild_id: int | None  # the server asked from; None: a direct message
    # whether the asker can see a channel or thread of that server: (game's channel, lobby), the
    # lobby (where the challenge was made) standing in for a thread the front-end cannot look up
    sees: Callable[[int, int | None], bool] = field(default=lambda channel_id, lobby_id: False, compare=False)
    everywhere: bool = False  # the local console

    def may_see(self, row: GameRow) -> bool:
        if self.everywhere:
            return True
        player = row.seat_of(self.user_id) is not None
        if self.guild_id is None:
            return player
        return row.guild_id == self.guild_id and (player or self.sees(row.channel_id, row.lobby_id))


@dataclass(frozen=True)
class Closed:
    """A challenge message to edit because the challenge closed: buttons gone, the state in words."""

    channel_id: int
    message_id: int
    text: str


@dataclass(frozen=True)
class Announcement:
    """A tournament's announcement message, edited in place: its text now, and whether sign-up is
    still open (its Join / Leave buttons stay while it is)."""

    channel_id: int
    message_id: int
    text: str
    tournament_id: int
    open: bool


@dataclass(frozen=True)
class DirectMessage:
    """A message for one player alone (their turn, their digest): the text, a picture, and the
    places it names (``<#channel>`` in the text; each (server, channel) in ``places``, so a
    front-end can make them links). If Discord refuses it, the front-end asks the service for the
    fallback (GameService.dm_refused)."""

    user_id: int
    text: str
    image: bytes | None = None
    places: tuple[tuple[int | None, int], ...] = ()
    game_id: int | None = None


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
    elsewhere: bool = False  # it shows a game of another channel: for the asker only, never posted
    ply: int | None = None  # the record entries this message shows played (0: the start): once it is
    #                         posted, the front-end says so (GameService.posted)
    pick: bool = False  # a person is to move in the running game: offer the Play button (the move panel)
    dms: tuple[DirectMessage, ...] = ()  # direct messages to send with it (players told privately)
    seats_open: int = 0  # an open challenge of this many seats: offer Take a seat / Leave (and Start, if over 2)
    tournament: int | None = None  # a tournament's announcement: offer Join / Leave
    announce: Announcement | None = None  # a tournament's announcement to edit
    notices: tuple[Notice, ...] = ()  # messages for other channels (a game's thread) that go with it
    solve: str | None = None  # a daily puzzle's post: offer its Solve button ("<puzzle id>:<day>")


@dataclass
class Notice:
    """Something the background loop has to post in a channel (reminder, timeout, expiry)."""

    channel_id: int
    reply: Reply
