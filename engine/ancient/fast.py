"""Ancient Pai Sho's search path (engine.ai): turns as *actions* applied without reading text,
the harmonies of single lines (so a change is counted on the lines it touches, not the whole
board), and the destinations of a tile found directly rather than by trying every point.

An action is a string for the turns without a board change (``draw``, ``pass``, ``discard T``,
``choose first``, ``choose second``) and a tuple ``(code, at, dest, turn, move)`` for a
place(-then-move) turn: the Ship's destination ``dest`` (else None), the Wheel's clockwise turn
``turn`` (else 0), and the move part ``move = (from, to)`` (else None). ``apply_action`` changes
the game exactly as ``play`` of ``action_text`` does (tests/engine/test_ancient_ai.py checks it).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..base import Outcome, plain_copy
from ..paisho.board import ORTHOGONAL, POINT_SET, POINTS, SIZE, SURROUNDING, Point, name, ring_points
from .moves import placements
from .notation import Placement
from .tiles import FLOWERS, IMMOBILE, MOVE_TYPE, Board, relation

if TYPE_CHECKING:  # pragma: no cover
    from .game import AncientGame

Action = Any  # str | tuple[str, Point, Point | None, int, tuple[Point, Point] | None]

FLOWER_SET = frozenset(FLOWERS)
# The 34 lines (17 ranks, then 17 files) as the points on them in order, and each point's two.
LINES: tuple[tuple[Point, ...], ...] = tuple(
    [tuple(q for q in POINTS if q[1] == r) for r in range(SIZE)]
    + [tuple(sorted((q for q in POINTS if q[0] == f), key=lambda q: q[1])) for f in range(SIZE)])
LINE_OF: dict[Point, tuple[int, int]] = {q: (q[1], SIZE + q[0]) for q in POINTS}


def _kind(a: str, b: str) -> int:
    found = relation(a, b)
    return 1 if found == "H" else -1 if found == "D" else 0


RELATION: dict[tuple[str, str], int] = {(a, b): _kind(a, b) for a in FLOWERS for b in FLOWERS}


def line_harmonies(board: Board, line: int) -> int:
    """The harmonies on one line (3.5): 0 with a Coin on it, flipped by an odd number of Lotuses."""
    prev = None
    harmonies = clashes = 0
    flip = False
    get = board.get
    for q in LINES[line]:
        tile = get(q)
        if tile is None:
            continue
        code = tile[1]
        if code == "Rk":
            return 0
        if code == "WL":
            flip = not flip
            continue
        if tile[2] or code not in FLOWER_SET:
            continue
        if prev is not None:
            kind = RELATION[prev, code]
            if kind == 1:
                harmonies += 1
            elif kind == -1:
                clashes += 1
        prev = code
    return clashes if flip else harmonies


def lines_through(points: list[Point]) -> set[int]:
    """The lines (ranks and files) through any of ``points``."""
    found: set[int] = set()
    for q in points:
        found.update(LINE_OF[q])
    return found


def lines_count(board: Board, lines: set[int]) -> int:
    return sum(line_harmonies(board, line) for line in lines)


# ----- movement -------------------------------------------------------------------------------
def destinations(board: Board, a: Point) -> Iterator[tuple[Point, bool]]:
    """(b, capture) for every point the tile on ``a`` may move to (3.4.2), each once; nothing for
    a drained or immobile tile. The owner is not checked."""
    tile = board[a]
    code = tile[1]
    if tile[2] or code in IMMOBILE:
        return
    kind = MOVE_TYPE.get(code, code)
    x, y = a
    if kind in (3, 5):
        for dx, dy in ORTHOGONAL:
            for k in range(1, kind + 1):
                b = (x + dx * k, y + dy * k)
                if b not in POINT_SET:
                    break
                there = board.get(b)
                if there is None:
                    yield b, False
                    continue
                if there[1] == "WD" and not there[2]:
                    yield b, True
                break
        return
    if kind == "L" or code == "WL":
        for i in range(-2, 3):
            for j in range(-2, 3):
                if (i, j) == (0, 0):
                    continue
                if code == "WL" and abs(i) + abs(j) > 2:
                    continue
                b = (x + i, y + j)
                if b not in POINT_SET:
                    continue
                there = board.get(b)
                if there is not None and (there[2] or there[1] != "WD"):
                    continue
                if not _path_clear(board, a, b, code):
                    continue
                yield b, there is not None
        return
    # the Dragon: 1 point or exactly 6 straight, landing on any tile that is not drained
    for dx, dy in ORTHOGONAL:
        for k in (1, 6):
            b = (x + dx * k, y + dy * k)
            if b not in POINT_SET:
                continue
            there = board.get(b)
            if there is not None and there[2]:
                continue
            yield b, there is not None


def _free(board: Board, q: Point) -> bool:
    return q in POINT_SET and q not in board


def _path_clear(board: Board, a: Point, b: Point, code: str) -> bool:
    """Whether an L-mover or a Lotus on ``a`` has a clear way to ``b`` (3.4.2)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    if dx == 0 or dy == 0:  # straight: the passed points
        steps = abs(dx) + abs(dy)
        return all((a[0] + sx * k, a[1] + sy * k) not in board for k in range(1, steps))
    if code == "WL":
        return _free(board, (a[0] + sx, a[1])) or _free(board, (a[0], a[1] + sy))
    rank_first = [(a[0] + i * sx, a[1]) for i in range(1, abs(dx) + 1)]
    rank_first += [(b[0], a[1] + j * sy) for j in range(1, abs(dy))]
    if all(_free(board, q) for q in rank_first):
        return True
    file_first = [(a[0], a[1] + j * sy) for j in range(1, abs(dy) + 1)]
    file_first += [(a[0] + i * sx, b[1]) for i in range(1, abs(dx))]
    return all(_free(board, q) for q in file_first)


