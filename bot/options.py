"""Game options as players type them (``board=round5 rings=4``): parsing and autocomplete."""
from __future__ import annotations

import shlex
from typing import Any

import engine
from engine import ai
from engine.notation import echo, normalise

DEFAULT_LEVEL = "medium"
# The challenge's own option for the seats the bot plays (games with an AI player only).
LEVEL_OPTION = engine.Option("level", "the bot's level, when you challenge the bot (one, or one per bot seat)",
                             DEFAULT_LEVEL, choices=ai.LEVELS)
FORMAT_HINT = "Write options as name=value separated by spaces, e.g. board=round5 rings=4."


def parse_options(text: str | None) -> dict[str, Any]:
    """``"board=round5 rings=4"`` -> ``{"board": "round5", "rings": "4"}``; ValueError if malformed."""
    if not text or not text.strip():
        return {}
    try:
        words = shlex.split(text)
    except ValueError:
        raise ValueError(f"I can't read the options '{echo(text.strip())}'. {FORMAT_HINT}") from None
    options: dict[str, Any] = {}
    for word in words:
        name, sep, value = word.partition("=")
        name = normalise(name).strip().lower()
        if not sep or not name or not value.strip():
            raise ValueError(f"I can't read the option '{echo(word)}'. {FORMAT_HINT}")
        if name in options:
            raise ValueError(f"The option {echo(name)} is given twice.")
        options[name] = value.strip()
    return options


def suggest_options(variant: str | None, typed: str, limit: int = 25) -> list[str]:
    """Completions of a partly typed options string for ``variant``, each a whole options string.
    While an option's name is being typed, every matching option is offered once before any is
    offered twice, so no option is crowded out of the list."""
    try:
        info = engine.info(variant or "")
    except ValueError:
        return []
    head, _, last = typed.rpartition(" ")
    prefix = f"{head} " if head else ""
    given = {w.partition("=")[0].lower() for w in head.split()}
    offered = list(info.options) + ([LEVEL_OPTION] if info.ai is not None else [])
    name, sep, typed_value = last.partition("=")
    name, value = name.lower(), typed_value.lower()
    if not sep:
        rounds = [[f"{o.name}={v}" for v in o.offered()] for o in offered
                  if o.name not in given and o.name.startswith(name)]
        found = [row[i] for i in range(max(map(len, rounds), default=0)) for row in rounds if i < len(row)]
    else:
        option = next((o for o in offered if o.name == name), None)
        if option is None or option.name in given:
            return []
        found = [f"{option.name}={v}" for v in option.offered() if v.lower().startswith(value)]
        if value and option.kind in ("number", "text") and value not in option.offered():
            found.insert(0, f"{option.name}={typed_value}")
    return [prefix + f for f in found if len(prefix + f) <= 100][:limit]


def pop_rated(options: dict[str, Any]) -> bool:
    """Take the challenge's own ``rated`` option (yes/no) out of the game options."""
    value = str(options.pop("rated", "yes")).strip().lower()
    if value in ("yes", "true", "1", "on"):
        return True
    if value in ("no", "false", "0", "off"):
        return False
    raise ValueError(f"The option rated must be yes or no, not '{echo(value)}'.")



def pop_levels(options: dict[str, Any], bots: int) -> list[str]:
    """Take the challenge's own ``level`` option out of the game options: the AI level of each
    seat the bot plays, in seat order (one level for all, or one per bot seat: ``level=easy,hard``)."""
    if not bots:
        if "level" in options:
            raise ValueError("The option level is for the seats the bot plays: name the bot as an opponent "
                             "to play against it.")
        return []
    given = str(options.pop("level", DEFAULT_LEVEL))
    levels = [normalise(v).strip().lower() for v in given.split(",")]
    if any(level not in ai.LEVELS for level in levels):
        raise ValueError(f"The option level must be {', '.join(ai.LEVELS)} (or one per bot seat, e.g. "
                         f"level=easy,hard), not '{echo(given)}'.")
    if len(levels) == 1:
        return levels * bots
    if len(levels) != bots:
        raise ValueError(f"The option level gives {len(levels)} levels for {bots} bot seat"
                         f"{'s' if bots != 1 else ''}: give one level, or one per bot seat.")
    return levels
