"""The Ancient Pai Sho game (ancient.md): seeded piles and hands, the Centerpiece and the play
order, draw / discard, place-then-move turns with every tile's effect, the exact-target win, the
other ends, every message in its check order, private hands and the test-position format (3.8).

Hands and piles are private: ``hand_text(seat)`` is for that player only, the seed reproduces
everything, and ``secret_seed`` tells the bot to keep the seed to itself while the game runs.
"""
from __future__ import annotations

import random
import re
from typing import Any

from ..base import Game, IllegalMove, Outcome
from ..options import Option, check_all
from ..paisho import notation as pn
from ..paisho.board import CENTRE, COLOURS, ORDER, ORTHOGONAL, POINT_SET, POINTS, RED, SURROUNDING, WHITE, Point, name
from ..paisho.rng import SplitMix64
from .tiles import (
    ALIASES,
    COUNT,
    FLOWERS,
    IMMOBILE,
    MOVE_TYPE,
    NAMES,
    ONE_TIME,
    WHITE_FLOWERS,
    Board,
    full_set,
    harmony_count,
)
from .tiles import ORDER as TILE_ORDER

GAME = "Ancient Pai Sho"
OPTIONS = (
    Option("target", "the exact number of harmonies that wins", 5, low=1, high=30, suggestions=("3", "5", "7", "10")),
    Option("hand_size", "the most tiles a hand may hold", 5, low=1, high=10, suggestions=("3", "5", "7")),
    Option("max_turns", "the game is drawn after this many turns (both players)", 200, low=1, high=10000,
           suggestions=("100", "200")),
)
EXAMPLES = "draw, Ja@i5, Rh@k7,k7-k5, Bo@m9-m5, Wh@j10>cw3"
CHOOSE_FIRST = "First choose the play order: choose first or choose second"
NO_PASS = "You can still draw or place; you cannot pass"
BARE_MOVE = "A move comes after a placement: write T@loc,from-to"
SHIP_FORM = "The Ship moves a tile: write Bo@<the tile's point>-<an empty point>"
LOC = pn.LOCATION
_PLACE_RE = re.compile(rf"^([a-z]+)@({LOC})(?:-({LOC})|>(cw|ccw)([0-9]+))?$", re.IGNORECASE | re.ASCII)
_MOVE_RE = re.compile(rf"^({LOC})([-x])({LOC})$", re.IGNORECASE | re.ASCII)
_RING = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))  # N, NE, ..., NW
STRAIGHT_RANGE = {"Ja": 3, "Ro": 3, "WJ": 5, "Rh": 5}


def normalise_options(options: dict[str, Any] | None) -> dict[str, Any]:
    return check_all(GAME, OPTIONS, 2, options)


def sort_hand(hand: list[str]) -> list[str]:
    return sorted(hand, key=TILE_ORDER.index)


class Placement:
    """A parsed placement: tile, point, and the Ship's destination or the Wheel's turn."""

    def __init__(self, code: str, at: Point, dest: Point | None = None, turn: int = 0) -> None:
        self.code, self.at, self.dest, self.turn = code, at, dest, turn

    def text(self) -> str:
        if self.dest is not None:
            return f"{self.code}@{name(self.at)}-{name(self.dest)}"
        if self.turn:
            return f"{self.code}@{name(self.at)}>cw{self.turn}"
        return f"{self.code}@{name(self.at)}"


