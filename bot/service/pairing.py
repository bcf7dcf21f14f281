"""Who plays whom in a tournament round: pure functions of the players' records so far.

- **Round robin** (``round_robin``): the circle method (one player fixed, the others turn round);
  with an odd number of players one rests each round. Who moves first in each game is chosen for
  the whole schedule at once by a small search, so that no player's first moves and second moves
  ever differ by more than one.
- **Swiss** (``swiss``): a maximum-weight matching (networkx's ``max_weight_matching``, Edmonds'
  blossom algorithm) on a complete graph of the players, plus a "bye" node when their number is
  odd. Each edge's weight is a lexicographic cost turned into one integer: a second bye first, then
  a rematch, then a first-move imbalance (two players who both need to move first, or both
  second), then the distance between their scores (squared, in half points: the score groups),
  last within a score group the top half against the bottom half, and the bye to the lowest-placed
  player. Where only a rematch would keep a first-move balance within one, the balance gives (at
  most two, back within one when it can). With ``maxcardinality``
  the matching pairs everyone, so the cheapest pairing is always a whole round.
- **Tables** (``tables``): for games of three or four players, players in score order are cut into
  tables of four and three (a bye when five remain), grouped so that as few players as possible
  meet again, then by the tables' score spread: every grouping is tried up to ten players, and
  beyond that players are swapped between the score order's tables while that improves. At each
  table the seat order gives the first move to whoever has had it least.

Players are identified by any integer (the entrants' ids); ``rank`` breaks ties (1 = first).
"""
from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import networkx as nx

BYE = -(2**62)  # the bye's node in the matching graph (no entrant has this id)


@dataclass(frozen=True)
class Record:
    """What pairing needs to know of one player: score, starting rank, who they met, how often
    they moved first and second (two-player games), whether they moved first last time, their
    byes, and (tables) how often they sat in each seat."""

    player: int
    score: float
    rank: int
    opponents: frozenset[int] = frozenset()
    firsts: int = 0
    seconds: int = 0
    last_first: bool | None = None
    byes: int = 0
    seats: tuple[int, ...] = field(default=())  # times in seat 1, 2, ... (tables)

    @property
    def balance(self) -> int:
        """First moves less second moves."""
        return self.firsts - self.seconds


# ----- round robin ------------------------------------------------------------------------------
def round_robin_rounds(players: int) -> int:
    """How many rounds a round robin of this many players takes."""
    return players - 1 if players % 2 == 0 else players


