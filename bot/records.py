"""Game records as text: the move list, the export a player keeps (and imports), rules texts."""
from __future__ import annotations

import json
import re
from typing import Any

import engine
from data import GameRow
from engine.options import shown_value

_TAG_RE = re.compile(r'^\[(\w+) "(.*)"\]$')
_MOVE_RE = re.compile(r"^\d+\.\s+(?:[^:]*:\s*)?(\S.*)$")


def options_text(info: engine.GameDescriptor, options: dict[str, Any]) -> str:
    """``board 5o/5o/.., rings 12, first host, colours PA`` for every option of a challenge."""
    shown = [f"{o.name} {shown_value(options[o.name])}" for o in info.options if o.name in options]
    return ", ".join(shown) if shown else "standard rules"


def moves_text(row: GameRow, game: engine.Game) -> str:
    if not row.moves:
        return f"Game #{row.id}: no moves yet."
    lines = [f"Game #{row.id}, {engine.info(row.variant).name}:"]
    for ply, (seat, move) in enumerate(zip(row.move_seats, row.moves), start=1):
        lines.append(f"{ply}. {row.seats[seat].name}: {move}")
    if hints_text(row):
        lines.append(f"Hints used: {hints_text(row)}.")
    return "\n".join(lines)


def hints_text(row: GameRow) -> str:
    """``alice 2, bob 0`` when a player of the game asked for hints, else ""."""
    if not any(s.hints for s in row.seats):
        return ""
    return ", ".join(f"{s.name} {s.hints}" for s in row.seats)


def export_text(row: GameRow, game: engine.Game) -> str:
    """The whole record: tags (variant, seed, options, seats, result) and the numbered moves."""
    info = engine.info(row.variant)
    secret = game.secret_seed and game.outcome is None  # the seed would reveal every hand and pile
    tags = [("Game", info.name), ("Variant", row.variant), ("GameId", str(row.id)),
            ("Seed", "hidden until the game is over" if secret else str(row.seed)),
            ("Options", json.dumps(row.options, sort_keys=True))]
    for sitting in row.seats:
        tags.append((f"Seat{sitting.seat + 1}", f"{sitting.name} | {game.seat_label(sitting.seat)}"))
    tags.append(("Status", row.status))
    if game.outcome is not None:
        out = game.outcome
        tags.append(("Result", json.dumps({"winners": [w + 1 for w in out.winners],
                                           "scores": list(out.scores) if out.scores else None,
                                           "reason": out.reason})))
    if hints_text(row):
        tags.append(("Hints", hints_text(row)))
    if game.position_text():
        tags.append(("Position", game.position_text()))
    lines = [f'[{k} "{v}"]' for k, v in tags]
    lines.append("")
    for ply, (seat, move) in enumerate(zip(row.move_seats, row.moves), start=1):
        lines.append(f"{ply}. {row.seats[seat].name}: {move}")
    return "\n".join(lines)


def parse_export(text: str) -> dict[str, Any]:
    """Read an exported record back: variant, players, seed, options and the record entries."""
    tags: dict[str, str] = {}
    moves: list[str] = []
    for raw in text.strip().strip("`").splitlines():
        line = raw.strip()
        if not line:
            continue
        tag = _TAG_RE.match(line)
        if tag:
            tags[tag.group(1)] = tag.group(2)
            continue
        move = _MOVE_RE.match(line)
        if not move:
            raise ValueError(f"I can't read the record line '{line}'.")
        moves.append(move.group(1).strip())
    if "Variant" not in tags:
        raise ValueError('The record has no [Variant "..."] line.')
    try:
        options = json.loads(tags.get("Options", "{}"))
        seed = int(tags.get("Seed", "0"))
    except ValueError:
        raise ValueError("The record's Options or Seed line is damaged.") from None
    players = sum(1 for k in tags if re.fullmatch(r"Seat\d+", k)) or 2
    return {"variant": tags["Variant"], "players": players, "seed": seed, "options": options,
            "record": moves}


def rules_text(variant: str) -> str:
    """The in-app rules summary of a game, and where its full rules are."""
    info = engine.info(variant)
    options = "\n".join(f"- `{o.name}`: {o.describe()}" for o in info.options)
    return (f"{info.summary.rstrip()}\n\n**Options** (challenge with name=value):\n{options or '- none'}\n\n"
            f"The complete rules, with worked examples: {info.rules_path} in Pai Sho Bot's source.")
