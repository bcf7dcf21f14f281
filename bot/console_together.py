"""Playing together in the local console, through the same service calls as Discord:

- ``challenge <game> [option=value ...] [seats=N]`` with nobody named opens a challenge anyone may
  take: ``take [#id]``, ``leave [#id]`` (the host: withdraw), ``start [#id]`` (the host), and
  ``games open`` lists them (the game plays in the channel, as the console's challenges do);
- ``tournament create <game> <format> [name="..."] [rounds=N] [move_hours=H] [round_hours=H]
  [signup_hours=H] [deadline=loss|draw] [rated=no] [option=value ...]``, then ``tournament
  join|leave|start|cancel|standings [#id]`` and ``tournament bot <level> [#id]``; each game of a
  round gets a console channel of its own (``channel <name>`` goes there);
- ``settings`` shows, ``settings notify=dm quiet=22-7 zone=Europe/Berlin digest=18 vacation=5``
  changes (direct messages are printed as such: a terminal has no private messages).

The console is one person's terminal, so its speakers may organise (as a server's managers may).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .options import parse_options, pop_rated
from .service import GameService, Notice, Person, Reply, UserError
from .service.base import Viewer

GUILD = 1  # the console's pretend server (tournaments and open challenges belong to one)
_ID = re.compile(r"#?([0-9]{1,15})")
TOURNAMENT_WORDS = ("create", "join", "leave", "start", "cancel", "standings", "bot")
SETTING_NAMES = {"notify": "notify", "zone": "zone", "quiet": "quiet", "digest": "digest_hour",
                 "vacation": "vacation_days"}


def _number(text: str, example: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    found = _ID.fullmatch(text)
    if found is None:
        raise UserError(f"Give the number, e.g. {example}, or nothing for the latest.")
    return int(found.group(1))


class ConsoleTogether:
    """Open challenges, tournaments and settings for a console session."""

    def __init__(self, service: GameService, show: Callable[[Reply], list[str]],
                 channel_named: Callable[[str], int], notice: Callable[[Notice], list[str]]) -> None:
        self.service = service
        self.show = show  # the console's lines for a reply
        self.channel_named = channel_named  # registers a console channel by name, returns its id
        self.notice = notice  # the console's lines for a notice (marked with its channel)
        service.rounds.make_channel = self._make_channel

    async def _make_channel(self, channel_id: int, title: str) -> int:
        """A console channel for a tournament game, named after it (``spring-open-r1-1``)."""
        head = title.split(":")[0]
        slug = re.sub(r"[^a-z0-9]+", "-", head.lower()).strip("-")[:32] or "game"
        return self.channel_named(slug)

    async def open_challenge(self, me: Person, variant: str, words: list[str], channel_id: int) -> Reply:
        """``challenge <game> [options] [seats=N]`` with nobody named."""
        try:
            options = parse_options(" ".join(words))
            rated = pop_rated(options)
        except ValueError as err:
            raise UserError(str(err)) from None
        seats = options.pop("seats", None)
        if seats is not None and not (str(seats).isascii() and str(seats).isdigit() and len(str(seats)) < 3):
            raise UserError("seats is a number of players, e.g. seats=3.")
        return await self.service.open_seats.open(guild_id=GUILD, channel_id=channel_id, host=me, variant=variant,
                                                  options=options or None, rated=rated,
                                                  seats=int(seats) if seats is not None else None)

    async def _latest_open(self, channel_id: int, rest: str) -> int:
        number = _number(rest, "take #3")
        if number is not None:
            return number
        found = [r for r in await self.service.store.open_challenges_in(channel_id) if r.open_seats is not None]
        if not found:
            raise UserError("There is no open challenge in this channel: challenge <game> with nobody named opens one.")
        return found[-1].id

    async def seat(self, word: str, rest: str, me: Person, channel_id: int) -> list[str]:
        """``take``, ``leave`` or ``start`` an open challenge."""
        game_id = await self._latest_open(channel_id, rest)
        seats = self.service.open_seats
        if word == "take":  # the game plays where it was offered, as the console's challenges do
            reply = await seats.take(me, game_id)
        elif word == "leave":
            reply = await seats.leave(me, game_id)
        else:
            reply = await seats.start(me, game_id)
        return self.show(reply)

    async def open_games(self) -> list[str]:
        return self.show(await self.service.open_seats.listing(Viewer(0, GUILD, everywhere=True), GUILD))

    async def tournament(self, rest: str, me: Person, channel_id: int) -> list[str]:
        word, _, args = rest.strip().partition(" ")
        word = word.lower()
        t = self.service.tournaments
        if word not in TOURNAMENT_WORDS:
            raise UserError("tournament create <game> <swiss|roundrobin|tables> [name=...] [rounds=N] ..., or "
                            "tournament join|leave|start|cancel|standings [#id], or tournament bot <level> [#id].")
        if word == "create":
            return await self._create(args, me, channel_id)
        if word == "bot":
            level, _, number = args.strip().partition(" ")
            tid = await self._tournament(number)
            return self._said(await t.add_bot(me, tid, GUILD, level.lower(), "bot", manages=True))
        tid = await self._tournament(args)
        if word == "join":
            return self._said(await t.join(me, tid, GUILD))
        if word == "leave":
            return self._said(await t.leave(me, tid, GUILD))
        if word == "start":
            return self._said(await t.start(me, tid, GUILD, manages=True))
        if word == "cancel":
            return self._said(await t.cancel(me, tid, GUILD, manages=True))
        return self.show(await t.standings(GUILD, tid))

    async def _tournament(self, text: str) -> int:
        number = _number(text, "tournament join #2")
        if number is not None:
            return number
        found = await self.service.store.tournaments_in(GUILD, ("signup", "running", "finished"))
        if not found:
            raise UserError("There is no tournament yet: tournament create <game> <format> announces one.")
        return found[-1].id

    async def _create(self, args: str, me: Person, channel_id: int) -> list[str]:
        words = args.split()
        if len(words) < 2:
            raise UserError("tournament create <game> <swiss|roundrobin|tables> [name=...] [rounds=N] "
                            "[move_hours=H] [round_hours=H] [signup_hours=H] [deadline=loss|draw] [rated=no] "
                            "[option=value ...]")
        try:
            options = parse_options(args.split(None, 2)[2] if len(words) > 2 else "")
            rated = pop_rated(options)
        except ValueError as err:
            raise UserError(str(err)) from None
        own: dict[str, Any] = {"name": options.pop("name", f"{me.name}'s tournament")}
        for key in ("rounds", "move_hours", "round_hours", "signup_hours"):
            if key in options:
                value = str(options.pop(key))
                try:
                    own[key] = int(value) if key == "rounds" else float(value)
                except ValueError:
                    raise UserError(f"{key} is a number, not '{value[:20]}'.") from None
        own["adjudication"] = options.pop("deadline", "loss")
        reply = await self.service.tournaments.create(guild_id=GUILD, channel_id=channel_id, organiser=me,
                                                      manages=True, variant=words[0].lower(),
                                                      format=words[1].lower(), options=options, rated=rated, **own)
        assert reply.tournament is not None
        await self.service.tournaments.posted(reply.tournament, reply.tournament)  # the console shows it here
        return self.show(reply) + [f"(tournament #{reply.tournament}: tournament join, and the organiser's "
                                   "tournament start)"]

    def _said(self, reply: Reply) -> list[str]:
        out = [reply.private] if reply.private else []
        out += self.show(reply) if reply.text or reply.image is not None else []
        if reply.announce is not None:
            out.append(f"(the announcement now says: {reply.announce.text})")
        return out + [line for notice in reply.notices for line in self.notice(notice)]

    async def settings(self, rest: str, me: Person) -> list[str]:
        if not rest.strip():
            return [(await self.service.settings.show(me)).private]
        try:
            given = parse_options(rest)
        except ValueError as err:
            raise UserError(str(err)) from None
        changes: dict[str, Any] = {}
        for name, value in given.items():
            if name not in SETTING_NAMES:
                raise UserError(f"Settings are {', '.join(SETTING_NAMES)}, not '{name[:20]}'.")
            key = SETTING_NAMES[name]
            if key in ("digest_hour", "vacation_days"):
                value = str(value).strip().lower()
                if key == "vacation_days" and value in ("off", "end"):
                    value = "0"
                if not (value.isascii() and value.isdigit() and len(value) <= 3):
                    raise UserError(f"{name} is a whole number, e.g. {name}=5.")
                changes[key] = int(value)
            else:
                changes[key] = value
        return [(await self.service.settings.change(me, **changes)).private]
