"""The Ancient Pai Sho game (docs/rules/ancient.md): the turn cycle. Seeded piles and hands, the
Centerpiece and the play order, draw / discard, place-then-move turns, the exact-target win, the
other ends, every message of a turn in its check order, and private hands.

Beside it: reading and writing turns (notation), placement and movement rules, the harmony count
(harmony), the legal moves listed whole or part by part (moves), tiles, and the test-position
format (3.8; position). Hands and piles are private: ``hand_text(seat)`` is for that player only,
the seed reproduces everything, and ``secret_seed`` tells the bot to keep the seed to itself while
the game runs.
"""
from __future__ import annotations

import random
from typing import Any

from ..base import Game, IllegalMove, Outcome
from ..options import Option, check_all
from ..paisho import notation as pn
from ..paisho.board import CENTRE
from ..paisho.rng import generator
from . import fast, moves, view
from .harmony import count_after, harmony_count, line_harmonies, lines_through
from .movement import check_move
from .notation import parse_placement, read_code
from .placement import after_placement, changed_points, check_placement
from .position import load_position, public_position, write_position
from .tiles import NAMES, ONE_TIME, Board, full_set, sort_hand

GAME = "Ancient Pai Sho"
OPTIONS = (
    Option("target", "the exact number of harmonies that wins", 5, low=1, high=30, suggestions=("3", "5", "7", "10")),
    Option("hand_size", "the most tiles a hand may hold", 5, low=1, high=10, suggestions=("3", "5", "7")),
    Option("max_turns", "the game is drawn after this many turns (both players)", 200, low=1, high=10000,
           suggestions=("100", "200")),
)
CHOOSE_FIRST = "First choose the play order: choose first or choose second"
NO_PASS = "You can still draw or place; you cannot pass"


def normalise_options(options: dict[str, Any] | None) -> dict[str, Any]:
    return check_all(GAME, OPTIONS, 2, options)


