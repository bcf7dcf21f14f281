"""The transaction interface each database implements for the store's SQL (sql.py): SQLite
(store.py) and PostgreSQL (postgres.py), and the small helpers the SQL is written with."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

Row = Mapping[str, Any]


class Tx(Protocol):
    """One transaction. ``run`` may be sent later (SQLite sends what it can in one go): its
    ``expect`` refusal is raised by the end of the transaction at the latest; ``later`` rows are
    filled by then; ``rows`` and ``insert_id`` answer at once."""

    async def run(self, sql: str, args: Sequence[Any] = (), *, expect: int | None = None,
                  refusal: str = "") -> None: ...

    async def many(self, sql: str, rows: list[Sequence[Any]]) -> None: ...

    def later(self, sql: str, args: Sequence[Any] = ()) -> list[Row]: ...

    async def rows(self, sql: str, args: Sequence[Any] = (), *, lock: bool = False) -> list[Row]: ...

    async def insert_id(self, sql: str, args: Sequence[Any]) -> int: ...


def marks(items: Sequence[Any]) -> str:
    return ", ".join("?" for _ in items)