class AncientGame(Game):
    """Ancient Pai Sho for two players; seat 0 is P1 (the host)."""

    variant = "ancient"
    secret_seed = True
    hidden_hands = True
    hidden_entry_words = ("draw",)  # a draw shows the drawer a tile: never taken back
    lists_moves_in_parts = True  # a Ship in hand on a crowded board: millions of turns (3.4.3)
    REASON_TEXT = {"exact_target": "exactly the target number of harmonies", "passes": "both players passed",
                   "turn_limit": "the turn limit"}

    def __init__(self, players: int, seed: int, options: dict[str, Any] | None) -> None:
        super().__init__(players, seed, options)
        self.options = normalise_options(options)
        self.target, self.hand_size = self.options["target"], self.options["hand_size"]
        rng = SplitMix64(seed)
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
        self._to_move = self.chooser
        self.pending = False
        self._draw_recorded = False
        self.last_pass = False
        self.turns = 0
        self.count = harmony_count(self.board)
        self.last: dict[str, Any] | None = None

    # ----- the contract -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.outcome is not None else self._to_move

    @property
    def scores(self) -> tuple[int, ...]:
        """Tiles each player has on the board (the harmony count belongs to nobody)."""
        return tuple(sum(1 for owner, _, _ in self.board.values() if owner == p) for p in (0, 1))

    def seat_label(self, seat: int) -> str:
        return f"P{seat + 1}"

    def _suggest(self, key: str, limit: int) -> list[str]:
        """Completes a turn part by part, so a crowded position never lists millions of turns:
        first the draw and the placements (only of the tile typed so far), then, after a comma,
        the moves that may follow that placement."""
        if self.phase != "play" or self.pending:
            return super()._suggest(key, limit)
        head, comma, tail = key.partition(",")
        p = self._to_move
        if comma:
            try:
                place, _ = self._parse_placement(head)
                self._check_placement(p, place)
            except IllegalMove:
                return []
            board, _ = self._after_placement(p, place)
            if harmony_count(board) == self.target:
                return []
            return [f"{place.text()},{m}" for m in self._moves(board, p) if m.lower().startswith(tail)][:limit]
        found = [word for word in ("draw",) if self.piles[p] and word.startswith(key)]
        codes = [c for c in dict.fromkeys(self.hands[p]) if (c.lower() + "@").startswith(key[:len(c) + 1])]
        for place in self._placements(p, codes):
            if len(found) >= limit:
                break
            if place.text().lower().startswith(key):
                found.append(place.text())
        if not found and "pass".startswith(key) and self._stuck(p):
            found.append("pass")
        return found[:limit]

    def _stuck(self, p: int) -> bool:
        """Whether ``p`` can neither draw nor place (then only ``pass`` is legal)."""
        return not self.piles[p] and next(iter(self._placements(p)), None) is None

    def random_move(self, rng: random.Random) -> str:
        """The random player of A-8: a random discard; else draw with probability 1/3 (always when
        no placement is legal), else a random placement followed half the time by a random move."""
        if self.phase == "choose" or self.pending:
            return rng.choice(self.legal_moves())
        p = self._to_move
        placements = list(self._placements(p))
        if not placements:
            return "draw" if self.piles[p] else "pass"
        if self.piles[p] and rng.random() < 1 / 3:
            return "draw"
        place = rng.choice(placements)
        board, _ = self._after_placement(p, place)
        if harmony_count(board) != self.target and rng.random() < 0.5:
            moves = self._moves(board, p)
            if moves:
                return f"{place.text()},{rng.choice(moves)}"
        return place.text()

    def _play(self, move: str) -> str:
        text = pn.squash(move)
        low = text.lower()
        if self.phase == "choose":
            if low not in ("choosefirst", "choosesecond"):
                raise IllegalMove(CHOOSE_FIRST)
            first = self._to_move if low == "choosefirst" else 1 - self._to_move
            self.phase, self._to_move, self._legal = "play", first, None
            self.last = {"kind": "choose"}
            return f"choose {low[6:]}"
        if low in ("choosefirst", "choosesecond"):
            raise IllegalMove("The play order is already chosen")
        p = self._to_move
        if low.startswith("draw,discard"):
            return self._draw_and_discard(p, text[len("draw,discard"):])
        if low.startswith("discard"):
            return self._discard(p, text[len("discard"):])
        if self.pending:
            raise IllegalMove(self._discard_first(p))
        if low == "draw":
            return self._draw(p)
        if low == "pass":
            if not self._stuck(p):
                raise IllegalMove(NO_PASS)
            self.last = {"kind": "pass", "player": p}
            self._end_turn(passed=True)
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
        from .view import board_view
        return board_view(self)

    def hand_view(self, seat: int):
        """Seat ``seat``'s own hand, for that player alone (engine.ancient.view)."""
        from .view import hand_view
        return hand_view(self, seat)

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
        """The note for ``seat`` alone: the tile they just drew, and their hand."""
        if self.last and self.last["kind"] in ("draw", "discard") and self.last["player"] == seat:
            return f"You drew a {NAMES[self.last['code_drawn']]}. {self.hand_text(seat)}"
        return self.hand_text(seat)

    # ----- drawing and discarding -------------------------------------------------------
    def _discard_first(self, p: int) -> str:
        return f"Discard a tile first (your hand holds {len(self.hands[p])}; the limit is {self.hand_size})"

    def _code(self, token: str) -> str:
        code = ALIASES.get(token.lower())
        if code is None:
            raise IllegalMove(pn.cant_read(token, EXAMPLES))
        return code

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
        self._end_turn()
        return "draw"

    def _discard(self, p: int, token: str) -> str:
        code = self._code(token)
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
        self._end_turn()
        return f"draw,discard {code}"

    def _draw_and_discard(self, p: int, token: str) -> str:
        """The record form ``draw,discard T`` as one input: all or nothing."""
        code = self._code(token)
        if self.pending:
            raise IllegalMove(self._discard_first(p))
        if not self.piles[p]:
            raise IllegalMove("Your draw pile is empty")
        after = sort_hand(self.hands[p] + [self.piles[p][0]])
        if len(after) <= self.hand_size:
            raise IllegalMove("You discard only after a draw that overfills your hand")
        if code not in after:
            raise IllegalMove(f"You have no {NAMES[code]} in your hand")
        self._draw(p)
        self._draw_recorded = False  # this draw is part of this one input
        return self._discard(p, code)

    # ----- placing and moving -------------------------------------------------------------------
    def _parse_placement(self, text: str) -> tuple[Placement, tuple | None]:
        head, comma, tail = text.partition(",")
        if _MOVE_RE.match(head) and not comma:
            raise IllegalMove(BARE_MOVE)
        m = _PLACE_RE.match(head)
        code = ALIASES.get(m.group(1).lower()) if m else None
        move = _MOVE_RE.match(tail) if comma else None
        if code is None or (comma and move is None):
            raise IllegalMove(pn.cant_read(text, EXAMPLES))
        at_tok, dest_tok, way, k = m.group(2), m.group(3), m.group(4), m.group(5)
        written = f"{code}@{at_tok.lower()}"
        if dest_tok and code != "Bo":
            shown = pn.echo(f"{written}-{dest_tok.lower()}")
            raise IllegalMove(f"Only the Ship is written with a destination ({shown})")
        if way and code != "Wh":
            shown = pn.echo(f"{written}>{way.lower()}{k}")
            raise IllegalMove(f"Only the Wheel is written with a rotation ({shown})")
        if code == "Bo" and not dest_tok:
            raise IllegalMove(SHIP_FORM)
        turn = 0
        if way:
            if len(k) != 1 or k not in "1234567":
                raise IllegalMove(pn.cant_read(text, EXAMPLES))
            turn = int(k) if way.lower() == "cw" else 8 - int(k)
        tokens = [at_tok] + ([dest_tok] if dest_tok else []) + ([move.group(1), move.group(3)] if move else [])
        points = [pn.read_point(token) for token in tokens]
        place = Placement(code, points[0], points[1] if dest_tok else None, turn)
        move_part = (points[-2], points[-1], move.group(2).lower() == "x") if move else None
        return place, move_part

    def _check_placement(self, p: int, place: Placement) -> None:
        code, at = place.code, place.at
        if code not in self.hands[p]:
            raise IllegalMove(f"You have no {NAMES[code]} in your hand")
        board, loc = self.board, name(at)
        if code in FLOWERS:
            need = RED if code in WHITE_FLOWERS else WHITE
            if need not in COLOURS[at]:
                colour = "white" if code in WHITE_FLOWERS else "red"
                raise IllegalMove(f"{NAMES[code]} (a {colour} flower) must be placed on a point with some "
                                  f"{need} ({loc})")
        if code == "Bo":
            if at not in board:
                raise IllegalMove(f"The Ship must be placed on a tile ({loc} is empty)")
            if board[at][2]:
                raise IllegalMove("The Ship cannot move a drained tile")
            if place.dest in board or place.dest == at:
                raise IllegalMove(pn.occupied(name(place.dest)))
            return
        if at in board:
            raise IllegalMove(pn.occupied(loc))
        if place.turn:
            ring = [(at[0] + dx, at[1] + dy) for dx, dy in _RING]
            held = [(i, q) for i, q in enumerate(ring) if q in board]
            if not held:
                raise IllegalMove("The Wheel has nothing to rotate")
            for _, q in held:
                if board[q][2]:
                    raise IllegalMove(f"The drained tile on {name(q)} jams the Wheel")
                if board[q][1] == "Rk":
                    raise IllegalMove(f"The Coin on {name(q)} jams the Wheel")
            for i, q in held:
                if ring[(i + place.turn) % 8] not in POINT_SET:
                    raise IllegalMove(f"{NAMES[board[q][1]]} would leave the board")

    def _after_placement(self, p: int, place: Placement) -> tuple[Board, list[str]]:
        """The board and the hand after a (checked) placement, with its effect."""
        board = {q: list(v) for q, v in self.board.items()}
        hand = list(self.hands[p])
        hand.remove(place.code)
        at = place.at
        if place.code == "Bo":
            board[place.dest] = board.pop(at)
            board[at] = [p, "Bo", False]
            return board, hand
        board[at] = [p, place.code, False]
        if place.code == "Kn":
            for q in SURROUNDING[at]:
                if q in board and board[q][1] in FLOWERS:
                    board[q][2] = True
        elif place.turn:
            ring = [(at[0] + dx, at[1] + dy) for dx, dy in _RING]
            moving = {i: board.pop(q) for i, q in enumerate(ring) if q in board}
            for i, tile in moving.items():
                board[ring[(i + place.turn) % 8]] = tile
        return board, hand

    def _place_and_move(self, p: int, move: str, text: str) -> str:
        place, move_part = self._parse_placement(text)
        self._check_placement(p, place)
        board, hand = self._after_placement(p, place)
        canonical = place.text()
        count = harmony_count(board)
        moved = None
        if move_part is not None and count != self.target:
            a, b, with_x = move_part
            written = self._check_move(board, p, a, b, with_x)
            removed = board.get(b)
            board[b] = board.pop(a)
            canonical += "," + written
            moved = (a, b, removed)
            count = harmony_count(board)
        done = count == self.target
        self.board, self.hands[p], self.count = board, hand, count
        self.last = {"kind": "place", "player": p, "place": place, "move": moved}
        if done:
            self.turns += 1
            self._legal = None
            self.outcome = Outcome((p,), None, "exact_target")
            return canonical
        self._end_turn()
        return canonical

    def _check_move(self, board: Board, p: int, a: Point, b: Point, with_x: bool) -> str:
        an, bn = name(a), name(b)
        if a not in board:
            raise IllegalMove(pn.empty(an))
        owner, code, drained = board[a]
        tile = "drained tile" if drained else NAMES[code]
        if owner != p:
            raise IllegalMove(pn.not_yours(tile, an))
        if drained:
            raise IllegalMove(f"The drained tile on {an} cannot move")
        if code in IMMOBILE:
            raise IllegalMove(f"The {NAMES[code]} cannot move")
        dx, dy = b[0] - a[0], b[1] - a[1]
        straight = (dx == 0) != (dy == 0)
        steps = abs(dx) + abs(dy)
        kind = MOVE_TYPE.get(code, code)
        if kind in (3, 5):
            if not straight:
                raise IllegalMove(f"{tile} moves in a straight line along a rank or file")
            if steps > kind:
                raise IllegalMove(f"{tile} can move at most {kind} points")
            self._check_passed(board, tile, a, b)
        elif kind == "L":
            if (dx, dy) == (0, 0) or abs(dx) > 2 or abs(dy) > 2:
                raise IllegalMove(f"{tile} moves at most 2 points each way, turning once")
            if straight:
                self._check_passed(board, tile, a, b)
            elif not any(self._clear(board, path) for path in _l_paths(a, b)):
                raise IllegalMove(f"{tile} has no clear L-shaped path to {bn}")
        elif code == "WL":
            if steps == 0 or steps > 2:
                raise IllegalMove("Lotus can move at most 2 points")
            paths = [[((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)]] if straight else _l_paths(a, b)
            if steps == 2 and not any(self._clear(board, path) for path in paths):
                raise IllegalMove(f"Lotus has no clear path to {bn}")
        else:  # the Dragon
            if not straight or steps not in (1, 6):
                raise IllegalMove("The Dragon moves 1 point or exactly 6 points straight")
        target = board.get(b)
        if target is not None:
            if target[2]:
                raise IllegalMove(f"Nothing may land on the drained tile on {bn}")
            if not (target[1] == "WD" or code == "WD"):
                raise IllegalMove(pn.occupied(bn))
            return f"{an}x{bn}"
        if with_x:
            raise IllegalMove(f"There is nothing to capture on {bn}")
        return f"{an}-{bn}"

    @staticmethod
    def _clear(board: Board, path: list[Point]) -> bool:
        return all(q in POINT_SET and q not in board for q in path)

    @staticmethod
    def _check_passed(board: Board, tile: str, a: Point, b: Point) -> None:
        d = ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))
        q = (a[0] + d[0], a[1] + d[1])
        while q != b:
            if q in board:
                raise IllegalMove(f"{tile} cannot pass over the tile on {name(q)}")
            q = (q[0] + d[0], q[1] + d[1])

    # ----- turns and the end ------------------------------------------------------------------
    def _end_turn(self, passed: bool = False) -> None:
        self._legal = None
        self.turns += 1
        two_passes = passed and self.last_pass
        self.last_pass = passed
        self._to_move = 1 - self._to_move
        if two_passes:
            self.outcome = Outcome((0, 1), None, "passes")
        elif self.turns >= self.options["max_turns"]:
            self.outcome = Outcome((0, 1), None, "turn_limit")

    def result(self) -> dict[str, Any] | None:
        out = self.outcome
        if out is None:
            return None
        return {**pn.result_head(out), "count": self.count}

    # ----- the legal-move list (3.4.3) --------------------------------------------------------
    def _placements(self, p: int, codes: list[str] | None = None):
        """Every legal placement of ``p`` (of the tile types ``codes``, default all in hand)."""
        board = self.board
        empty = [q for q in POINTS if q not in board]
        for code in (codes if codes is not None else dict.fromkeys(self.hands[p])):
            if code in FLOWERS:
                need = RED if code in WHITE_FLOWERS else WHITE
                for q in empty:
                    if need in COLOURS[q]:
                        yield Placement(code, q)
            elif code == "Bo":
                for t in sorted(board, key=ORDER.__getitem__):
                    if not board[t][2]:
                        for d in empty:
                            yield Placement("Bo", t, d)
            else:
                for q in empty:
                    yield Placement(code, q)
                    if code == "Wh" and any(r in board for r in SURROUNDING[q]):  # something to turn
                        for k in range(1, 8):
                            place = Placement("Wh", q, turn=k)
                            try:
                                self._check_placement(p, place)
                            except IllegalMove:
                                continue
                            yield place

    def _moves(self, board: Board, p: int) -> list[str]:
        out = []
        for a in sorted(board, key=ORDER.__getitem__):
            owner, code, drained = board[a]
            if owner != p or drained or code in IMMOBILE:
                continue
            for b in _candidates(a, code):
                if b not in POINT_SET or b == a:
                    continue
                try:
                    out.append(self._check_move(board, p, a, b, False))
                except IllegalMove:
                    continue
        return out

    def _generate(self) -> list[str]:
        p = self._to_move
        if self.phase == "choose":
            return ["choose first", "choose second"]
        if self.pending:
            return [f"discard {c}" for c in dict.fromkeys(self.hands[p])]
        out = ["draw"] if self.piles[p] else []
        for place in self._placements(p):
            text = place.text()
            out.append(text)
            board, _ = self._after_placement(p, place)
            if harmony_count(board) != self.target:
                out += [f"{text},{m}" for m in self._moves(board, p)]
        return out or ["pass"]

    # ----- positions (3.8) ----------------------------------------------------------------------
    def _board_parts(self) -> list[str]:
        """The shared start of both position texts: who is to move, the tiles, the drained ones."""
        parts = [f"to_move: P{(self._to_move or 0) + 1}"]
        for p in (0, 1):
            tiles = sorted((q for q, v in self.board.items() if v[0] == p), key=ORDER.__getitem__)
            parts.append(f"P{p + 1}: " + ", ".join(f"{self.board[q][1]} {name(q)}" for q in tiles))
        parts.append("drained: " + " ".join(name(q) for q in sorted(self.board, key=ORDER.__getitem__)
                                            if self.board[q][2]))
        return parts

    def public_position(self) -> str:
        """The board, counts and sizes everybody may see (no hand, no pile order)."""
        return "; ".join(self._board_parts() + [
            f"hands: {len(self.hands[0])}, {len(self.hands[1])}; piles: {len(self.piles[0])}, "
            f"{len(self.piles[1])}; turns: {self.turns}"])

    def position(self) -> str:
        """The whole position in the test-position format, hands and piles included (private)."""
        parts = self._board_parts()
        for p in (0, 1):
            parts.append(f"P{p + 1} hand: " + " ".join(self.hands[p]))
            parts.append(f"P{p + 1} pile: " + " ".join(self.piles[p]))
        parts += [f"turns: {self.turns}", f"last_pass: {'yes' if self.last_pass else 'no'}"]
        return "; ".join(parts)

    @classmethod
    def from_position(cls, position: str, options: dict[str, Any] | None = None) -> AncientGame:
        game = cls(2, 0, options)
        game.load_options = dict(options or {})
        game.board, game.discards = {}, []
        game.hands, game.piles = [[], []], [[], []]
        game.phase, game._to_move, game.chooser = "play", 0, 0
        drained: list[Point] = []
        for key, value in pn.position_parts(position):
            if key == "to_move":
                if value.strip().upper() not in ("P1", "P2"):
                    raise ValueError("to_move must be P1 or P2.")
                game._to_move = int(value.strip()[1]) - 1
            elif key in ("p1", "p2"):
                for item in filter(None, (i.strip() for i in value.split(","))):
                    bits = item.split()
                    code = ALIASES.get(bits[0].lower()) if len(bits) == 2 else None
                    point = pn.point_of(bits[1]) if code else None
                    if code is None or point is None:
                        raise ValueError(f"I can't read the tile '{item}'; write tiles as Rh i9.")
                    if point in game.board:
                        raise ValueError(f"{name(point)} is named twice.")
                    game.board[point] = [int(key[1]) - 1, code, False]
            elif key == "drained":
                for token in value.split():
                    point = pn.point_of(token)
                    if point is None:
                        raise ValueError(pn.off_board(token) + ".")
                    drained.append(point)
            elif key in ("p1 hand", "p2 hand", "p1 pile", "p2 pile"):
                codes = []
                for token in value.split():
                    code = ALIASES.get(token.lower())
                    if code is None:
                        raise ValueError(f"'{token}' is not an Ancient Pai Sho tile.")
                    codes.append(code)
                p = int(key[1]) - 1
                if key.endswith("hand"):
                    game.hands[p] = sort_hand(codes)
                else:
                    game.piles[p] = codes
            elif key == "turns" and value.strip().isdigit():
                game.turns = int(value.strip())
            elif key == "last_pass" and value.strip().lower() in ("yes", "no"):
                game.last_pass = value.strip().lower() == "yes"
            else:
                raise ValueError(f"Unexpected '{key}: {value.strip()}' in the position.")
        for point in drained:
            if point not in game.board or game.board[point][1] not in FLOWERS:
                raise ValueError(f"Only a flower can lie drained ({name(point)}).")
            game.board[point][2] = True
        for p in (0, 1):
            if len(game.hands[p]) > game.hand_size:
                raise ValueError(f"P{p + 1}'s hand holds more than {game.hand_size} tiles.")
            for code in COUNT:
                n = (sum(1 for v in game.board.values() if v[0] == p and v[1] == code)
                     + game.hands[p].count(code) + game.piles[p].count(code))
                if n > COUNT[code]:
                    raise ValueError(f"P{p + 1} has more than {COUNT[code]} {NAMES[code]} tiles.")
        game.count = harmony_count(game.board)
        game._legal = None
        game.start_position = game.position()
        return game


