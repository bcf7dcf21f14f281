"""The PAUSO game (rules/pauso.md): options, placement turns, scoring, the end, resignation."""
from __future__ import annotations

import random
import re
from typing import Any

from .. import notation
from ..base import Game, IllegalMove, Outcome
from ..options import Option, check_all, shown
from .layout import COLOURS, DEFAULT_PRESET, PRESETS, Cell, Layout, LayoutError, format_layout, parse_layout
from .push import Event, place_ring

COLOUR_NAMES = {"P": "Periwinkle", "A": "Apricot", "M": "Mint", "L": "Lemon"}
POINT_VALUE = {"+": 2, "-": -1}  # every other card: +1

READ_HINT = "Place a Ring with R@c3 (or just c3)."
_MOVE_RE = re.compile(rf"^(?:r@)?({notation.SQUARE_PATTERN})$", re.IGNORECASE | re.ASCII)
_OTHER_TILE_RE = re.compile(rf"^([a-zA-Z]+)@({notation.SQUARE_PATTERN})$")


def read_board(given: Any, players: int) -> str:
    """The board option: a preset name or a layout, as its canonical layout."""
    board = given or DEFAULT_PRESET[players]
    if not isinstance(board, str):
        raise ValueError("The option board must be a preset name or a layout.")
    return parse_layout(board).canonical()


def read_colours(given: Any, players: int) -> str:
    """The colours option: the seats' colour letters in seat order, the free colours after."""
    wanted = re.sub(r"[\s,]", "", notation.normalise(given)).upper() if isinstance(given, str) else "?"
    if len(wanted) > players or any(c not in COLOURS for c in wanted) or len(set(wanted)) < len(wanted):
        raise ValueError(f"The option colours takes up to {players} different letters of P, A, M, L "
                         f"in seat order, not {shown(given)}.")
    return (wanted + "".join(c for c in COLOURS if c not in wanted))[:players]


OPTIONS = (
    Option("board", "a preset name or a layout such as 5o/o+o+o/5o", "", read=read_board,
           suggestions=tuple(PRESETS), default_text="square5 / square6 / square7 by player count"),
    Option("rings", "Rings per player", 12, low=4, high=12, suggestions=tuple(str(n) for n in range(4, 13))),
    Option("first", "who takes the first turn", "host", choices=("host", "random")),
    Option("colours", "the seats' colours in seat order, letters of P, A, M, L", "", read=read_colours,
           suggestions=("PA", "AP", "MA", "PAM", "PAML"), default_text="P, A, M, L in seat order"),
)


