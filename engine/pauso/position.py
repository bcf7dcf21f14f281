"""PAUSO's test-position format (docs/rules/pauso.md B6.3): reading a position into a game and writing
a game's position in the same format, ``board: <position layout>; seats: P,A; next: A; supply:
P=6,A=6``. The position layout is a board layout whose cards may carry a Ring and a Point colour.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .layout import COLOURS, Layout, LayoutError, format_layout, parse_layout
from .tiles import COLOUR_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from .game import PausoGame


def write_position(game: PausoGame) -> str:
    """The whole position in the test-position format (B6.3)."""
    seats = ",".join(game.colours)
    nxt = game.colours[game.seat_to_move] if game.seat_to_move is not None else game.colours[0]
    supply = ",".join(f"{c}={n}" for c, n in zip(game.colours, game.supply))
    return f"board: {game.position_layout()}; seats: {seats}; next: {nxt}; supply: {supply}"


def load_position(cls: type[PausoGame], position: str, options: dict[str, Any] | None) -> PausoGame:
    """A new game of class ``cls`` set to ``position``; ValueError when it is not one. The position
    sets the board and the seats' colours, so ``options`` may not."""
    fields = _position_fields(position)
    try:
        layout: Layout = parse_layout(fields["board"], allow_colours=True)
    except LayoutError as err:
        raise ValueError(f"Bad board in the position: {err}") from None
    seats = [c.strip().upper() for c in fields.get("seats", "P,A").split(",") if c.strip()]
    if not 2 <= len(seats) <= 4 or any(c not in COLOURS for c in seats) or len(set(seats)) < len(seats):
        raise ValueError("seats must list 2 to 4 different colours of P, A, M, L.")
    opts = dict(options or {})
    if "board" in opts or "colours" in opts:
        raise ValueError("A position sets the board and the seats itself.")
    opts.update(board=format_layout(layout.width, layout.height, layout.cards), colours="".join(seats))
    game = cls(len(seats), 0, opts)
    game.load_options = dict(options or {})
    rings = game.options["rings"]
    for ring, point in layout.contents.values():
        for colour in (ring, point):
            if colour is not None and colour not in seats:
                raise ValueError(f"The board holds {COLOUR_NAMES[colour]} ({colour}), "
                                 f"which is not seated.")
    nxt = fields.get("next", seats[0]).strip().upper()
    if nxt not in seats:
        raise ValueError(f"next: {nxt} is not seated.")
    supply = _parse_supply(fields.get("supply"), seats)
    for colour in seats:
        n = supply[colour]
        if not 0 <= n <= rings:
            raise ValueError(f"The supply of {colour} must be between 0 and {rings}.")
        on_board = sum((r == colour) + (p == colour) for r, p in layout.contents.values())
        if on_board + n > rings:
            raise ValueError(f"{colour} has {on_board} cards on the board and {n} in supply: "
                             f"more than the {rings} it owns.")
    game.contents = dict(layout.contents)
    game.supply = [supply[c] for c in seats]
    game.seat_to_move = seats.index(nxt)
    if game.finished_reason() is not None:
        raise ValueError("The position is already finished (no empty card, or all supplies empty).")
    return game


def _position_fields(position: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for part in position.split(";"):
        if not part.strip():
            continue
        key, sep, value = part.partition(":")
        key = key.strip().lower()
        if not sep or key not in ("board", "seats", "next", "supply"):
            raise ValueError(f"Unexpected '{part.strip()}' in the position; "
                             f"write board: ...; seats: ...; next: ...; supply: ...")
        if key in fields:
            raise ValueError(f"{key} appears twice in the position.")
        fields[key] = value
    if "board" not in fields:
        raise ValueError("The position has no board: field.")
    return fields


def _parse_supply(text: str | None, seats: list[str]) -> dict[str, int]:
    if text is None:
        return dict.fromkeys(seats, 6)
    supply: dict[str, int] = {}
    for item in text.split(","):
        colour, sep, number = item.partition("=")
        colour = colour.strip().upper()
        if not sep or colour not in seats or not number.strip().isdigit():
            raise ValueError(f"Cannot read the supply '{item.strip()}'; write e.g. P=6,A=6 for seated colours.")
        supply[colour] = int(number)
    missing = [c for c in seats if c not in supply]
    if missing:
        raise ValueError(f"The supply does not give {', '.join(missing)}.")
    return supply
