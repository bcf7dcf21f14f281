"""Game options as players type them (``board=round5 rings=4``): parsing and autocomplete."""
from __future__ import annotations

import shlex
from typing import Any

import engine
from engine.notation import echo, normalise

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
    name, sep, typed_value = last.partition("=")
    name, value = name.lower(), typed_value.lower()
    if not sep:
        rounds = [[f"{o.name}={v}" for v in o.offered()] for o in info.options
                  if o.name not in given and o.name.startswith(name)]
        found = [row[i] for i in range(max(map(len, rounds), default=0)) for row in rounds if i < len(row)]
    else:
        option = info.option(name)
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
