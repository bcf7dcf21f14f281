"""Ancient Pai Sho knowledge for engine.ai: hidden hands sampled, a few dozen candidate turns out
of millions, and an evaluation of the race to the exact target.

- **What the AI may know** (``determinize``): its own hand, the board, the discards and the sizes.
  The opponent's hand and pile together hold exactly the opponent's tiles that are not on the
  board, discarded or removed, which everybody can work out; a world deals that multiset at
  random into a hand and a pile of the right sizes (which tile was where is never used: the
  tiles are sorted before they are shuffled). The AI's own pile is shuffled likewise.
- **Candidates** (``candidates``): every placement is scored by the exact change it makes to
  the harmony count (``LineIndex``: a flower, Coin or Lotus placed or a tile shipped changes
  two or four lines, read from a table built once per position; Knotweed and Wheel placements
  are recounted on their lines). A turn that reaches the target exactly (a placement, a
  placement and a move whose changes add up to what is missing, or a flower placed and moved
  on) is returned alone: it wins. Otherwise the list holds ``draw``, a few placements for each
  count they lead to, and a few place-and-move turns, ordered by the evaluation.
- **Evaluation**: the player to move wins at once when they can make the count exact. Without
  such a turn, a count near the target (``REACH``) is a threat to the searching seat when its
  own, real hand is to move (the other seat moves next at about that count), and a chance for a
  mover whose hand is sampled (the sample may have missed a finish). Alpha-beta looks two plies
  deep in each sampled world (hard), so it sees the winning replies the opponent's (sampled)
  hand allows and its own finish after them; medium and easy stop at depth 1 or less.
- **The other hand's finishes, at the root** (public information only: the board, the other
  seat's unseen tiles and its hand's size): which tile types would let a one-tile hand finish
  on a board (``_finishing_types``) and how likely the hand is to hold one (``finish_chance``).
  The search is offered placements that close such finishes (``_defences``, from ``order`` at
  the searching seat's own turn, so the greedy baseline's list is unchanged), and hard chooses
  among its near-best searched turns by that chance (``settle_root``).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..ai.knowledge import Knowledge
from ..ai.memo import Memo
from ..ai.search import Root
from ..ai.settings import Settings, per_level
from ..paisho.board import COLOURS, ORDER, POINT_SET, POINTS, RED, SURROUNDING, WHITE, ring_points
from .fast import (
    FLOWER_SET,
    LINE_OF,
    LINES,
    RELATION,
    destinations,
    line_harmonies,
    lines_count,
    lines_through,
    own_moves,
    place_on,
    placement_lines,
    random_action,
)
from .game import AncientGame
from .tiles import IMMOBILE, WHITE_FLOWERS, sort_hand

# Chance that the player to move makes the count exact this turn, by the distance to the target.
REACH = {0: 0.95, 1: 0.9, 2: 0.75, 3: 0.5, 4: 0.3, 5: 0.15}
FAR = 0.08
NO_HAND = 0.25  # an empty hand cannot place, so cannot change the board this turn
PER_COUNT = 1  # placements kept for each count they lead to
COMBOS = 5  # place-and-move turns kept when nothing wins
MAX_PLACED = 10  # placements (and the draw) kept when nothing wins: the nearest counts are dropped
WHEELS = 30  # Wheel points scored per position
VERIFY = 30  # place-and-move pairs checked exactly in the search for a win
EVAL_VERIFY = 8  # the same in the evaluation
# What the search asks again and again of the same position (memo.Memo: answers that depend on
# the position alone, the least recently used forgotten first).
SCORED: Memo[tuple[LineIndex, list, list]] = Memo(
    "Ancient: the line table, scored placements and moves of a board and hand", 400)
WINS: Memo[bool] = Memo("Ancient: whether the player to move has a winning turn", 20000)
FINISHES: Memo[list[tuple[str, tuple]]] = Memo(
    "Ancient: the tile types that would finish for the other seat on a board", 20000)
CAN_WIN = 0.95  # the mover's chance when the evaluation finds them a winning turn
NEAR = 0.15  # otherwise: how much being close to the target (REACH) is worth to the mover
DEVELOPED = 0.01  # per own movable tile on the board or tile in hand, beyond the other seat's
MEANS_CAP = 10  # movable tiles counted at most
HAND_MEANS = 0.3  # a tile in hand counts this much of a movable tile on the board
HELD = {"Rk": 3.0, "Wh": 3.0, "Bo": 3.0, "WL": 2.0, "Kn": 1.5}  # kept in a hand this many times as often as a flower
SETTLE_MARGIN = 0.05  # hard's root: turns valued this near the best are compared by the finishes they leave
SETTLE_WEIGHT = 0.5  # how much the chance of the other seat's finish costs there
SETTLE_LOOKED = 12  # searched turns compared at most
DEFENCE_FROM = 0.1  # the other seat's finish chance from which defences are offered
DEFENCES = 3  # defences offered at most
DEFENCE_TRIES = 12  # placements checked for that
DEFENDERS = {"Rk": 0, "WL": 1, "Ja": 2, "Li": 2, "WJ": 2, "Ro": 2, "Ch": 2, "Rh": 2}  # tried in this order
THREAT = 0.15  # how much a near count costs the searching seat when it has no win (see evaluate)
THREAT_HAND = 2  # the other seat's threat grows with its hand up to this many tiles
THREAT_DODGE = 0.6  # a mover with tiles in hand may shift the count away: the threat left
KEEP_ORDER = {"Ja": 0, "Li": 0, "WJ": 0, "Ro": 0, "Ch": 0, "Rh": 0, "WD": 1, "Kn": 2, "Wh": 2, "WL": 3,
              "Rk": 3, "Bo": 4}  # placed first: flowers; kept for the finish: Lotus, Coin, Ship


# ----- what a seat may know ---------------------------------------------------------------------
def unseen(game: AncientGame, owner: int) -> list[str]:
    """``owner``'s tiles that are neither on the board, discarded nor removed, in canonical order:
    public knowledge for the other seat (their 54 tiles less what was seen), so only the multiset
    of hand and pile is used, never which tile lies where."""
    return sort_hand(game.hands[owner] + game.piles[owner])


def determinize(game: AncientGame, seat: int, rng: random.Random) -> AncientGame:
    """A copy of ``game`` in which what ``seat`` cannot see is drawn at random: the other hand and
    both piles (their sizes kept), consistent with everything ``seat`` has seen."""
    world = game.copy()
    other = 1 - seat
    own = sort_hand(list((Counter(unseen(game, seat)) - Counter(game.hands[seat])).elements()))
    rng.shuffle(own)
    world.piles[seat] = own
    tiles = unseen(game, other)
    rng.shuffle(tiles)
    size = len(game.hands[other])
    world.hands[other] = sort_hand(tiles[:size])
    world.piles[other] = tiles[size:]
    if world.last and world.last.get("player") == other:
        world.last = None  # it may name the tile the other seat drew
    return world


# ----- the harmony change of a placement, from one table per position ---------------------------
# 1 for a pair that counts as a harmony on a line without (HV[0]) or with (HV[1]) a Lotus flip
HV = ({pair: int(kind == 1) for pair, kind in RELATION.items()},
      {pair: int(kind == -1) for pair, kind in RELATION.items()})
# the change on one line when flower c comes between the flowers a and b (None: no flower there)
def _gains(hv: dict[tuple[str, str], int]) -> dict[tuple[str | None, str, str | None], int]:
    def pair(a: str | None, b: str | None) -> int:
        return 0 if a is None or b is None else hv.get((a, b), 0)
    return {(a, c, b): pair(a, c) + pair(c, b) - pair(a, b)
            for a in (None, *FLOWER_SET) for b in (None, *FLOWER_SET) for c in FLOWER_SET}


GAIN = (_gains(HV[0]), _gains(HV[1]))


class LineIndex:
    """Per line: Coins on it, Lotus parity, harmonies and clashes of its flowers (Coins ignored);
    per point and line: the nearest flower before and after it. From it, the change of the count
    when one tile comes onto or leaves a point, line by line."""

    def __init__(self, board: dict) -> None:
        self.board = {q: tuple(tile) for q, tile in board.items()}  # a snapshot: boards change
        self.coins: list[int] = []
        self.flip: list[int] = []
        self.raw: list[tuple[int, int]] = []
        self.near: dict[Any, list] = {q: [None, None, None, None] for q in POINTS}  # rank b/a, file b/a
        near = self.near
        for line, points in enumerate(LINES):
            slot = 0 if line < len(LINES) // 2 else 2
            coins = harmonies = clashes = flip = 0
            prev = None
            for q in points:
                near[q][slot] = prev
                tile = board.get(q)
                if tile is None:
                    continue
                code = tile[1]
                if code == "Rk":
                    coins += 1
                elif code == "WL":
                    flip ^= 1
                elif code in FLOWER_SET and not tile[2]:
                    if prev is not None:
                        kind = RELATION[prev, code]
                        harmonies += kind == 1
                        clashes += kind == -1
                    prev = code
            nxt = None
            for q in reversed(points):
                near[q][slot + 1] = nxt
                tile = board.get(q)
                if tile is not None and tile[1] in FLOWER_SET and not tile[2]:
                    nxt = tile[1]
            self.coins.append(coins)
            self.flip.append(flip)
            self.raw.append((harmonies, clashes))

    def live(self, line: int) -> int:
        harmonies, clashes = self.raw[line]
        return clashes if self.flip[line] else harmonies

    def insert_on(self, code: str, q: Any, line: int, slot: int) -> int:
        """The change on ``line`` (``slot`` 0 for q's rank, 2 for its file) when ``code`` comes
        onto ``q`` (empty, or a Dragon that goes)."""
        if code in FLOWER_SET:
            if self.coins[line]:
                return 0
            hv = HV[self.flip[line]]
            near = self.near[q]
            a, b = near[slot], near[slot + 1]
            return hv.get((a, code), 0) + hv.get((code, b), 0) - hv.get((a, b), 0)
        if code == "Rk":
            return 0 if self.coins[line] else -self.live(line)
        if code == "WL" and not self.coins[line]:
            harmonies, clashes = self.raw[line]
            return (harmonies - clashes) if self.flip[line] else (clashes - harmonies)
        return 0

    def remove_on(self, q: Any, line: int, slot: int) -> int:
        """The change on ``line`` when the tile on ``q`` leaves it."""
        tile = self.board[q]
        code = tile[1]
        if code in FLOWER_SET:
            if tile[2] or self.coins[line]:
                return 0
            hv = HV[self.flip[line]]
            near = self.near[q]
            a, b = near[slot], near[slot + 1]
            return hv.get((a, b), 0) - hv.get((a, code), 0) - hv.get((code, b), 0)
        if code == "Rk":
            return self.live(line) if self.coins[line] == 1 else 0
        if code == "WL" and not self.coins[line]:
            harmonies, clashes = self.raw[line]
            return (harmonies - clashes) if self.flip[line] else (clashes - harmonies)
        return 0

    def insert(self, code: str, q: Any) -> int:
        """The change of the count when ``code`` comes onto the empty point ``q``."""
        rank, file = LINE_OF[q]
        if code in FLOWER_SET:  # insert_on for both lines, inline: this is the inner loop
            near = self.near[q]
            coins, flip = self.coins, self.flip
            total = 0 if coins[rank] else GAIN[flip[rank]][near[0], code, near[1]]
            return total if coins[file] else total + GAIN[flip[file]][near[2], code, near[3]]
        return self.insert_on(code, q, rank, 0) + self.insert_on(code, q, file, 2)

    def remove(self, q: Any) -> int:
        """The change of the count when the tile on ``q`` leaves it."""
        rank, file = LINE_OF[q]
        return self.remove_on(q, rank, 0) + self.remove_on(q, file, 2)

    def move(self, a: Any, b: Any) -> int:
        """The change of the count when the tile on ``a`` moves to ``b`` (3.4.2). A line through
        both keeps its order (the path between is clear), so only the other lines change; a
        Dragon only removes what it lands on."""
        code = self.board[a][1]
        if code == "WD":
            return self.remove(b) if b in self.board else 0
        ra, fa = LINE_OF[a]
        rb, fb = LINE_OF[b]
        total = 0
        if ra != rb:
            total += self.remove_on(a, ra, 0) + self.insert_on(code, b, rb, 0)
        if fa != fb:
            total += self.remove_on(a, fa, 2) + self.insert_on(code, b, fb, 2)
        return total


def _exact(game: AncientGame, p: int, head: tuple, move: tuple | None) -> tuple[int, bool] | None:
    """The count after the turn ``head`` (+ ``move``), and whether the placement alone already
    reaches the target; None if ``move`` is not legal after that placement."""
    board = {q: list(v) for q, v in game.board.items()}
    code, at, dest, turn = head
    lines = placement_lines(board, code, at, dest, turn)
    before = lines_count(board, lines)
    place_on(board, p, code, at, dest, turn)
    count = game.count + lines_count(board, lines) - before
    if move is None or count == game.target:
        return count, True
    a, b = move
    tile = board.get(a)
    if tile is None or tile[0] != p or all(b != d for d, _ in destinations(board, a)):
        return None
    lines = set(LINE_OF[a]) | set(LINE_OF[b])
    before = lines_count(board, lines)
    board[b] = board.pop(a)
    return count + lines_count(board, lines) - before, False


# ----- candidates -------------------------------------------------------------------------------
def _placements(game: AncientGame, p: int, index: LineIndex) -> list[tuple[int, tuple]]:
    """(change of the count, (code, at, dest, turn)) for the placements worth scoring: every
    flower, Coin, Lotus and Ship placement (the Ship's tile onto a point off its own lines),
    Knotweeds that drain something, turning Wheels, and one Dragon and one still Wheel."""
    board = game.board
    hand = game.hands[p]
    empty = [q for q in POINTS if q not in board]
    out: list[tuple[int, tuple]] = []
    for code in dict.fromkeys(hand):
        if code in FLOWER_SET:
            need = RED if code in WHITE_FLOWERS else WHITE
            out.extend((index.insert(code, q), (code, q, None, 0)) for q in empty if need in COLOURS[q])
        elif code in ("Rk", "WL"):
            out.extend((index.insert(code, q), (code, q, None, 0)) for q in empty)
        elif code == "WD":
            near = [q for q in empty if any(r in board for r in SURROUNDING[q])]
            if near or empty:
                out.append((0, ("WD", (near or empty)[len(near or empty) // 2], None, 0)))
        elif code == "Kn":
            for q in empty:
                drains = [r for r in SURROUNDING[q] if r in board and board[r][1] in FLOWER_SET and not board[r][2]]
                if drains:
                    out.append((_knotweed_change(board, q, drains), ("Kn", q, None, 0)))
        elif code == "Wh":
            out.extend(_wheel_changes(board, empty))
        elif code == "Bo":
            for t in sorted(board, key=ORDER.__getitem__):
                tile = board[t]
                if tile[2] or not (tile[1] in FLOWER_SET or tile[1] in ("Rk", "WL")):
                    continue
                gone = index.remove(t)
                lines = LINE_OF[t]
                for d in empty:
                    if LINE_OF[d][0] in lines or LINE_OF[d][1] in lines:
                        continue
                    out.append((gone + index.insert(tile[1], d), ("Bo", t, d, 0)))
    return out


def _knotweed_change(board: dict, q: Any, drains: list) -> int:
    """The change of the count when a Knotweed on ``q`` drains the flowers on ``drains``."""
    lines = lines_through(drains)
    before = lines_count(board, lines)
    for r in drains:
        board[r][2] = True
    after = lines_count(board, lines)
    for r in drains:
        board[r][2] = False
    return after - before


def _wheel_changes(board: dict, empty: list) -> list[tuple[int, tuple]]:
    """(change, Wheel placement) for each legal turn of a Wheel on the first ``WHEELS`` empty
    points whose ring holds a flower or a Lotus, and one Wheel that turns nothing."""
    out: list[tuple[int, tuple]] = []
    still = None
    for q in empty:
        ring = ring_points(q)
        held = [(i, r) for i, r in enumerate(ring) if r in board]
        if not held:
            still = still or q
            continue
        if len(out) >= 7 * WHEELS or any(board[r][2] or board[r][1] == "Rk" for _, r in held):
            continue
        if not any(board[r][1] in FLOWER_SET or board[r][1] == "WL" for _, r in held):
            continue
        lines = lines_through([r for r in ring if r in POINT_SET])
        before = lines_count(board, lines)
        for k in range(1, 8):
            if any(ring[(i + k) % 8] not in POINT_SET for i, _ in held):
                continue
            tiles = [board.pop(r) for _, r in held]
            for (i, _), tile in zip(held, tiles):
                board[ring[(i + k) % 8]] = tile
            out.append((lines_count(board, lines) - before, ("Wh", q, None, k)))
            for i, _ in held:
                del board[ring[(i + k) % 8]]
            for (_, r), tile in zip(held, tiles):
                board[r] = tile
    if still is not None:
        out.append((0, ("Wh", still, None, 0)))
    return out


def _move_changes(game: AncientGame, p: int, index: LineIndex) -> list[tuple[int, tuple]]:
    """(change of the count, move) for every move of ``p`` on the board as it is."""
    return [(index.move(a, b), (a, b)) for a, b in own_moves(game.board, p)]


def _reach_points(code: str, b: Any) -> list[Any]:
    """Points from which a flower ``code`` could move to ``b`` by its shape (paths unchecked)."""
    kind = {"Ja": 3, "Ro": 3, "WJ": 5, "Rh": 5}.get(code)
    x, y = b
    if kind:
        return [(x + dx * k, y + dy * k) for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)) for k in range(1, kind + 1)]
    return [(x + i, y + j) for i in range(-2, 3) for j in range(-2, 3) if (i, j) != (0, 0)]


def _find_win(game: AncientGame, p: int, index: LineIndex, placed: list[tuple[int, tuple]],
              moves: list[tuple[int, tuple]], verify: int = VERIFY) -> Any:
    """A turn reaching the target exactly, or None (a search, not a proof: it checks the likely
    turns only)."""
    need = game.target - game.count
    for change, head in placed:
        if change == need:
            found = _exact(game, p, head, None)
            if found and found[0] == game.target:
                return (*head, None)
    by_change: dict[int, list[tuple]] = {}
    for change, move in moves:
        by_change.setdefault(change, []).append(move)
    checked = 0
    for change, head in placed:
        for move in by_change.get(need - change, ()):
            if move[0] == head[1] or move[1] == head[1]:
                continue
            checked += 1
            found = _exact(game, p, head, move)
            if found and found[0] == game.target and not found[1]:
                return (*head, move)
            if checked >= verify:
                break
        if checked >= verify:
            break
    # a flower placed where its colour allows and moved on to where it makes the count exact
    board = game.board
    for code in dict.fromkeys(game.hands[p]):
        if code not in FLOWER_SET:
            continue
        colour = RED if code in WHITE_FLOWERS else WHITE
        for b in POINTS:
            if b in board or index.insert(code, b) != need:
                continue
            for q in _reach_points(code, b):
                if q in board or q not in COLOURS or colour not in COLOURS[q]:
                    continue
                found = _exact(game, p, (code, q, None, 0), (q, b))
                if found and found[0] == game.target and not found[1]:
                    return (code, q, None, 0, (q, b))
                checked += 1
                if checked >= 2 * verify:
                    return None
    return None


def candidates(game: AncientGame) -> list[Any]:
    """The turns the search looks at (see the module docstring), best first; the same list for
    the same position every time."""
    p = game.seat_to_move
    if game.phase == "choose":
        return ["choose first", "choose second"]
    if game.pending:  # the board does not change: keep variety and the tiles that finish a game
        counts = Counter(game.hands[p])
        return [f"discard {min(counts, key=lambda c: (-counts[c], KEEP_ORDER[c]))}"]
    if not game.hands[p]:
        return ["draw"] if game.piles[p] else ["pass"]
    index, placed, moves = _scored(game, p)
    win = _find_win(game, p, index, placed, moves)
    if win is not None:
        return [win]
    out: list[Any] = []
    target, count = game.target, game.count
    ranked = sorted(placed, key=lambda item: (_danger(target - count - item[0]), KEEP_ORDER[item[1][0]]))
    kept: dict[int, int] = {}
    for change, head in ranked:
        if game.piles[p] and "draw" not in out and _danger(target - count - change) > _danger(target - count):
            out.append("draw")  # the board as it is, where it ranks among the placements
        if kept.get(change, 0) < PER_COUNT and len(out) < MAX_PLACED:
            kept[change] = kept.get(change, 0) + 1
            out.append((*head, None))
    quiet = [head for change, head in ranked if change == 0 and head[0] != "Bo"][:COMBOS]
    if quiet:
        by_change: dict[int, tuple] = {}
        for change, move in moves:
            by_change.setdefault(change, move)
        for n, change in enumerate(sorted(by_change, key=lambda c: _danger(target - count - c))[:COMBOS]):
            head, move = quiet[n % len(quiet)], by_change[change]
            if move[0] == head[1] or move[1] == head[1]:
                continue
            found = _exact(game, p, head, move)
            if found is not None and not found[1] and found[0] != target:
                out.append((*head, move))
    if game.piles[p] and "draw" not in out:
        out.append("draw")
    return out or ["pass"]


# ----- hard's root: the finishes the other seat's hand may hold (public information only) -------
def _finishing_types(game: AncientGame, other: int) -> list[tuple[str, tuple]]:
    """(type, finish) for each type among ``other``'s unseen tiles (hand and pile together: public)
    with which a one-tile hand of ``other`` would make the count exact on this board, moves of
    ``other``'s tiles included (the quick search of ``_find_win``, as the search uses); kept per
    board."""
    types = tuple(dict.fromkeys(unseen(game, other)))
    key = (tuple(sorted((q, *tile) for q, tile in game.board.items())), other, types, game.count, game.target)
    return FINISHES.get(key, lambda: _finishes(game, other, types))


def _finishes(game: AncientGame, other: int, types: tuple[str, ...]) -> list[tuple[str, tuple]]:
    """``_finishing_types`` without the memo."""
    found = []
    for code in types:
        probe = game.copy()
        probe.seat_to_move, probe.pending = other, False
        probe.hands[other] = [code]
        index, placed, moves = _scored(probe, other)
        win = _find_win(probe, other, index, placed, moves)
        if win is not None:
            found.append((code, win))
    return found


def finish_chance(game: AncientGame, other: int) -> float:
    """How likely ``other``'s hand is to hold a tile that finishes on this board next turn: the
    finishing types (``_finishing_types``) among ``other``'s unseen tiles, a hand of its real
    size drawn from them, special tiles weighted by ``HELD`` (players place their flowers and
    keep the tiles that shift many harmonies at once). Public information only: the board, the
    unseen multiset and the hand's size."""
    size = len(game.hands[other])
    if not size or game.phase != "play":
        return 0.0
    finishing = {code for code, _ in _finishing_types(game, other)}
    if not finishing:
        return 0.0
    tiles = Counter(unseen(game, other))
    total = sum(HELD.get(code, 1.0) * n for code, n in tiles.items())
    hit = sum(HELD.get(code, 1.0) * n for code, n in tiles.items() if code in finishing)
    return 1.0 - (1.0 - hit / total) ** min(size, sum(tiles.values()))


def _gaining_lines(game: AncientGame, p: int, finish: tuple) -> set[int]:
    """The lines on which the turn ``finish`` of ``p`` adds harmonies."""
    board = {q: list(v) for q, v in game.board.items()}
    code, at, dest, turn, move = finish
    lines = placement_lines(board, code, at, dest, turn)
    if move is not None:
        lines |= set(LINE_OF[move[0]]) | set(LINE_OF[move[1]])
    before = {line: line_harmonies(board, line) for line in lines}
    place_on(board, p, code, at, dest, turn)
    if move is not None:
        board[move[1]] = board.pop(move[0])
    return {line for line in lines if line_harmonies(board, line) > before[line]}


def _defences(game: AncientGame, p: int) -> list[Any]:
    """At the searching seat's own turn, when the other seat's hand may hold a finish on this
    board (``finish_chance`` above ``DEFENCE_FROM``): up to ``DEFENCES`` placements that leave the
    least chance of one, a Coin, Lotus or flower on a line the finishes would fill or on the point
    a finishing Wheel or Ship needs, ``DEFENCE_TRIES`` of them checked. Only offered to the
    search (which values them like any other turn) and to ``settle_root``."""
    other = 1 - p
    now = finish_chance(game, other)
    if now < DEFENCE_FROM:
        return []
    lines: set[int] = set()
    spots: set[Any] = set()
    for _, finish in _finishing_types(game, other):
        lines |= _gaining_lines(game, other, finish)
        if finish[0] in ("Wh", "Bo"):
            spots.add(finish[1])
    target, count = game.target, game.count
    tried = [(change, head) for change, head in _scored(game, p)[1]
             if head[0] in DEFENDERS and count + change != target
             and (head[1] in spots or set(LINE_OF[head[1]]) & lines)]
    tried.sort(key=lambda item: (item[1][1] not in spots, DEFENDERS[item[1][0]],
                                 _danger(target - count - item[0]), ORDER[item[1][1]]))
    spread: dict[tuple, tuple] = {}  # one try per tile type and the lines it stands on, first
    for _, head in tried:
        spread.setdefault((head[0], head[1] in spots, tuple(sorted(set(LINE_OF[head[1]]) & lines))), head)
    found = []
    for head in list(spread.values())[:DEFENCE_TRIES]:
        after = game.copy()
        after.apply_action((*head, None))
        if after.outcome is None:
            chance = finish_chance(after, other)
            if chance < now / 2:
                found.append((chance, (*head, None)))
    found.sort(key=lambda item: item[0])
    return [action for _, action in found[:DEFENCES]]


def _after(game: AncientGame, action: Any) -> AncientGame:
    """The board after the searching seat's own turn ``action`` (a draw or discard leaves it as it
    is; nothing hidden is read: only the board and sizes are used afterwards)."""
    if isinstance(action, str):
        return game
    after = game.copy()
    after.apply_action(action)
    return after


def settle_root(game: AncientGame, ranked: list[Any]) -> list[Any]:
    """Hard's root: among the searched turns valued within ``SETTLE_MARGIN`` of the best, the one
    with the best value less ``SETTLE_WEIGHT`` times the chance that the other seat's hand holds
    a finish on the board it leaves (``finish_chance``). Sampled worlds see such a finish only
    when a sample deals the tile (with a hand of one or two tiles, rarely); this counts it for
    every hand that could hold it, but only to choose among near-equal turns."""
    if len(ranked) < 2 or game.phase != "play" or game.pending:
        return ranked
    best = ranked[0]
    if not best.exact or best.value > 1.0:
        return ranked
    other = 1 - game.seat_to_move
    near = [c for c in ranked[:SETTLE_LOOKED] if c.exact and c.weight == best.weight
            and c.value >= best.value - SETTLE_MARGIN]
    if len(near) < 2:
        return ranked
    scored = []
    for c in near:
        after = _after(game, c.action)
        if after.outcome is not None:
            return ranked
        scored.append((c.value - SETTLE_WEIGHT * finish_chance(after, other), c))
    chosen = max(scored, key=lambda item: item[0])[1]
    if chosen is best:
        return ranked
    return [chosen] + [c for c in ranked if c is not chosen]


def can_win(game: AncientGame) -> bool:
    """Whether the player to move has a turn that reaches the target (as far as the quick search
    of ``_find_win`` sees); kept per position like the scored placements."""
    p = game.seat_to_move
    if game.phase != "play" or game.pending or not game.hands[p]:
        return False
    return WINS.get((_position_key(game, p), game.target), lambda: _can_win(game, p))


def _can_win(game: AncientGame, p: int) -> bool:
    """``can_win`` without the memo."""
    index, placed, moves = _scored(game, p)
    return _find_win(game, p, index, placed, moves, verify=EVAL_VERIFY) is not None


def _position_key(game: AncientGame, p: int) -> tuple:
    """What the scored placements of ``p`` depend on: the board and ``p``'s hand."""
    return (tuple(sorted((q, *tile) for q, tile in game.board.items())), tuple(game.hands[p]), p)


def _scored(game: AncientGame, p: int) -> tuple[LineIndex, list, list]:
    """The line table, the scored placements and the scored moves of ``p`` in ``game``, kept for
    positions met again (the evaluation and the next iteration of the search ask for the same
    ones). A position is its board and ``p``'s hand."""
    return SCORED.get(_position_key(game, p), lambda: _score(game, p))


def _score(game: AncientGame, p: int) -> tuple[LineIndex, list, list]:
    """``_scored`` without the memo."""
    index = LineIndex(game.board)
    return index, _placements(game, p, index), _move_changes(game, p, index)


def _means(game: AncientGame, seat: int) -> float:
    """How many ways ``seat`` has to change the count later: tiles of theirs on the board that
    can move (a move is the only way to shift a tile already placed), and tiles in hand."""
    movable = sum(1 for owner, code, drained in game.board.values()
                  if owner == seat and not drained and code not in IMMOBILE)
    return min(movable, MEANS_CAP) + HAND_MEANS * len(game.hands[seat])


def _danger(distance: int) -> float:
    """How likely the opponent is to make the count exact from this distance (lower is safer)."""
    return REACH.get(abs(distance), FAR)


class AncientKnowledge(Knowledge[AncientGame]):
    """Alpha-beta two plies deep over sampled worlds, on candidate turns."""

    settings = per_level(Settings(search="alphabeta", max_depth=2, samples=6, world_margin=1.0),
                         easy={"budget": 6}, medium={"budget": 48}, hard={"budget": 1200})
    determinize = staticmethod(determinize)

    def actions(self, game: AncientGame) -> list[Any]:
        return candidates(game)

    def order(self, game: AncientGame, actions: list[Any], root: Root | None = None) -> list[Any] | None:
        """The candidates as they come, and at the searching seat's own turn (the root) the
        defences against a finish the other hand may hold (``_defences``) after them. Only the
        search orders its moves: the greedy baseline's list (``actions``) stays the candidates."""
        p = game.seat_to_move
        if (root is None or root.seat != p or game.phase != "play" or game.pending
                or not game.hands[p] or len(actions) == 1):
            return None
        extra = [a for a in _defences(game, p) if a not in actions]
        return actions + extra if extra else None

    def settle(self, game: AncientGame, level: str, ranked: list[Any]) -> list[Any]:
        """Hard compares its near-best turns by the finishes they leave the other seat
        (``settle_root``); the other levels keep the search's ranking."""
        return settle_root(game, ranked) if level == "hard" else ranked

    def playout_action(self, game: AncientGame, rng: random.Random) -> Any:
        return random_action(game, rng)

    def evaluate(self, game: AncientGame, root: Root | None = None) -> Sequence[float]:
        """The seat to move wins at once if it has a turn reaching the target (``CAN_WIN``).
        Otherwise it depends on whose hand the world holds for real (``root.seat``):

        - the searching seat's own hand, known to have no win: a count near the target is a
          threat to it (the other seat moves next at about this count, unless the mover's
          tiles shift it: ``THREAT``), so it is worth less the nearer it is;
        - a sampled hand (the other seat's, or no search): nearness is worth more to the mover,
          who may hold a finish the sample missed (``NEAR``).

        Both add each seat's means to change the count later. A seat that must discard first is
        scored as if the other seat were to move (the discard changes nothing on the board), so
        that a draw and its discard compare with one turn."""
        if game.phase == "choose" or game.to_move is None:
            return (0.5, 0.5)
        mover = game.seat_to_move
        if not game.pending and can_win(game):
            value = CAN_WIN
        else:
            if game.pending:
                mover = 1 - mover
            reach = REACH.get(abs(game.target - game.count), FAR)
            means = DEVELOPED * (_means(game, mover) - _means(game, 1 - mover))
            if root is not None and root.seat == mover and not game.pending:
                threat = reach * min(1.0, len(game.hands[1 - mover]) / THREAT_HAND)
                if game.hands[mover]:
                    threat *= THREAT_DODGE
                value = 0.5 - THREAT * (threat - FAR) + means
            else:
                near = reach * (1.0 if game.hands[mover] else NO_HAND)
                value = 0.5 + NEAR * (near - FAR) + means
        return (value, 1 - value) if mover == 0 else (1 - value, value)


KNOWLEDGE = AncientKnowledge()
