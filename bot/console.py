"""The local console: a text channel on your terminal, with named players, on the real service.

Each line is ``name: command`` (or just ``command`` for the last named speaker). It prints the
bot's replies and saves every board picture in a folder. It reads standard input, so a whole
game can be scripted:  printf 'alice: challenge <game> bob\\nbob: accept\\n' | python -m bot console
"""
from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import engine
from data import GameRow
from engine import ai
from engine.notation import echo

from .console_learn import ConsoleLessons
from .console_panel import ConsolePanel
from .console_puzzles import ConsolePuzzles
from .console_text import help_text, last_picture_number
from .console_together import ConsoleTogether
from .options import DEFAULT_LEVEL, parse_options, pop_levels, pop_rated
from .service import GameService, Notice, Person, Reply, UserError, Viewer
from .terminal import piped_lines, read_line, terminal_text, unless_stopped

if TYPE_CHECKING:  # pragma: no cover
    from .operations import Operations
    from .web.server import WebServer

log = logging.getLogger(__name__)

COMMANDS = {"challenge", "accept", "decline", "board", "move", "resign", "abort", "moves", "export", "hand",
            "games", "rules", "channel", "help", "quit", "exit", "profile", "leaderboard", "offer", "takeback",
            "rematch", "replay", "browse", "pick", "back", "cancel", "status", "take", "leave", "start",
            "tournament", "settings", "learn", "hint", "try", "stop", "next",
            "again", "share", "puzzle", "solve", "give", "review"}
_CHANNEL_RE = re.compile(r"<#([0-9]+)>")
_OFFER_RE = re.compile(r"(?i)\s*(offer|accept|decline)\s+(draw|takeback)\s*")
_BOT_RE = re.compile(r"(?i)bot(?::(\S*))?")  # a seat the bot plays, at a level (checked with the others)
_SPEAKER_RE = re.compile(r"^\s*([A-Za-z][\w.-]{0,31})\s*:\s*(.*)$")


def stable_id(kind: str, name: str) -> int:
    """The same id for the same name in every run (the console has no real user ids)."""
    return int(hashlib.sha256(f"{kind}:{name.lower()}".encode()).hexdigest()[:12], 16)


