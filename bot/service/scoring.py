"""A tournament's points and standings: pure functions of its entrants and pairings.

A game gives each player the share of their opponents at the table they finished ahead of (a
shared place counts half): in a two-player game a win is 1, a draw ½, a loss 0; at a table of four
the sole winner gets 1 and the last 0. A bye is worth 1 in a Swiss or table event; in a round
robin, where everyone rests once when the number is odd, resting is worth nothing. A forfeit (the
opponent had withdrawn) is a win without a game. Standings order by points, then the tie-break:
Sonneborn-Berger in a round robin (the points of each opponent beaten, half of each one drawn),
Buchholz otherwise (the points of one's opponents; at a table, their average); byes and forfeits
add nothing to either. Players equal in both share a place.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from data.together_rows import Pairing, TournamentRow
from engine.base import left_seats
from rendering.standings import StandingRow, Standings

from .. import ratings
from ..texts import plain_name
from .pairing import Record

FORMAT_NAMES = {"roundrobin": "round robin", "swiss": "Swiss", "tables": "tables of three and four"}
TIEBREAK = {"roundrobin": "SB", "swiss": "Buchholz", "tables": "Buchholz"}


def game_points(players: int, winners: Sequence[int], scores: Sequence[float] | None,
                left: Sequence[int]) -> list[float]:
    """Each seat's points from a finished game (see the module's docstring)."""
    if players < 2:
        return [1.0] * players
    places = ratings.ranks(players, winners, scores, left)
    return [sum(1.0 if places[i] < places[j] else 0.5 if places[i] == places[j] else 0.0
                for j in range(players) if j != i) / (players - 1) for i in range(players)]


def points_of(result: dict | None, moves: list[str], players: int) -> list[float]:
    """A stored game's points (an unfinished or aborted game: nothing for anyone)."""
    if not result:
        return [0.0] * players
    return game_points(players, result.get("winners", []), result.get("scores"), left_seats(moves))


def show(points: float) -> str:
    """Points as people write them: 2, 2½, ½, 0.67."""
    whole, rest = divmod(round(points * 6) / 6, 1)
    if abs(rest) < 1e-9:
        return f"{whole:.0f}"
    if abs(rest - 0.5) < 1e-9:
        return ("" if whole == 0 else f"{whole:.0f}") + "\u00bd"
    return f"{points:.2f}"


@dataclass
class Standing:
    player: int
    name: str
    points: float
    tiebreak: float
    games: int
    withdrawn: bool
    place: int = 0
    shared: bool = False
    rounds: tuple[str, ...] = ()


def totals(pairings: Sequence[Pairing]) -> dict[int, float]:
    out: dict[int, float] = {}
    for p in pairings:
        for player, pts in zip(p.players, p.points or ()):
            out[player] = out.get(player, 0.0) + pts
    return out


def standings(t: TournamentRow, pairings: Sequence[Pairing]) -> list[Standing]:
    """Every entrant's line, best first (points, tie-break, starting number)."""
    decided = [p for p in pairings if p.decided]
    total = totals(decided)
    tiebreak: dict[int, float] = {}
    games: dict[int, int] = {}
    for p in decided:
        if p.kind != "game":
            continue
        assert p.points is not None
        for i, player in enumerate(p.players):
            games[player] = games.get(player, 0) + 1
            others = [q for q in p.players if q != player]
            if t.format == "roundrobin":
                tiebreak[player] = tiebreak.get(player, 0.0) + p.points[i] * sum(total.get(q, 0.0) for q in others)
            else:
                tiebreak[player] = tiebreak.get(player, 0.0) + sum(total.get(q, 0.0) for q in others) / len(others)
    rows = [Standing(e.user_id, e.name, total.get(e.user_id, 0.0), tiebreak.get(e.user_id, 0.0),
                     games.get(e.user_id, 0), not e.active, rounds=_round_cells(e.user_id, pairings, t.round_no))
            for e in t.entrants]
    numbers = {e.user_id: e.number or 0 for e in t.entrants}
    rows.sort(key=lambda s: (-round(s.points, 6), -round(s.tiebreak, 6), numbers[s.player]))
    for i, s in enumerate(rows):
        before = rows[i - 1] if i else None
        if before is not None and _level(before, s):
            s.place, s.shared, before.shared = before.place, True, True
        else:
            s.place = i + 1
    return rows


