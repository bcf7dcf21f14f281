"""Checking game options: the same rules and messages for every game's options.

Values are read as moves are (``notation.normalise``, then our ASCII digits only), every number
has a lowest and a highest value, and a refusal repeats the value through ``notation.echo``.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from . import notation
from .paisho.rng import generator

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


@dataclass(frozen=True)
class Option:
    """One option of a game, as data: checking a value, the default, what autocomplete offers, the
    challenge text and the README's table all come from it.

    The kind follows from the fields: a whole number (``low``/``high``), one of ``choices``, a
    ``flag`` (true/false), or free text checked by ``read(value, players)``."""

    name: str
    help: str  # one line for players: what the option does
    default: Any  # the value when the option is not given (``default_for`` may depend on players)
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    flag: bool = False
    suggestions: tuple[str, ...] = ()  # values worth offering for numbers and free text
    read: Callable[[Any, int], Any] | None = None  # free text: (value, players) -> canonical value
    default_by_players: Callable[[int], Any] | None = None  # a default that depends on the player count
    default_text: str = ""  # how that default reads for people ("square5 / square6 / square7 by player count")
    kept: tuple[str, ...] = ()  # further choices stored games may hold, never offered nor listed

    def __post_init__(self) -> None:
        kinds = [self.low is not None, bool(self.choices), self.flag, self.read is not None]
        if sum(kinds) != 1 or (self.low is None) != (self.high is None):
            raise ValueError(f"option {self.name}: give exactly one of low+high, choices, flag or read")

    @property
    def kind(self) -> str:
        """``number``, ``choice``, ``flag`` or ``text``."""
        if self.low is not None:
            return "number"
        return "choice" if self.choices else "flag" if self.flag else "text"

    def default_for(self, players: int) -> Any:
        return self.default_by_players(players) if self.default_by_players else self.default

    def check(self, value: Any, players: int) -> Any:
        """The checked value (ValueError with the player's message otherwise)."""
        if self.low is not None and self.high is not None:
            return int_option(self.name, value, self.low, self.high)
        if self.choices:
            if self.kept and isinstance(value, str) and value in self.kept:
                return value
            return choice_option(self.name, value, self.choices)
        if self.flag:
            return bool_option(self.name, value)
        assert self.read is not None
        return self.read(value, players)

    def offered(self) -> tuple[str, ...]:
        """Values autocomplete offers for this option."""
        if self.choices:
            return self.choices
        if self.flag:
            return ("true", "false")
        return self.suggestions or (shown_value(self.default),)

    def describe(self) -> str:
        """``rings``: Rings per player (4 to 12; default 12)."""
        if self.low is not None:
            allowed = f"{self.low} to {self.high}"
        elif self.choices or self.flag:
            allowed = " or ".join(self.offered())
        else:
            allowed = f"e.g. {', '.join(self.suggestions[:4])}" if self.suggestions else "see the rules"
        default = self.default_text or shown_value(self.default)
        return f"{self.help} ({allowed}; default {default})"


def shown_value(value: Any) -> str:
    """An option value as people read it: ``true``/``false`` rather than Python's words."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def check_all(game: str, options: tuple[Option, ...], players: int, given: dict[str, Any] | None) -> dict[str, Any]:
    """Every option of a game checked, with the defaults filled in, in the order declared."""
    given = dict(given or {})
    check_names(game, given, [o.name for o in options])
    return {o.name: o.check(given[o.name] if o.name in given else o.default_for(players), players)
            for o in options}


# ----- who takes the first turn: one option for every game that offers a random first player ---------
FIRST_SEATS = ("seat1", "seat2", "seat3", "seat4")  # kept values: the seat that begins (docs/decisions.md)


def first_option(help: str) -> Option:
    """The ``first`` option: ``host`` (the challenger's seat begins) or ``random``. A stored game may
    also hold ``seat1``..``seat4`` (the seat its random choice gave before that choice went through
    SplitMix64; see data.migrations 6)."""
    return Option("first", help, "host", choices=("host", "random"), kept=FIRST_SEATS)


def first_seat(value: str, players: int, seed: int) -> int:
    """The seat that begins: 0 for ``host``, the seed generator's draw for ``random``, the seat named
    by a kept ``seatN``."""
    if value == "random":
        return generator(seed).below(players)
    if value in FIRST_SEATS:
        seat = FIRST_SEATS.index(value)
        if seat >= players:
            raise ValueError(f"The option first names {value}, but the game has {players} seats.")
        return seat
    return 0
