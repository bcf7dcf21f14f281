"""The tile set Basic and Ancient Pai Sho share (docs/rules/basic.md 1.1, docs/rules/ancient.md
3.1): the twelve tile codes in canonical order, how many of each a player owns, the six basic
flowers with their colour and move type, and the ring of harmony between them.

The six flowers form a ring Ja - Li - WJ - Ro - Ch - Rh - Ja: neighbours harmonise and opposite
flowers clash (Ja-Ro, Li-Ch, WJ-Rh). Said by colour and move type: the same move type and a
different colour clash; an L-mover harmonises with flowers of its own colour and another move
type; a 3-mover harmonises with the 5-mover of the other colour.
"""
from __future__ import annotations

ORDER = ("Ja", "Li", "WJ", "Ro", "Ch", "Rh", "Kn", "Wh", "Rk", "Bo", "WD", "WL")
COUNT = {**{c: 6 for c in ORDER[:6]}, **{c: 3 for c in ORDER[6:]}}
FLOWERS = ORDER[:6]  # the basic flowers
WHITE_FLOWERS = ("Ja", "Li", "WJ")
MOVE_TYPE = {"Ja": 3, "Ro": 3, "Li": "L", "Ch": "L", "WJ": 5, "Rh": 5}


def full_set() -> list[str]:
    """One player's tiles in canonical order."""
    return [code for code in ORDER for _ in range(COUNT[code])]


def colour(code: str) -> str:
    return "white" if code in WHITE_FLOWERS else "red"


def relation(a: str, b: str) -> str:
    """'H' harmony, 'D' disharmony (a clash) or '' neutral between two basic flowers."""
    ta, tb = MOVE_TYPE[a], MOVE_TYPE[b]
    ca, cb = colour(a), colour(b)
    if ta == tb:
        return "D" if ca != cb else ""
    if "L" in (ta, tb):
        return "H" if ca == cb else ""
    return "H" if ca != cb else ""  # a 3-mover with the 5-mover of the other colour


RELATIONS: dict[tuple[str, str], str] = {(a, b): relation(a, b) for a in FLOWERS for b in FLOWERS}
