"""Ancient Pai Sho's tiles (ancient.md 3.1): its names for the shared tile set (engine.paisho.flowers),
and the harmony count of a position (3.5)."""
from __future__ import annotations

from ..paisho.board import Point
from ..paisho.flowers import COUNT, FLOWERS, MOVE_TYPE, ORDER, WHITE_FLOWERS, colour, full_set, relation  # noqa: F401

# Ancient's names for the shared tile set (the Rock is the Coin, the Boat the Ship, 3.1).
NAMES = {"Ja": "Jasmine", "Li": "Lily", "WJ": "White Jade", "Ro": "Rose", "Ch": "Chrysanthemum",
         "Rh": "Rhododendron", "Kn": "Knotweed", "Wh": "Wheel", "Rk": "Coin", "Bo": "Ship", "WD": "Dragon",
         "WL": "Lotus"}
ALIASES = {**{c.lower(): c for c in ORDER}, "sh": "Bo", "co": "Rk"}
ONE_TIME = ("Bo", "Kn", "Wh")  # never the Centerpiece (3.3)
IMMOBILE = ("Kn", "Wh", "Rk", "Bo")


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
