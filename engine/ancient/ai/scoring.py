"""What each placement and move of a hand changes in the harmony count (``scored``), and the turns
that reach the target exactly (``find_win``, ``can_win``).

Every placement is scored by the exact change it makes to the count (lines.LineIndex: a flower,
Coin or Lotus placed or a tile shipped changes two or four lines, read from a table built once
per position; Knotweed and Wheel placements are recounted on their lines). A turn that reaches the
target exactly is a placement, a placement and a move whose changes add up to what is missing, or
a flower placed and moved on; ``exact_count`` checks one on a copy of the board.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ...ai.memo import Memo
from ...paisho.board import COLOURS, ORDER, ORTHOGONAL, POINT_SET, POINTS, RED, SURROUNDING, WHITE, Point, ring_points
from ..fast import (
    FLOWER_SET,
    LINE_OF,
    destinations,
    lines_count,
    lines_through,
    own_moves,
    place_on,
    placement_lines,
)
from ..game import AncientGame
from ..tiles import MOVE_TYPE, WHITE_FLOWERS
from .lines import LineIndex
from .weights import EVAL_VERIFY, VERIFY, WHEELS

Move = tuple[Point, Point]  # (from, to)


class Head(NamedTuple):
    """A placement: the tile, where it goes, the Ship's destination (else None) and the Wheel's
    clockwise turn (else 0). With a move part, ``(*head, move)`` is the game's action."""

    code: str
    at: Point
    dest: Point | None
    turn: int


class Placed(NamedTuple):
    """A placement and the change it makes to the harmony count."""

    change: int
    head: Head


class Moved(NamedTuple):
    """A move of a tile on the board and the change it makes to the harmony count."""

    change: int
    move: Move


class Scored(NamedTuple):
    """What a hand can do to the count in one position: the line table, every placement worth
    scoring and every move of a tile on the board, each with its change."""

    table: LineIndex  # the line table of the position
    placed: list[Placed]
    moves: list[Moved]


# What the search asks again and again of the same position (memo.Memo: answers that depend on
# the position alone, the least recently used forgotten first).
SCORED: Memo[Scored] = Memo("Ancient: the line table, scored placements and moves of a board and hand", 400)
WINS: Memo[bool] = Memo("Ancient: whether the player to move has a winning turn", 20000)


def exact_count(game: AncientGame, p: int, head: Head | tuple, move: Move | None) -> tuple[int, bool] | None:
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


