"""The Kutai Pai Sho game (docs/rules/kutai.md): the turn cycle. Options, placements and their
checks, the total Harmony, best totals and the end of the game.

Beside it: reading and writing placements (notation), the legal-move list (moves), the tiles and
their colour rule (tiles), the tree of harmonies (harmony), and the test-position format (4.6.1;
position). For the AI's search (engine.ai, Kutai's knowledge in ai.py) a placement is also an
action ``(tile code, point)`` applied without reading text, and a random one can be drawn without
listing them all.
"""
from __future__ import annotations

from typing import Any

from ..base import Game, IllegalMove, Outcome
from ..options import Option, check_all
from ..paisho import notation as pn
from ..paisho.board import CENTRE, Point, name
from .harmony import Harmony, Seen, add_to_sight, analyse, disharmonies_after, sight_table
from .moves import legal_moves, random_action
from .notation import MOVE_TEXT, read_placement
from .position import load_position, write_position
from .tiles import ALLOWED, SET, SPECIAL, TILES, TILES_PER_PLAYER, allowed, colour_refusal
from .view import board_view

GAME = "Kutai Pai Sho"
OPTIONS = (
    Option("target", "a total Harmony above this wins", 60, low=0, high=200, suggestions=("40", "60", "80", "100")),
    Option("preference", "Harmony preference: best value first (on) or nearest first (off)", "on",
           choices=("on", "off")),
    Option("sight", "line of sight: ranks, files and diagonals (queen) or any straight line", "queen",
           choices=("queen", "any")),
    Option("exhaustion", "when every tile is placed: the higher best total wins, or a draw", "best",
           choices=("best", "draw")),
)
FIRST_TILE = "The first tile must be the Centerpiece: one of your flowers on i9"


def normalise_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """Checked options with every default written out."""
    return check_all(GAME, OPTIONS, 2, options)


