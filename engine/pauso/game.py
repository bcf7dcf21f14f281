"""The PAUSO game (docs/rules/pauso.md): the turn cycle. Options, placing a Ring and its pushes,
scoring, the end (B5.2) and resignation.

Beside it: board layouts (layout), push resolution (push), the pieces (tiles), reading and writing
moves (notation), the legal-move list (moves) and the test-position format (B6.3; position).
"""
from __future__ import annotations

import re
from typing import Any

from .. import notation
from ..base import Game, IllegalMove, Outcome
from ..options import Option, check_all, first_option, first_seat, shown
from .layout import COLOURS, DEFAULT_PRESET, PRESETS, Cell, format_layout, parse_layout
from .moves import actions, legal_moves
from .notation import input_forms, move_text, read_cell
from .position import load_position, write_position
from .push import Event, place_ring, place_ring_quietly
from .tiles import COLOUR_NAMES, point_value
from .view import board_view


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
    first_option("who takes the first turn"),
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
        first = first_seat(self.options["first"], players, seed)
        self.first = first
        self.seat_to_move: int | None = first
        self.last_events: list[Event] = []

    # ----- the contract -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.outcome is not None else self.seat_to_move

    @property
    def scores(self) -> tuple[int, ...]:
        totals = dict.fromkeys(self.colours, 0)
        for cell, (_, point) in self.contents.items():
            if point is not None:
                totals[point] += point_value(self.cards[cell])
        return tuple(totals[c] for c in self.colours)

    def legal_moves(self) -> list[str]:
        return legal_moves(self)

    def _input_forms(self, move: str) -> tuple[str, ...]:
        return input_forms(move)

    def _play(self, move: str) -> str:
        cell = self.parse_move(move)
        self._place(cell)
        return move_text(cell)

    def _resign(self, player: int, reason: str) -> None:
        if not self.active[player]:
            raise IllegalMove(f"{self.colour_name(player)} has already left the game.")
        self.active[player] = False
        self.supply[player] = 0
        self.last_events = []
        left = [s for s in range(self.players) if self.active[s]]
        finished = self.finished_reason()
        if len(left) == 1:
            self.outcome = Outcome((left[0],), self.scores, reason)
        elif finished is not None:
            self._finish(finished)  # the last Rings in play were the leaver's
        elif self.seat_to_move == player:
            self._advance(player)

    # ----- PAUSO specifics ------------------------------------------------------------
    def parse_move(self, move: str) -> Cell:
        """The empty card a move names (B6.1, B6.2 messages 3-7); IllegalMove otherwise."""
        return read_cell(move, self.width, self.height, self.cards, self.contents)

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
        return board_view(self)

    def position(self) -> str:
        """The whole position in the test-position format (B6.3)."""
        return write_position(self)

    # ----- the turn cycle ---------------------------------------------------------------
    def _place(self, cell: Cell) -> None:
        """The seat to move places a Ring on the empty card ``cell``; the pushes follow (B4)."""
        seat = self.seat_to_move
        assert seat is not None  # a game in play always has a seat to move
        self.supply[seat] -= 1
        self.last_events = place_ring(self.width, self.height, self.cards, self.contents, cell, self.colours[seat])
        self._after_turn(seat)

    def _advance(self, seat: int) -> None:
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if self.active[nxt] and self.supply[nxt] > 0:
                self.seat_to_move = nxt
                return

    def finished_reason(self) -> str | None:
        """Why the game ends now (B5.2): the board is covered or every supply is empty; else None."""
        if all(cell in self.contents for cell in self.cards):
            return "board_covered"
        if not any(self.supply):
            return "supplies_empty"
        return None

    def _after_turn(self, seat: int) -> None:
        reason = self.finished_reason()
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
        game = load_position(cls, position, options)
        game.start_position = game.position()
        return game

    # ----- the search path of engine.ai (base.Game.legal_actions): a move is its empty card ---------
    _plain_state = True

    def legal_actions(self) -> list[Cell]:
        return actions(self)

    def apply_action(self, cell: Cell) -> None:
        """Place on ``cell`` as ``play`` does, without narrating it (``last_events`` is left empty)."""
        seat = self.seat_to_move
        assert seat is not None  # the search applies actions of running games only
        self.supply[seat] -= 1
        place_ring_quietly(self.width, self.height, self.cards, self.contents, cell, self.colours[seat])
        self.last_events = []
        self._after_turn(seat)
        self.record_action(move_text(cell))

    def action_text(self, cell: Cell) -> str:
        return move_text(cell)
