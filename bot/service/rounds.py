"""A tournament's life after sign-up, driven by the sweep (``tick``): sign-up closes (the start, or
the event is called off with too few players), each round is paired (pairing.py) and its games
open, one thread each, as ordinary running games with the tournament's time per move; finished
games give their points (scoring.py); at the round's deadline every unfinished game is ended by
the organiser's rule (the player to move loses, or a draw); a round whose results are all in
posts the standings picture and pairs the next, or the final standings end the event.

Everything is read from the store at each step and every step is written before it is announced,
so a restart between any two steps carries on where it stopped: a round is paired once (the
store refuses a second pairing), a pairing's thread is kept before its game is made, a pairing
gets one game, and a game whose start message never went out is announced after the restart
like any other (GameService.unannounced)."""
from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

import engine
from data import GameRow, GameStore, StoreError
from data.sql import SeatSpec
from data.together_rows import Pairing, TournamentRow

from .. import records
from . import scoring, wording
from .base import Announcement, Notice, Reply
from .challenges import Challenges
from .notify import Notify
from .pairing import round_robin, round_robin_rounds, swiss, tables
from .pictures import Pictures
from .play import Play
from .running import RunningGames, replay
from .settings import when
from .timers import Timers

log = logging.getLogger(__name__)
FEWEST = {"roundrobin": 2, "swiss": 2, "tables": 3}  # players a format needs to start
MOST = {"roundrobin": 16, "swiss": 64, "tables": 64}  # players a format takes
RULE_WORDS = {"loss": "lost by the player to move", "draw": "drawn"}
BYE_POINTS = {"roundrobin": 0.0, "swiss": 1.0, "tables": 1.0}


def first_seat(t: TournamentRow) -> int:
    """The seat that moves first in a two-player game of this tournament's game and options."""
    try:
        return engine.new_game(t.variant, players=2, seed=0, options=t.options).to_move or 0
    except ValueError:
        return 0


def announcement_text(t: TournamentRow) -> str:
    """What a tournament's announcement says: the event, its rules and times, and who has joined."""
    info = engine.info(t.variant)
    rounds = ("one game against everyone" if t.format == "roundrobin"
              else f"{wording.count(t.rounds, 'round')}")
    shape = {"roundrobin": "round robin", "swiss": "Swiss tournament",
             "tables": "tournament at tables of three and four, grouped by score each round"}[t.format]
    options = f" ({records.options_text(info, t.options)})" if t.options else ""
    names = ", ".join(e.name + (" (withdrew)" if not e.active else "") for e in t.entrants) or "nobody yet"
    text = (f"**{t.name}**: a {'rated' if t.rated else 'casual'} {shape} of {info.name}{options}, {rounds}. "
            f"{wording.duration(t.move_seconds)} per move, {wording.duration(t.round_seconds)} per round; a "
            f"game not finished by its round's deadline is {RULE_WORDS[t.adjudication]}. ")
    if t.status == "signup":
        text += (f"Sign-up closes {when(t.signup_until)} ({FEWEST[t.format]} to {MOST[t.format]} players). "
                 f"Players ({len(t.entrants)}): {names}. Join or leave with the buttons.")
    elif t.status == "running":
        text += f"Sign-up is closed; round {t.round_no} of {t.rounds} is on. Players ({len(t.entrants)}): {names}."
    elif t.status == "finished":
        text += f"It is over after {wording.count(t.round_no, 'round')}. Players: {names}."
    else:
        text += "It was called off."
    return text


def announcement(t: TournamentRow) -> Announcement | None:
    if t.message_id is None:
        return None
    return Announcement(t.channel_id, t.message_id, announcement_text(t), t.id, t.status == "signup")