def normalise_options(players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Checked options with defaults filled in: board (canonical layout), rings, first, colours."""
    return check_all("PAUSO", OPTIONS, players, options)


class PausoGame(Game):
    """PAUSO for 2-4 players. Seats are 0-based; each seat has a colour letter."""

    variant = "pauso"
    REASON_TEXT = {"board_covered": "the board is covered", "supplies_empty": "every piece is placed"}

    def __init__(self, players: int, seed: int, options: dict[str, Any] | None) -> None:
        super().__init__(players, seed, options)
        self.options = normalise_options(players, options)
        layout = parse_layout(self.options["board"])
        self.width, self.height, self.cards = layout.width, layout.height, layout.cards
        self.contents: dict[Cell, tuple[str, str | None]] = {}
        self.colours: tuple[str, ...] = tuple(self.options["colours"])
        self.supply = [self.options["rings"]] * players
        self.active = [True] * players
        first = random.Random(seed).randrange(players) if self.options["first"] == "random" else 0
        self.first = first
        self._to_move: int | None = first
        self.last_events: list[Event] = []

    # ----- the contract -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.outcome is not None else self._to_move

    @property
    def scores(self) -> tuple[int, ...]:
        totals = dict.fromkeys(self.colours, 0)
        for cell, (_, point) in self.contents.items():
            if point is not None:
                totals[point] += POINT_VALUE.get(self.cards[cell], 1)
        return tuple(totals[c] for c in self.colours)

    def legal_moves(self) -> list[str]:
        if self.outcome is not None:
            return []
        return [f"R@{notation.square_name(*cell)}"
                for cell in sorted(self.cards) if cell not in self.contents]

    def _input_forms(self, move: str) -> tuple[str, ...]:
        return move.lower(), move[2:]

    def _play(self, move: str) -> str:
        cell = self.parse_move(move)
        seat = self._to_move
        assert seat is not None
        self.supply[seat] -= 1
        self.last_events = place_ring(self.width, self.height, self.cards, self.contents,
                                      cell, self.colours[seat])
        self._after_turn(seat)
        return f"R@{notation.square_name(*cell)}"

    def _resign(self, player: int, reason: str) -> None:
        if not self.active[player]:
            raise IllegalMove(f"{self.colour_name(player)} has already left the game.")
        self.active[player] = False
        self.supply[player] = 0
        self.last_events = []
        left = [s for s in range(self.players) if self.active[s]]
        if len(left) == 1:
            self.outcome = Outcome((left[0],), self.scores, reason)
        elif self._finished_reason() is not None:
            self._finish(self._finished_reason())  # the last Rings in play were the leaver's
        elif self._to_move == player:
            self._advance(player)

    # ----- PAUSO specifics ------------------------------------------------------------
    def parse_move(self, move: str) -> Cell:
        """The empty card a move names (B6.1, B6.2 messages 3-7); IllegalMove otherwise."""
        text = notation.squash(move)
        other = _OTHER_TILE_RE.match(text)
        if other and other.group(1).lower() != "r":
            sq = notation.typed_square(other.group(2))
            raise IllegalMove(f"PAUSO has only Rings: write R@{sq} or {sq}.")
        match = _MOVE_RE.match(text)
        if not match:
            raise IllegalMove(notation.cant_read(move, READ_HINT))
        sq = notation.typed_square(match.group(1))
        cell = notation.parse_square(match.group(1))
        assert cell is not None
        if not (0 <= cell[0] < self.width and 0 <= cell[1] < self.height):
            raise IllegalMove(notation.off_board(sq))
        if cell not in self.cards:
            raise IllegalMove(f"{sq} is a gap: there is no board card there.")
        if cell in self.contents:
            raise IllegalMove(notation.occupied(sq))
        return cell

    def colour_name(self, seat: int) -> str:
        return COLOUR_NAMES[self.colours[seat]]

    def seat_label(self, seat: int) -> str:
        return self.colour_name(seat)

    def describe_last_turn(self) -> str:
        pushes = [e for e in self.last_events if e.kind != "place"]
        return "; ".join(str(e) for e in pushes)

    def position_layout(self) -> str:
        """The canonical position layout (B6.3) of the board as it stands."""
        return format_layout(self.width, self.height, self.cards, self.contents)

    def position_text(self) -> str:
        return self.position_layout()

    def view(self):
        """The picture's immutable snapshot of the game (PausoView, engine.pauso.view)."""
        from .view import board_view
        return board_view(self)

    def position(self) -> str:
        """The whole position in the test-position format (B6.3)."""
        seats = ",".join(self.colours)
        nxt = self.colours[self._to_move] if self._to_move is not None else self.colours[0]
        supply = ",".join(f"{c}={n}" for c, n in zip(self.colours, self.supply))
        return f"board: {self.position_layout()}; seats: {seats}; next: {nxt}; supply: {supply}"

    def _advance(self, seat: int) -> None:
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if self.active[nxt] and self.supply[nxt] > 0:
                self._to_move = nxt
                return

    def _finished_reason(self) -> str | None:
        if all(cell in self.contents for cell in self.cards):
            return "board_covered"
        if not any(self.supply):
            return "supplies_empty"
        return None

    def _after_turn(self, seat: int) -> None:
        reason = self._finished_reason()
        if reason is None:
            self._advance(seat)
        else:
            self._finish(reason)

    def _finish(self, reason: str) -> None:
        scores = self.scores
        best = max(scores[s] for s in range(self.players) if self.active[s])
        winners = tuple(s for s in range(self.players) if self.active[s] and scores[s] == best)
        self.outcome = Outcome(winners, scores, reason)

    # ----- test positions (B6.3) -------------------------------------------------------
    @classmethod
    def from_position(cls, position: str, options: dict[str, Any] | None = None) -> PausoGame:
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
        game._to_move = seats.index(nxt)
        if game._finished_reason() is not None:
            raise ValueError("The position is already finished (no empty card, or all supplies empty).")
        game.start_position = game.position()
        return game

    # ----- the search path of engine.ai (base.Game._actions): a move is its empty card ---------
    _plain_state = True

    def _actions(self) -> list[Cell]:
        if self.outcome is not None:
            return []
        contents = self.contents
        return [cell for cell in self.cards if cell not in contents]

    def _apply_action(self, cell: Cell) -> None:
        seat = self._to_move
        self.supply[seat] -= 1
        self.last_events = place_ring(self.width, self.height, self.cards, self.contents, cell,
                                      self.colours[seat])
        self._after_turn(seat)
        self._record_action(self._action_text(cell))

    def _action_text(self, cell: Cell) -> str:
        return f"R@{notation.square_name(*cell)}"


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
