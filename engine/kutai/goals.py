"""Kutai Pai Sho's goal kind for lessons (engine.lessons.goals, docs/lessons.md): the total Harmony
of the tree (kutai.md 4.5.4), which both players share, so no seat's score shows it."""
from __future__ import annotations

from typing import Any

from ..lessons.goals import Turn, goal


@goal("total", params={"at_least": int, "exactly": int, "above": int}, variant="kutai")
def _total(turn: Turn, spec: dict[str, Any]) -> bool:
    """The total Harmony changes by at least ``at_least`` (default 1; a negative number: it falls by
    at least that much), or by ``exactly``; ``above``: after the move it is above this."""
    was, now = turn.was.total, turn.now.total  # type: ignore[attr-defined]
    if "above" in spec and not now > spec["above"]:
        return False
    if "exactly" in spec:
        return now - was == spec["exactly"]
    wanted = spec.get("at_least", 1 if "above" not in spec else -1000)
    return now - was >= wanted if wanted >= 0 else now - was <= wanted
