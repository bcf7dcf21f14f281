"""Ratings: the new ratings of the players of a finished rated game, and what players look up
(a profile with a chart, a game's leaderboard)."""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import engine
from data import GameRow, GameStore, HistoryRow, RatingRow, RatingUpdate, StoreError
from engine.base import left_seats

from .. import ratings
from .base import Person, Reply, UserError
from .pictures import Pictures
from .wording import count

log = logging.getLogger(__name__)


class Standings:
    def __init__(self, store: GameStore, clock: Callable[[], float], pictures: Pictures) -> None:
        self.store = store
        self.clock = clock
        self.pictures = pictures
        # a player's lessons in a line (set by the service: bot/service/lessons.py), for profiles
        self.learned: Callable[[Person, str | None], Awaitable[str]] | None = None

    def update(self, row: GameRow, game: engine.Game, now: float, result: dict) -> RatingUpdate:
        """The rating update the store applies with a finished rated game's last turn, in the same
        transaction, from the ratings stored then; it adds the changes to ``result``."""
        def compute(stored: list[RatingRow]) -> list[tuple[RatingRow, HistoryRow]]:
            # stamped after each player's last rated game, so a player's history is in the order
            # the updates were made even when another process's game finished a moment "later"
            at = max([now] + [r.last_played + 1e-3 for r in stored])
            changes = self.changes(row, game, at, stored)
            result["ratings"] = {str(h.user_id): [round(h.before), round(h.after)] for _, h in changes}
            return changes
        return RatingUpdate(row.variant, sorted({s.user_id for s in row.seats}), compute)

    def changes(self, row: GameRow, game: engine.Game, now: float,
                stored: list[RatingRow]) -> list[tuple[RatingRow, HistoryRow]]:
        """New ratings of every seat after a rated game (inactivity first widens uncertainty),
        from the players' ``stored`` ratings."""
        out = game.outcome
        assert out is not None
        return self.rated(row, out.winners, out.scores, game.left_players, now, stored)

    def rated(self, row: GameRow, winners: Sequence[int], scores: Sequence[float] | None, left: Sequence[int],
              now: float, stored: list[RatingRow]) -> list[tuple[RatingRow, HistoryRow]]:
        """``changes`` from a game's result: who won, the scores, who left."""
        users = [s.user_id for s in row.seats]
        old = {r.user_id: r for r in stored}
        skills = []
        for uid in users:
            r = old.get(uid)
            skills.append(ratings.Skill() if r is None else
                          ratings.after_inactivity(ratings.Skill(r.mu, r.sigma), now - r.last_played))
        places = ratings.ranks(len(row.seats), winners, scores, left)
        new = ratings.rate(skills, places)
        shared_by_all = len(set(places)) == 1
        changes = []
        for seat, (uid, before, after) in enumerate(zip(users, skills, new)):
            r = old.get(uid)
            result = "draw" if shared_by_all else ("win" if seat in winners else "loss")
            shown_after = ratings.display(after.mu)
            rating = RatingRow(
                user_id=uid, variant=row.variant, name=row.seats[seat].public_name, mu=after.mu, sigma=after.sigma,
                games=(r.games if r else 0) + 1, wins=(r.wins if r else 0) + (result == "win"),
                draws=(r.draws if r else 0) + (result == "draw"), losses=(r.losses if r else 0) + (result == "loss"),
                best=max(r.best if r else shown_after, shown_after), last_played=now)
            history = HistoryRow(row.id, uid, row.variant, row.guild_id, result, ratings.display(before.mu),
                                 shown_after, after.mu, after.sigma, now)
            changes.append((rating, history))
        return changes

    async def do_chores(self) -> None:
        """Work a migration left for this start: 'rerate' replays the whole rating history with
        today's rules (a draw whose scores differed used to be rated as a win)."""
        if "rerate" not in await self.store.chores():
            return
        games, when, seen = await self.store.rated_games()
        changes, results = self.rerated(games, when)
        try:
            await self.store.replace_ratings("rerate", seen, changes, results)
        except StoreError as err:  # another process did it, or rated a game meanwhile: it runs next start
            log.info("Ratings not replayed at this start: %s", err)
            return
        log.info("Ratings replayed from the history of %d rated games", len(games))

    def rerated(self, games: list[GameRow], when: dict[int, float]
                ) -> tuple[list[tuple[RatingRow, HistoryRow]], dict[int, dict[str, Any]]]:
        """Every rating change of these games again, in the order they were rated, each at the time
        it was; and each game's result with its new changes."""
        state: dict[tuple[int, str], RatingRow] = {}
        changes: list[tuple[RatingRow, HistoryRow]] = []
        results: dict[int, dict[str, Any]] = {}
        for row in sorted(games, key=lambda r: (when[r.id], r.id)):
            if not row.result:
                continue
            stored = [state[key] for key in ((s.user_id, row.variant) for s in row.seats) if key in state]
            new = self.rated(row, row.result["winners"], row.result.get("scores"), left_seats(row.moves),
                             when[row.id], stored)
            for rating, _ in new:
                state[(rating.user_id, rating.variant)] = rating
            changes += new
            results[row.id] = {**row.result, "ratings": {str(h.user_id): [round(h.before), round(h.after)]
                                                         for _, h in new}}
        return changes, results

    def _standing(self, row: RatingRow) -> tuple[float, float]:
        """(displayed rating, uncertainty after the time since the last rated game)."""
        skill = ratings.after_inactivity(ratings.Skill(row.mu, row.sigma), self.clock() - row.last_played)
        return ratings.display(skill.mu), skill.sigma

    async def profile(self, user: Person, variant: str | None = None) -> Reply:
        """A player's ratings (one game or all), record, best, recent results and a chart."""
        if variant:
            try:
                variant = engine.info(variant).id
            except ValueError as err:
                raise UserError(str(err)) from None
        rows = await self.store.ratings([user.id], variant)
        against_bot = await self.against_bot(user, variant)
        learned = await self.learned(user, variant) if self.learned is not None else ""
        if not rows:
            where = f" in {engine.info(variant).name}" if variant else ""
            return Reply("\n".join(line for line in (f"{user.name} has no rated games{where} yet.", against_bot,
                                                      learned) if line))
        lines = [f"{user.name}'s ratings"]
        chart = None
        for row in sorted(rows, key=lambda r: -r.games):
            shown, sigma = self._standing(row)
            history = await self.store.history(user.id, row.variant)
            recent = " ".join(h.result[0].upper() for h in history[-5:])
            lines.append(f"{engine.info(row.variant).name}: {ratings.shown_value(shown, sigma)} \u00b7 "
                         f"{count(row.games, 'game')} ({row.wins} W, {row.draws} D, {row.losses} L) \u00b7 "
                         f"best {round(row.best)} \u00b7 recent {recent}")
            if chart is None:
                values = [history[0].before] + [h.after for h in history]
                title = f"{user.name} \u00b7 {engine.info(row.variant).name}"
                chart = await self.pictures.rating_chart(title, values)
        if against_bot:
            lines.append(against_bot)
        if learned:
            lines.append(learned)
        return Reply("\n".join(lines), image=chart)

    async def against_bot(self, user: Person, variant: str | None = None) -> str:
        """A player's record against the bot, by game and level (games against it are unrated)."""
        tally: dict[tuple[str, str], list[int]] = {}
        for game, level, result, hints in await self.store.results_against_bots(user.id):
            if variant is None or game == variant:
                counts = tally.setdefault((game, level), [0, 0, 0, 0])
                counts[("win", "draw", "loss").index(result)] += 1
                counts[3] += hints
        if not tally:
            return ""
        parts = [f"{engine.info(game).name} {level}: {w} W, {d} D, {lost} L"
                 + (f" ({count(hints, 'hint')} used)" if hints else "")
                 for (game, level), (w, d, lost, hints) in sorted(tally.items())]
        return "Against the bot (not rated): " + "; ".join(parts)

    async def leaderboard(self, variant: str, *, guild_id: int | None = None, page: int = 1,
                          per_page: int = 10) -> Reply:
        """Players by rating in one game (this server's players, or everyone); provisional
        ratings are listed apart, after the established ones; equal ratings share a place."""
        try:
            info = engine.info(variant)
        except ValueError as err:
            raise UserError(str(err)) from None
        pool = [(*self._standing(r), r) for r in await self.store.rating_pool(info.id, guild_id)]
        scope = "this server" if guild_id is not None else "everyone"
        if not pool:
            return Reply(f"No rated {info.name} games yet ({scope}).")
        lines = ratings.board_lines(
            pool, lambda place, value, row: f"{place}. {row.name} {value} ({count(row.games, 'game')})",
            lambda value, sigma, row: f"{row.name} {ratings.shown_value(value, sigma)} ({count(row.games, 'game')})",
            lambda row: row.name)
        return Reply(board_page(f"{info.name} leaderboard ({scope})", lines, page, per_page))


def board_page(title: str, lines: list[tuple[str, str]], page: int, per_page: int) -> str:
    """One page of a leaderboard's (section, line) list, headed "<title>, page 2 of 3", each
    section named where it starts on the page; a page that does not exist is refused."""
    pages = (len(lines) + per_page - 1) // per_page
    if not 1 <= page <= pages:
        raise UserError(f"There {'is only 1 page' if pages == 1 else f'are {pages} pages'}.")
    text, section = [f"{title}, page {page} of {pages}"], ""
    for sec, line in lines[(page - 1) * per_page: page * per_page]:
        if sec and sec != section:
            text.append(f"{sec}:")
        section = sec
        text.append(line)
    return "\n".join(text)
