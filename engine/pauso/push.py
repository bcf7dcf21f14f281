"""PAUSO push resolution, wave by wave (rules B4.2): movers, collisions, Points and Arrows.

``resolve_wave`` is the algorithm of B4.2 for one wave, written so that it can be run on any
hand-built list of movers (including the dependency and loop cases that the official arrows
never produce). It changes ``contents`` in place and returns the wave's events and the movers
of the next wave. ``place_ring_quietly`` is the search's version of ``place_ring``: the same
position, no events (it resolves the first wave directly, B4.4).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..notation import square_name
from .layout import ARROWS, Cell

DIRECTION_WORDS = {"^": "up", "v": "down", "<": "left", ">": "right"}

# The 8 neighbour steps, in reading order around the placed Ring.
STEPS: tuple[Cell, ...] = ((-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1))


class Event(NamedTuple):
    """One thing that happened in a turn. ``str(event)`` is the rules files' notation."""

    kind: str  # place | move | point | stay | arrow
    wave: int  # 0 for place
    colour: str | None  # the Ring's colour (None for arrow)
    frm: str  # square the Ring started from (place / arrow: the square itself)
    to: str | None  # target square (None for place, arrow, and stay at the edge)
    reason: str | None = None  # stay: edge | gap | point | collision
    direction: str | None = None  # arrow: up | down | left | right

    def __str__(self) -> str:
        if self.kind == "place":
            return f"place {self.colour} {self.frm}"
        if self.kind == "arrow":
            return f"{self.wave}: arrow {self.frm} {self.direction}"
        if self.kind == "stay":
            toward = f", {self.to}" if self.to else ""
            return f"{self.wave}: stay {self.colour} {self.frm} ({self.reason}{toward})"
        return f"{self.wave}: {self.kind} {self.colour} {self.frm}\u2192{self.to}"


@dataclass
class Mover:
    """A Ring being pushed in the current wave."""

    pos: Cell
    dir: Cell
    colour: str


def _add(a: Cell, b: Cell) -> Cell:
    return a[0] + b[0], a[1] + b[1]


def resolve_wave(width: int, height: int, cards: dict[Cell, str],
                 contents: dict[Cell, tuple[str, str | None]], movers: list[Mover], wave: int,
                 fired: set[Cell]) -> tuple[list[Event], list[Mover]]:
    """Resolve one wave (B4.2 steps 1-6); returns (events in display order, next wave's movers)."""
    n = len(movers)
    tgt = [_add(m.pos, m.dir) for m in movers]
    status: list[str | None] = [None] * n  # "move" | "land" | "stop"
    reason: list[str | None] = [None] * n
    at = {m.pos: i for i, m in enumerate(movers)}  # which mover stands on a cell

    def stop(i: int, why: str) -> None:
        status[i], reason[i] = "stop", why

    # 1. Blocked targets
    for i in range(n):
        t = tgt[i]
        if t not in cards:
            inside = 0 <= t[0] < width and 0 <= t[1] < height
            stop(i, "gap" if inside else "edge")
        elif t in contents and contents[t][1] is not None:
            stop(i, "point")
    # 2. Same-target collision
    targets: dict[Cell, int] = {}
    for t in tgt:
        targets[t] = targets.get(t, 0) + 1
    for i in range(n):
        if status[i] is None and targets[tgt[i]] > 1:
            stop(i, "collision")
    # 3. Ordinary outcomes
    for i in range(n):
        if status[i] is None:
            if tgt[i] not in contents:
                status[i] = "move"
            elif tgt[i] not in at:
                status[i] = "land"

    # 4. Dependencies: the target holds another mover of this wave
    def settle() -> None:
        changed = True
        while changed:
            changed = False
            for i in range(n):
                if status[i] is None:
                    other = status[at[tgt[i]]]
                    if other is not None:
                        status[i] = "move" if other in ("move", "land") else "land"
                        changed = True

    settle()
    on_loop = []
    for i in range(n):
        if status[i] is None:
            seen, j = set(), i
            while j not in seen:
                seen.add(j)
                j = at[tgt[j]]
            if j == i:
                on_loop.append(i)
    for i in on_loop:
        stop(i, "collision")
    settle()

    # 5. Apply all outcomes at once
    order = sorted(range(n), key=lambda k: (-movers[k].pos[1], movers[k].pos[0]))
    lifted = {i: contents.pop(movers[i].pos) for i in range(n) if status[i] in ("move", "land")}
    for i in lifted:
        if status[i] == "move":
            contents[tgt[i]] = (movers[i].colour, None)
    for i in lifted:
        if status[i] == "land":
            contents[tgt[i]] = (contents[tgt[i]][0], movers[i].colour)

    # 6. Arrows, and the events in display order
    events: list[Event] = []
    following: list[Mover] = []
    for i in order:
        m, t = movers[i], tgt[i]
        frm, to = square_name(*m.pos), square_name(*t)
        if status[i] == "stop":
            toward = None if reason[i] == "edge" else to
            events.append(Event("stay", wave, m.colour, frm, toward, reason[i]))
            continue
        kind = "point" if status[i] == "land" else "move"
        events.append(Event(kind, wave, m.colour, frm, to))
        sym = cards[t]
        if status[i] == "move" and sym in ARROWS and t not in fired:
            fired.add(t)
            events.append(Event("arrow", wave, None, to, None, direction=DIRECTION_WORDS[sym]))
            following.append(Mover(t, ARROWS[sym], m.colour))
    return events, following


def place_ring(width: int, height: int, cards: dict[Cell, str],
               contents: dict[Cell, tuple[str, str | None]], cell: Cell, colour: str) -> list[Event]:
    """Place a Ring on an empty card and resolve every wave of pushes; returns all events."""
    contents[cell] = (colour, None)
    events = [Event("place", 0, colour, square_name(*cell), None)]
    movers = []
    for step in STEPS:
        n = _add(cell, step)
        if n in contents and contents[n][1] is None:
            movers.append(Mover(n, step, contents[n][0]))
    fired: set[Cell] = set()
    wave = 1
    while movers:
        wave_events, movers = resolve_wave(width, height, cards, contents, movers, wave, fired)
        events.extend(wave_events)
        wave += 1
    return events


def place_ring_quietly(width: int, height: int, cards: dict[Cell, str],
                       contents: dict[Cell, tuple[str, str | None]], cell: Cell, colour: str) -> None:
    """``place_ring`` without the events (the AI's search path): the same contents afterwards.

    The first wave is resolved directly: its targets are eight different cards, none of them a
    neighbour of ``cell`` (B4.4), so no two movers interact and each is decided by its target
    alone. Later waves (Arrows) go through ``resolve_wave``."""
    contents[cell] = (colour, None)
    x, y = cell
    following: list[Mover] = []
    for dx, dy in STEPS:
        n = (x + dx, y + dy)
        ring = contents.get(n)
        if ring is None or ring[1] is not None:
            continue
        t = (x + 2 * dx, y + 2 * dy)
        sym = cards.get(t)
        if sym is None:
            continue  # edge or gap: it stays
        there = contents.get(t)
        if there is None:
            del contents[n]
            contents[t] = ring
            if sym in ARROWS:
                following.append(Mover(t, ARROWS[sym], ring[0]))
        elif there[1] is None:
            del contents[n]
            contents[t] = (there[0], ring[0])
        # a stack on the target: it stays
    if following:
        fired = {m.pos for m in following}
        wave = 2
        while following:
            _, following = resolve_wave(width, height, cards, contents, following, wave, fired)
            wave += 1
