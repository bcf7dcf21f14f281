"""Moving tiles in Basic Pai Sho (docs/rules/basic.md 1.4.2-1.4.4): every shape and path rule,
captures and mutual removal, abilities (their general checks, the Wheel's rotation and the Boat's
push and launch), each with its messages in the rules' check order, and what each does to the board.

Checks return the refusal message, or None when the move is legal, so the legal-move list can try
thousands of candidates cheaply; the game raises the message as IllegalMove.
"""
from __future__ import annotations

from ..paisho import notation as pn
from ..paisho.board import POINT_SET, RING, SURROUNDING, Point, name, ring_points
from ..paisho.flowers import FLOWERS
from .harmony import Board
from .notation import Ability
from .tiles import L_MOVERS, NAMES, NON_FLOWERS, PORTS, SPECIAL, STRAIGHT, forbidden

NOT_LAUNCHED = ("WJ", "Rh")
ONE_DIRECTION = "A launch must move all tiles the same distance in the same direction"
Shift = tuple[Point, Point, Point]  # Boat, target, destination


def port_message(point: Point) -> str:
    return f"{name(point)} is a port; no tile may move onto a port"


def colour_message(code: str, point: Point) -> str | None:
    """The colour rule's refusal for a basic flower standing on ``point`` (None if allowed)."""
    bad = forbidden(code, point)
    return f"{NAMES[code]} may not stand on a {bad} point ({name(point)})" if bad else None


def clashes(a: str, b: str) -> bool:
    return {a, b} in ({"Ja", "Ro"}, {"Li", "Ch"}, {"WJ", "Rh"})


def may_capture(mover: str, target: list, target_drained: bool) -> bool:
    """1.4.3: a drained target, a non-flower (mutual removal), a Dragon or Lotus on either side,
    or two clashing basic flowers."""
    code = target[1]
    return (target_drained or code in NON_FLOWERS or code in SPECIAL or mover in SPECIAL
            or (mover in FLOWERS and code in FLOWERS and clashes(mover, code)))


def _clear(board: Board, p: int, path) -> bool:
    """Every point exists and none holds an opponent's tile."""
    return all(q in POINT_SET and (q not in board or board[q][0] == p) for q in path)


