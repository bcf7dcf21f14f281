"""Where Basic Pai Sho tiles may be placed (docs/rules/basic.md 1.3, 1.4.1): the entry ports of the
basic flowers and the table for the other tiles, with their refusal messages."""
from __future__ import annotations

from functools import cache

from ..paisho.board import COLOURS, NEUTRAL, POINTS, RED, WHITE, Point, chebyshev, name, side
from .tiles import EAST, HOME, L_MOVERS, MID, NAMES, PORTS, WEST


def ranks(seat: int) -> str:
    return "ranks 1-8" if seat == 0 else "ranks 10-17"


def entry_ports(code: str, seat: int) -> tuple[Point, ...]:
    """Where a basic flower enters the game for ``seat`` (1.4.1)."""
    if code == "Ja":
        return (HOME[seat],)
    if code == "Ro":
        return (HOME[1 - seat],)  # the Foreign port is the opponent's Home
    if code in L_MOVERS:
        return (WEST, EAST)
    return (MID,)


def entry_message(code: str, seat: int) -> str:
    """The refusal of a basic flower placed away from its entry port(s)."""
    if code == "Ja":
        return f"Jasmine enters only at your Home port ({name(HOME[seat])})"
    if code == "Ro":
        return f"Rose enters only at your Foreign port ({name(HOME[1 - seat])})"
    if code in L_MOVERS:
        return f"{NAMES[code]} enters only at the West or East port (a9, q9)"
    return f"{NAMES[code]} enters only at the Mid port (i9)"


def spot_fault(seat: int, code: str, at: Point) -> str | None:
    """Where a non-flower or a special flower may be placed (1.4.1's table)."""
    if at in PORTS:
        return "Tiles other than entering flowers may not be placed on a port"
    colours = COLOURS[at]
    if code == "Kn" and any(chebyshev(at, port) < 2 for port in PORTS):
        return "Knotweed may not be placed within 1 point of a port"
    if code == "Wh" and NEUTRAL not in colours:
        return "Wheel must be placed on a point with some yellow"
    if code == "Bo" and RED not in colours and WHITE not in colours:
        return "Boat must be placed on a point with some red or white"
    if code == "WD" and side(at) != 1 - seat:
        return f"White Dragon must be placed on the opponent's side ({ranks(1 - seat)})"
    if code == "WL" and side(at) != seat:
        return f"White Lotus must be placed on your own side ({ranks(seat)})"
    return None


@cache
def placement_spots(code: str, seat: int) -> tuple[Point, ...]:
    """Every point where ``seat`` may place a non-flower or special flower on an empty board."""
    return tuple(q for q in POINTS if spot_fault(seat, code, q) is None)
