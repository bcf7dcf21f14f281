"""What the stores hold for playing together (issue 41): tournaments, their entrants and each
round's pairings, and each player's notification settings and vacations."""
from __future__ import annotations

from dataclasses import dataclass, field

FORMATS = ("roundrobin", "swiss", "tables")
NOTIFY = ("mention", "dm", "digest")


@dataclass
class Entrant:
    """A player in a tournament (the bot: a negative id and its level)."""

    user_id: int
    name: str
    account: str | None = None
    level: str | None = None
    number: int | None = None  # starting number, given when the tournament starts
    withdrawn: int | None = None  # left after this many rounds; None: still in
    joined_at: float = 0.0

    @property
    def active(self) -> bool:
        return self.withdrawn is None


@dataclass
class Pairing:
    """One table of a round: a game between ``players`` (entrants' ids in seat order), a bye (one
    player, a point without a game) or a forfeit (the first player wins against one who left)."""

    tournament_id: int
    round_no: int
    board: int
    kind: str  # game | bye | forfeit
    players: list[int]
    channel_id: int | None = None  # the thread made for the game, before the game exists
    game_id: int | None = None
    points: list[float] | None = None  # each player's points, once decided

    @property
    def decided(self) -> bool:
        return self.points is not None


@dataclass
class TournamentRow:
    """A tournament as stored, with its entrants (in the order they joined, or by starting number
    once it has started)."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    organiser_id: int
    name: str
    variant: str
    options: dict
    format: str
    rounds: int
    rated: bool
    move_seconds: float
    round_seconds: float
    adjudication: str  # loss | draw
    status: str  # signup | running | finished | cancelled
    signup_until: float
    round_no: int
    round_ends: float | None
    created_at: float
    updated_at: float
    entrants: list[Entrant] = field(default_factory=list)

    def entrant(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    @property
    def active(self) -> list[Entrant]:
        return [e for e in self.entrants if e.active]


@dataclass
class PlayerSettings:
    """How a player is told it is their turn (``notify``: mention | dm | digest), their quiet hours
    (from ``quiet_from`` to ``quiet_to`` o'clock in ``zone``; None: none), the hour of the daily
    digest, when the next digest is due, and whether a refused DM is still to be told."""

    user_id: int
    notify: str = "mention"
    zone: str = "UTC"
    quiet_from: int | None = None
    quiet_to: int | None = None
    digest_hour: int = 18
    digest_at: float | None = None
    dm_failed: bool = False


@dataclass
class HeldNotice:
    """A turn notice held back by the player's quiet hours, due when they end."""

    user_id: int
    game_id: int
    ply: int
    due_at: float