class Rounds:
    def __init__(self, store: GameStore, running: RunningGames, play: Play, challenges: Challenges, timers: Timers,
                 notify: Notify, pictures: Pictures, clock: Callable[[], float]) -> None:
        self.store = store
        self.running = running
        self.play = play
        self.challenges = challenges
        self.timers = timers
        self.notify = notify
        self.pictures = pictures
        self.clock = clock
        # the front-end's maker of a game's thread: (tournament's channel, title) -> its id, or None
        self.make_channel: Callable[[int, str], Awaitable[int | None]] | None = None
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._warned: set[tuple[int, int]] = set()  # (tournament, round) told that threads failed

    def lock(self, tournament_id: int) -> asyncio.Lock:
        """One lock per tournament: what changes it runs one at a time in this process."""
        lock = self._locks.get(tournament_id)
        if lock is None:
            lock = self._locks[tournament_id] = asyncio.Lock()
        return lock

    async def tick(self) -> list[Notice]:
        """Move every tournament of this process's servers on as far as it can go now."""
        out: list[Notice] = []
        for t in await self.store.active_tournaments():
            if not self.running.owns(t.guild_id):
                continue
            try:
                async with self.lock(t.id):
                    out += await self.advance(t.id)
            except Exception:
                log.exception("Tournament %d: the sweep could not move it on; it tries again next time", t.id)
        return out

    async def advance(self, tournament_id: int) -> list[Notice]:
        """One step of a tournament (call with its lock held)."""
        t = await self.store.get_tournament(tournament_id)
        if t is None or t.status not in ("signup", "running"):
            return []
        now = self.clock()
        if t.status == "signup":
            return await self.begin(t) if now >= t.signup_until else []
        pairings = await self.store.pairings(t.id)
        current = [p for p in pairings if p.round_no == t.round_no]
        notices = await self._open_games(t, current)
        await self._settle(t, current)
        if t.round_ends is not None and now >= t.round_ends:
            notices += await self._adjudicate(t, current)
            await self._settle(t, current)
        if t.round_no == 0:  # a stop between the start and the pairing of round 1
            notices += await self._pair(t, pairings)
        elif all(p.decided for p in current):
            notices += await self._next(t, pairings)
        return notices

    async def begin(self, t: TournamentRow) -> list[Notice]:
        """Sign-up closes: the tournament starts with round 1, or is called off with too few."""
        now = self.clock()
        if len(t.entrants) < FEWEST[t.format]:
            await self.store.set_tournament_status(t.id, "cancelled", now, only_from=("signup",))
            t.status = "cancelled"
            text = (f"{t.name} is called off: {wording.count(len(t.entrants), 'player')} signed up, and it needs at "
                    f"least {FEWEST[t.format]}.")
            return [Notice(t.channel_id, Reply(text, announce=announcement(t)))]
        ratings = {r.user_id: r.mu for r in await self.store.ratings([e.user_id for e in t.entrants], t.variant)}
        order = sorted(t.entrants, key=lambda e: (-ratings.get(e.user_id, 25.0), e.joined_at, e.user_id))
        numbers = {e.user_id: i + 1 for i, e in enumerate(order)}
        rounds = t.rounds
        if t.format == "roundrobin":
            rounds = round_robin_rounds(len(order))
        elif t.format == "swiss":
            rounds = min(rounds, max(1, len(order) - 1))  # beyond that everyone would have met
        await self.store.start_tournament(t.id, numbers, rounds, now)
        fresh = await self.store.get_tournament(t.id)
        assert fresh is not None
        said = (f"Sign-up for {fresh.name} is closed: {wording.count(len(order), 'player')}, "
                f"{wording.count(rounds, 'round')}. Starting numbers: "
                + ", ".join(f"{e.number}. {e.name}" for e in fresh.entrants) + ".")
        games = await self._pair(fresh, [])
        paired = await self.store.get_tournament(t.id)
        return [Notice(fresh.channel_id, Reply(said, announce=announcement(paired or fresh)))] + games

    async def _next(self, t: TournamentRow, pairings: list[Pairing]) -> list[Notice]:
        """A round is complete: its standings, then the next round or the end."""
        table = scoring.standings(t, pairings)
        last = t.round_no >= t.rounds or len(t.active) < 2
        if last:
            await self.store.set_tournament_status(t.id, "finished", self.clock(), only_from=("running",))
            t.status = "finished"
        image = await self.pictures.standings(scoring.picture_rows(t, table, last, pairings))
        top = ", ".join(f"{s.place}{'=' if s.shared else '.'} {s.name} {scoring.show(s.points)}" for s in table[:5])
        if last:
            winners = " and ".join(s.name for s in table if s.place == 1)
            text = (f"{t.name} is over after {wording.count(t.round_no, 'round')}! "
                    f"{'Winner' if ' and ' not in winners else 'Winners'}: {winners}. Final standings: {top}.")
            return [Notice(t.channel_id, Reply(text, image=image, announce=announcement(t)))]
        text = f"Standings of {t.name} after round {t.round_no} of {t.rounds}: {top}."
        return [Notice(t.channel_id, Reply(text, image=image))] + await self._pair(t, pairings)

    async def _pair(self, t: TournamentRow, pairings: list[Pairing]) -> list[Notice]:
        """Pair the next round, store it with its deadline, and open its games."""
        r = t.round_no + 1
        made = await asyncio.to_thread(self.pairings_for, t, pairings, r)  # CPU work, off the event loop
        now = self.clock()
        try:
            await self.store.put_round(t.id, r, made, now + t.round_seconds, now)
        except StoreError:
            log.warning("Tournament %d: round %d was paired already", t.id, r)
            return []
        fresh = await self.store.get_tournament(t.id)
        assert fresh is not None
        current = [p for p in await self.store.pairings(t.id) if p.round_no == r]
        notices = await self._open_games(fresh, current)
        return [self._round_notice(fresh, current)] + notices

    def pairings_for(self, t: TournamentRow, pairings: list[Pairing], r: int) -> list[Pairing]:
        """Round ``r``'s pairings: games (board 1, 2, ...), then byes, rests and forfeits."""
        games: list[list[int]] = []
        others: list[tuple[str, list[int], list[float]]] = []
        first = first_seat(t)

        def seated(a: int, b: int) -> list[int]:  # the first mover in the seat that moves first
            return [a, b] if first == 0 else [b, a]

        if t.format == "roundrobin":
            everyone = sorted(t.entrants, key=lambda e: e.number or 0)
            schedule, rest = round_robin(len(everyone))[r - 1]
            for a, b in schedule:
                ea, eb = everyone[a], everyone[b]
                if ea.active and eb.active:
                    games.append(seated(ea.user_id, eb.user_id))
                elif ea.active or eb.active:
                    present, gone = (ea, eb) if ea.active else (eb, ea)
                    others.append(("forfeit", [present.user_id, gone.user_id], [1.0, 0.0]))
            if rest is not None and everyone[rest].active:
                others.append(("rest", [everyone[rest].user_id], [BYE_POINTS[t.format]]))
        else:
            records = scoring.records(t, pairings, first)
            if t.format == "swiss":
                pairs, bye = swiss(records)
                games = [seated(a, b) for a, b in pairs]
            else:
                games, bye = tables(records)
            if bye is not None:
                others.append(("bye", [bye], [BYE_POINTS[t.format]]))
        out = [Pairing(t.id, r, i + 1, "game", players) for i, players in enumerate(games)]
        out += [Pairing(t.id, r, len(games) + i + 1, kind, players, points=points)
                for i, (kind, players, points) in enumerate(others)]
        return out

    def _round_notice(self, t: TournamentRow, current: list[Pairing]) -> Notice:
        names = {e.user_id: e.name for e in t.entrants}
        parts = []
        for p in current:
            who = " vs ".join(names.get(u, "?") for u in p.players)
            if p.kind == "game":
                parts.append(f"{who}" + (f" (game #{p.game_id} in <#{p.channel_id}>)" if p.game_id else ""))
            elif p.kind == "bye":
                parts.append(f"{who} has a bye ({scoring.show(p.points[0] if p.points else 1)} point)")
            elif p.kind == "rest":
                parts.append(f"{who} rests")
            else:
                parts.append(f"{names.get(p.players[0], '?')} wins by forfeit against {names.get(p.players[1], '?')}")
        text = (f"Round {t.round_no} of {t.rounds} of {t.name}: " + "; ".join(parts)
                + f". Games end {when(t.round_ends or self.clock())}: one not finished by then is "
                f"{RULE_WORDS[t.adjudication]}.")
        return Notice(t.channel_id, Reply(text))

    async def _open_games(self, t: TournamentRow, current: list[Pairing]) -> list[Notice]:
        """Make the games of the round's pairings that have none yet (a thread each)."""
        out = []
        for p in current:
            if p.kind != "game" or p.game_id is not None:
                continue
            if p.channel_id is None:
                title = f"{t.name} R{p.round_no} #{p.board}: " + " vs ".join(
                    (t.entrant(u).name if t.entrant(u) else "?") for u in p.players)  # type: ignore[union-attr]
                channel = await self._thread(t, title[:100])
                if channel is None:
                    if (t.id, p.round_no) not in self._warned:
                        self._warned.add((t.id, p.round_no))
                        out.append(Notice(t.channel_id, Reply(
                            f"I could not open a thread for the games of round {p.round_no} of {t.name}: I need the "
                            "Create Public Threads and Send Messages in Threads permissions in this channel. I will "
                            "try again in a minute.")))
                    return out
                await self.store.set_pairing_channel(p, channel)
                p.channel_id = channel
            notice = await self._open_game(t, p)
            if notice is not None:
                out.append(notice)
        return out

    async def _thread(self, t: TournamentRow, title: str) -> int | None:
        if self.make_channel is None:
            return None
        try:
            return await self.make_channel(t.channel_id, title)
        except Exception:
            log.exception("Tournament %d: could not make a thread %r", t.id, title)
            return None

    async def _open_game(self, t: TournamentRow, p: Pairing) -> Notice | None:
        """Make one pairing's game, running in its thread, and its start message."""
        assert p.channel_id is not None
        info = engine.info(t.variant)
        seed = self.challenges.new_seed(info)
        game = engine.new_game(info.id, players=len(p.players), seed=seed, options=t.options)
        seats: list[SeatSpec] = []
        for i, uid in enumerate(p.players):
            e = t.entrant(uid)
            assert e is not None
            seats.append((-(i + 1), e.name, True, e.level, None) if e.level is not None
                         else (uid, e.name, True, None, e.account))
        bots = any(e.level is not None for e in (t.entrant(u) for u in p.players) if e is not None)
        now = self.clock()
        mover = game.to_move
        assert mover is not None
        bot_to_move = len(seats[mover]) > 3 and seats[mover][3] is not None  # type: ignore[misc]
        timer = None if bot_to_move else self.timers.for_seat(mover, seats[mover][0], t.guild_id, t.move_seconds, now)
        spec: dict[str, Any] = dict(variant=info.id, options=game.options, seed=seed, guild_id=t.guild_id,
                                    channel_id=p.channel_id, lobby_id=t.channel_id, status="running", seats=seats,
                                    now=now, rated=t.rated and not bots, tournament_id=t.id,
                                    move_seconds=t.move_seconds, posted=-1)
        try:
            game_id = await self.store.open_pairing_game(p, game=spec, timer=timer)
        except StoreError as err:
            log.warning("Tournament %d round %d board %d: no game made: %s", t.id, p.round_no, p.board, err)
            return None
        p.game_id = game_id
        row = await self.store.get_game(game_id)
        assert row is not None
        self.running.keep(row, replay(row))
        return Notice(row.channel_id, await self.start_reply(t, p, row))

    async def start_reply(self, t: TournamentRow, p: Pairing, row: GameRow) -> Reply:
        """A tournament game's first message: the round, the players, who moves, the deadline; it
        pings the player to move and tells the others (each as they chose)."""
        game = replay(row)
        assert game.to_move is not None
        names = wording.names(row, game)
        text = (f"{t.name}, round {p.round_no}: game #{row.id} of {wording.game_name(row.variant)} begins: "
                f"{', '.join(names)}. {names[game.to_move]} {game.turn_words()}. The round ends "
                f"{when(t.round_ends or self.clock())}: a game not finished by then is {RULE_WORDS[t.adjudication]}.")
        if game.hidden_hands:
            text += " Your tiles are private: see them with the hand command."
        reply = Reply(text, image=await self.pictures.board(row, game), mention=wording.mentions(row, [game.to_move]),
                      game_id=row.id, started=True, pick=not row.is_bot(game.to_move), ply=0)
        reply = await self.notify.route(reply, row)  # the player to move, as each chose
        others = [s.user_id for s in row.seats if s.seat != game.to_move and not row.is_bot(s.seat)]
        head = f"{t.name}, round {p.round_no}: your game #{row.id} has begun"
        return await self.notify.also_tell(reply, row, others, head)  # and the others of the game

    async def _settle(self, t: TournamentRow, current: list[Pairing]) -> None:
        """Store the points of the round's games that have finished."""
        open_games = {p.game_id: p for p in current if p.kind == "game" and p.game_id is not None and not p.decided}
        if not open_games:
            return
        for row in await self.store.round_games(t.id, t.round_no):
            p = open_games.get(row.id)
            if p is None or row.status == "running":
                continue
            points = scoring.points_of(row.result if row.status == "finished" else None, row.moves, len(row.seats))
            await self.store.set_points(p, points)
            p.points = points

    async def _adjudicate(self, t: TournamentRow, current: list[Pairing]) -> list[Notice]:
        """The round's deadline has passed: end every unfinished game by the organiser's rule."""
        out = []
        for p in current:
            if p.kind == "game" and p.game_id is None and not p.decided:  # never opened (no thread could be made)
                await self.store.set_points(p, [0.5] * len(p.players))
                p.points = [0.5] * len(p.players)
                names = " vs ".join(e.name for e in map(t.entrant, p.players) if e is not None)
                said = (f"Round {p.round_no} of {t.name}: the game {names} could not be opened before the round's "
                        "deadline, so it counts as a draw.")
                out.append(Notice(t.channel_id, Reply(said)))
            if p.kind != "game" or p.game_id is None or p.decided:
                continue
            async with self.running.lock(p.game_id):
                found = self.running.loaded(p.game_id)
                if found is None or found[1].outcome is not None:
                    continue
                row, game = found
                after, said = await self._end(t, row, game)
            out.append(Notice(row.channel_id, await self.play.turn_reply(row, after, said)))
        return out

    async def _end(self, t: TournamentRow, row: GameRow, game: engine.Game) -> tuple[engine.Game, str]:
        """End one game at the deadline (committed; call with its lock held)."""
        seat = game.to_move
        assert seat is not None
        if t.adjudication == "draw":
            after = game.copy()
            after.end_at_deadline(draw=True)
            await self.play.commit(row, after, seat, after.record[-1])
            return after, "The round's deadline has passed: the game is drawn."
        name = row.seats[seat].name
        after = await self.play.leave(row, game, seat, "timeout")
        if after.outcome is None:
            ended = after.copy()
            ended.end_at_deadline()
            await self.play.commit(row, ended, after.to_move or 0, ended.record[-1])
            after = ended
        return after, f"The round's deadline has passed: {name}, who was to move, loses."