class AncientGame(Game):
    """Ancient Pai Sho for two players; seat 0 is P1 (the host)."""

    variant = "ancient"
    secret_seed = True
    hidden_hands = True
    hidden_entry_words = ("draw",)  # a draw shows the drawer a tile: never taken back
    lists_moves_in_parts = True  # a Ship in hand on a crowded board: millions of turns (3.4.3)
    _from_record = False  # set while a stored record entry is applied (apply_record_entry)
    REASON_TEXT = {"exact_target": "exactly the target number of harmonies", "passes": "both players passed",
                   "turn_limit": "the turn limit"}

    def __init__(self, players: int, seed: int, options: dict[str, Any] | None) -> None:
        super().__init__(players, seed, options)
        self.options = normalise_options(options)
        self.target, self.hand_size = self.options["target"], self.options["hand_size"]
        rng = generator(seed)  # keyed for new games: the deal cannot be worked out (rng.py)
        self.piles: list[list[str]] = []
        for _ in (0, 1):
            tiles = full_set()
            rng.shuffle(tiles)
            self.piles.append(tiles)
        self.hands = [sort_hand(self.piles[p][:self.hand_size]) for p in (0, 1)]
        self.dealt = [self.piles[p][:self.hand_size] for p in (0, 1)]  # in deal order
        self.piles = [self.piles[p][self.hand_size:] for p in (0, 1)]
        self.discards: list[tuple[int, str]] = []
        while self.piles[0] and self.piles[0][0] in ONE_TIME:
            self.discards.append((0, self.piles[0].pop(0)))
        self.board: Board = {}
        if self.piles[0]:
            self.board[CENTRE] = [0, self.piles[0].pop(0), False]
        self.chooser = rng.below(2)
        self.phase = "choose"
        self.seat_to_move = self.chooser
        self.pending = False
        self._draw_recorded = False
        self.last_pass = False
        self.turns = 0
        self.count = harmony_count(self.board)
        self.last: dict[str, Any] | None = None

    # ----- the contract -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.outcome is not None else self.seat_to_move

    @property
    def scores(self) -> tuple[int, ...]:
        """Tiles each player has on the board (the harmony count belongs to nobody)."""
        return tuple(sum(1 for owner, _, _ in self.board.values() if owner == p) for p in (0, 1))

    def seat_label(self, seat: int) -> str:
        return f"P{seat + 1}"

    def _generate(self) -> list[str]:
        return moves.legal_moves(self)

    def _suggest(self, key: str, limit: int) -> list[str]:
        """In the play phase a turn is completed part by part (``moves.suggest``)."""
        if self.phase != "play" or self.pending:
            return super()._suggest(key, limit)
        return moves.suggest(self, key, limit)

    def random_move(self, rng: random.Random) -> str:
        """The random player of A-8 (``fast.random_action``, written out)."""
        return self.action_text(fast.random_action(self, rng))

    def _play(self, move: str) -> str:
        text = pn.squash(move)
        low = text.lower()
        if self.phase == "choose":
            if low not in ("choosefirst", "choosesecond"):
                raise IllegalMove(CHOOSE_FIRST)
            first = self.seat_to_move if low == "choosefirst" else 1 - self.seat_to_move
            self.phase, self.seat_to_move, self._legal = "play", first, None
            self.last = {"kind": "choose"}
            return f"choose {low[6:]}"
        if low in ("choosefirst", "choosesecond"):
            raise IllegalMove("The play order is already chosen")
        p = self.seat_to_move
        if low.startswith("draw,discard"):
            return self._draw_and_discard(p, text[len("draw,discard"):])
        if low.startswith("discard"):
            return self._discard(p, text[len("discard"):])
        if self.pending:
            raise IllegalMove(self._discard_first(p))
        if low == "draw":
            return self._draw(p)
        if low == "pass":
            if not moves.stuck(self, p):
                raise IllegalMove(NO_PASS)
            self.last = {"kind": "pass", "player": p}
            self.end_turn(passed=True)
            return "pass"
        return self._place_and_move(p, move, text)

    def _resign(self, player: int, reason: str) -> None:
        self.outcome = Outcome((1 - player,), None, reason)

    def _over_message(self, move: str) -> str:
        text = pn.squash(move)
        if not text.lower().startswith(("draw", "discard", "choose")) and text.lower() not in ("pass", "resign"):
            pn.check_points(text)
        return pn.OVER

    def turn_words(self) -> str:
        if self.phase == "choose":
            return "chooses who plays first (choose first or choose second)"
        return "to move (must discard)" if self.pending else "to move"

    def position_text(self) -> str:
        return self.position() if self.outcome is not None else self.public_position()

    def view(self):
        """The picture's immutable snapshot of the game (AncientView, engine.ancient.view)."""
        return view.board_view(self)

    def hand_view(self, seat: int):
        """Seat ``seat``'s own hand, for that player alone (engine.ancient.view)."""
        return view.hand_view(self, seat)

    def describe_last_turn(self) -> str:
        if self.last_was_leave or not self.last:
            return ""
        who = f"P{self.last.get('player', 0) + 1}"
        if self.last["kind"] == "discard":
            return f"{who} drew a tile and discarded a {NAMES[self.last['code']]}"
        if self.last["kind"] == "draw":
            return f"{who} drew a tile and must discard one" if self.pending else f"{who} drew a tile"
        if self.last["kind"] in ("place", "pass"):
            return f"Harmonies {self.count} of {self.target}"
        return ""

    # ----- private information ---------------------------------------------------------------
    def hand_text(self, seat: int) -> str:
        """What only that player sees: their hand in canonical order."""
        hand = self.hands[seat]
        return f"Your hand ({len(hand)}/{self.hand_size}): " + (" ".join(hand) if hand else "empty")

    def private_note(self, seat: int) -> str:
        """The note for ``seat`` alone: the tile they just drew (a discard after a draw they saw
        says only the discard), and their hand."""
        last = self.last
        if last and last.get("player") == seat:
            if last["kind"] == "draw":
                return f"You drew a {NAMES[last['code_drawn']]}. {self.hand_text(seat)}"
            if last["kind"] == "discard" and last.get("joined"):
                return (f"You drew a {NAMES[last['code_drawn']]} and discarded a {NAMES[last['code']]}. "
                        f"{self.hand_text(seat)}")
            if last["kind"] == "discard":
                return f"You discarded a {NAMES[last['code']]}. {self.hand_text(seat)}"
        return self.hand_text(seat)

    # ----- drawing and discarding -------------------------------------------------------
    def _discard_first(self, p: int) -> str:
        return f"Discard a tile first (your hand holds {len(self.hands[p])}; the limit is {self.hand_size})"

    def _draw(self, p: int) -> str:
        if not self.piles[p]:
            raise IllegalMove("Your draw pile is empty")
        tile = self.piles[p].pop(0)
        self.hands[p] = sort_hand(self.hands[p] + [tile])
        self._legal = None
        self.last = {"kind": "draw", "player": p, "code_drawn": tile}
        if len(self.hands[p]) > self.hand_size:
            self.pending = True
            self._draw_recorded = True  # recorded as "draw" until the discard completes the turn
            return "draw"
        self.end_turn()
        return "draw"

    def _discard(self, p: int, token: str) -> str:
        code = read_code(token)
        if not self.pending:
            raise IllegalMove("You discard only after a draw that overfills your hand")
        if code not in self.hands[p]:
            raise IllegalMove(f"You have no {NAMES[code]} in your hand")
        self.hands[p].remove(code)
        self.discards.append((p, code))
        self.pending = False
        drawn = self.last["code_drawn"] if self.last else code
        self.last = {"kind": "discard", "player": p, "code": code, "code_drawn": drawn}
        if self._draw_recorded:
            self.record.pop()  # one turn, one record entry: draw,discard T
            self._draw_recorded = False
        self.end_turn()
        return f"draw,discard {code}"

    def apply_record_entry(self, entry: str) -> None:
        """A stored entry ``draw,discard T`` may discard the very tile the draw took (the player saw
        it before discarding); typed as one input, it may name only a tile already in the hand."""
        self._from_record = True
        try:
            super().apply_record_entry(entry)
        finally:
            del self._from_record

    def _draw_and_discard(self, p: int, token: str) -> str:
        """The record form ``draw,discard T`` as one input: all or nothing. Typed by a player, T must
        already be in the hand, and every refusal reads the same whatever lies on the pile: a player
        learns nothing of an unseen tile by trying (to discard the tile you draw: draw, then discard)."""
        code = read_code(token)
        if self.pending:
            raise IllegalMove(self._discard_first(p))
        if not self.piles[p]:
            raise IllegalMove("Your draw pile is empty")
        if len(self.hands[p]) + 1 <= self.hand_size:
            raise IllegalMove("You discard only after a draw that overfills your hand")
        if code not in (self.hands[p] + [self.piles[p][0]] if self._from_record else self.hands[p]):
            raise IllegalMove(f"You have no {NAMES[code]} in your hand; to discard the tile you draw, "
                              "draw first and then discard it")
        self._draw(p)
        self._draw_recorded = False  # this draw is part of this one input
        written = self._discard(p, code)
        assert self.last is not None
        self.last["joined"] = True  # the player saw the drawn tile only now
        return written

    # ----- placing and moving -------------------------------------------------------------------
    def _place_and_move(self, p: int, move: str, text: str) -> str:
        place, move_part = parse_placement(text)
        check_placement(self.board, self.hands[p], place)
        board, hand = after_placement(self.board, self.hands[p], p, place)
        canonical = place.text()
        count = count_after(self.board, self.count, board, changed_points(place))  # == harmony_count(board)
        moved = None
        if move_part is not None and count != self.target:
            a, b, with_x = move_part
            written = check_move(board, p, a, b, with_x)
            removed = board.get(b)
            lines = lines_through((a, b))  # the count changes only along these
            count -= sum(line_harmonies(board, line) for line in lines)
            board[b] = board.pop(a)
            count += sum(line_harmonies(board, line) for line in lines)
            canonical += "," + written
            moved = (a, b, removed)
        done = count == self.target
        self.board, self.hands[p], self.count = board, hand, count
        self.last = {"kind": "place", "player": p, "place": place, "move": moved}
        if done:
            self.turns += 1
            self._legal = None
            self.outcome = Outcome((p,), None, "exact_target")
            return canonical
        self.end_turn()
        return canonical

    # ----- turns and the end ------------------------------------------------------------------
    def end_turn(self, passed: bool = False) -> None:
        self._legal = None
        self.turns += 1
        two_passes = passed and self.last_pass
        self.last_pass = passed
        self.seat_to_move = 1 - self.seat_to_move
        if two_passes:
            self.outcome = Outcome((0, 1), None, "passes")
        elif self.turns >= self.options["max_turns"]:
            self.outcome = Outcome((0, 1), None, "turn_limit")

    def result(self) -> dict[str, Any] | None:
        out = self.outcome
        if out is None:
            return None
        return {**pn.result_head(out), "count": self.count}

    # ----- the search path (engine.ai; engine/ancient/fast.py) ----------------------------------
    def legal_actions(self) -> list[Any]:
        return fast.all_actions(self)

    def apply_action(self, action: Any) -> None:
        fast.apply_action(self, action)

    def action_text(self, action: Any) -> str:
        return fast.turn_text(self, action)

    def copy(self) -> AncientGame:
        """An independent copy without caches: the board's tiles and every list are new."""
        return fast.copy_game(self)

    # ----- positions (3.8) ----------------------------------------------------------------------
    def public_position(self) -> str:
        """The board, counts and sizes everybody may see (no hand, no pile order)."""
        return public_position(self)

    def position(self) -> str:
        """The whole position in the test-position format, hands and piles included (private)."""
        return write_position(self)

    @classmethod
    def from_position(cls, position: str, options: dict[str, Any] | None = None) -> AncientGame:
        game = cls(2, 0, options)
        game.load_options = dict(options or {})
        load_position(game, position)
        game.start_position = game.position()
        return game
