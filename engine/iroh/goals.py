"""Iroh Pai Sho's goal kinds for lessons (engine.lessons.goals, docs/lessons.md): harmonies across
the four arms of the centre cross and the winning set (iroh.md 2.5), which the pictures never draw
while a game runs (spotting them is part of the game), so no shared kind can see them."""
from __future__ import annotations

from typing import Any

from ..base import Game
from ..lessons.goals import Turn, goal
from .rules import ARMS, harmonies, winning_set


def _harmonies(game: Game, seats: list[int], arms: list[str], tile: str | None) -> set[tuple[int, str, Any]]:
    board = game.board  # type: ignore[attr-defined]
    found = set()
    for seat in seats:
        for arm, pairs in harmonies(board, game.knotweeds, seat).items():  # type: ignore[attr-defined]
            if arm in arms:
                found |= {(seat, arm, pair) for pair in pairs
                          if tile is None or tile in (board[pair[0]][1], board[pair[1]][1])}
    return found


@goal("midline", params={"owner": str, "arm": str, "tile": str, "change": str}, variant="iroh")
def _midline(turn: Turn, spec: dict[str, Any]) -> bool:
    """A harmony of ``owner`` (default me) across an arm of the cross (``arm``: S, E, N or W; any by
    default; ``tile``: one of its ends is this kind): ``change`` = "new" (default: one that was not
    there before) or "fewer" (one was broken)."""
    seats = [s for s in range(turn.after.players) if turn.owns(spec.get("owner", "me"), s)]
    arms = [spec["arm"]] if "arm" in spec else list(ARMS)
    was = _harmonies(turn.before, seats, arms, spec.get("tile"))
    now = _harmonies(turn.after, seats, arms, spec.get("tile"))
    return bool(now - was) if spec.get("change", "new") == "new" else len(now) < len(was)


@goal("winning_set", params={"owner": str}, variant="iroh")
def _winning_set(turn: Turn, spec: dict[str, Any]) -> bool:
    """After the move ``owner`` (default me) has a winning set: a harmony across each of the four arms."""
    game = turn.after
    seats = [s for s in range(game.players) if turn.owns(spec.get("owner", "me"), s)]
    return any(winning_set(game.board, game.knotweeds, s) for s in seats)  # type: ignore[attr-defined]
