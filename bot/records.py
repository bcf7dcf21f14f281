"""Game records as text: the move list, the export a player keeps (and imports), rules texts."""
from __future__ import annotations

import json
import re
from typing import Any

import engine
from data import GameRow
from engine.options import shown_value

_TAG_RE = re.compile(r'^\[(\w+) "(.*)"\]$')  # the first format: values as they were


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


EXPORT_FORMAT = "2"  # tag values escaped (\\ \" \n); an export without a Format tag is of the first kind
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r"}
_TAG_ESCAPED_RE = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')
_UNESCAPE_RE = re.compile(r'\\([\\"nr])')
_NUMBERED_RE = re.compile(r"^(\d+)\.\s+(\S.*)$")


def escaped(value: str) -> str:
    """A tag's value as the export writes it: backslashes, quotes and line breaks escaped."""
    return "".join(_ESCAPES.get(c, c) for c in value)


def unescaped(value: str) -> str:
    return _UNESCAPE_RE.sub(lambda m: {"n": "\n", "r": "\r"}.get(m.group(1), m.group(1)), value)


def one_line(name: str) -> str:
    """A name as a move line writes it (a line break would end the line)."""
    return " ".join(name.split())


def hints_text(row: GameRow) -> str:
    """``alice 2, bob 0`` when a player of the game asked for hints, else ""."""
    if not any(s.hints for s in row.seats):
        return ""
    return ", ".join(f"{s.name} {s.hints}" for s in row.seats)


def export_text(row: GameRow, game: engine.Game) -> str:
    """The whole record: tags (format, variant, seed, options, seats, result) and the numbered
    moves. Tag values are escaped, so any name or option reads back exactly (``parse_export``)."""
    info = engine.info(row.variant)
    secret = game.secret_seed and game.outcome is None  # the seed would reveal every hand and pile
    tags = [("Format", EXPORT_FORMAT), ("Game", info.name), ("Variant", row.variant), ("GameId", str(row.id)),
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
    lines = [f'[{k} "{escaped(v)}"]' for k, v in tags]
    lines.append("")
    for ply, (seat, move) in enumerate(zip(row.move_seats, row.moves), start=1):
        lines.append(f"{ply}. {one_line(row.seats[seat].name)}: {move}")
    return "\n".join(lines)


def _tag(line: str, escaped_values: bool) -> tuple[str, str] | None:
    found = (_TAG_ESCAPED_RE if escaped_values else _TAG_RE).match(line)
    if found is None:
        return None
    return found.group(1), unescaped(found.group(2)) if escaped_values else found.group(2)


def parse_export(text: str) -> dict[str, Any]:
    """Read an exported record back (this format, or the first one, whose tag values were not
    escaped): variant, players, seed, options, the record entries, the seats' names, and the
    game's number and status where the export has them. ValueError says what cannot be read."""
    lines = [raw.strip() for raw in text.strip().strip("`").split("\n")]  # not splitlines: a name may hold \f
    escaped_values = any(line.startswith('[Format "') for line in lines)
    tags: dict[str, str] = {}
    moves: list[str] = []
    for line in lines:
        if not line:
            continue
        tag = _tag(line, escaped_values) if line.startswith("[") else None
        if tag is not None:
            tags[tag[0]] = tag[1]
            continue
        numbered = _NUMBERED_RE.match(line)
        if not numbered or int(numbered.group(1)) != len(moves) + 1:
            raise ValueError(f"I can't read the record line '{line[:80]}'" + (
                f" (move {len(moves) + 1} was expected next)." if numbered else "."))
        rest = numbered.group(2)
        moves.append(rest.rpartition(": ")[2].strip() if ": " in rest else rest.strip())
    if "Variant" not in tags:
        raise ValueError('The record has no [Variant "..."] line.')
    if tags.get("Seed", "").startswith("hidden"):
        raise ValueError("The record's seed is hidden (it was exported while the game was running), so the game "
                         "cannot be rebuilt from it. Export it again once the game is over.")
    try:
        options = json.loads(tags.get("Options", "{}"))
        seed = int(tags.get("Seed", "0"))
    except ValueError:
        raise ValueError("The record's Options or Seed line is damaged.") from None
    if not isinstance(options, dict):
        raise ValueError("The record's Options line is damaged.")
    seats = sorted((int(k[4:]), v) for k, v in tags.items() if re.fullmatch(r"Seat\d+", k))
    names = [value.rpartition(" | ")[0] or value for _, value in seats]
    game_id = int(tags["GameId"]) if tags.get("GameId", "").isdigit() else None
    return {"variant": tags["Variant"], "players": len(seats) or 2, "seed": seed, "options": options,
            "record": moves, "names": names, "game_id": game_id, "status": tags.get("Status")}


def rules_text(variant: str) -> str:
    """The in-app rules summary of a game, and where its full rules are."""
    info = engine.info(variant)
    options = "\n".join(f"- `{o.name}`: {o.describe()}" for o in info.options)
    return (f"{info.summary.rstrip()}\n\n**Options** (challenge with name=value):\n{options or '- none'}\n\n"
            f"The complete rules, with worked examples: {info.rules_path} in Pai Sho Bot's source.")
