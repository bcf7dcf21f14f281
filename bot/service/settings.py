"""Each player's own settings (``/settings``, private): how they are told it is their turn (a
mention in the game's thread, a direct message with the board and a link, or one daily digest of
every game waiting for them), quiet hours in their time zone (no mention or message then: what
falls in them is told when they end, the digest too), and vacations: up to 14 days in each
calendar month (UTC) during which their clocks stop (store: ``start_vacation``). Also the times
these settings give: when quiet hours end, when the next digest is due, a time in words."""
from __future__ import annotations

import calendar
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from data import GameStore, StoreError, WriteFailed
from data.together_rows import NOTIFY, PlayerSettings
from engine.notation import echo

from .base import SAVE_FAILED, Person, Reply, UserError

DAY = 86400.0
VACATION_DAYS = 14  # the most vacation days in one calendar month
MODES = {"mention": "a mention in the game's thread", "dm": "a direct message with the board and a link",
         "digest": "one daily digest of every game waiting for you"}


@lru_cache(maxsize=1)
def zones() -> frozenset[str]:
    return frozenset(available_timezones())


def zone_of(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")


def zone_suggestions(typed: str, limit: int = 25) -> list[str]:
    """Time zone names containing what was typed (case ignored), shortest first."""
    key = typed.strip().lower().replace(" ", "_")
    found = sorted((z for z in zones() if key in z.lower()), key=lambda z: (not z.lower().startswith(key), len(z), z))
    return found[:limit]


def when(ts: float, zone: str = "UTC") -> str:
    """A moment in words, in a time zone: ``Sat 14 Jun, 18:00 UTC``."""
    local = datetime.fromtimestamp(ts, zone_of(zone))
    return f"{local:%a} {local.day} {local:%b}, {local:%H:%M} {local.tzname() or zone}"


def quiet_until(s: PlayerSettings | None, now: float) -> float | None:
    """When the player's quiet hours end, if ``now`` is inside them; else None."""
    if s is None or s.quiet_from is None or s.quiet_to is None or s.quiet_from == s.quiet_to:
        return None
    local = datetime.fromtimestamp(now, zone_of(s.zone))
    h, a, b = local.hour, s.quiet_from, s.quiet_to
    inside = a <= h < b if a < b else (h >= a or h < b)
    if not inside:
        return None
    return _next_at(local, b).timestamp()


def _next_at(local: datetime, hour: int) -> datetime:
    """The next moment after ``local`` when the clock there shows ``hour``:00."""
    at = local.replace(hour=hour, minute=0, second=0, microsecond=0)
    if at <= local:
        at = (at.replace(tzinfo=None) + timedelta(days=1)).replace(tzinfo=local.tzinfo)
    return at


def next_digest(s: PlayerSettings, now: float) -> float:
    """When the next daily digest is due: the digest hour, moved to the end of quiet hours."""
    due = _next_at(datetime.fromtimestamp(now, zone_of(s.zone)), s.digest_hour).timestamp()
    return quiet_until(s, due) or due


def month_days(spans: list[tuple[float, float]]) -> dict[tuple[int, int], float]:
    """Days of vacation in each calendar month (UTC) that the spans touch."""
    days: dict[tuple[int, int], float] = {}
    for start, end in spans:
        t = start
        while t < end:
            d = datetime.fromtimestamp(t, UTC)
            last = calendar.monthrange(d.year, d.month)[1]
            month_end = datetime(d.year, d.month, last, tzinfo=UTC).timestamp() + DAY
            part = min(end, month_end) - t
            days[(d.year, d.month)] = days.get((d.year, d.month), 0.0) + part / DAY
            t = min(end, month_end)
    return days


class Settings:
    def __init__(self, store: GameStore, clock: Callable[[], float],
                 changed: Callable[[int], Awaitable[None]]) -> None:
        self.store = store
        self.clock = clock
        self.changed = changed  # told the player whose settings or vacation changed

    async def of(self, user_id: int) -> PlayerSettings:
        return (await self.store.player_settings([user_id])).get(user_id) or PlayerSettings(user_id)

    async def show(self, user: Person) -> Reply:
        s = await self.of(user.id)
        now = self.clock()
        return Reply("", private=self._describe(s, (await self.store.on_vacation([user.id], now)).get(user.id), now))

    def _describe(self, s: PlayerSettings, away: float | None, now: float) -> str:
        lines = [f"Your turn is told by {MODES[s.notify]}."]
        if s.notify == "digest":
            lines.append(f"Your next digest: {when(s.digest_at or next_digest(s, now), s.zone)}.")
        if s.quiet_from is not None and s.quiet_to is not None:
            lines.append(f"Quiet hours: {s.quiet_from:02d}:00 to {s.quiet_to:02d}:00 ({s.zone}): no mention or "
                         "message then; what comes in them is told when they end.")
        else:
            lines.append(f"No quiet hours. Time zone: {s.zone}.")
        if away is not None:
            lines.append(f"You are on vacation until {when(away, s.zone)}: your clocks are stopped.")
        lines.append("Change them with the settings command: notify (mention, dm or digest), time zone, quiet hours "
                     "(e.g. 22-7, or off), digest hour, vacation days (1 to 14 from now; 0 ends a vacation).")
        return "\n".join(lines)

    async def change(self, user: Person, *, notify: str | None = None, zone: str | None = None,
                     quiet: str | None = None, digest_hour: int | None = None,
                     vacation_days: int | None = None) -> Reply:
        """Change any of a player's settings (what is not given stays); everything is checked
        before anything is stored."""
        s = await self.of(user.id)
        now = self.clock()
        if notify is not None:
            if notify not in NOTIFY:
                raise UserError(f"Choose how you are told: {', '.join(NOTIFY)}, not '{echo(notify)}'.")
            s.notify = notify
        if zone is not None:
            name = zone.strip()
            if name not in zones():
                raise UserError(f"I don't know the time zone '{echo(name)}'. Use a name such as Europe/Berlin or "
                                "America/New_York (the suggestions list them).")
            s.zone = name
        if quiet is not None:
            s.quiet_from, s.quiet_to = parse_quiet(quiet)
        if digest_hour is not None:
            if not 0 <= digest_hour <= 23:
                raise UserError("The digest hour is a whole hour from 0 to 23.")
            s.digest_hour = digest_hour
        if vacation_days is not None and not 0 <= vacation_days <= VACATION_DAYS:
            raise UserError(f"A vacation lasts 1 to {VACATION_DAYS} days (0 ends the one you are on).")
        s.digest_at = next_digest(s, now) if s.notify == "digest" else None
        away = (await self.store.on_vacation([s.user_id], now)).get(s.user_id)
        if vacation_days is not None:
            await self._check_vacation(s, vacation_days, away, now)
        said = []
        try:
            await self.store.put_player_settings(s)
            if vacation_days is not None:
                said.append(await self._vacation(s, vacation_days, now))
        except WriteFailed:
            raise UserError(SAVE_FAILED) from None
        except StoreError as err:  # the vacation changed meanwhile (another command at the same moment)
            raise UserError(str(err)) from None
        finally:
            await self.changed(user.id)
        away = (await self.store.on_vacation([user.id], now)).get(user.id)
        return Reply("", private=" ".join(said + ["Saved.", self._describe(s, away, now)]))

    async def _check_vacation(self, s: PlayerSettings, days: int, away: float | None, now: float) -> None:
        """Refuse a vacation change that cannot be made (nothing is stored before this passes)."""
        if days == 0:
            if away is None:
                raise UserError("You are not on vacation.")
            return
        if away is not None:
            raise UserError(f"You are on vacation until {when(away, s.zone)}. To change it, end it first "
                            "(vacation days 0), then start the new one.")
        ends = now + days * DAY
        taken = await self.store.vacations(s.user_id, now - 62 * DAY)
        used = month_days(taken)
        wanted = month_days([(now, ends)])
        for month, extra in sorted(wanted.items()):
            if used.get(month, 0.0) + extra > VACATION_DAYS + 1e-6:
                left = max(0.0, VACATION_DAYS - used.get(month, 0.0))
                name = f"{calendar.month_name[month[1]]} {month[0]}"
                raise UserError(f"That would make {used.get(month, 0.0) + extra:.0f} days of vacation in {name}; "
                                f"at most {VACATION_DAYS} a month, and you have {left:.0f} left there.")

    async def _vacation(self, s: PlayerSettings, days: int, now: float) -> str:
        """Start or end a vacation (checked by ``_check_vacation``)."""
        if days == 0:
            await self.store.end_vacation(s.user_id, now)
            return "Welcome back: your vacation has ended and your clocks run again from now."
        ends = now + days * DAY
        await self.store.start_vacation(s.user_id, now, ends)
        return (f"Enjoy your vacation: your clocks are stopped until {when(ends, s.zone)}, and your opponents see "
                "it in their turn messages.")


def parse_quiet(text: str) -> tuple[int | None, int | None]:
    """``22-7`` -> (22, 7); ``off`` -> (None, None)."""
    t = text.strip().lower()
    if t in ("off", "none", "no", ""):
        return None, None
    a, sep, b = t.replace(" ", "").partition("-")
    if not sep or not (a.isascii() and a.isdigit() and b.isascii() and b.isdigit()) or len(a) > 2 or len(b) > 2:
        raise UserError(f"Write quiet hours as two whole hours, from-to, e.g. 22-7 (or off), not '{echo(text)}'.")
    start, end = int(a), int(b)
    if not (0 <= start <= 23 and 0 <= end <= 23):
        raise UserError("Quiet hours go from 0 to 23 o'clock, e.g. 22-7.")
    if start == end:
        raise UserError("Quiet hours need a different start and end hour, e.g. 22-7.")
    return start, end
