"""Why a move is good, in one line (hints): what the engine sees the move do for the player to move,
from its views and the contract: it wins, scores, captures, forms a harmony or another line of the
game's (a figure's axis, a tree link), breaks the opponent's, drains their tiles, and whether it
keeps the opponent from winning or scoring at once, which it would have done after most other
moves ("blocks").

Only what the player to move may see is read: the views are public, and in a game with hidden
tiles (Ancient) the opponent's possible replies, which depend on their hand, are never looked at.
"""
from __future__ import annotations

from ..base import Game
from ..notation import square_name
from ..registry import info
from .goals import Turn

REPLIES = 400  # the opponent's moves looked at per position (a spread sample beyond that)
OTHERS = 6  # other moves of the player compared with the hint, for "blocks"
WIN = 10_000.0  # what a win counts for in the opponent's best immediate gain


def _name(point: tuple[int, int]) -> str:
    return square_name(*point)


def _spread(items: list[str], count: int) -> list[str]:
    if len(items) <= count:
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def _threat(game: Game, seat: int) -> float:
    """The best the player to move (not ``seat``) gains at once: a win (WIN), else their score's
    rise; 0 when ``seat`` is to move or the game is over."""
    mover = game.to_move
    if mover is None or mover == seat or game.outcome is not None:
        return 0.0
    best = 0.0
    for move in _spread(game.legal_moves(), REPLIES):
        after = game.copy()
        after.play(move)
        out = after.outcome
        if out is not None and mover in out.winners and len(out.winners) < game.players:
            return WIN
        gain = after.scores[mover] - game.scores[mover] if after.scores else 0
        best = max(best, float(gain))
    return best


def blocks(game: Game, move: str) -> str:
    """Words when ``move`` keeps the opponent from winning or scoring at once, as they would after
    most other moves; else "". Never for a game with hidden tiles."""
    seat = game.to_move
    if seat is None or game.hidden_hands:
        return ""
    others = [m for m in game.legal_moves() if m != move]
    if not others:
        return ""
    after = game.copy()
    after.play(move)
    mine = _threat(after, seat)
    theirs = []
    for other in _spread(others, OTHERS):
        position = game.copy()
        position.play(other)
        theirs.append(_threat(position, seat))
    theirs.sort()
    usual = theirs[len(theirs) // 2]
    if usual <= mine:
        return ""
    if usual >= WIN:
        return "it stops your opponent from winning on their next turn"
    return f"it keeps your opponent from scoring {_number(usual)} on their next turn"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def why(game: Game, move: str) -> str:
    """What ``move`` (legal for the player to move) does, in one line without the move itself:
    "it forms a harmony (k8-m8) and scores 2"."""
    seat = game.to_move
    if seat is None:
        return ""
    after = game.copy()
    after.play(move)
    turn = Turn(game, move, after, seat)
    was, now = turn.was, turn.now
    found: list[str] = []
    out = after.outcome
    if out is not None:
        if seat in out.winners and len(out.winners) < game.players:
            found.append("it wins the game")
        else:
            found.append("it ends the game" + (" in a draw" if seat in out.winners else ""))
    mine = {(a, b, kind) for a, b, kind, owner, *_ in now.lines if owner == seat}
    mine_before = {(a, b, kind) for a, b, kind, owner, *_ in was.lines if owner == seat}
    for a, b, kind in sorted(mine - mine_before, key=lambda line: (line[2], line[0], line[1]))[:2]:
        found.append(f"it forms a {kind} ({_name(a)}\u2013{_name(b)})")
    theirs = {(a, b, kind) for a, b, kind, owner, *_ in was.lines if owner is not None and owner != seat}
    now_theirs = {(a, b, kind) for a, b, kind, owner, *_ in now.lines if owner is not None and owner != seat}
    broken = theirs - now_theirs
    if any(kind == "harmony" for _, _, kind in broken):
        found.append("it breaks your opponent's harmony")
    before_tiles = {(t.at, t.kind) for t in was.tiles if t.owner is not None and t.owner != seat}
    after_tiles = {(t.at, t.kind) for t in now.tiles if t.owner is not None and t.owner != seat}
    if len(after_tiles) < len(before_tiles):
        gone = sorted(before_tiles - after_tiles)
        tile = info(game.variant).tile_name(gone[0][1]) if gone else "tile"
        where = f" ({_name(gone[0][0])})" if gone else ""
        found.append(f"it takes your opponent's {tile}{where} off the board")
    drained = sum("drained" in t.flags for t in now.tiles if t.owner is not None and t.owner != seat) - \
        sum("drained" in t.flags for t in was.tiles if t.owner is not None and t.owner != seat)
    if drained > 0:
        found.append("it drains your opponent's tiles")
    if game.scores and after.scores:
        gain = after.scores[seat] - game.scores[seat]
        counts = [c for c, _ in now.header.seats[seat].counts if c == "points"]
        if counts:  # the running points, where the score is a final count (Basic)
            gain = now.header.seats[seat].count("points") - was.header.seats[seat].count("points")
        if gain > 0 and out is None:
            found.append(f"it scores {_number(gain)}")
    if out is None:
        stopped = blocks(game, move)
        if stopped:
            found.append(stopped)
    if not found:
        return "the bot's search rates it the best move here"
    return found[0] if len(found) == 1 else ", ".join(found[:-1]) + " and " + found[-1]