def own_moves(board: Board, p: int) -> list[tuple[Point, Point]]:
    """Every move of ``p`` on ``board``, in board order (as ``moves.moves`` lists them)."""
    out: list[tuple[Point, Point]] = []
    for a in sorted(board, key=_ORDER.__getitem__):
        tile = board[a]
        if tile[0] != p:
            continue
        out.extend((a, b) for b, _ in destinations(board, a))
    return out


_ORDER = {q: i for i, q in enumerate(POINTS)}


# ----- placements on a board ------------------------------------------------------------------
def place_on(board: Board, p: int, code: str, at: Point, dest: Point | None, turn: int) -> list[Point]:
    """Make the (checked) placement on ``board`` in place; the points whose tiles changed."""
    if code == "Bo":
        assert dest is not None
        board[dest] = board.pop(at)
        board[at] = [p, "Bo", False]
        return [at, dest]
    board[at] = [p, code, False]
    changed = [at]
    if code == "Kn":
        for q in SURROUNDING[at]:
            tile = board.get(q)
            if tile is not None and tile[1] in FLOWER_SET and not tile[2]:
                tile[2] = True
                changed.append(q)
    elif turn:
        ring = ring_points(at)
        moving = {i: board.pop(q) for i, q in enumerate(ring) if q in board}
        for i, tile in moving.items():
            board[ring[(i + turn) % 8]] = tile
        changed += ring
    return changed


def placement_lines(board: Board, code: str, at: Point, dest: Point | None, turn: int) -> set[int]:
    """The lines a placement may change (before it is made)."""
    if code == "Bo":
        return lines_through([at, dest])  # type: ignore[list-item]
    if code == "Kn":
        return lines_through([at, *(q for q in SURROUNDING[at] if q in board)])
    if turn:
        return lines_through([at, *(q for q in ring_points(at) if q in POINT_SET)])
    return set(LINE_OF[at])


# ----- the game's fast path -------------------------------------------------------------------
def all_actions(game: AncientGame) -> list[Action]:
    """Every legal turn of the player to move as actions (the legal-move list, 3.4.3): huge with a
    Ship in hand, so the AI asks for candidates instead (engine/ancient/ai/candidates.py)."""
    p = game.seat_to_move
    if game.phase == "choose":
        return ["choose first", "choose second"]
    if game.pending:
        return [f"discard {c}" for c in dict.fromkeys(game.hands[p])]
    out: list[Action] = ["draw"] if game.piles[p] else []
    for place in placements(game, p):
        board = {q: list(v) for q, v in game.board.items()}
        lines = placement_lines(board, place.code, place.at, place.dest, place.turn)
        before = lines_count(board, lines)
        place_on(board, p, place.code, place.at, place.dest, place.turn)
        head = (place.code, place.at, place.dest, place.turn)
        out.append((*head, None))
        if game.count + lines_count(board, lines) - before != game.target:
            out.extend((*head, m) for m in own_moves(board, p))
    return out or ["pass"]