def _l_paths(a: Point, b: Point) -> list[list[Point]]:
    """The passed points of the two L paths from a to b (rank first, file first), corner included."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    rank_first = [(a[0] + i * sx, a[1]) for i in range(1, abs(dx) + 1)]
    rank_first += [(b[0], a[1] + j * sy) for j in range(1, abs(dy))]
    file_first = [(a[0], a[1] + j * sy) for j in range(1, abs(dy) + 1)]
    file_first += [(a[0] + i * sx, b[1]) for i in range(1, abs(dx))]
    return [rank_first, file_first]


def _candidates(a: Point, code: str) -> list[Point]:
    """Every point a tile of this kind could reach by its shape (before paths and occupancy)."""
    kind = MOVE_TYPE.get(code, code)
    x, y = a
    if kind in (3, 5):
        return [(x + dx * k, y + dy * k) for dx, dy in ORTHOGONAL for k in range(1, kind + 1)]
    if kind == "L":
        return [(x + i, y + j) for i in range(-2, 3) for j in range(-2, 3)]
    if code == "WL":
        return [(x + i, y + j) for i in range(-2, 3) for j in range(-2, 3) if 0 < abs(i) + abs(j) <= 2]
    return [(x + dx * k, y + dy * k) for dx, dy in ORTHOGONAL for k in (1, 6)]
