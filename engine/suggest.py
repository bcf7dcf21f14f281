"""Autocomplete's memory between keystrokes: what ``suggest`` worked out for one position, kept so
that the next keystroke narrows the previous one's matches instead of starting again.

``remembered(game, token, build)`` holds one memo per game (for the most recently used games
only, and never inside the game: copies, snapshots and equality of state are untouched), and per
``slot`` where several uses keep one (engine.steps keeps the move panel's step trees). A memo
is valid while the game's ``token`` (anything comparable that pins the position down, such as the
legal-move list) stays equal; otherwise it is built afresh. ``PrefixFilter`` is the memo of a
game whose legal moves are listed whole: the matches of every key typed so far.
"""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
KEEP_GAMES = 64  # memos of the games typed in most recently
KEEP_KEYS = 64  # keys one PrefixFilter remembers (the empty key always)

_memos: OrderedDict[tuple[int, str], tuple[weakref.ref, Any, Any]] = OrderedDict()
_lock = threading.Lock()


def remembered(game: object, token: Any, build: Callable[[], T], slot: str = "") -> T:
    """The memo of ``game`` made for ``token``, or a new one from ``build()`` when the token has
    changed (the position moved on) or the game has none. ``slot`` names what is remembered, so
    that several uses (autocomplete, the move panel's steps) keep a memo each."""
    key = (id(game), slot)
    with _lock:
        entry = _memos.get(key)
        if entry is not None and entry[0]() is game and entry[1] == token:
            _memos.move_to_end(key)
            return entry[2]
    value = build()
    with _lock:
        _memos[key] = (weakref.ref(game), token, value)
        _memos.move_to_end(key)
        while len(_memos) > KEEP_GAMES:
            _memos.popitem(last=False)
    return value


class PrefixFilter:
    """The legal moves of one position with the forms a player may type (lower case, spaces
    removed), and the matches of each key typed so far, in legal-move order. ``forms_of`` gives a
    move's forms; None means the move itself is its only form."""

    def __init__(self, moves: Sequence[str], forms_of: Callable[[str], Sequence[str]] | None = None) -> None:
        self.moves = moves
        self._owner: list[int] | None = None  # the move of each form (None: form i is move i's)
        if forms_of is None:  # one form per move, lowered and squashed in one go
            self._forms = "\n".join(moves).lower().replace(" ", "").split("\n") if moves else []
        else:
            self._forms, self._owner = [], []
            for i, move in enumerate(moves):
                for form in forms_of(move):
                    self._forms.append(form.replace(" ", ""))
                    self._owner.append(i)
        self._everything: Sequence[int] = range(len(self._forms))
        self._found: dict[str, Sequence[int]] = {"": self._everything}
        self._longest = max(map(len, self._forms), default=0)

    def matches(self, key: str, limit: int) -> list[str]:
        """The first ``limit`` moves one of whose forms starts with ``key``."""
        if not key:
            return list(self.moves[:limit])
        if len(key) > self._longest:
            return []
        found = self._found.get(key)
        if found is None:
            end = len(key) - 1
            while key[:end] not in self._found:  # the longest key typed so far that ``key`` extends
                end -= 1
            forms = self._forms
            found = [j for j in self._found[key[:end]] if forms[j].startswith(key)]
            if len(self._found) >= KEEP_KEYS:
                self._found = {"": self._everything}
            self._found[key] = found
        if self._owner is None:
            return [self.moves[j] for j in found[:limit]]
        out: list[str] = []
        last = -1
        for j in found:  # a move's forms are neighbours: keep the first of each
            i = self._owner[j]
            if i != last:
                if len(out) >= limit:
                    break
                out.append(self.moves[i])
                last = i
        return out
