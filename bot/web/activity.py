"""The board inside Discord: an Activity (ACTIVITY=1). Discord loads the bot's page in an iframe
(its URL mapping points at WEB_URL); the page's Embedded App SDK asks Discord for an OAuth2 code
(``authorize``), the bot exchanges it for an access token with the application's client secret
(``Discord.exchange``), and the page authenticates with it. The bot never trusts what the page
says about itself: it asks Discord who the token belongs to (``/users/@me``) and where the
Activity instance runs and who is in it (``/applications/{id}/activity-instances/{instance}``,
with the bot's token), and only then maps the instance to a game and gives the page a session
(bot/web/links.py), after which the page plays exactly as a page opened from a link.

Which game: the one the Open board button launched the Activity for in that channel
(``Launches``), else the game running there, else the one that ended there last; an instance
keeps its game once mapped, so everyone in it sees the same board.
"""
from __future__ import annotations

import logging
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp

log = logging.getLogger(__name__)

DISCORD_API = "https://discord.com/api/v10"
TIMEOUT = aiohttp.ClientTimeout(total=10)
CODE_RE = re.compile(r"[A-Za-z0-9_-]{1,200}")
INSTANCE_RE = re.compile(r"[A-Za-z0-9_:.-]{1,120}")
UNREACHABLE = "Discord could not be reached to check who you are. Close the Activity and start it again."


class ActivityError(Exception):
    """The Activity cannot open the board; ``str()`` says why in plain words."""


@dataclass(frozen=True)
class Instance:
    """Where an Activity instance runs, and who is in it, as Discord says."""

    channel_id: int
    guild_id: int | None
    users: frozenset[int]


class Discord:
    """The few Discord HTTP API calls the Activity needs (``base``: Discord's API; the tests give
    a stand-in)."""

    def __init__(self, client_id: Callable[[], int | None], client_secret: str, bot_token: Callable[[], str | None],
                 base: str = DISCORD_API) -> None:
        self.client_id, self.client_secret, self.bot_token = client_id, client_secret, bot_token
        self.base = base.rstrip("/")
        self._session: aiohttp.ClientSession | None = None

    def _http(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def _json(self, method: str, path: str, what: str, **kwargs: object) -> dict[str, object]:
        try:
            async with self._http().request(method, self.base + path, **kwargs) as answer:  # type: ignore[arg-type]
                if answer.status in (400, 401, 403, 404):
                    raise ActivityError(what)
                answer.raise_for_status()
                data = await answer.json(content_type=None)
        except ActivityError:
            raise
        except (aiohttp.ClientError, TimeoutError, ValueError) as err:
            log.warning("Discord's %s %s failed: %s", method, path.split("?")[0], err)
            raise ActivityError(UNREACHABLE) from None
        if not isinstance(data, dict):
            raise ActivityError(UNREACHABLE)
        return data

    async def exchange(self, code: str) -> str:
        """The access token for an OAuth2 code the SDK's ``authorize`` gave the page."""
        client_id = self.client_id()
        if client_id is None or not CODE_RE.fullmatch(code or ""):
            raise ActivityError("Discord did not authorize the Activity. Close it and start it again.")
        data = await self._json("POST", "/oauth2/token", "Discord refused the Activity's sign-in. Close it and "
                                "start it again.", data={"client_id": str(client_id), "client_secret":
                                                         self.client_secret, "grant_type": "authorization_code",
                                                         "code": code})
        token = data.get("access_token")
        if not isinstance(token, str):
            raise ActivityError(UNREACHABLE)
        return token

    async def user(self, access_token: str) -> tuple[int, str]:
        """Who an access token belongs to: their id and the name Discord shows."""
        data = await self._json("GET", "/users/@me", "Discord did not say who you are. Close the Activity and "
                                "start it again.", headers={"Authorization": f"Bearer {access_token}"})
        user_id, name = data.get("id"), data.get("global_name") or data.get("username")
        if not isinstance(user_id, str) or not user_id.isdigit() or not isinstance(name, str):
            raise ActivityError(UNREACHABLE)
        return int(user_id), name

    async def instance(self, instance_id: str) -> Instance:
        """Where an Activity instance of this application runs, and who is in it."""
        client_id, token = self.client_id(), self.bot_token()
        if client_id is None or token is None or not INSTANCE_RE.fullmatch(instance_id or ""):
            raise ActivityError("This Activity is not one Discord knows of. Close it and start it again.")
        data = await self._json("GET", f"/applications/{client_id}/activity-instances/{instance_id}",
                                "This Activity is not one Discord knows of. Close it and start it again.",
                                headers={"Authorization": f"Bot {token}"})
        location, users = data.get("location"), data.get("users")
        if not isinstance(location, dict) or not isinstance(users, list):
            raise ActivityError(UNREACHABLE)
        channel, guild = location.get("channel_id"), location.get("guild_id")
        if not isinstance(channel, str) or not channel.isdigit():
            raise ActivityError(UNREACHABLE)
        return Instance(int(channel), int(guild) if isinstance(guild, str) and guild.isdigit() else None,
                        frozenset(int(u) for u in users if isinstance(u, str) and u.isdigit()))


class Launches:
    """Which game the Activity shows: launched from a game's Open board button in a channel, and
    kept per instance once mapped (the most recent ``limit`` of each)."""

    def __init__(self, limit: int = 5000) -> None:
        self.limit = limit
        self._by_channel: OrderedDict[int, int] = OrderedDict()
        self._by_instance: OrderedDict[str, int] = OrderedDict()

    @staticmethod
    def _put(table: OrderedDict[Any, int], key: Any, value: int, limit: int) -> None:
        table.pop(key, None)
        table[key] = value
        while len(table) > limit:
            table.popitem(last=False)

    def launched(self, channel_id: int, game_id: int) -> None:
        """The Open board button launched the Activity for ``game_id`` in ``channel_id``."""
        self._put(self._by_channel, channel_id, game_id, self.limit)

    def mapped(self, instance_id: str, game_id: int) -> None:
        self._put(self._by_instance, instance_id, game_id, self.limit)

    def game_of(self, instance_id: str, channel_id: int) -> int | None:
        """The game an instance shows: its own, else the one last launched in its channel."""
        return self._by_instance.get(instance_id, self._by_channel.get(channel_id))
