"""The base of the store's SQL parts (rating_sql.py, tournament_sql.py, player_sql.py, open_sql.py,
lesson_sql.py, puzzle_sql.py): what each part uses of SqlStore (sql.py), which supplies it; a part
is mixed into SqlStore and never used alone."""
from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from .rows import GameRow
from .tx import Row, Tx


class SqlPart:
    """Declares the transactions and reads SqlStore gives every part of its SQL."""

    def _tx(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def _read(self, sql: str, args: Sequence[Any] = (), *, skip_locked: bool = False) -> list[Row]:
        raise NotImplementedError

    async def _select(self, where: str, args: Sequence[Any] = (), moves: bool = True) -> list[GameRow]:
        raise NotImplementedError