def placement_changes(game: AncientGame, p: int, index: LineIndex) -> list[Placed]:
    """The placements worth scoring, each with its change of the count: every flower, Coin, Lotus
    and Ship placement (the Ship's tile onto a point off its own lines), Knotweeds that drain
    something, turning Wheels, and one Dragon and one still Wheel. (Hundreds per position: the
    records are made with ``tuple.__new__``, a third of the time their classes take.)"""
    new = tuple.__new__
    board = game.board
    hand = game.hands[p]
    empty = [q for q in POINTS if q not in board]
    out: list[Placed] = []
    for code in dict.fromkeys(hand):
        if code in FLOWER_SET:
            need = RED if code in WHITE_FLOWERS else WHITE
            out.extend(new(Placed, (index.insert(code, q), new(Head, (code, q, None, 0))))
                       for q in empty if need in COLOURS[q])
        elif code in ("Rk", "WL"):
            out.extend(new(Placed, (index.insert(code, q), new(Head, (code, q, None, 0)))) for q in empty)
        elif code == "WD":
            near = [q for q in empty if any(r in board for r in SURROUNDING[q])]
            if near or empty:
                out.append(Placed(0, Head("WD", (near or empty)[len(near or empty) // 2], None, 0)))
        elif code == "Kn":
            for q in empty:
                drains = [r for r in SURROUNDING[q] if r in board and board[r][1] in FLOWER_SET and not board[r][2]]
                if drains:
                    out.append(Placed(_knotweed_change(board, q, drains), Head("Kn", q, None, 0)))
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
                    out.append(new(Placed, (gone + index.insert(tile[1], d), new(Head, ("Bo", t, d, 0)))))
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


def _wheel_changes(board: dict, empty: list) -> list[Placed]:
    """Each legal turn of a Wheel on the first ``WHEELS`` empty points whose ring holds a flower
    or a Lotus, with its change, and one Wheel that turns nothing."""
    out: list[Placed] = []
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
            out.append(Placed(lines_count(board, lines) - before, Head("Wh", q, None, k)))
            for i, _ in held:
                del board[ring[(i + k) % 8]]
            for (_, r), tile in zip(held, tiles):
                board[r] = tile
    if still is not None:
        out.append(Placed(0, Head("Wh", still, None, 0)))
    return out


def move_changes(game: AncientGame, p: int, index: LineIndex) -> list[Moved]:
    """Every move of ``p`` on the board as it is, with its change of the count."""
    new = tuple.__new__
    return [new(Moved, (index.move(a, b), (a, b))) for a, b in own_moves(game.board, p)]


def _from_points(code: str, b: Point) -> list[Point]:
    """Points from which a flower ``code`` could move to ``b`` by its shape (paths unchecked):
    straight up to 3 or 5 points, or anywhere within two points (tiles.MOVE_TYPE)."""
    kind = MOVE_TYPE.get(code)
    x, y = b
    if kind in (3, 5):
        return [(x + dx * k, y + dy * k) for dx, dy in ORTHOGONAL for k in range(1, kind + 1)]
    return [(x + i, y + j) for i in range(-2, 3) for j in range(-2, 3) if (i, j) != (0, 0)]


def find_win(game: AncientGame, p: int, scored: Scored, verify: int = VERIFY) -> Any:
    """A turn of ``p`` reaching the target exactly, as the game's action, or None (a search, not
    a proof: it checks the likely turns only, ``verify`` place-and-move pairs)."""
    index, placed, moves = scored.table, scored.placed, scored.moves
    need = game.target - game.count
    for change, head in placed:
        if change == need:
            found = exact_count(game, p, head, None)
            if found and found[0] == game.target:
                return (*head, None)
    by_change: dict[int, list[Move]] = {}
    for change, move in moves:
        by_change.setdefault(change, []).append(move)
    checked = 0
    for change, head in placed:
        for move in by_change.get(need - change, ()):
            if head.at in move:
                continue
            checked += 1
            found = exact_count(game, p, head, move)
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
            for q in _from_points(code, b):
                if q in board or q not in COLOURS or colour not in COLOURS[q]:
                    continue
                found = exact_count(game, p, (code, q, None, 0), (q, b))
                if found and found[0] == game.target and not found[1]:
                    return (code, q, None, 0, (q, b))
                checked += 1
                if checked >= 2 * verify:
                    return None
    return None


def _position_key(game: AncientGame, p: int) -> tuple:
    """What the scored placements of ``p`` depend on: the board and ``p``'s hand."""
    return (tuple(sorted((q, *tile) for q, tile in game.board.items())), tuple(game.hands[p]), p)


def scored(game: AncientGame, p: int) -> Scored:
    """The line table, the scored placements and the scored moves of ``p`` in ``game``, kept for
    positions met again (the evaluation and the next iteration of the search ask for the same
    ones). A position is its board and ``p``'s hand."""
    return SCORED.get(_position_key(game, p), lambda: _score(game, p))


def _score(game: AncientGame, p: int) -> Scored:
    index = LineIndex(game.board)
    return Scored(index, placement_changes(game, p, index), move_changes(game, p, index))


def can_win(game: AncientGame) -> bool:
    """Whether the player to move has a turn that reaches the target (as far as the quick search
    of ``find_win`` sees); kept per position like the scored placements."""
    p = game.seat_to_move
    if game.phase != "play" or game.pending or not game.hands[p]:
        return False
    return WINS.get((_position_key(game, p), game.target),
                    lambda: find_win(game, p, scored(game, p), verify=EVAL_VERIFY) is not None)
