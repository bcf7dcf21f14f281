"""The legal moves of Ancient Pai Sho (docs/rules/ancient.md 3.4.3), listed whole or part by part:
every placement, the moves that may follow one, whether a player is stuck (only ``pass``), the
whole list, autocomplete that completes a turn part by part (a Ship in hand on a crowded board
makes millions of turns).

Everything here only reads the game: a placement's effect is judged on a board of its own.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ..base import IllegalMove
from ..paisho.board import COLOURS, ORDER, POINT_SET, POINTS, RED, SURROUNDING, WHITE, Point, name
from ..suggest import remembered
from .harmony import harmony_count
from .movement import candidates, check_move
from .notation import Placement, parse_placement
from .placement import after_placement, check_placement
from .tiles import FLOWERS, IMMOBILE, WHITE_FLOWERS, Board

if TYPE_CHECKING:  # pragma: no cover
    from .game import AncientGame


def placements(game: AncientGame, p: int, codes: Iterable[str] | None = None) -> Iterator[Placement]:
    """Every legal placement of ``p`` (of the tile types ``codes``, default all in hand)."""
    board = game.board
    empty = [q for q in POINTS if q not in board]
    for code in (codes if codes is not None else dict.fromkeys(game.hands[p])):
        if code in FLOWERS:
            need = RED if code in WHITE_FLOWERS else WHITE
            for q in empty:
                if need in COLOURS[q]:
                    yield Placement(code, q)
        elif code == "Bo":
            for t in sorted(board, key=ORDER.__getitem__):
                if not board[t][2]:
                    for d in empty:
                        yield Placement("Bo", t, d)
        else:
            for q in empty:
                yield Placement(code, q)
                if code == "Wh" and any(r in board for r in SURROUNDING[q]):  # something to turn
                    for k in range(1, 8):
                        place = Placement("Wh", q, turn=k)
                        try:
                            check_placement(board, game.hands[p], place)
                        except IllegalMove:
                            continue
                        yield place


def moves(board: Board, p: int) -> list[str]:
    """Every move ``p`` may make on ``board`` (after a placement), canonical, in board order."""
    out = []
    for a in sorted(board, key=ORDER.__getitem__):
        owner, code, drained = board[a]
        if owner != p or drained or code in IMMOBILE:
            continue
        for b in candidates(a, code):
            if b not in POINT_SET or b == a:
                continue
            try:
                out.append(check_move(board, p, a, b, False))
            except IllegalMove:
                continue
    return out


def stuck(game: AncientGame, p: int) -> bool:
    """Whether ``p`` can neither draw nor place (then only ``pass`` is legal)."""
    return not game.piles[p] and next(iter(placements(game, p)), None) is None


def legal_moves(game: AncientGame) -> list[str]:
    """Every legal turn of the player to move, canonical (3.4.3): huge with a Ship in hand."""
    p = game.seat_to_move
    if game.phase == "choose":
        return ["choose first", "choose second"]
    if game.pending:
        return [f"discard {c}" for c in dict.fromkeys(game.hands[p])]
    out = ["draw"] if game.piles[p] else []
    for place in placements(game, p):
        text = place.text()
        out.append(text)
        board, _ = after_placement(game.board, game.hands[p], p, place)
        if harmony_count(board) != game.target:
            out += [f"{text},{m}" for m in moves(board, p)]
    return out or ["pass"]


def suggest(game: AncientGame, key: str, limit: int) -> list[str]:
    """Completes a play-phase turn part by part, so a crowded position never lists millions of
    turns: first the draw and the placements (only of the tile typed so far), then, after a comma,
    the moves that may follow that placement. Only what can match the typed text is generated,
    and the board after a placement is kept for the next keystroke (engine.suggest)."""
    head, comma, tail = key.partition(",")
    p = game.seat_to_move
    if comma:
        after = _after_placement(game, p, head)
        if after is None:
            return []
        text, board = after
        found = []
        for move in matching_moves(board, p, tail):
            found.append(f"{text},{move}")
            if len(found) >= limit:
                break
        return found
    found = [word for word in ("draw",) if game.piles[p] and word.startswith(key)]
    codes = [c for c in dict.fromkeys(game.hands[p]) if (c.lower() + "@").startswith(key[:len(c) + 1])]
    for place in matching_placements(game, p, codes, key):
        if len(found) >= limit:
            break
        found.append(place.text())
    if not found and "pass".startswith(key) and stuck(game, p):
        found.append("pass")
    return found[:limit]


KEEP_HEADS = 16  # placements typed before a comma whose board autocomplete keeps, per position


def _after_placement(game: AncientGame, p: int, head: str) -> tuple[str, Board] | None:
    """The canonical placement ``head`` names and the board after it, when it is legal and a move
    may follow it (the count is not the target); None otherwise. Kept per position and head."""
    token = (p, game.target, tuple(game.hands[p]), {q: tuple(v) for q, v in game.board.items()})
    known: dict[str, tuple[str, Board] | None] = remembered(game, token, dict)
    if head not in known:
        if len(known) >= KEEP_HEADS:
            known.clear()
        try:
            place, _ = parse_placement(head)
            check_placement(game.board, game.hands[p], place)
        except IllegalMove:
            known[head] = None
        else:
            board, _ = after_placement(game.board, game.hands[p], p, place)
            known[head] = None if harmony_count(board) == game.target else (place.text(), board)
    return known[head]


def matching_placements(game: AncientGame, p: int, codes: Iterable[str], key: str) -> Iterator[Placement]:
    """The placements of ``placements(game, p, codes)`` whose text, in lower case, starts with
    ``key``, in the same order; points whose names cannot match are never looked at."""
    board = game.board
    empty = [q for q in POINTS if q not in board]
    for code in codes:
        prefix = code.lower() + "@"
        if not (key.startswith(prefix) or prefix.startswith(key)):
            continue
        rest = key[len(prefix):]
        if code == "Bo":
            at, dash, dest = rest.partition("-")
            for t in sorted(board, key=ORDER.__getitem__):
                if board[t][2] or not (name(t) == at if dash else name(t).startswith(at)):
                    continue
                for d in empty:
                    if name(d).startswith(dest):
                        yield Placement("Bo", t, d)
            continue
        at, turns, _ = rest.partition(">")
        for q in _points_named(empty, at, bool(turns)):
            if code in FLOWERS and (RED if code in WHITE_FLOWERS else WHITE) not in COLOURS[q]:
                continue
            if not turns:
                yield Placement(code, q)
            if code == "Wh" and any(r in board for r in SURROUNDING[q]):
                for k in range(1, 8):
                    place = Placement("Wh", q, turn=k)
                    if not place.text().lower().startswith(key):
                        continue
                    try:
                        check_placement(board, game.hands[p], place)
                    except IllegalMove:
                        continue
                    yield place


def _points_named(points: list[Point], typed: str, whole: bool) -> list[Point]:
    """The points whose name is ``typed`` (``whole``) or starts with it."""
    return [q for q in points if (name(q) == typed if whole else name(q).startswith(typed))]


def matching_moves(board: Board, p: int, key: str) -> Iterator[str]:
    """The moves of ``moves(board, p)`` that start with ``key``, in the same order; only tiles
    whose point's name can start a matching move are tried."""
    cut = min((i for i in (key.find("-"), key.find("x")) if i >= 0), default=-1)
    origin, rest = (key[:cut], key[cut + 1:]) if cut >= 0 else (key, "")
    for a in sorted(board, key=ORDER.__getitem__):
        owner, code, drained = board[a]
        if owner != p or drained or code in IMMOBILE:
            continue
        if not (name(a) == origin if cut >= 0 else name(a).startswith(origin)):
            continue
        for b in candidates(a, code):
            if b not in POINT_SET or b == a or not name(b).startswith(rest):
                continue
            try:
                move = check_move(board, p, a, b, False)
            except IllegalMove:
                continue
            if move.startswith(key):
                yield move
