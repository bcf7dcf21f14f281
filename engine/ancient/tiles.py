"""Ancient Pai Sho's tiles (ancient.md 3.1): codes, names, flower relations, and the harmony
count of a position (3.5)."""
from __future__ import annotations

from ..paisho.board import Point

# Canonical order of one player's 54 tiles (3.3) and of a hand as it is shown.
ORDER = ("Ja", "Li", "WJ", "Ro", "Ch", "Rh", "Kn", "Wh", "Rk", "Bo", "WD", "WL")
COUNT = {**{c: 6 for c in ORDER[:6]}, **{c: 3 for c in ORDER[6:]}}
NAMES = {"Ja": "Jasmine", "Li": "Lily", "WJ": "White Jade", "Ro": "Rose", "Ch": "Chrysanthemum",
         "Rh": "Rhododendron", "Kn": "Knotweed", "Wh": "Wheel", "Rk": "Coin", "Bo": "Ship", "WD": "Dragon",
         "WL": "Lotus"}
ALIASES = {**{c.lower(): c for c in ORDER}, "sh": "Bo", "co": "Rk"}
FLOWERS = ORDER[:6]
WHITE_FLOWERS = ("Ja", "Li", "WJ")
MOVE_TYPE = {"Ja": 3, "Ro": 3, "Li": "L", "Ch": "L", "WJ": 5, "Rh": 5}
ONE_TIME = ("Bo", "Kn", "Wh")  # never the Centerpiece (3.3)
IMMOBILE = ("Kn", "Wh", "Rk", "Bo")


def full_set() -> list[str]:
    return [code for code in ORDER for _ in range(COUNT[code])]


def colour(code: str) -> str:
    return "white" if code in WHITE_FLOWERS else "red"


def relation(a: str, b: str) -> str:
    """'H' harmony, 'D' disharmony or '' neutral between two flowers (3.1)."""
    ta, tb = MOVE_TYPE[a], MOVE_TYPE[b]
    ca, cb = colour(a), colour(b)
    if ta == tb:
        return "D" if ca != cb else ""
    if "L" in (ta, tb):
        return "H" if ca == cb else ""
    return "H" if ca != cb else ""  # a 3-mover with the 5-mover of the other colour


Board = dict[Point, list]  # point -> [owner, code, drained]


def line_pairs(board: Board):
    """(a, b, 'H' or 'D') for every interacting pair of flowers, line by line (3.5)."""
    lines: dict[tuple[int, int], list[Point]] = {}
    for p in board:
        lines.setdefault((0, p[1]), []).append(p)  # its rank
        lines.setdefault((1, p[0]), []).append(p)  # its file
    for (axis, _), points in lines.items():
        if len(points) < 2 or any(board[p][1] == "Rk" for p in points):
            continue  # nothing to pair, or a Coin kills the whole line
        points.sort(key=lambda p: p[axis])  # a rank runs along the files, a file along the ranks
        flip = sum(1 for p in points if board[p][1] == "WL") % 2 == 1
        flowers = [p for p in points if board[p][1] in FLOWERS and not board[p][2]]
        for a, b in zip(flowers, flowers[1:]):
            kind = relation(board[a][1], board[b][1])
            if kind and flip:
                kind = "D" if kind == "H" else "H"
            if kind:
                yield a, b, kind


def harmony_count(board: Board) -> int:
    return sum(1 for _, _, kind in line_pairs(board) if kind == "H")