class ConsoleSession:
    """One terminal 'channel' on a GameService; ``handle`` takes a line and returns output lines."""

    def __init__(self, service: GameService, boards_dir: Path, channel: str = "console",
                 ops: Operations | None = None, web: WebServer | None = None) -> None:
        self.service = service
        self.ops = ops  # the operator's side (status); None where there is none
        self.boards_dir = boards_dir
        self.channel = channel
        self.speaker: str | None = None
        self._pictures = last_picture_number(boards_dir)  # numbering goes on from an earlier session
        self.done = False
        self.names: dict[int, str] = {}  # user id -> name, for "notifies" lines
        self.channels: dict[int, str] = {stable_id("channel", channel): channel}  # id -> name
        self._heard: list[Notice] = []
        self._shown: list[Reply] = []  # replies printed by the line being handled
        service.bots.announce = self._hear
        self.panel = ConsolePanel(service, self._save, self._show)
        self.web = web  # the board pages (WEB_PORT): every board shown comes with a link to its page
        self.write: Callable[[str], None] = print  # where turns played on a board page are printed
        if web is not None:
            web.boards.announce = self._web_turn
        self.together = ConsoleTogether(service, self._show, self._channel_named, self._notice)
        self.lessons = ConsoleLessons(service, self._save)
        self.puzzles = ConsolePuzzles(service, self._save)

    @property
    def channel_id(self) -> int:
        return stable_id("channel", self.channel)

    def person(self, name: str) -> Person:
        person = Person(stable_id("user", name), name)
        self.names[person.id] = name
        return person

    def viewer(self, name: str | None) -> Viewer:
        """The console is one person's terminal: they may look at every game stored in it."""
        return Viewer(stable_id("user", name) if name else 0, None, everywhere=True)

    async def handle(self, line: str) -> list[str]:
        line = line.strip()
        if not line or line.startswith("#"):
            return []
        said = _SPEAKER_RE.match(line)
        if said and said.group(1).lower() not in COMMANDS:
            self.speaker, line = said.group(1), said.group(2).strip()
        try:
            out = await self._dispatch(line)
        except UserError as err:
            out = [f"! {err}"]
        except Exception:
            log.exception("Console command failed: channel=%s speaker=%s line=%r",
                          self.channel, self.speaker, line)
            out = ["! Something went wrong on our side; it has been logged. The game is unchanged."]
        await self.service.settle()  # the bot's turns that this line set off
        out += [line for notice in self._heard for line in self._show(notice.reply)]
        self._heard.clear()
        try:  # what is due now: tournament rounds, reminders, digests (the Discord bot's clock does this)
            for notice in await self.service.tick():
                out += self._notice(notice)
        except Exception:
            log.exception("The console's tick failed")
        for reply in self._shown:  # printed: never announced again after a restart
            await self.service.posted(reply)
        self._shown.clear()
        return out

    async def unannounced(self) -> list[str]:
        """What a stop left unshown (a turn saved just before it), printed once at the start."""
        out = [line for notice in await self.service.unannounced() for line in self._show(notice.reply)]
        for reply in self._shown:
            await self.service.posted(reply)
        self._shown.clear()
        return out

    def _channel_named(self, name: str) -> int:
        """A console channel by name (made for a game that gets a channel of its own)."""
        channel_id = stable_id("channel", name)
        self.channels[channel_id] = name
        return channel_id

    def _notice(self, notice: Notice) -> list[str]:
        """A notice's lines, marked with its channel when it is not this one."""
        lines = self._show(notice.reply)
        lines += [line for extra in notice.reply.notices for line in self._notice(extra)]
        if notice.channel_id == self.channel_id:
            return lines
        where = f"[#{self.channels.get(notice.channel_id, notice.channel_id)}] "
        return [where + line for line in lines]

    async def _hear(self, notice: Notice) -> None:
        """A bot turn (or another notice) for the console to print after the line."""
        self._heard.append(notice)

    async def _dispatch(self, line: str) -> list[str]:
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("help", "?"):
            return [help_text()]
        if word in ("quit", "exit"):
            self.done = True
            return []
        if word == "channel":
            if not re.fullmatch(r"[\w.-]{1,32}", rest):
                raise UserError("Name the channel: channel <name> (letters, digits, - and _).")
            self.channel = rest
            self.channels[self.channel_id] = rest
            return [f"Now in #{rest}."]
        if word == "status":
            if self.ops is None:
                raise UserError("The status is not available here.")
            return [self._named(await self.ops.status(None))]
        if word == "rules":
            if not rest:
                raise UserError(f"Which game? rules <game>, one of: {', '.join(d.id for d in engine.games())}.")
            reply = await self.service.rules_page(rest)
            out = [terminal_text(reply.text)]
            if reply.image is not None:
                path = self._save(reply.image, None, "-legend")
                out.append(f"[legend (each tile, the owners, the last move): {path}]")
            return out
        if word == "games":
            if rest == "open":
                return await self.together.open_games()
            if rest == "mine" and self.speaker is not None:
                return self._show(await self.service.games(self.viewer(self.speaker), mine=True))
            return self._show(await self.service.games(self.viewer(self.speaker)))
        if word == "leaderboard":
            args = rest.split()
            if not args:
                raise UserError("Which game? leaderboard <game> [page], one of: "
                                f"{', '.join(d.id for d in engine.games())}.")
            board = self.service.leaderboard
            if args[0].lower() == "puzzles" and len(args) > 1:
                board, args = self.service.puzzle_board, args[1:]
            page = int(args[1]) if len(args) > 1 and args[1].isdigit() else 1
            return self._show(await board(args[0], page=page))
        if word == "profile":
            args = rest.split()
            if not args and self.speaker is None:
                raise UserError("Whose profile? profile <name> [game]")
            name = args[0] if args else str(self.speaker)
            return self._show(await self.service.profile(self.person(name), args[1] if len(args) > 1 else None))
        if word == "replay":
            replay = await self.service.replay(channel_id=self.channel_id, game_id=_number(rest.removeprefix("#")),
                                               viewer=self.viewer(self.speaker))
            return [replay.text, f"[replay: {self._save(replay.gif, replay.game_id, '-replay', 'gif')}]"]
        if word == "review":
            return await self._review(rest)
        if word == "browse":
            game = _number(next((w[1:] for w in rest.split() if w.startswith("#")), ""))
            ply = _number(next((w for w in rest.split() if not w.startswith("#")), ""), "move")
            position = await self.service.position(game, ply, channel_id=self.channel_id,
                                                   viewer=self.viewer(self.speaker))
            return [position.text, f"[picture: {self._save(position.image, position.game_id)}]"]
        if not line:
            return []
        if self.speaker is None:
            raise UserError('Who is speaking? Start the line with a name, e.g. "alice: help".')
        me = self.person(self.speaker)
        svc, here = self.service, self.channel_id
        lesson = await self.lessons.route(word, rest, line, me, COMMANDS)
        if lesson is not None:
            return lesson
        if word == "hint":  # not in a lesson: a hint in the game here
            return [f"(only {me.name} sees) {(await svc.hint(here, me)).text}"]
        if word == "challenge":
            return self._show(await self._challenge(me, rest))
        if word in ("take", "leave", "start"):
            return await self.together.seat(word, rest, me, here)
        if word == "tournament":
            return await self.together.tournament(rest, me, here)
        if word == "settings":
            return await self.together.settings(rest, me)
        offer = _OFFER_RE.fullmatch(line)
        if offer:  # offer / accept / decline a draw or a takeback; a move never does
            verb, kind = offer.group(1).lower(), offer.group(2).lower()
            if verb == "decline":
                return self._show(await svc.decline_offer(me, self._game_here(), kind))
            if verb == "accept":
                return self._show(await svc.agree(me, self._game_here(), kind))
            return self._show(await (svc.draw(here, me) if kind == "draw" else svc.takeback(here, me)))
        if word in ("accept", "decline"):
            game_id = _game_id(rest, "challenge", f"{word} #3")
            action = svc.accept if word == "accept" else svc.decline
            return self._show(await action(me, game_id=game_id, channel_id=here))
        if word == "board":
            if rest and not rest.startswith("#"):
                return self._show(await svc.propose_board(me, rest, channel_id=here))
            return self._show(await svc.board(here, game_id=_game_id(rest), user=me, viewer=self.viewer(me.name)))
        if word == "takeback":
            return self._show(await svc.takeback(here, me))
        if word == "rematch":
            return self._show(await svc.rematch(me, _game_id(rest), channel_id=here))
        if word in ("pick", "back", "cancel"):
            return await self.panel.handle(word, rest, me, here)
        if word == "puzzle":
            return await self.puzzles.ask(me, rest)
        if word == "solve":
            return await self.puzzles.solve(me, rest)
        if word == "give" and rest.lower() == "up":
            return await self.puzzles.give_up(me)
        if word == "move":
            if not rest:
                raise UserError("Which move? For example: move c3")
            return self._show(await svc.move(here, me, rest))
        if word == "resign":
            return self._show(await svc.resign(here, me))
        if word == "abort":
            return self._show(await svc.abort(here, me))
        if word == "moves":
            return self._show(await svc.moves(here, game_id=_game_id(rest), user=me, viewer=self.viewer(me.name)))
        if word == "hand":
            return self._show(await svc.hand(here, me))
        if word == "export":
            return self._show(await svc.export(channel_id=here, game_id=_game_id(rest), user=me,
                                               viewer=self.viewer(me.name)))
        try:
            return self._show(await svc.move(here, me, line))
        except UserError as err:
            if word == "draw" and not rest:  # the move "draw" (a tile from the pile) is not the draw offer
                raise UserError(f"{err} (To offer a draw, type: offer draw.)") from None
            raise

    async def _challenge(self, me: Person, rest: str) -> Reply:
        words = rest.split()
        if not words:
            raise UserError(f"Which game? Games: {', '.join(d.id for d in engine.games())}.")
        named = [w.lstrip("@") for w in words[1:] if "=" not in w]
        if not named:  # nobody named: an open challenge anyone here may take a seat in
            return await self.together.open_challenge(me, words[0], words[1:], self.channel_id)
        bot_seats = [w for w in named if _BOT_RE.fullmatch(w)]
        for seat in bot_seats:
            level = (m.group(1) or "").lower() if (m := _BOT_RE.fullmatch(seat)) else ""
            if m and m.group(1) is not None and level not in ai.LEVELS:
                raise UserError(f"I do not know the level '{echo(m.group(1))}' ({echo(seat)}): I play at the levels "
                                f"{', '.join(ai.LEVELS)}, e.g. bot:{ai.LEVELS[-1]}.")
        try:
            options = parse_options(" ".join(w for w in words[1:] if "=" in w))
            rated = pop_rated(options)
            given = [m.group(1) for w in bot_seats if (m := _BOT_RE.fullmatch(w)) and m.group(1)]
            if given and "level" not in options:
                options["level"] = ",".join(m.group(1) or DEFAULT_LEVEL for w in bot_seats
                                            if (m := _BOT_RE.fullmatch(w)))
            levels = iter(pop_levels(options, len(bot_seats)))
        except ValueError as err:
            raise UserError(str(err)) from None
        opponents = []
        for name in named:
            if _BOT_RE.fullmatch(name):
                level = next(levels)
                opponents.append(Person(stable_id("bot", level), f"bot ({level})", bot=True, level=level))
            else:
                opponents.append(self.person(name))
        return await self.service.challenge(guild_id=None, channel_id=self.channel_id, challenger=me,
                                            opponents=opponents, variant=words[0], options=options or None,
                                            rated=rated)

    async def _review(self, rest: str) -> list[str]:
        """``review [#game]`` or ``review record <file>``: the review's words, the chart and the
        marked turns' pictures saved in the boards folder."""
        me = stable_id("user", self.speaker) if self.speaker else 0
        reviews = self.service.reviews
        if rest.lower().startswith("record"):
            path = Path(rest[len("record"):].strip()).expanduser()
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as err:
                raise UserError(f"I could not read the record file {path}: {err}.") from None
            reviewed = await reviews.of_record(me, text)
        else:
            reviewed = await reviews.of_game(me, channel_id=self.channel_id, game_id=_game_id(rest),
                                             viewer=self.viewer(self.speaker))
        out = [terminal_text(reviewed.text)]
        if reviewed.chart is not None:
            out.append(f"[chart: {self._save(reviewed.chart, reviewed.game_id, '-review')}]")
        for turn in reviewed.turns:
            out.append(terminal_text(turn.text))
            if turn.image is not None:
                out.append(f"[picture: {self._save(turn.image, reviewed.game_id, '-review-turn')}]")
        return out

    def _game_here(self) -> int:
        """The number of the game running in this channel."""
        found = self.service.game_in(self.channel_id)
        if found is None:
            raise UserError("There is no game running in this channel.")
        return found[0].id

    def _named(self, text: str) -> str:
        """A reply's text as the terminal shows it: Discord's channel mentions (<#id>) as the
        console's channel names, its Markdown as plain text."""
        return terminal_text(_CHANNEL_RE.sub(lambda m: f"#{self.channels.get(int(m.group(1)), m.group(1))}", text))

    def _show(self, reply: Reply) -> list[str]:
        self._shown.append(reply)
        out = [self._named(reply.text)] if reply.text else []
        for closed in reply.closes:
            out.append(f"(the challenge's message now says: {self._named(closed.text)})")
        if reply.challenge:
            out.append("(accept or decline)")
        elif reply.seats_open:
            out.append("(take a seat with: take" + (" ; the host may start it with: start)" if reply.seats_open > 2
                                                    else ")"))
        elif reply.offer:
            out.append(f"(accept {reply.offer}, or decline {reply.offer})")
        elif reply.rematch:
            out.append("(rematch offers the same game again)")
        if reply.mention:
            out.append("(notifies: " + ", ".join(self._name_of(uid) for uid in reply.mention) + ")")
        if reply.image is not None:
            out.append(f"[picture: {self._save(reply.image, reply.game_id)}]")
            out += self._links(reply)
        for dm in reply.dms:  # a terminal has no direct messages: say who the line is for
            out.append(f"(direct message to {self._name_of(dm.user_id)}) {self._named(dm.text)}")
            if dm.image is not None:
                out.append(f"[picture for {self._name_of(dm.user_id)}: "
                           f"{self._save(dm.image, dm.game_id, '-dm')}]")
        if reply.private:  # a terminal has no private messages: say who the line is for
            out.append(f"(only {self.speaker} sees) {reply.private}")
            if reply.private_image is not None:
                path = self._save(reply.private_image, reply.game_id, f"-hand-{self.speaker}")
                out.append(f"[picture for {self.speaker} only: {path}]")
        return out

    def _name_of(self, user_id: int) -> str:
        """A player's name: as spoken in this session, else as seated in the game here (a console
        started again knows the players of its running games by their seats)."""
        if user_id not in self.names:
            found = self.service.game_in(self.channel_id)
            for seat in found[0].seats if found is not None else ():
                self.names.setdefault(seat.user_id, seat.name)
        return self.names.get(user_id, "a player")

    def _links(self, reply: Reply) -> list[str]:
        """Links to the board page of the game a reply shows (WEB_PORT): for the speaker, and for
        the player it notifies, each link theirs alone (it opens once, within 15 minutes)."""
        if self.web is None or reply.game_id is None or reply.challenge:
            return []
        people = [self.speaker] if self.speaker else []
        people += [self.names[uid] for uid in reply.mention if uid in self.names and self.names[uid] not in people]
        return [f"[board page for {name}: {self.web.link(stable_id('user', name), reply.game_id, name)}]"
                for name in people]

    async def _web_turn(self, row: GameRow, reply: Reply) -> None:
        """A turn played on a board page: printed as the console prints every turn (its mover's
        private note, in games with hidden hands, marked as theirs)."""
        speaker = self.speaker
        if row.move_seats:
            self.speaker = row.seats[row.move_seats[-1]].name
        try:
            lines = ["(played on the board page)"] + self._show(reply)
        finally:
            self.speaker = speaker
        for line in lines:
            self.write(line)
        for shown in self._shown:
            await self.service.posted(shown)
        self._shown.clear()

    def _save(self, data: bytes, game_id: int | None, suffix: str = "", ext: str = "png") -> Path:
        """Write a picture to the boards folder, numbered in the order shown."""
        self.boards_dir.mkdir(parents=True, exist_ok=True)
        self._pictures += 1
        path = self.boards_dir / f"game{game_id or 0}-{self._pictures:03d}{suffix}.{ext}"
        path.write_bytes(data)
        return path


