"""How the service words games for people: seat names, whose turn it is, results, ratings,
durations. Pure functions of a stored game and its engine state."""
from __future__ import annotations

import re
from typing import Any

import engine
from data import GameRow


def game_name(variant: str) -> str:
    """A game's display name; its id if the game is not installed any more."""
    try:
        return engine.info(variant).name
    except ValueError:
        return variant


def count(n: int, word: str) -> str:
    """``1 game``, ``3 games``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def in_words(seconds: float) -> str:
    """A duration for people: ``in 3 days``, ``in 5 hours``, ``in 20 minutes``."""
    return f"in {duration(seconds)}"


def duration(seconds: float) -> str:
    """``3 days``, ``5 hours``, ``20 minutes``, ``1 hour``."""
    if seconds >= 2 * 86400:
        return f"{round(seconds / 86400)} days"
    if seconds >= 2 * 3600:
        return f"{round(seconds / 3600)} hours"
    if 3600 <= seconds < 2 * 3600 and seconds % 3600 == 0:
        return "1 hour"
    return f"{max(1, round(seconds / 60))} minutes"


def outcome_dict(outcome: engine.Outcome) -> dict[str, Any]:
    """A game's outcome as the store keeps it (JSON)."""
    return {"type": "win" if len(outcome.winners) == 1 else "shared_win",
            "winners": list(outcome.winners),
            "scores": list(outcome.scores) if outcome.scores is not None else None,
            "reason": outcome.reason}


def labelled(name: str, label: str) -> str:
    """``alice (Apricot)``; a name that ends in brackets already takes the label inside them:
    ``bot (hard, Apricot)``."""
    if name.endswith(")") and "(" in name:
        return f"{name[:-1]}, {label})"
    return f"{name} ({label})"


def names(row: GameRow, game: engine.Game | None = None) -> list[str]:
    """The seats' names, with the game's label for each seat when the game is given."""
    if game is None:
        return [s.name for s in row.seats]
    return [labelled(s.name, game.seat_label(s.seat)) for s in row.seats]


def mentions(row: GameRow, seats: list[int] | tuple[int, ...] | None = None) -> tuple[int, ...]:
    """The users to ping among ``seats`` (default: every seat): never the bot's own seats."""
    chosen = range(len(row.seats)) if seats is None else seats
    return tuple(row.seats[s].user_id for s in chosen if not row.is_bot(s))


def game_title(row: GameRow) -> str:
    """The name of a game's own thread: its players and the game (at most 100 characters)."""
    return f"{' vs '.join(s.name for s in row.seats)} \u00b7 {game_name(row.variant)} #{row.id}"[:100]


def status_text(row: GameRow, game: engine.Game) -> str:
    """Who is to do what now, or the result."""
    if game.outcome is None:
        assert game.to_move is not None
        return f"{names(row, game)[game.to_move]} {game.turn_words()}."
    return result_text(row, game)


def rating_text(row: GameRow) -> str:
    """``Ratings: alice +9 -> 1538, bob -9 -> 1462.``"""
    assert row.result is not None
    parts = []
    for seat in row.seats:
        before, after = row.result["ratings"][str(seat.user_id)]
        parts.append(f"{seat.name} {after - before:+d} -> {after}")
    return "Ratings: " + ", ".join(parts) + "."


def result_text(row: GameRow, game: engine.Game) -> str:
    """How a game ended, in the words people use: ``Game over: alice (Periwinkle) wins 3–1 (every
    piece is placed).`` (the winner's score first), ``Game over: a draw (by agreement).``, and where
    there are more players, or the scores differ in a draw, each score after its player's name.
    Scores that are all 0 (a resignation before anyone scored) are left out."""
    out = game.outcome
    assert out is not None
    seats = names(row, game)
    count = game.final_words([s.name for s in row.seats])
    why = game.reason_text(out.reason) + (f"; {count}" if count else "")
    scores = out.scores if out.scores is not None and any(out.scores) and not count else None
    two = scores is not None and len(scores) == 2
    if len(out.winners) == 1:
        w = out.winners[0]
        if two and scores is not None:
            return f"Game over: {seats[w]} wins {scores[w]:g}–{scores[1 - w]:g} ({why})."
        said = f"Game over: {seats[w]} wins ({why})."
    elif len(out.winners) == game.players:
        if two and scores is not None and scores[0] == scores[1]:
            return f"Game over: a draw {scores[0]:g}–{scores[1]:g} ({why})."
        said = f"Game over: a draw ({why})."
    else:
        said = f"Game over: {' and '.join(seats[w] for w in out.winners)} share the win ({why})."
    if scores is None:
        return said
    return said + " Scores: " + ", ".join(f"{s.name} {scores[s.seat]:g}" for s in row.seats) + "."


def refusal(message: str) -> str:
    """An engine's refusal as players read it: a move the engine could not read is quoted the
    same way in every game (in double quotes, as the round-board games' rules write it)."""
    return _SINGLE_QUOTED.sub(lambda m: f'I can\'t read "{m.group(1)}"', message)


_SINGLE_QUOTED = re.compile(r"^I can't read '(.*)'(?=\.|$)")
