"""The one memo the AI keeps between calls: a bounded store of answers that depend on the position
alone.

A knowledge asks the same question of the same position many times (iterative deepening comes
back to its positions, the evaluation and the candidate list read the same tables). ``Memo``
keeps the answers to one such question, keyed by everything the answer depends on, and forgets
the least recently used once it holds ``size`` of them. Because the key holds everything the
answer depends on, a memo never changes a move: it only saves time. It is safe to share between
threads (the bot may think in several at once), and a copy of it (pickled into a worker process)
starts empty.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class Memo(Generic[V]):
    """Answers to one question about positions, at most ``size`` of them, the least recently used
    forgotten first."""

    def __init__(self, what: str, size: int) -> None:
        if size < 1:
            raise ValueError("A memo keeps at least one answer.")
        self.what = what  # the question, for people reading a profile or a test
        self.size = size
        self._answers: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        """The answer for ``key``: remembered, or ``compute()`` (outside the lock) and remembered."""
        with self._lock:
            found = self._answers.get(key, _MISSING)
            if found is not _MISSING:
                self._answers.move_to_end(key)
                return found  # type: ignore[return-value]
        answer = compute()
        with self._lock:
            self._answers[key] = answer
            self._answers.move_to_end(key)
            while len(self._answers) > self.size:
                self._answers.popitem(last=False)
        return answer

    def __len__(self) -> int:
        return len(self._answers)

    def clear(self) -> None:
        """Forget every answer (tests that measure the work a question takes)."""
        with self._lock:
            self._answers.clear()

    def __getstate__(self) -> dict[str, Any]:
        return {"what": self.what, "size": self.size}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["what"], state["size"])  # type: ignore[misc]


_MISSING = object()
