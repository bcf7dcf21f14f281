"""Splitting a step of more than 25 options (one Discord select) into groups, for engine.steps:
by the headings the game gives its options ("Day flowers"), else into rectangles of the board (the
fewest, most even ones that hold at most 25 options each, in reading order, named by their
corners: ``a7–i8 (17)``), else into runs of neighbours in the list; each group is split again
while it holds more than 25, and a group of one is its option."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .notation import square_name
from .view import Point

MAX_OPTIONS = 25  # one Discord select


@dataclass(frozen=True)
class Item:
    """A logical option of a step: a piece of the move (None: the end option) and its part
    (engine.steps.Part: its label, points, group heading)."""

    piece: str | None
    part: Any


@dataclass(frozen=True)
class Group:
    label: str
    items: tuple[Any, ...]  # Item or Group
    points: tuple[Point, ...] = ()
    area: tuple[Point, Point] | None = None


def arrange(items: list[Any]) -> list[Any]:
    """The options of a step as shown: as they are when at most 25, else in groups (the game's
    headings, else regions of the board, else runs of neighbours in the list), each group split
    again while it holds more than 25; a group of one is its option."""
    if len(items) <= MAX_OPTIONS:
        return items
    groups = _by_heading(items) or _by_region(items) or _by_run(items)
    return [g.items[0] if len(g.items) == 1 else Group(g.label, tuple(arrange(list(g.items))), g.points, g.area)
            for g in groups]


def _by_heading(items: list[Item]) -> list[Group] | None:
    if not all(item.part.group for item in items):
        return None
    heads: dict[str, list[Item]] = {}
    for item in items:
        heads.setdefault(item.part.group, []).append(item)
    if not 2 <= len(heads) <= MAX_OPTIONS:
        return None
    return [Group(f"{head} ({len(members)})", tuple(members)) for head, members in heads.items()]


def _by_region(items: list[Item]) -> list[Group] | None:
    """Rectangles of the board in reading order (top row first), each holding at most 25 options:
    the fewest rectangles of the most even shape that do."""
    if not all(item.part.points for item in items):
        return None
    anchors = [item.part.points[0] for item in items]
    files = [p[0] for p in anchors]
    ranks = [p[1] for p in anchors]
    f0, r0 = min(files), min(ranks)
    width, height = max(files) - f0 + 1, max(ranks) - r0 + 1
    shapes = sorted(((nx, ny) for nx in range(1, 9) for ny in range(1, 9) if nx * ny > 1),
                    key=lambda s: (s[0] * s[1], abs(s[0] - s[1])))
    for nx, ny in shapes:
        cw, ch = -(-width // nx), -(-height // ny)
        cells: dict[tuple[int, int], list[Item]] = {}
        for item, (f, r) in zip(items, anchors):
            cells.setdefault(((f - f0) // cw, (r - r0) // ch), []).append(item)
        if len(cells) < 2 or len(cells) > MAX_OPTIONS or max(map(len, cells.values())) > MAX_OPTIONS:
            continue
        out = []
        for (cx, cy) in sorted(cells, key=lambda c: (-c[1], c[0])):
            members = cells[cx, cy]
            points = tuple(dict.fromkeys(m.part.points[0] for m in members))
            lo = (min(p[0] for p in points), min(p[1] for p in points))
            hi = (max(p[0] for p in points), max(p[1] for p in points))
            label = f"{square_name(*lo)}\u2013{square_name(*hi)} ({len(members)})"
            out.append(Group(label, tuple(members), points, (lo, hi)))
        return out
    return None


def _by_run(items: list[Any]) -> list[Group]:
    """Neighbours in the list, in at most 25 runs of even length."""
    runs = min(MAX_OPTIONS, -(-len(items) // MAX_OPTIONS))
    size = -(-len(items) // runs)
    out = []
    for start in range(0, len(items), size):
        members = items[start:start + size]
        first, last = _first_label(members[0]), _first_label(members[-1])
        out.append(Group(f"{first} \u2026 {last} ({len(members)})", tuple(members)))
    return out


def _first_label(entry: Any) -> str:
    if isinstance(entry, Group):
        return _first_label(entry.items[0])
    label = entry.part.label
    return label if len(label) <= 36 else label[:35] + "\u2026"
