"""Signed links and sessions: who a board page is for, for how long, and that a link opens once.

A **link** (the Open board button's, the console's) says: this user, this game, until then (15
minutes). It is signed by the bot with WEB_KEY (HMAC-SHA256), so nobody can make one or change
the user or the game in it. Opening it exchanges it, once, for a **session** (12 hours): a cookie
scoped to that game's pages, or for the Activity a token the page keeps in memory. A link is
single use: its nonce is spent when it is opened, and a link made before the bot (re)started is
refused too (the spent nonces live in this process only; links are short-lived, so pressing Open
board again is all it costs). Sessions carry no such mark: they survive a restart.

Tokens are ``<payload>.<mac>`` in base64url: the payload is compact JSON, the MAC covers the kind
of token too, so a session can never be used as a link nor a link as a session. Every refusal
says what to do in plain words; none says more about a forged token than that it is not ours.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

LINK_TTL = 15 * 60  # seconds a link may wait to be opened
SESSION_TTL = 12 * 3600  # seconds a page keeps working once opened
MAX_TOKEN = 1024  # characters: anything longer is no token of ours
NAME_LIMIT = 64  # characters of a name carried in a token

AGAIN = "Press Open board under the game in Discord (or ask the console for the board) for a new one."
FORGED = "This link is not one the bot made, so it opens nothing. " + AGAIN
EXPIRED = "This link has expired (a link works for 15 minutes). " + AGAIN
USED = "This link has been used already: each link opens the board once. " + AGAIN
RESTARTED = "This link was made before the bot restarted, so it opens nothing now. " + AGAIN
SESSION_ENDED = ("This board's session has ended (a session lasts 12 hours). Press Open board under the game in "
                 "Discord for a new link.")
NO_SESSION = ("This page opens from a link: press Open board under a game in Discord (or use the link the "
              "console prints).")


class Refused(Exception):
    """A link or session that opens nothing; ``str()`` says why and what to do."""


@dataclass(frozen=True)
class Pass:
    """What a link or a session says: the user (id and name), the game, until when."""

    user_id: int
    game_id: int
    name: str
    expires: float
    nonce: str = ""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Signer:
    """Makes and reads links and sessions with one key; remembers the links opened by this process."""

    def __init__(self, key: str, clock: Callable[[], float] = time.time) -> None:
        if len(key) < 32:
            raise ValueError("The web key must be at least 32 characters long.")
        self._key = hashlib.sha256(b"paisho-web:" + key.encode()).digest()
        self.clock = clock
        self.boot = secrets.token_hex(4)  # links of this process carry it
        self._spent: dict[str, float] = {}  # nonce -> when it would have expired anyway

    # ----- tokens -------------------------------------------------------------------------------
    def _mac(self, kind: str, body: str) -> str:
        return _b64(hmac.new(self._key, f"{kind}.{body}".encode(), hashlib.sha256).digest()[:18])

    def _sign(self, kind: str, fields: dict[str, object]) -> str:
        body = _b64(json.dumps(fields, separators=(",", ":"), ensure_ascii=False).encode())
        return f"{body}.{self._mac(kind, body)}"

    def _read(self, kind: str, token: str) -> dict[str, object]:
        """The fields of a token of ``kind`` signed with our key; Refused(FORGED) for anything else."""
        if not isinstance(token, str) or len(token) > MAX_TOKEN or not token.isascii() or token.count(".") != 1:
            raise Refused(FORGED)
        body, mac = token.split(".")
        if not hmac.compare_digest(mac.encode(), self._mac(kind, body).encode()):
            raise Refused(FORGED)
        try:
            fields = json.loads(_unb64(body))
        except (ValueError, binascii.Error):
            raise Refused(FORGED) from None
        if not isinstance(fields, dict):
            raise Refused(FORGED)
        return fields

    @staticmethod
    def _pass(fields: dict[str, object]) -> Pass:
        user, game, name, expires = fields.get("u"), fields.get("g"), fields.get("n"), fields.get("e")
        if not (isinstance(user, int) and isinstance(game, int) and isinstance(name, str)
                and isinstance(expires, int | float)):
            raise Refused(FORGED)
        nonce = fields.get("k", "")
        return Pass(user, game, name, float(expires), nonce if isinstance(nonce, str) else "")

    # ----- links ------------------------------------------------------------------------------
    def link(self, user_id: int, game_id: int, name: str) -> str:
        """A new link token for ``user_id`` (called ``name``) to open game ``game_id`` once."""
        return self._sign("link", {"u": user_id, "g": game_id, "n": name[:NAME_LIMIT],
                                   "e": int(self.clock() + LINK_TTL), "k": secrets.token_urlsafe(12),
                                   "b": self.boot})

    def open_link(self, token: str) -> Pass:
        """What a link says, once: a second opening, an expired link, one of an earlier start of
        the bot, or one we did not sign is Refused with the reason."""
        fields = self._read("link", token)
        found = self._pass(fields)
        now = self.clock()
        if found.expires < now:
            raise Refused(EXPIRED)
        if fields.get("b") != self.boot:
            raise Refused(RESTARTED)
        if not found.nonce or found.nonce in self._spent:
            raise Refused(USED)
        self._spent = {k: t for k, t in self._spent.items() if t >= now} if len(self._spent) > 4096 else self._spent
        self._spent[found.nonce] = found.expires
        return found

    def peek_link(self, token: str) -> Pass | None:
        """What a link we signed says, whether or not it may still be opened (None: not ours)."""
        try:
            return self._pass(self._read("link", token))
        except Refused:
            return None

    # ----- sessions ---------------------------------------------------------------------------
    def session(self, user_id: int, game_id: int, name: str) -> str:
        """A session token: this user may use game ``game_id``'s page for SESSION_TTL."""
        return self._sign("session", {"u": user_id, "g": game_id, "n": name[:NAME_LIMIT],
                                      "e": int(self.clock() + SESSION_TTL)})

    def read_session(self, token: str) -> Pass:
        """What a session says; Refused when it is not ours or has ended."""
        found = self._pass(self._read("session", token))
        if found.expires < self.clock():
            raise Refused(SESSION_ENDED)
        return found