def _level(a: Standing, b: Standing) -> bool:
    return round(a.points, 6) == round(b.points, 6) and round(a.tiebreak, 6) == round(b.tiebreak, 6)


def _round_cells(player: int, pairings: Sequence[Pairing], rounds: int) -> tuple[str, ...]:
    """What a player got in each round so far: points, "bye", "+" (a forfeit won), "-" (nothing)."""
    cells = ["-"] * rounds
    for p in pairings:
        if player not in p.players or not 1 <= p.round_no <= rounds:
            continue
        i = p.players.index(player)
        if p.kind == "bye":
            cells[p.round_no - 1] = "bye"
        elif p.kind == "forfeit":
            cells[p.round_no - 1] = "+" if i == 0 else "-"
        elif p.kind == "game":
            cells[p.round_no - 1] = show(p.points[i]) if p.points is not None else "\u2026"
    return tuple(cells)


def completed(t: TournamentRow, pairings: Sequence[Pairing]) -> int:
    """How many rounds have all their results."""
    done = 0
    for r in range(1, t.round_no + 1):
        if all(p.decided for p in pairings if p.round_no == r):
            done = r
        else:
            break
    return done


def heading(t: TournamentRow, pairings: Sequence[Pairing], final: bool) -> str:
    """``Final standings``, ``Standings after round 2 of 5``, or while a round has results to come,
    ``Standings during round 3 of 5``."""
    if final:
        return "Final standings"
    done = completed(t, pairings)
    if done < t.round_no:
        return f"Standings during round {t.round_no} of {t.rounds}"
    return f"Standings after round {done} of {t.rounds}"


def picture_rows(t: TournamentRow, table: list[Standing], final: bool,
                 pairings: Sequence[Pairing] = ()) -> Standings:
    """The standings as the picture draws them (names as plain text)."""
    rows = tuple(StandingRow(f"{s.place}{'=' if s.shared else ''}", plain_name(s.name), show(s.points),
                             f"{s.tiebreak:g}" if s.tiebreak == int(s.tiebreak) else f"{s.tiebreak:.2f}",
                             s.rounds, s.withdrawn, final and s.place == 1) for s in table)
    if final:
        subtitle = f"Final standings \u00b7 {FORMAT_NAMES[t.format]}, {t.round_no} rounds"
    else:
        subtitle = f"{heading(t, pairings, final)} \u00b7 {FORMAT_NAMES[t.format]}"
    return Standings(plain_name(t.name), subtitle, TIEBREAK[t.format], rows)


def records(t: TournamentRow, pairings: Sequence[Pairing], first_seat: int) -> list[Record]:
    """What the pairing of the next round needs to know of each player still in: score, starting
    number, who they met, how often they moved first and second (``first_seat``: the seat that
    moves first in this game), their byes, and how often they sat in each seat (tables)."""
    total = totals([p for p in pairings if p.decided])
    out = []
    for e in t.active:
        met: set[int] = set()
        firsts = seconds = byes = 0
        last_first: bool | None = None
        seats = [0, 0, 0, 0]
        for p in sorted(pairings, key=lambda p: p.round_no):
            if e.user_id not in p.players:
                continue
            if p.kind == "bye":
                byes += 1
            if p.kind != "game":
                continue
            seat = p.players.index(e.user_id)
            met.update(q for q in p.players if q != e.user_id)
            seats[seat] += 1
            if len(p.players) == 2:
                first = seat == first_seat
                firsts += first
                seconds += not first
                last_first = first
            else:
                firsts += seat == 0
        out.append(Record(e.user_id, total.get(e.user_id, 0.0), e.number or 0, frozenset(met), firsts, seconds,
                          last_first, byes, tuple(seats)))
    return out
