"""Checking game options: the same rules and messages for every game's options."""
from __future__ import annotations

from typing import Any, Iterable


def check_names(game: str, options: dict[str, Any], names: Iterable[str]) -> None:
    """ValueError naming the first option ``game`` does not have."""
    names = tuple(names)
    for name in options:
        if name not in names:
            raise ValueError(f"Unknown option '{name}' for {game}. Options: {', '.join(names)}.")


def int_option(name: str, value: Any, low: int, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (no upper bound when ``high`` is None)."""
    try:
        number = int(str(value).strip())
    except ValueError:
        number = None
    if (number is None or isinstance(value, float) and value != number or number < low
            or high is not None and number > high):
        span = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise ValueError(f"The option {name} must be a whole number {span}, not '{value}'.")
    return number


def choice_option(name: str, value: Any, choices: tuple[str, ...]) -> str:
    """One of ``choices`` (case and surrounding spaces ignored)."""
    chosen = str(value).strip().lower()
    if chosen not in choices:
        listed = " or ".join(f"'{c}'" for c in choices)
        raise ValueError(f"The option {name} must be {listed}, not '{value}'.")
    return chosen


def bool_option(name: str, value: Any) -> bool:
    """true / false (also on / off, yes / no)."""
    if isinstance(value, bool):
        return value
    return choice_option(name, value, ("true", "false", "on", "off", "yes", "no")) in ("true", "on", "yes")