def move_fault(board: Board, drained: set[Point], p: int, a: Point, b: Point, with_x: bool) -> str | None:
    """Why player ``p`` may not move the tile on ``a`` to ``b`` (checks (4)-(8) of 0.4), or None."""
    an, bn = name(a), name(b)
    tile = board.get(a)
    if tile is None:
        return pn.empty(an)
    owner, code, _ = tile
    title = NAMES[code]
    if owner != p:
        return pn.not_yours(title, an)
    if code in ("Kn", "Rk"):
        return pn.cannot_move(title)
    if a in drained:
        return f"The {title} on {an} is drained and cannot move"
    if a == b:
        return f"{title} must move at least 1 point"
    dx, dy = b[0] - a[0], b[1] - a[1]
    steps = abs(dx) + abs(dy)
    if code in STRAIGHT:
        if dx and dy:
            return pn.not_straight(title)
        reach = STRAIGHT[code]
        if reach is not None and steps > reach:
            return pn.too_far(title, reach)
        if code != "WD":
            sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
            for i in range(1, steps):
                q = (a[0] + sx * i, a[1] + sy * i)
                if q in board and board[q][0] != p:
                    return f"{title} cannot pass over the opponent's {NAMES[board[q][1]]} on {name(q)}"
    elif code in L_MOVERS:
        if abs(dx) != 2 or abs(dy) != 2:
            return f"{title} moves exactly 2 points one way and then 2 at a right angle"
        sx, sy = dx // 2, dy // 2
        rank_first = ((a[0] + sx, a[1]), (a[0] + dx, a[1]), (a[0] + dx, a[1] + sy))
        file_first = ((a[0], a[1] + sy), (a[0], a[1] + dy), (a[0] + sx, a[1] + dy))
        if not (_clear(board, p, rank_first) or _clear(board, p, file_first)):
            return pn.no_l_path(title, bn)
    elif code == "WL":
        if steps > 2:
            return "White Lotus can move at most 2 points"
        if steps == 2:
            middles = [(a[0] + dx // 2, a[1] + dy // 2)] if not (dx and dy) else [(a[0] + dx, a[1]), (a[0], a[1] + dy)]
            if not any(_clear(board, p, (q,)) for q in middles):
                return f"White Lotus has no clear path to {bn}"
    elif steps > 5:  # the Boat: any path of 1 to 5 steps over anything
        return "Boat can move at most 5 points"
    if b in PORTS:
        return port_message(b)
    bad = colour_message(code, b)
    if bad:
        return bad
    target = board.get(b)
    if target is None:
        return pn.nothing_to_capture(bn) if with_x else None
    if target[0] == p:
        return f"{bn} holds your own {NAMES[target[1]]}"
    if not may_capture(code, target, b in drained):
        return f"{title} cannot capture the {NAMES[target[1]]} on {bn}"
    return None


def reach(a: Point, code: str):
    """Every point the tile's shape could take it to from ``a`` (before paths and occupancy)."""
    x, y = a
    if code in STRAIGHT:
        far = STRAIGHT[code] or 16
        for dx, dy in RING[::2]:
            for k in range(1, far + 1):
                q = (x + dx * k, y + dy * k)
                if q not in POINT_SET:
                    break
                yield q
    elif code in L_MOVERS:
        yield from ((x + i, y + j) for i in (-2, 2) for j in (-2, 2))
    else:
        span = 2 if code == "WL" else 5
        for i in range(-span, span + 1):
            for j in range(abs(i) - span, span - abs(i) + 1):
                if i or j:
                    yield (x + i, y + j)


def make_move(board: Board, pot: list[dict[str, int]], a: Point, b: Point) -> bool:
    """Move a checked move; captured tiles go to the Pot. True when the mover was removed too."""
    tile = board.pop(a)
    tile[2] = False  # it has moved: awake
    target = board.pop(b, None)
    if target is None:
        board[b] = tile
        return False
    pot[target[0]][target[1]] = pot[target[0]].get(target[1], 0) + 1
    if target[1] in NON_FLOWERS:  # mutual removal
        pot[tile[0]][tile[1]] = pot[tile[0]].get(tile[1], 0) + 1
        return True
    board[b] = tile
    return False


# ----- the Wheel -----------------------------------------------------------------------------------
def rotate_fault(board: Board, w: Point, k: int) -> str | None:
    """Why the Wheel on ``w`` may not turn its ring ``k`` eighths clockwise (after the general
    checks), or None."""
    ring = ring_points(w)
    held = [(i, q) for i, q in enumerate(ring) if q in board]
    return _jam(board, held) or _turn_fault(board, ring, held, k)


def rotations(board: Board, w: Point) -> list[int]:
    """Every turn (1-7) the Wheel on ``w`` may make, reading its ring once."""
    ring = ring_points(w)
    held = [(i, q) for i, q in enumerate(ring) if q in board]
    if _jam(board, held):
        return []
    return [k for k in range(1, 8) if _turn_fault(board, ring, held, k) is None]


def _jam(board: Board, held: list[tuple[int, Point]]) -> str | None:
    if not held:
        return "Wheel has nothing to rotate"
    for _, q in held:
        if board[q][1] == "Rk":
            return f"The Rock on {name(q)} jams the Wheel"
    return None


def _turn_fault(board: Board, ring: list[Point], held: list[tuple[int, Point]], k: int) -> str | None:
    for i, q in held:
        new = ring[(i + k) % 8]
        if new not in POINT_SET:
            return pn.leaves_board(NAMES[board[q][1]])
        if new in PORTS:
            return f"{NAMES[board[q][1]]} would land on the port {name(new)}"
    for i, q in held:
        bad = colour_message(board[q][1], ring[(i + k) % 8])
        if bad:
            return bad
    return None


def rotate(board: Board, w: Point, k: int) -> list[tuple[Point, Point]]:
    """Turn the ring; returns (from, to) of every tile that moved."""
    ring = ring_points(w)
    moving = {i: board.pop(q) for i, q in enumerate(ring) if q in board}
    moved = []
    for i, tile in moving.items():
        tile[2] = False
        board[ring[(i + k) % 8]] = tile
        moved.append((ring[i], ring[(i + k) % 8]))
    return moved


# ----- the Boat ------------------------------------------------------------------------------------
def boat_example(b: Point) -> str:
    """``h5>i5-j5``: a push of the next point in the first direction where both points exist."""
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        t, d = (b[0] + dx, b[1] + dy), (b[0] + 2 * dx, b[1] + 2 * dy)
        if t in POINT_SET and d in POINT_SET:
            return f"{name(b)}>{name(t)}-{name(d)}"
    return f"{name(b)}>..."  # pragma: no cover  (every point has a line of three)


def shift_fault(board: Board, p: int, parts: list[Shift], moved: bool) -> tuple[str | None, str]:
    """Why the Boat's parts are refused (B-6 steps 2-4), or None; and 'push' or 'launch'."""
    for boat, t, _ in parts:
        if t not in SURROUNDING[boat]:
            return f"{name(t)} is not next to the Boat", ""
        if t not in board:
            return pn.empty(name(t)), ""
        if board[t][1] == "Rk":
            return "Rock cannot be moved", ""
    boat, t, d = parts[0]
    if len(parts) == 1 and d == (2 * t[0] - boat[0], 2 * t[1] - boat[1]):
        if d in PORTS:
            return port_message(d), "push"
        if d in board:
            return pn.occupied(name(d)), "push"
        return None, "push"
    if len(parts) == 1 and board[t][0] != p:
        return "A push moves the tile exactly 1 point further from the Boat", "launch"
    if moved:
        return "The Boat has moved this turn; it can only push", "launch"
    if len(parts) > 3:
        return "A Boat can launch at most 3 tiles", "launch"
    targets = [t for _, t, _ in parts]
    if len(set(targets)) < len(targets):
        return "A launch names each tile only once", "launch"
    if any(board[t][0] != p for t in targets):
        return "You can only launch your own tiles", "launch"
    if any(board[t][1] in NOT_LAUNCHED for t in targets):
        return "White Jade and Rhododendron cannot use the Boat", "launch"
    vectors = {(d[0] - t[0], d[1] - t[1]) for _, t, d in parts}
    vx, vy = next(iter(vectors))
    if len(vectors) > 1 or (vx and vy) or not 1 <= abs(vx) + abs(vy) <= 5:
        return ONE_DIRECTION, "launch"
    for _, _, d in parts:
        if d in PORTS:
            return port_message(d), "launch"
        if d in board and d not in targets:
            return pn.occupied(name(d)), "launch"
    return None, "launch"


def shift(board: Board, reserve: list[dict[str, int]], parts: list[Shift]) -> list[tuple[Point, Point | None]]:
    """Push or launch checked parts, all at once. A basic flower that lands on a colour it may not
    stand on goes back to its owner's reserve. Returns (from, to or None if returned) per tile."""
    lifted = [(t, d, board.pop(t)) for _, t, d in parts]
    out: list[tuple[Point, Point | None]] = []
    for t, d, tile in lifted:
        tile[2] = False
        if forbidden(tile[1], d):
            reserve[tile[0]][tile[1]] += 1
            out.append((t, None))
        else:
            board[d] = tile
            out.append((t, d))
    return out


# ----- abilities -----------------------------------------------------------------------------------
def ability_fault(board: Board, drained: set[Point], p: int, ability: Ability,
                  mover: tuple[Point, str] | None = None, removed: bool = False) -> str | None:
    """The general ability checks (a)-(d) of 1.4.4, then the Wheel's or the Boat's own."""
    actors = ability.actors
    if mover is not None:
        if any(actor != mover[0] for actor in actors):
            return f"The ability must be used by the tile that just moved ({name(mover[0])})"
        if removed:
            return f"The {NAMES[mover[1]]} was removed by the capture and cannot use its ability"
    else:
        if any(actor != actors[0] for actor in actors):
            return f"All parts of a launch must start from the same Boat ({name(actors[0])})"
        if actors[0] not in board:
            return pn.empty(name(actors[0]))
        if board[actors[0]][0] != p:
            return pn.not_yours(NAMES[board[actors[0]][1]], name(actors[0]))
    w = actors[0]
    code = board[w][1]
    if code not in ("Wh", "Bo"):
        return f"{NAMES[code]} has no ability"
    if code == "Wh" and ability.kind != "rotate":
        return f"A Wheel can only rotate (for example {name(w)}>cw3)"
    if code == "Bo" and ability.kind == "rotate":
        return f"A Boat can only push or launch (for example {boat_example(w)})"
    if w in drained:
        return f"The {NAMES[code]} on {name(w)} is drained and cannot use its ability"
    if ability.kind == "rotate":
        return rotate_fault(board, w, ability.turn)
    return shift_fault(board, p, list(ability.parts), moved=mover is not None)[0]


def use_ability(board: Board, reserve: list[dict[str, int]], ability: Ability) -> list:
    """Use a checked ability: (from, to or None if sent back to the reserve) of every tile it moved."""
    if ability.kind == "rotate":
        return rotate(board, ability.actor, ability.turn)
    return shift(board, reserve, list(ability.parts))