class KutaiGame(Game):
    """Kutai Pai Sho for two players; seat 0 (Player 1) places the Centerpiece."""

    variant = "kutai"
    CACHES = ("_legal", "ai_scan", "ai_reach")  # what the AI found in the position (engine.kutai.ai)
    REASON_TEXT = {"harmony": "the Harmony passed the target", "best_total": "higher best total",
                   "exhausted": "every tile is placed"}

    def __init__(self, players: int, seed: int, options: dict[str, Any] | None) -> None:
        super().__init__(players, seed, options)
        self.options = normalise_options(options)
        self.target: int = self.options["target"]
        self.board: dict[Point, tuple[int, str]] = {}  # in the order the tiles were placed
        self.remaining: list[set[str]] = [set(SET), set(SET)]
        self.best = [0, 0]
        self.harmony: Harmony = analyse({})
        # queen sight: what each tile sees, kept up to date placement by placement (harmony.py)
        self.seen: Seen | None = {} if self.options["sight"] == "queen" else None
        self.ai_scan: Any = None
        self.ai_reach: int | None = None
        self.last: Point | None = None
        self.previous_total = 0

    # ----- the contract -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.outcome is not None:
            return None
        return len(self.board) % 2

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's best total so far (4.5.5)."""
        return tuple(self.best)

    @property
    def total(self) -> int:
        """The total Harmony of the position, shared by both players."""
        return self.harmony.total

    def _generate(self) -> list[str]:
        return legal_moves(self)

    def _play(self, move: str) -> str:
        text = pn.squash(move)
        if text.lower() == "pass":
            raise IllegalMove(pn.NO_PASS)
        tile, point = read_placement(move)
        seat = self.to_move
        assert seat is not None
        if tile.code not in self.remaining[seat]:
            raise IllegalMove(pn.none_left(tile.name))
        if not self.board:
            if tile.kind == SPECIAL or point != CENTRE:
                raise IllegalMove(FIRST_TILE)
        elif not allowed(tile, point):
            raise IllegalMove(colour_refusal(tile, point))
        if point in self.board:
            raise IllegalMove(pn.occupied(name(point)))
        self._place(seat, tile.code, point)
        return MOVE_TEXT[tile.code, point]

    # ----- the search interface (engine.ai): an action is (tile code, point) -------------------
    def legal_actions(self) -> list[tuple[str, Point]]:
        seat = self.to_move
        if seat is None:
            return []
        if not self.board:
            return [(c, CENTRE) for c in SET if TILES[c].kind != SPECIAL]
        board, remaining = self.board, self.remaining[seat]
        return [(c, p) for c in SET if c in remaining for p in ALLOWED[c] if p not in board]

    def apply_action(self, action: tuple[str, Point]) -> None:
        seat = self.to_move
        assert seat is not None
        self._place(seat, action[0], action[1])
        self.record_action(MOVE_TEXT[action])

    def action_text(self, action: tuple[str, Point]) -> str:
        return MOVE_TEXT[action]

    def random_action(self, rng) -> tuple[str, Point]:
        """A uniformly random legal placement, without listing them all (moves.random_action)."""
        return random_action(self, rng)

    def random_move(self, rng) -> str:
        return MOVE_TEXT[random_action(self, rng)]

    def _clone(self) -> KutaiGame:
        """A copy sharing only immutable parts (the tree of harmonies, tuples); no caches."""
        clone = self.__class__.__new__(self.__class__)
        state = dict(self.__dict__)
        for key, item in state.items():
            kind = type(item)
            if kind is dict or kind is list or kind is set:
                state[key] = kind(item)
        state["remaining"] = [set(r) for r in self.remaining]
        for key in self.CACHES:
            state[key] = None
        clone.__dict__ = state
        return clone

    def _resign(self, player: int, reason: str) -> None:
        self.outcome = Outcome((1 - player,), self.scores, reason)

    def _over_message(self, move: str) -> str:
        if pn.squash(move).lower() not in ("pass", "resign"):
            read_placement(move)  # a misspelt move or a point off the board is named first (0.4)
        return pn.OVER

    def position_text(self) -> str:
        return self.position()

    def view(self):
        """The picture's immutable snapshot of the game (KutaiView, engine.kutai.view)."""
        return board_view(self)

    def describe_last_turn(self) -> str:
        if self.last is None or self.last_was_leave:
            return ""
        change = self.total - self.previous_total
        moved = f"{change:+d}" if change else "unchanged"
        return f"Harmony {self.total} ({moved}); more than {self.target} wins"

    # ----- Kutai specifics ------------------------------------------------------------
    def _place(self, seat: int, code: str, point: Point) -> None:
        self._legal = self.ai_scan = self.ai_reach = None
        self.board[point] = (seat, code)
        self.remaining[seat].discard(code)
        self.last = point
        self.previous_total = self.total
        if self.seen is not None:
            add_to_sight(self.seen, self.board, point)
        found = disharmonies_after(self.harmony.disharmonies, self.board, point)
        self.harmony = analyse(self.board, self.options["sight"], self.options["preference"], self.seen, found)
        self.best[seat] = max(self.best[seat], self.total)
        if self.total > self.target:
            self.outcome = Outcome((seat,), self.scores, "harmony")
        elif len(self.board) == 2 * TILES_PER_PLAYER:
            self._exhausted()

    def rebuild_harmony(self) -> None:
        """The tree of harmonies from the board alone (a loaded position)."""
        if self.seen is not None:
            self.seen = sight_table(self.board)
        self.harmony = analyse(self.board, self.options["sight"], self.options["preference"], self.seen)

    def _exhausted(self) -> None:
        """All 58 tiles placed without a win (4.5.5)."""
        if self.options["exhaustion"] == "best" and self.best[0] != self.best[1]:
            winner = 0 if self.best[0] > self.best[1] else 1
            self.outcome = Outcome((winner,), self.scores, "best_total")
        else:
            self.outcome = Outcome((0, 1), self.scores, "exhausted")

    def result(self) -> dict[str, Any] | None:
        """The result as the game record writes it (0.6, 4.5.5)."""
        out = self.outcome
        if out is None:
            return None
        return {**pn.result_head(out), "total": self.total, "best": list(self.best)}

    def position(self) -> str:
        """The position in the test-position format (4.6.1)."""
        return write_position(self)

    @classmethod
    def from_position(cls, position: str, options: dict[str, Any] | None = None) -> KutaiGame:
        game = cls(2, 0, options)
        game.load_options = dict(options or {})
        load_position(game, position)
        if len(game.board) == 2 * TILES_PER_PLAYER:
            game._exhausted()
        game.start_position = game.position()
        return game