def turn_text(game: AncientGame, action: Action) -> str:
    """The canonical string of ``action`` in ``game`` (its position)."""
    if isinstance(action, str):
        return action
    code, at, dest, turn, move = action
    text = Placement(code, at, dest, turn).text()
    if move is None:
        return text
    a, b = move
    board = game.board
    if code == "Wh" and turn:
        scratch = {q: list(v) for q, v in board.items()}
        place_on(scratch, game.seat_to_move, code, at, dest, turn)
        occupied = b in scratch
    else:  # the placement fills ``at`` (the Ship leaves it filled) and the Ship's destination
        occupied = b in board or b == at or b == dest
    return f"{text},{name(a)}{'x' if occupied else '-'}{name(b)}"


def move_text(board: Board, move: tuple[Point, Point]) -> str:
    """``a-b``, or ``axb`` when the move removes the tile on b (on the board before the move)."""
    a, b = move
    return f"{name(a)}{'x' if b in board else '-'}{name(b)}"


def apply_action(game: AncientGame, action: Action) -> None:
    """Play ``action`` (from the actions of this very position) without reading text."""
    if isinstance(action, str):
        game.play(action)
        return
    code, at, dest, turn, move = action
    text = Placement(code, at, dest, turn).text()
    p = game.seat_to_move
    board = game.board
    game.hands[p].remove(code)
    lines = placement_lines(board, code, at, dest, turn)
    before = lines_count(board, lines)
    place_on(board, p, code, at, dest, turn)
    count = game.count + lines_count(board, lines) - before
    moved = None
    if move is not None and count != game.target:
        a, b = move
        lines = set(LINE_OF[a]) | set(LINE_OF[b])
        before = lines_count(board, lines)
        removed = board.get(b)
        text += "," + move_text(board, move)
        board[b] = board.pop(a)
        count += lines_count(board, lines) - before
        moved = (a, b, removed)
    game.count = count
    game.last = {"kind": "place", "player": p, "place": Placement(code, at, dest, turn), "move": moved}
    if count == game.target:
        game.turns += 1
        game.outcome = Outcome((p,), None, "exact_target")
    else:
        game.end_turn()
    game.record_action(text)


def full_count(board: Board) -> int:
    """The harmony count by lines (equal to ``harmony.harmony_count``)."""
    return sum(line_harmonies(board, line) for line in range(len(LINES)))


def copy_game(game: AncientGame) -> AncientGame:
    """``game.copy()``: plain containers copied by hand (a deep copy costs ten times more); the
    caches (``CACHES``) start empty; anything else goes through the generic deep copy."""
    clone = game.__class__.__new__(game.__class__)
    state = clone.__dict__
    caches = game.CACHES
    for key, value in game.__dict__.items():
        if key in caches:
            state[key] = None
        elif key == "board":
            state[key] = {q: list(tile) for q, tile in value.items()}
        elif key == "last":
            state[key] = dict(value) if value is not None else None  # its Placement is never changed
        else:
            state[key] = plain_copy(value)
    return clone


def random_action(game: AncientGame, rng: Any) -> Action:
    """The random player of A-8 (``AncientGame.random_move`` writes it out), without listing every turn:
    a random discard; else draw with probability 1/3 (always when nothing can be placed), else a
    random placement followed half the time by a random move."""
    if game.phase == "choose" or game.pending:
        return rng.choice(all_actions(game))
    p = game.seat_to_move
    options = list(placements(game, p))
    if not options:
        return "draw" if game.piles[p] else "pass"
    if game.piles[p] and rng.random() < 1 / 3:
        return "draw"
    place = rng.choice(options)
    head = (place.code, place.at, place.dest, place.turn)
    board = {q: list(v) for q, v in game.board.items()}
    lines = placement_lines(board, *head)
    before = lines_count(board, lines)
    place_on(board, p, *head)
    if game.count + lines_count(board, lines) - before != game.target and rng.random() < 0.5:
        found = own_moves(board, p)
        if found:
            return (*head, rng.choice(found))
    return (*head, None)
