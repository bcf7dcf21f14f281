"""Checking game options: the same rules and messages for every game's options.

Values are read as moves are (``notation.normalise``, then our ASCII digits only), every number
has a lowest and a highest value, and a refusal repeats the value through ``notation.echo``.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from . import notation

_WHOLE_NUMBER = re.compile(r"([+-]?)([0-9]+)")
_MAX_DIGITS = 12  # more digits than any bound has: out of range without converting them
_LARGE = 10 ** notation.ECHO_LENGTH


def shown(value: Any) -> str:
    """An option value as a refusal repeats it (short, and never Python's own text)."""
    if isinstance(value, int) and not -_LARGE < value < _LARGE:
        return f"a number with more than {notation.ECHO_LENGTH} digits"
    try:
        text = value if isinstance(value, str) else str(value)
    except Exception:  # noqa: BLE001  (a value whose text cannot even be made)
        return "that value"
    return f"'{notation.echo(text.strip())}'"


def check_names(game: str, options: dict[str, Any], names: Iterable[str]) -> None:
    """ValueError naming the first option ``game`` does not have."""
    names = tuple(names)
    for name in options:
        if name not in names:
            raise ValueError(f"Unknown option {shown(name)} for {game}. Options: {', '.join(names)}.")


def int_option(name: str, value: Any, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``."""
    number = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str):
        match = _WHOLE_NUMBER.fullmatch(notation.normalise(value).strip())
        digits = match.group(2).lstrip("0") or "0" if match else ""
        if match and len(digits) <= _MAX_DIGITS:
            number = int(match.group(1) + digits)
    if number is None or not low <= number <= high:
        raise ValueError(f"The option {name} must be a whole number from {low} to {high}, not {shown(value)}.")
    return number


def choice_option(name: str, value: Any, choices: tuple[str, ...]) -> str:
    """One of ``choices`` (case and surrounding spaces ignored)."""
    chosen = notation.normalise(value).strip().lower() if isinstance(value, str) else None
    if chosen not in choices:
        listed = " or ".join(f"'{c}'" for c in choices)
        raise ValueError(f"The option {name} must be {listed}, not {shown(value)}.")
    return chosen


def bool_option(name: str, value: Any) -> bool:
    """true / false (also on / off, yes / no)."""
    if isinstance(value, bool):
        return value
    return choice_option(name, value, ("true", "false", "on", "off", "yes", "no")) in ("true", "on", "yes")
