"""What keeps the board pages safe and fair: rate limits (a token bucket per user and per address,
so no one can take the bot's time from everyone else) and the security headers every answer
carries, above all a strict Content-Security-Policy: the pages run only the bot's own scripts
and styles, load pictures only from the bot, connect only to it, and may be framed by nobody
(the Activity's page: only by Discord)."""
from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

# Where Discord frames an Activity (its clients and the Activity proxy); 'self' lets a page of ours
# frame it (Discord's parent frame stand-in in the tests, served on the bot's own address)
DISCORD_FRAMES = ("'self'", "https://discord.com", "https://*.discord.com", "https://*.discordsays.com")


def csp(framed_by: tuple[str, ...] = ()) -> str:
    """The Content-Security-Policy: nothing but the bot's own scripts, styles, pictures and
    connections; no inline script or style, no plugins, no forms elsewhere, framed by
    ``framed_by`` only (default: nobody)."""
    return "; ".join([
        "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' blob:",
        "connect-src 'self'", "font-src 'self'", "base-uri 'none'", "form-action 'none'",
        f"frame-ancestors {' '.join(framed_by) if framed_by else chr(39) + 'none' + chr(39)}",
    ])


def headers(framed_by: tuple[str, ...] = ()) -> dict[str, str]:
    """The headers every answer carries."""
    return {"Content-Security-Policy": csp(framed_by), "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer", "Cross-Origin-Opener-Policy": "same-origin",
            "Cross-Origin-Resource-Policy": "same-origin",
            "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()"}


class Budget:
    """A token bucket per key (a user, an address): ``rate`` requests a second on average, up to
    ``burst`` at once. ``take(key)`` is 0 when the request may go, else the seconds to wait. The
    keys least recently seen are forgotten past ``keys`` of them (an idle bucket is full anyway)."""

    def __init__(self, rate: float, burst: float, keys: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.keys, self.clock = rate, burst, keys, clock
        self._buckets: OrderedDict[object, tuple[float, float]] = OrderedDict()

    def take(self, key: object, cost: float = 1.0) -> float:
        now = self.clock()
        tokens, then = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        wait = 0.0
        if tokens >= cost:
            tokens -= cost
        else:
            wait = (cost - tokens) / self.rate
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > self.keys:
            self._buckets.popitem(last=False)
        return wait