def round_robin(players: int) -> list[tuple[list[tuple[int, int]], int | None]]:
    """Every round of a round robin between players 0 .. n-1 (by starting rank): the games as
    (first mover, second) and the player who rests that round (None with an even number)."""
    m = players + players % 2
    circle = list(range(m))
    rounds: list[list[tuple[int, int]]] = []
    for _ in range(m - 1):
        rounds.append([(circle[i], circle[m - 1 - i]) for i in range(m // 2)])
        circle = [circle[0], circle[-1]] + circle[1:-1]
    rests = [next((a if b >= players else b for a, b in r if players in (a, b)), None) for r in rounds]
    games = [[(a, b) for a, b in r if a < players and b < players] for r in rounds]
    ordered = _orient(games, players)
    return list(zip(ordered, rests))


def _orient(rounds: list[list[tuple[int, int]]], players: int, budget: int = 200_000) -> list[list[tuple[int, int]]]:
    """Who moves first in each game of a fixed schedule, so that every player's first and second
    moves stay within one of each other after every round (a depth-first search: a pair whose
    balances differ is forced, two players at zero may go either way). A schedule the search
    cannot settle in ``budget`` steps is oriented greedily instead."""
    balance = [0] * players
    chosen: list[list[tuple[int, int]]] = []
    steps = 0

    def search(r: int) -> bool:
        nonlocal steps
        steps += 1
        if steps > budget:
            raise _TooLong
        if r == len(rounds):
            return True
        options = []
        for a, b in rounds[r]:
            if balance[a] == balance[b]:
                if balance[a] != 0:
                    return False
                options.append([(a, b), (b, a)])
            else:
                options.append([(a, b)] if balance[a] < balance[b] else [(b, a)])
        for combo in itertools.product(*options):
            for first, second in combo:
                balance[first] += 1
                balance[second] -= 1
            chosen.append(list(combo))
            if search(r + 1):
                return True
            chosen.pop()
            for first, second in combo:
                balance[first] -= 1
                balance[second] += 1
        return False

    try:
        if search(0):
            return chosen
    except _TooLong:
        pass
    balance = [0] * players
    out = []
    for games in rounds:
        out.append([(a, b) if balance[a] <= balance[b] else (b, a) for a, b in games])
        for first, second in out[-1]:
            balance[first] += 1
            balance[second] -= 1
    return out


class _TooLong(Exception):
    pass


# ----- Swiss ------------------------------------------------------------------------------------
def swiss(records: Sequence[Record]) -> tuple[list[tuple[int, int]], int | None]:
    """One Swiss round: the games as (first mover, second) and the player with the bye (None when
    their number is even). See the module's docstring for what the pairing weighs."""
    if not records:
        return [], None
    by_id = {r.player: r for r in records}
    n = len(records)
    spread = int(2 * (max(r.score for r in records) - min(r.score for r in records)))
    fold = _folds(records)
    # lexicographic costs as one integer: each unit outweighs every cost below it in a whole round
    size = n // 2 + 1
    unit_low = 1  # the fold within a score group, and the bye's place
    unit_score = unit_low * (n * n * size + n + 1)
    unit_colour = unit_score * ((spread + 1) ** 2 + 1) * size
    unit_rematch = unit_colour * (size + 1)
    unit_bye = unit_rematch * (size + 1)
    top = unit_bye * (size + 1)

    graph = nx.Graph()
    nodes = [r.player for r in sorted(records, key=lambda r: r.rank)] + ([BYE] if len(records) % 2 else [])
    graph.add_nodes_from(nodes)
    for a, b in itertools.combinations(nodes, 2):
        if BYE in (a, b):
            r = by_id[b if a == BYE else a]
            place = _place(records, r)
            cost = unit_bye * min(r.byes, 1) + unit_low * (n - place)
        else:
            ra, rb = by_id[a], by_id[b]
            cost = (unit_rematch * (b in ra.opponents) + unit_colour * _clash(ra, rb)
                    + unit_score * int(2 * abs(ra.score - rb.score)) ** 2 + unit_low * _fold_cost(fold, ra, rb))
        graph.add_edge(a, b, weight=top - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    games, bye = [], None
    for a, b in sorted(matching, key=lambda pair: min(_sort_key(by_id, p) for p in pair)):
        if BYE in (a, b):
            bye = b if a == BYE else a
            continue
        games.append(first_mover(by_id[a], by_id[b]))
    games.sort(key=lambda game: (-max(by_id[p].score for p in game), min(by_id[p].rank for p in game)))
    return games, bye


def _folds(records: Sequence[Record]) -> dict[int, tuple[int, int]]:
    """Each player's (index, size) in their score group, by rank: the top half of a group meets
    its bottom half (1 v 5, 2 v 6, ... in a group of eight)."""
    groups: dict[float, list[Record]] = {}
    for r in records:
        groups.setdefault(r.score, []).append(r)
    out = {}
    for group in groups.values():
        for i, r in enumerate(sorted(group, key=lambda r: r.rank)):
            out[r.player] = (i, len(group))
    return out


def _fold_cost(fold: dict[int, tuple[int, int]], a: Record, b: Record) -> int:
    """How far a pairing within one score group is from top half against bottom half."""
    if a.score != b.score:
        return 0
    (i, size), (j, _) = fold[a.player], fold[b.player]
    return (2 * abs(i - j) - 2 * (size // 2)) ** 2 // 4


def _sort_key(by_id: dict[int, Record], player: int) -> tuple[float, int]:
    r = by_id.get(player)
    return (0.0, 0) if r is None else (-r.score, r.rank)


def _place(records: Sequence[Record], record: Record) -> int:
    """0 for the leader ... n-1 for the last (score, then rank)."""
    order = sorted(records, key=lambda r: (-r.score, r.rank))
    return order.index(record)


def _clash(a: Record, b: Record) -> int:
    """1 when whoever moves first, one of them would be two first (or second) moves apart."""
    return int(a.balance == b.balance != 0)


def first_mover(a: Record, b: Record) -> tuple[int, int]:
    """(first, second) of a game: the one who has moved first less often; at equal balance, the
    one who moved second last time; then the higher placed (lower rank)."""
    if a.balance != b.balance:
        return (a.player, b.player) if a.balance < b.balance else (b.player, a.player)
    if a.last_first is not None and b.last_first is not None and a.last_first != b.last_first:
        return (b.player, a.player) if a.last_first else (a.player, b.player)
    return (a.player, b.player) if a.rank < b.rank else (b.player, a.player)


# ----- tables of three and four -----------------------------------------------------------------
def table_sizes(players: int) -> list[int]:
    """Tables of four and three seating everyone (fours first), or [] when impossible (1, 2, 5)."""
    for fours in range(players // 4, -1, -1):
        rest = players - 4 * fours
        if rest % 3 == 0:
            return [4] * fours + [3] * (rest // 3)
    return []


def tables(records: Sequence[Record]) -> tuple[list[list[int]], int | None]:
    """One round of tables of three or four, grouped by score: each table's players in seat order
    (the first seat moves first), and the player with the bye (five players: four play)."""
    order = sorted(records, key=lambda r: (-r.score, r.rank))
    bye = None
    sizes = table_sizes(len(order))
    if not sizes and len(order) == 5:
        free = [r for r in order if r.byes == 0] or order
        bye = free[-1].player
        order = [r for r in order if r.player != bye]
        sizes = [4]
    if not sizes:  # one or two players left: they play each other, or the last one waits
        if len(order) == 2:
            return [seat_order(order)], None
        return [], order[0].player if order else None
    if len(order) <= EXACT_TABLES:
        groups = min(_groupings(order, Counter(sizes)), key=_table_cost)
    else:
        groups, start = [], 0
        for size in sizes:
            groups.append(order[start:start + size])
            start += size
        groups = _fewer_meetings(groups)
    groups.sort(key=lambda g: min(order.index(r) for r in g))
    return [seat_order(g) for g in groups], bye


EXACT_TABLES = 10  # up to this many players every grouping is tried; beyond, swaps improve the score order


def _groupings(players: list[Record], sizes: Counter[int]) -> Iterator[list[list[Record]]]:
    """Every way to seat ``players`` at tables of ``sizes``, the score order's grouping first."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted((s for s, left in sizes.items() if left), reverse=True):
        for others in itertools.combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            sizes[size] -= 1
            for tail in _groupings(remaining, sizes):
                yield [[first, *others], *tail]
            sizes[size] += 1


def _table_cost(groups: list[list[Record]]) -> tuple[int, float]:
    """Players who meet again, then the tables' total score spread."""
    return sum(_meetings(g) for g in groups), sum(_spread(g) for g in groups)


def _meetings(group: Sequence[Record]) -> int:
    return sum(b.player in a.opponents for a, b in itertools.combinations(group, 2))


def _spread(group: Sequence[Record]) -> float:
    return max(r.score for r in group) - min(r.score for r in group)


def _fewer_meetings(groups: list[list[Record]]) -> list[list[Record]]:
    """Swap players between tables while that lowers (meetings again, total score spread)."""
    cost = _table_cost
    best = cost(groups)
    improved = True
    while improved and best[0] > 0:
        improved = False
        for i, j in itertools.combinations(range(len(groups)), 2):
            for x, y in itertools.product(range(len(groups[i])), range(len(groups[j]))):
                trial = [list(g) for g in groups]
                trial[i][x], trial[j][y] = groups[j][y], groups[i][x]
                if cost(trial) < best:
                    groups, best, improved = trial, cost(trial), True
                    break
            if improved:
                break
    return groups


def seat_order(group: Sequence[Record]) -> list[int]:
    """A table's players in seat order: seat by seat from the first, the player who has sat there
    least so far (then the one who sat in the earlier seats least, then by rank)."""
    left, order = list(group), []
    for seat in range(len(group)):
        def key(r: Record, seat: int = seat) -> tuple:
            counts = list(r.seats) + [0] * (len(group) - len(r.seats))
            return (counts[seat], counts[:seat], r.rank)
        chosen = min(left, key=key)
        left.remove(chosen)
        order.append(chosen.player)
    return order
