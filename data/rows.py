"""What the stores hold and hand out, whatever the database: the rows (games, seats, timers,
ratings, offers), what a turn asks the store to do besides recording the move, and the errors."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


class StoreError(Exception):
    """A write the store refused (e.g. a second running game in one channel)."""


class WriteFailed(StoreError):
    """The database could not complete a write (disk full, I/O error, locked): nothing of it was
    stored, the store has rolled back and keeps serving. ``__cause__`` is the database's error."""


@dataclass
class Seat:
    seat: int
    user_id: int
    name: str
    accepted: bool
    level: str | None = None  # the AI level of a seat the bot plays; None for a person
    account: str | None = None  # the player's own user name (name may be a server's nickname)
    hints: int = 0  # hints this player has asked for in the game

    @property
    def public_name(self) -> str:
        """The name shown outside the game's server (the leaderboard of everyone)."""
        return self.account or self.name


@dataclass
class Timer:
    """When the player to move of a running game is reminded, and when their time runs out."""

    game_id: int
    seat: int
    remind_at: float
    deadline_at: float
    reminded: bool


@dataclass
class RatingRow:
    """One player's rating in one game (mu/sigma of openskill) and their record."""

    user_id: int
    variant: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    draws: int
    losses: int
    best: float
    last_played: float


@dataclass
class HistoryRow:
    game_id: int
    user_id: int
    variant: str
    guild_id: int | None
    result: str
    before: float
    after: float
    mu: float
    sigma: float
    at: float


@dataclass(frozen=True)
class LessonRow:
    """One user's progress in one lesson: the best stars (0: never finished) and the attempt under
    way (the moves the lesson accepted, the wrong tries)."""

    user_id: int
    variant: str
    lesson: str
    stars: int = 0
    moves: tuple[str, ...] = ()
    tries: int = 0
    updated_at: float = 0.0


@dataclass
class Offer:
    """An open offer in a running game: a draw, or a takeback of the asker's last turn."""

    game_id: int
    kind: str  # draw | takeback
    seat: int  # who asked
    ply: int  # the record's length when asked
    accepted: list[int]  # the seats that agreed, the asker first
    created_at: float


@dataclass
class GameRow:
    """One stored game with its seats and (when loaded) its record."""

    id: int
    variant: str
    options: dict[str, Any]
    seed: int
    guild_id: int | None
    channel_id: int
    status: str
    result: dict[str, Any] | None
    created_at: float
    updated_at: float
    expires_at: float | None
    rated: bool = True
    lobby_id: int | None = None  # the channel where the challenge was made
    message_id: int | None = None  # the challenge's message there (edited when it closes)
    challenger_id: int | None = None  # who made the challenge (None: stored before we kept it)
    posted: int = 0  # record entries whose message went out (-1: not even the start)
    pending_channel: int | None = None  # a thread made for the game while it was being started
    tournament_id: int | None = None  # the tournament whose round the game belongs to
    move_seconds: float | None = None  # the game's own time per move (a tournament's); None: the server's
    open_seats: int | None = None  # an open challenge: the most seats it fills (None: opponents named)
    seats: list[Seat] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    move_seats: list[int] = field(default_factory=list)

    def is_bot(self, seat: int) -> bool:
        """Whether the bot plays this seat."""
        return self.seats[seat].level is not None

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None


class Conflict(StoreError):
    """A constraint of the database refused a write (``unique``: a UNIQUE or PRIMARY KEY one)."""

    def __init__(self, message: str, unique: bool) -> None:
        super().__init__(message)
        self.unique = unique


@dataclass
class TurnTimer:
    """The clock a turn starts for the player to move: reminded after ``remind_after`` and out of
    time after ``deadline_after`` seconds from ``start``, unless the game's server has its own
    settings, which the store looks up in the same transaction that writes the turn (``own``: the
    times given are the game's own and stand). A player on vacation starts the clock when the
    vacation ends."""

    seat: int
    start: float
    remind_after: float
    deadline_after: float
    guild_id: int | None
    user_id: int | None = None  # the player to move: on vacation, their clock starts when it ends
    own: bool = False  # the game's own times (a tournament's), not the server's settings


class Keep:
    """The timer stays as it is (someone else left: the clock of the player to move runs on)."""

    def __repr__(self) -> str:
        return "KEEP"


KEEP = Keep()


@dataclass
class RatingUpdate:
    """New ratings for a finished rated game, computed inside the transaction that stores its last
    turn from the players' ratings as they are then (read with a lock, so a game finishing at the
    same moment in another process is rated before or after this one, never over it).

    ``compute`` gets the stored ratings of ``user_ids`` in ``variant`` (absent for a first game)
    and returns each player's new rating with its history entry."""

    variant: str
    user_ids: Sequence[int]
    compute: Callable[[list[RatingRow]], list[tuple[RatingRow, HistoryRow]]]