def _number(text: str, what: str = "game") -> int | None:
    """A game's or a move's number as typed (nothing: None)."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or len(text) > 15:
        raise UserError(f"Give the {what} as a number, e.g. replay #12 or browse #12 5.")
    return int(text)


def _game_id(text: str, what: str = "game", example: str = "#3") -> int | None:
    text = text.strip().lstrip("#")
    if not text:
        return None
    if not text.isdigit():
        raise UserError(f"Give the {what} number, e.g. {example}, or nothing for the one here.")
    return int(text)




async def run_console(service: GameService, boards_dir: Path, lines=None,
                      write: Callable[[str], None] = print, stop: asyncio.Event | None = None,
                      ops: Operations | None = None, web: WebServer | None = None) -> None:
    """Read commands (from ``lines`` or standard input) until quit, the end of input or ``stop``
    (SIGTERM or Ctrl-C: the command in progress finishes first); with ``web`` (WEB_PORT), every
    board shown comes with a link to its page."""
    session = ConsoleSession(service, boards_dir, ops=ops, web=web)
    session.write = write
    interactive = lines is None and sys.stdin.isatty()
    if interactive:
        try:
            import readline  # noqa: F401  (imported for its effect: input() edits lines, keeps history)
        except ImportError:  # Python built without it (Windows): plain input
            pass
    stop = stop or asyncio.Event()
    piped = piped_lines() if lines is None and not interactive else None
    write("Pai Sho Bot console. Type 'help' for commands; start a line with a player's name.")
    if web is not None:
        write(f"Board pages at {web.url}: every board shown comes with a link to play it in a browser.")
    for text in await session.unannounced():
        write(text)
    while not session.done and not stop.is_set():
        if lines is not None:
            try:
                line = next(lines)
            except StopIteration:
                break
        else:
            reading = read_line(f"#{session.channel} {session.speaker or ''}> ") if piped is None else piped()
            typed = await unless_stopped(reading, stop)
            if typed is None:
                if interactive:
                    write("")  # the prompt's line ends
                break
            line = typed
        if not interactive and line.strip():
            write(f"> {line.strip()}")
        for text in await session.handle(line):
            write(text)
