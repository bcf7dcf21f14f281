"""Telling players it is their turn, the way each one chose (settings.py): every reply that pings
the player to move (a start, a turn, a reminder, a takeback) or everyone at the end passes through
``route``, which keeps a mention, turns it into a direct message with the board and a link, leaves
it to the daily digest, or holds it back during the player's quiet hours (a stored notice, sent
when they end if it is still their turn then). The news that a tournament game has begun, told to
its players not to move (``also_tell``), is held the same way (a held notice of ply ``BEGUN``, sent
when their quiet hours end if the game still runs; a turn notice held later in the same game
takes its place, since it tells them more). A player to move who is on vacation is named in the
turn message ("on vacation until ..."). A direct message Discord refuses (closed DMs) falls back
to a mention in the game's channel, once, and the player is told privately the next time they use
a command. The daily digests and held notices are sent by the sweep (``due``).

Every player's settings and the vacations not yet over are kept in memory (few players change a
setting), read at the start and again at each tick, so an ordinary turn costs no extra round trip
to the database; a change made here is seen at once, one made by another process at the next tick.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

import engine
from data import GameRow, GameStore, StoreError
from data.together_rows import HeldNotice, PlayerSettings

from . import wording
from .base import DirectMessage, Notice, Reply
from .pictures import Pictures
from .running import RunningGames
from .settings import next_digest, quiet_until, when

log = logging.getLogger(__name__)
DM_REFUSED_NOTE = ("I could not send you a direct message (Discord refused it: your direct messages are closed to "
                   "me), so I mentioned you in the game's thread instead. Allow direct messages from this server's "
                   "members, or choose mentions with the settings command.")
BEGUN = -1  # the ply of a held notice that tells a player not to move that their game has begun


def link(row: GameRow) -> str:
    """Where a game is, as a direct message names it (the front-end makes it a link: DirectMessage)."""
    return f"<#{row.channel_id}>"


class Notify:
    def __init__(self, store: GameStore, clock: Callable[[], float], running: RunningGames,
                 pictures: Pictures) -> None:
        self.store = store
        self.clock = clock
        self.running = running
        self.pictures = pictures
        self._settings: dict[int, PlayerSettings] | None = None  # None: not read yet
        self._away: dict[int, list[tuple[float, float]]] = {}  # vacations not over, by player
        self.noted: set[int] = set()  # players with a refused DM not yet told (seen by this process)

    async def load(self) -> None:
        """Read every player's settings and the vacations not yet over (at the start, at each tick,
        and after a change), and the players with a refused DM still to tell."""
        settings = {s.user_id: s for s in await self.store.all_player_settings()}
        away: dict[int, list[tuple[float, float]]] = {}
        for user_id, starts, ends in await self.store.vacations_after(self.clock()):
            away.setdefault(user_id, []).append((starts, ends))
        self._settings, self._away = settings, away
        self.noted.update(s.user_id for s in settings.values() if s.dm_failed)

    async def forget(self, user_id: int) -> None:
        """A player's settings or vacation changed here: read them again now."""
        await self.load()

    async def about(self, user_ids: tuple[int, ...]) -> dict[int, tuple[PlayerSettings | None, float | None]]:
        """Each player's settings (None: the defaults) and the end of their vacation (None: not on one)."""
        if self._settings is None:
            await self.load()
        assert self._settings is not None
        now = self.clock()
        out = {}
        for u in user_ids:
            until = max((end for start, end in self._away.get(u, ()) if start <= now < end), default=None)
            out[u] = (self._settings.get(u), until)
        return out

    async def route(self, reply: Reply, row: GameRow, *, turn: bool = True) -> Reply:
        """``reply`` as each mentioned player chose to hear it (``turn``: it tells the player to
        move of their turn; else it tells everyone how the game ended)."""
        if not reply.mention:
            return reply
        now = self.clock()
        about = await self.about(reply.mention)
        text, keep, dms = reply.text, [], []
        where = link(row)
        for uid in reply.mention:
            s, away = about[uid]
            seat = row.seat_of(uid)
            name = row.seats[seat].name if seat is not None else "you"
            if turn and away is not None:
                text += f" {name} is on vacation until {when(away)}; their clock is stopped until then."
            quiet = quiet_until(s, now)
            mode = s.notify if s is not None else "mention"
            if quiet is not None:
                if turn and mode != "digest":
                    await self._hold(HeldNotice(uid, row.id, len(row.moves), quiet))
                continue
            if mode == "dm":
                head = (f"It is your move in game #{row.id} ({wording.game_name(row.variant)})" if turn
                        else f"Game #{row.id} ({wording.game_name(row.variant)}) is over")
                dms.append(DirectMessage(uid, f"{head}: {where}\n{reply.text}", reply.image,
                                         ((row.guild_id, row.channel_id),), row.id))
            elif mode == "mention":
                keep.append(uid)
        return replace(reply, text=text, mention=tuple(keep), dms=reply.dms + tuple(dms))

    async def also_tell(self, reply: Reply, row: GameRow, user_ids: list[int], head: str) -> Reply:
        """``reply`` also telling these players some news of the game (not their turn: a
        tournament game of theirs has begun): a mention, or a direct message saying ``head`` with
        a link; nothing for a digest. In their quiet hours it is held back until they end (``BEGUN``;
        the game must have no held notice yet: the news is told as it begins)."""
        about = await self.about(tuple(user_ids))
        now = self.clock()
        keep, dms = list(reply.mention), list(reply.dms)
        for uid in user_ids:
            s, _ = about[uid]
            mode = s.notify if s is not None else "mention"
            quiet = quiet_until(s, now)
            if quiet is not None:
                if mode != "digest":
                    await self._hold(HeldNotice(uid, row.id, BEGUN, quiet))
                continue
            if mode == "mention" and uid not in keep:
                keep.append(uid)
            elif mode == "dm":
                dms.append(DirectMessage(uid, f"{head}: {link(row)}", None, ((row.guild_id, row.channel_id),),
                                         row.id))
        return replace(reply, mention=tuple(keep), dms=tuple(dms))

    async def _hold(self, notice: HeldNotice) -> None:
        try:
            await self.store.hold_notice(notice)
        except StoreError:
            log.exception("Game %d: could not hold back the notice of user %d", notice.game_id, notice.user_id)

    async def refused(self, dm: DirectMessage) -> list[Notice]:
        """Discord refused ``dm``: what to post instead (a mention in the game's channel, or in each
        game a digest listed); the player is told privately the next time they use a command."""
        try:
            await self.store.note_dm_failed(dm.user_id)
        except StoreError:
            log.exception("Could not note that a DM to user %d was refused", dm.user_id)
        self.noted.add(dm.user_id)
        rows = [self.running.loaded(dm.game_id)] if dm.game_id is not None else [
            self.running.loaded(r.id) for r in await self.store.waiting_games(dm.user_id)]
        out = []
        for found in rows:
            if found is None:
                continue
            row, game = found
            seat = row.seat_of(dm.user_id)
            if seat is None:
                continue
            name = row.seats[seat].name
            what = (f"it is your move in game #{row.id} ({wording.game_name(row.variant)})" if game.to_move == seat
                    else f"game #{row.id} ({wording.game_name(row.variant)}) has news for you")
            out.append(Notice(row.channel_id, Reply(f"{name}, {what}: I could not send you a direct message.",
                                                    mention=(dm.user_id,), game_id=row.id)))
        return out

    async def note_for(self, user_id: int) -> str | None:
        """The private note for a player whose DM was refused (once; None when there is none)."""
        if user_id not in self.noted:
            return None
        self.noted.discard(user_id)
        try:
            return DM_REFUSED_NOTE if await self.store.claim_dm_note(user_id) else None
        except StoreError:
            log.exception("Could not take the refused-DM note of user %d", user_id)
            return None

    async def due(self) -> list[Notice]:
        """What the sweep sends: held notices whose quiet hours ended, and the daily digests."""
        await self.load()  # what other processes changed since
        now = self.clock()
        out = []
        for held in await self.store.due_notices(now):
            found = self.running.loaded(held.game_id)
            if found is None:
                stored = await self.store.get_game(held.game_id)
                if stored is not None and stored.status == "running" and not self.running.owns(stored.guild_id):
                    continue  # another process serves that server and sends it
            if not await self.store.claim_notice(held):
                continue
            if found is not None:
                notice = await self._held(held, *found)
                if notice is not None:
                    out.append(notice)
        for s in await self.store.due_digests(now):
            assert s.digest_at is not None
            if not await self.store.claim_digest(s.user_id, s.digest_at, next_digest(s, now)):
                continue
            digest = await self._digest(s)
            if digest is not None:
                out.append(digest)
        return out

    async def _held(self, held: HeldNotice, row: GameRow, game: engine.Game) -> Notice | None:
        """A turn notice held back by quiet hours, if it is still that player's turn (or the news
        that their game has begun: ``BEGUN``)."""
        seat = row.seat_of(held.user_id)
        if held.ply == BEGUN and seat is not None:
            return await self._begun(held.user_id, seat, row)
        if seat is None or game.to_move != seat or len(game.record) != held.ply:
            return None
        s, _ = (await self.about((held.user_id,)))[held.user_id]
        mode = s.notify if s is not None else "mention"
        title = f"game #{row.id} ({wording.game_name(row.variant)})"
        if mode == "dm":
            dm = DirectMessage(held.user_id, f"It is your move in {title}: {link(row)}",
                               await self.pictures.board(row, game), ((row.guild_id, row.channel_id),), row.id)
            return Notice(row.channel_id, Reply("", game_id=row.id, dms=(dm,)))
        if mode == "digest":
            return None
        text = f"{row.seats[seat].name}, it is your move in {title} (held back during your quiet hours)."
        return Notice(row.channel_id, Reply(text, mention=(held.user_id,), game_id=row.id, pick=True))

    async def _begun(self, user_id: int, seat: int, row: GameRow) -> Notice | None:
        """The news that a game has begun, held back by the player's quiet hours (a running game)."""
        s, _ = (await self.about((user_id,)))[user_id]
        mode = s.notify if s is not None else "mention"
        t = await self.store.get_tournament(row.tournament_id) if row.tournament_id is not None else None
        what = f"game #{row.id} ({wording.game_name(row.variant)})"
        head = f"{t.name}: your {what} has begun" if t is not None else f"Your {what} has begun"
        if mode == "dm":
            dm = DirectMessage(user_id, f"{head}: {link(row)}", None, ((row.guild_id, row.channel_id),), row.id)
            return Notice(row.channel_id, Reply("", game_id=row.id, dms=(dm,)))
        if mode == "digest":
            return None
        text = f"{row.seats[seat].name}, your {what} has begun (held back during your quiet hours)."
        return Notice(row.channel_id, Reply(text, mention=(user_id,), game_id=row.id))

    async def _digest(self, s: PlayerSettings) -> Notice | None:
        """A player's daily digest: every game waiting for their move (none: nothing is sent)."""
        waiting = await self.store.waiting_games(s.user_id)
        if not waiting:
            return None
        lines = [f"Your daily digest: {wording.count(len(waiting), 'game')} waiting for your move."]
        for row in waiting[:40]:
            others = ", ".join(x.name for x in row.seats if x.user_id != s.user_id)
            lines.append(f"#{row.id} {wording.game_name(row.variant)} against {others}: {link(row)}")
        if len(waiting) > 40:
            lines.append(f"... and {len(waiting) - 40} more (the games command lists them).")
        dm = DirectMessage(s.user_id, "\n".join(lines), places=tuple((r.guild_id, r.channel_id) for r in waiting[:40]))
        return Notice(waiting[0].channel_id, Reply("", dms=(dm,)))
