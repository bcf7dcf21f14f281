"""The Basic Pai Sho game (docs/rules/basic.md): the turn cycle. The coin and the choice, the spring
flowers, main-phase turns (place, move, move then ability, ability, pass), the scoring tick, the end
conditions, the final count and every message in its check order.

Beside it: reading and writing moves (notation), the legal-move list (moves), placement, movement
and harmony rules, tiles, and the test-position format (1.8; position). The board maps a point to
``[owner, code, dormant]``; drained tiles, Rock copies and blooming are derived from it
(``harmony.Garden``), never stored.
"""
from __future__ import annotations

from typing import Any

from ..base import ATOMS, Game, IllegalMove, Outcome, plain_copy
from ..options import Option, check_all
from ..paisho import notation as pn
from ..paisho.board import Point, chebyshev, mirror, name, side
from ..paisho.flowers import COUNT, FLOWERS
from ..paisho.flowers import ORDER as TILE_ORDER
from ..paisho.rng import generator
from .actions import Action, action_text, actions, apply_action
from .harmony import Board, Garden, drained_points, is_drained
from .live import LiveGarden
from .movement import ability_fault, colour_message, make_move, move_fault, use_ability
from .moves import input_forms, legal_moves
from .notation import Ability, Turn, ability_text, read_turn
from .placement import entry_message, entry_ports, ranks, spot_fault
from .position import load_position, write_position
from .tiles import NAMES, NON_FLOWERS, PORTS, SPECIAL
from .view import board_view

GAME = "Basic Pai Sho"
OPTIONS = (
    Option("target_points", "the game ends when the player who just moved has this many points; 0 = no target",
           60, low=0, high=10000, suggestions=("0", "30", "60", "100")),
    Option("max_turns", "the game ends after this many turns (both players)", 200, low=1, high=10000,
           suggestions=("100", "200")),
    Option("pot_points", "points the pot winner adds to the final count", 0, low=0, high=1000,
           suggestions=("0", "5", "10")),
)
COIN_FIRST = "The coin winner must first send choose place or choose move"
NOTHING_TO_CHOOSE = "There is nothing to choose now"


def normalise_options(options: dict[str, Any] | None) -> dict[str, Any]:
    return check_all(GAME, OPTIONS, 2, options)


def counts(value: int = 0) -> dict[str, int]:
    return {code: value for code in TILE_ORDER}


class BasicGame(Game):
    """Basic Pai Sho for two players; seat 0 is P1 (the host)."""

    variant = "basic"
    CACHES = ("_legal", "live_garden")  # copy() gives the live garden its own twin (_clone)
    REASON_TEXT = {"ring": "a ring around the centre", "flowers": "3 or fewer basic flowers left",
                   "target": "the target score", "turn_limit": "the turn limit", "passes": "both players passed"}

    def __init__(self, players: int, seed: int, options: dict[str, Any] | None) -> None:
        super().__init__(players, seed, options)
        self.options = normalise_options(options)
        self.coin_winner = generator(seed).coin()
        self.phase = "choose"  # then "spring", then "main"
        self.first_placer: int | None = None
        self.spring_used: list[set[str]] = [set(), set()]
        self.spring_turn = 0
        self.board: Board = {}
        self.reserve = [{code: COUNT[code] for code in TILE_ORDER} for _ in (0, 1)]
        self.pot = [counts(), counts()]  # each player's own tiles in the Pot
        self.flower_total = [6 * len(FLOWERS)] * 2  # basic flowers each player owns in all
        self.running = [0, 0]
        self.turn_no = [0, 0]
        self.main_turns = 0
        self.last_was_pass = False
        self.seat_to_move = self.coin_winner
        self.pot_winner: int | None = None
        self.tally: list[dict[str, int]] | None = None
        self.last: dict[str, Any] | None = None  # what the last turn did (for pictures and messages)
        self.live_garden: LiveGarden | None = None  # the position's garden, kept up to date by each tick

    # ----- the contract -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.outcome is not None else self.seat_to_move

    @property
    def scores(self) -> tuple[int, ...]:
        """The running scores; once the game is over, the final totals."""
        if self.tally is not None:
            return tuple(row["final"] for row in self.tally)
        return tuple(self.running)

    def seat_label(self, seat: int) -> str:
        return f"P{seat + 1}"

    def turn_words(self) -> str:
        if self.phase == "choose":
            return "won the coin: choose place (place the first spring flower) or choose move (move first)"
        if self.phase == "spring":
            return f"places a spring flower ({self.spring_turn + 1} of 6)"
        return "to move"

    def garden(self, board: Board | None = None) -> Garden:
        """The position's Garden read afresh from the tiles (pictures, tests)."""
        return Garden(self.board if board is None else board, self.pot_sizes())

    def drained_tiles(self) -> set[Point]:
        """The drained tiles of the position (the live garden's, once the main phase has ticked)."""
        return self.live_garden.drained if self.live_garden is not None else drained_points(self.board)

    def _clone(self) -> BasicGame:
        """copy(): the state container by container (the search copies a position per node), the
        live garden as its own twin, the legal-move list left out."""
        clone = self.__class__.__new__(self.__class__)
        state = {key: value if type(value) in ATOMS else plain_copy(value)
                 for key, value in self.__dict__.items() if key not in _OWN_COPY}
        state["board"] = board = {q: list(tile) for q, tile in self.board.items()}
        state["reserve"] = [dict(self.reserve[0]), dict(self.reserve[1])]
        state["pot"] = [dict(self.pot[0]), dict(self.pot[1])]
        state["last"] = None if self.last is None else dict(self.last)
        state["_legal"] = None
        state["live_garden"] = None if self.live_garden is None else self.live_garden.copy(board)
        clone.__dict__.update(state)
        return clone

    def pot_sizes(self) -> tuple[int, int]:
        return sum(self.pot[0].values()), sum(self.pot[1].values())

    def _play(self, move: str) -> str:
        turn = read_turn(move)
        if self.phase == "choose":
            if turn.kind != "choose":
                raise IllegalMove(COIN_FIRST)
            return self.choose(turn.word)
        if turn.kind == "choose":
            raise IllegalMove(NOTHING_TO_CHOOSE)
        p = self.seat_to_move
        if self.phase == "spring":
            if turn.kind != "place":
                raise IllegalMove(f"Place a spring flower (for example {self.legal_moves()[0]})")
            assert turn.at is not None  # read_turn gives every placement its point
            return self.place_spring(p, turn.code, turn.at)
        if turn.kind == "pass":
            if self.legal_moves() != ["pass"]:
                raise IllegalMove(pn.NO_PASS)
            return self.pass_turn(p)
        if turn.kind == "place":
            assert turn.at is not None
            return self._place(p, turn.code, turn.at)
        if turn.kind == "move":
            return self._move(p, turn)
        assert turn.ability is not None  # what is left is an ability on its own
        return self._ability_only(p, turn.ability)

    def _generate(self) -> list[str]:
        return legal_moves(self)

    # ----- the search path (engine.ai): actions applied without reading text (actions.py) --------
    def legal_actions(self) -> list[Action]:
        return actions(self)

    def apply_action(self, action: Action) -> None:
        apply_action(self, action)

    def action_text(self, action: Action) -> str:
        return action_text(self, action)

    def _input_forms(self, move: str) -> tuple[str, ...]:
        """A capture may be typed with '-' too (m6-m5 for m6xm5)."""
        return input_forms(move)

    def _resign(self, player: int, reason: str) -> None:
        self._finish(reason, pot_winner=1 - player, loser=player)

    def _over_message(self, move: str) -> str:
        read_turn(move)  # PARSE and OFF come before OVER (0.4)
        return pn.OVER

    # ----- setup ---------------------------------------------------------------------------------
    def choose(self, word: str) -> str:
        self.first_placer = self.coin_winner if word == "place" else 1 - self.coin_winner
        self.phase, self.seat_to_move = "spring", self.first_placer
        self.last = {"kind": "choose", "player": self.coin_winner, "word": word}
        return f"choose {word}"

    def spring_fault(self, p: int, code: str, at: Point) -> str | None:
        if code not in FLOWERS:
            return "Spring flowers are basic flowers: Ja, Li, WJ, Ro, Ch or Rh"
        if code in self.spring_used[p]:
            return f"You already have your {NAMES[code]} spring flower"
        if at in PORTS:
            return f"{name(at)} is a port; spring flowers may not be placed on ports"
        if side(at) != p:
            return f"Spring flowers go on your own side ({ranks(p)})"
        return colour_message(code, at) or (pn.occupied(name(at)) if at in self.board else None)

    def place_spring(self, p: int, code: str, at: Point) -> str:
        fault = self.spring_fault(p, code, at)
        if fault:
            raise IllegalMove(fault)
        for seat, point in ((p, at), (1 - p, mirror(at))):
            self.board[point] = [seat, code, True]
            self.spring_used[seat].add(code)
            self.reserve[seat][code] -= 1
        self.spring_turn += 1
        self.live_garden = None  # no tick in the spring turns: the first main-phase tick reads the garden
        self.last = {"kind": "spring", "player": p, "code": code, "at": at, "mirror": mirror(at)}
        if self.spring_turn == 6:
            assert self.first_placer is not None  # chosen before the spring flowers
            self.phase, self.seat_to_move = "main", 1 - self.first_placer
        else:
            self.seat_to_move = 1 - p
        return f"{code}@{name(at)}"

    # ----- placing -----------------------------------------------------------------------------
    def place_fault(self, p: int, code: str, at: Point | None) -> str | None:
        """Checks (4)-(7) of a main-phase placement (1.4.1); ``at`` None: only the reserve and the
        turn rules."""
        title = NAMES[code]
        if not self.reserve[p][code]:
            return pn.none_left(title)
        turn = self.turn_no[p] + 1
        if code in NON_FLOWERS and turn < 2:
            return "Non-flower tiles may be placed from your 2nd turn on"
        if code in SPECIAL and turn < 4:
            return "Special flowers may be placed from your 4th turn on"
        if at is None:
            return None
        if code in FLOWERS:
            if at not in entry_ports(code, p):
                return entry_message(code, p)
        else:
            fault = spot_fault(p, code, at)
            if fault:
                return fault
        return pn.occupied(name(at)) if at in self.board else None

    def _place(self, p: int, code: str, at: Point) -> str:
        fault = self.place_fault(p, code, at)
        if fault:
            raise IllegalMove(fault)
        return self.put_tile(p, code, at)

    def put_tile(self, p: int, code: str, at: Point) -> str:
        """Place a checked tile and end the turn."""
        self.board[at] = [p, code, False]
        self.reserve[p][code] -= 1
        self.last = {"kind": "place", "player": p, "code": code, "at": at}
        self._end_turn(p, changed=(at,))
        return f"{code}@{name(at)}"

    # ----- moving and abilities ------------------------------------------------------------------
    def _move(self, p: int, turn: Turn) -> str:
        assert turn.move is not None  # read_turn gives every move its points
        a, b, with_x = turn.move
        fault = move_fault(self.board, self.drained_tiles(), p, a, b, with_x)
        if fault:
            raise IllegalMove(fault)
        text = f"{name(a)}{'x' if b in self.board else '-'}{name(b)}"
        if turn.ability is None:  # checked: change the position in place
            board, pot, reserve = self.board, self.pot, self.reserve
        else:  # the ability is checked on the board after the move: work on copies
            board = {q: list(tile) for q, tile in self.board.items()}
            pot = [dict(self.pot[0]), dict(self.pot[1])]
            reserve = [dict(self.reserve[0]), dict(self.reserve[1])]
        code, captured = board[a][1], board.get(b)
        removed = make_move(board, pot, a, b)
        effect: list = []
        if turn.ability is not None:
            # only the actor's drain matters to an ability's checks
            actor_drained = {b} if b in board and is_drained(board, b) else set()
            fault = ability_fault(board, actor_drained, p, turn.ability, (b, code), removed)
            if fault:
                raise IllegalMove(fault)
            effect = use_ability(board, reserve, turn.ability)
            text += "," + ability_text(turn.ability)
        self.board, self.pot, self.reserve = board, pot, reserve
        return self.finish_move(p, a, b, code, captured, removed, turn.ability, effect, text)

    def finish_move(self, p: int, a: Point, b: Point, code: str, captured: list | None, removed: bool,
               ability: Ability | None, effect: list, text: str) -> str:
        """Record what a move (and its ability) did and end the turn."""
        self.last = {"kind": "move", "player": p, "code": code, "from": a, "to": b,
                     "captured": captured[1] if captured else None, "removed": removed,
                     "ability": ability, "effect": effect}
        self._end_turn(p, changed=(a, b, *_shifted(effect)))
        return text

    def _ability_only(self, p: int, ability: Ability) -> str:
        fault = ability_fault(self.board, self.drained_tiles(), p, ability)
        if fault:
            raise IllegalMove(fault)
        return self.finish_ability(p, ability)

    def finish_ability(self, p: int, ability: Ability) -> str:
        """Use a checked ability on its own and end the turn."""
        effect = use_ability(self.board, self.reserve, ability)
        self.last = {"kind": "ability", "player": p, "code": self.board[ability.actor][1],
                     "ability": ability, "effect": effect}
        self._end_turn(p, changed=_shifted(effect))
        return ability_text(ability)

    def pass_turn(self, p: int) -> str:
        self.last = {"kind": "pass", "player": p}
        self._end_turn(p, passed=True)
        return "pass"

    # ----- the tick and the end ------------------------------------------------------------------
    def basic_flowers_left(self, seat: int) -> int:
        """Basic flowers on the board and in the reserve: tiles only ever move between the board,
        the reserve and the Pot, so this is the player's flowers less those in the Pot."""
        return self.flower_total[seat] - sum(self.pot[seat][code] for code in FLOWERS)

    def _end_turn(self, p: int, passed: bool = False, changed: tuple[Point, ...] = ()) -> None:
        """The tick and the end checks (1.5); ``changed``: the points whose tiles the turn changed."""
        self._legal = None
        self.turn_no[p] += 1
        self.main_turns += 1
        garden = self.live_garden
        if garden is None:
            garden = self.live_garden = LiveGarden(self.board, self.pot_sizes())
        else:
            garden.update(self.board, self.pot_sizes(), changed)
        gain, cost = garden.gain[p], garden.cost[p]
        self.running[p] += gain
        self.running[1 - p] -= cost
        two_passes = passed and self.last_was_pass
        self.last_was_pass = passed
        self.seat_to_move = 1 - p
        assert self.last is not None  # every turn says what it did before the tick
        self.last.update(gain=gain, cost=cost)
        if garden.ring(p):
            self._finish("ring", pot_winner=p)
        elif garden.ring(1 - p):
            self._finish("ring", pot_winner=1 - p)
        elif low := [s for s in (0, 1) if self.basic_flowers_left(s) <= 3]:
            self._finish("flowers", pot_winner=1 - low[0] if len(low) == 1 else None)
        elif self.options["target_points"] and self.running[p] >= self.options["target_points"]:
            self._finish("target", pot_winner=None)
        elif self.main_turns >= self.options["max_turns"]:
            self._finish("turn_limit", pot_winner=None)
        elif two_passes:
            self._finish("passes", pot_winner=None)

    def final_count(self, pot_winner: int | None) -> list[dict[str, int]]:
        """The final count of 1.5 for both players."""
        rows = []
        for s in (0, 1):
            mine = [(q, code) for q, (owner, code, _) in self.board.items() if owner == s]
            lotuses = [q for q, code in mine if code == "WL"]
            protected = sum(1 for q, code in mine if (code in FLOWERS or code in SPECIAL)
                            and any(lotus != q and chebyshev(lotus, q) <= 3 for lotus in lotuses))
            row = {"running": self.running[s], "pot": sum(self.pot[1 - s].values()), "protected": protected,
                   "dead": len(mine) - protected,
                   "pot_bonus": self.options["pot_points"] if pot_winner == s else 0}
            row["final"] = row["running"] + row["pot"] + protected - row["dead"] + row["pot_bonus"]
            rows.append(row)
        return rows

    def _finish(self, reason: str, pot_winner: int | None, loser: int | None = None) -> None:
        self.pot_winner = pot_winner
        self.tally = self.final_count(pot_winner)
        finals = tuple(row["final"] for row in self.tally)
        if loser is not None:
            winners: tuple[int, ...] = (1 - loser,)
        elif finals[0] == finals[1]:
            winners = (0, 1)
        else:
            winners = (0,) if finals[0] > finals[1] else (1,)
        self._legal = None
        self.outcome = Outcome(winners, finals, reason)

    def result(self) -> dict[str, Any] | None:
        """The result object of 1.5 (None while the game runs)."""
        out = self.outcome
        if out is None:
            return None
        assert self.tally is not None  # every end of the game makes the final count
        return {**pn.result_head(out), "pot_winner": None if self.pot_winner is None else self.pot_winner + 1,
                "players": [dict(row) for row in self.tally]}

    def final_words(self, names: list[str]) -> str:
        """``final count: alice 59 (60 points, +1 from the Pot, +2 for 2 protected tiles, -4 for 4
        dead tiles), bob ...`` (1.5)."""
        if self.tally is None:
            return ""

        def tiles(n: int) -> str:
            return f"{n} tile{'s' if n != 1 else ''}"

        parts = []
        for name_, row in zip(names, self.tally):
            bits = [f"{row['running']} points"]
            if row["pot"]:
                bits.append(f"+{row['pot']} from the Pot")
            if row["protected"]:
                bits.append(f"+{row['protected']} for {tiles(row['protected'])} a Lotus protects")
            if row["dead"]:
                bits.append(f"-{row['dead']} for {tiles(row['dead'])} left unprotected")
            if row["pot_bonus"]:
                bits.append(f"+{row['pot_bonus']} for winning the pot")
            parts.append(f"{name_} {row['final']} ({', '.join(bits)})")
        return "final count: " + ", ".join(parts)

    def describe_last_turn(self) -> str:
        """What the turn did beyond its move string: the mirrored spring flower, a capture, flowers
        sent back to the reserve, the points of the tick and the score, the pot winner."""
        last = self.last
        if self.last_was_leave or not last or last["kind"] == "choose":
            return ""
        me, other = f"P{last['player'] + 1}", f"P{2 - last['player']}"
        if last["kind"] == "spring":
            mirrored = f"{other}'s {NAMES[last['code']]} goes on {name(last['mirror'])}"
            return mirrored + ("; the spring flowers are placed" if self.phase == "main" else "")
        parts = []
        if last.get("captured"):
            parts.append(f"{me} captured a {NAMES[last['captured']]}"
                         + (f"; the {NAMES[last['code']]} went to the Pot too" if last["removed"] else ""))
        returned = [t for t, d in last.get("effect", []) if d is None]
        if returned:
            parts.append(f"{len(returned)} flower{'s' if len(returned) > 1 else ''} went back to the reserve")
        points = [f"{me} +{last['gain']} from harmonies"] if last["gain"] else []
        if last["cost"]:
            points.append(f"{other} -{last['cost']} from a disharmony")
        if points:
            parts.append(", ".join(points))
        parts.append(f"score: P1 {self.running[0]}, P2 {self.running[1]}")
        if self.outcome is not None and self.pot_winner is not None:
            parts.append(f"P{self.pot_winner + 1} wins the pot")
        text = "; ".join(parts)
        return text[0].upper() + text[1:]

    # ----- positions (1.8) -----------------------------------------------------------------------
    def position(self) -> str:
        """The position in the test-position format (one line, parts joined by '; ')."""
        return write_position(self)

    def position_text(self) -> str:
        return self.position()

    def view(self):
        """The picture's immutable snapshot of the game (BasicView, engine.basic.view)."""
        return board_view(self)

    @classmethod
    def from_position(cls, position: str, options: dict[str, Any] | None = None) -> BasicGame:
        game = load_position(cls(2, 0, options), position)
        game.load_options = dict(options or {})
        game.start_position = game.position()
        return game


_OWN_COPY = frozenset({"board", "reserve", "pot", "last", "_legal", "live_garden"})  # copied by _clone itself


def _shifted(effect: list[tuple[Point, Point | None]]) -> tuple[Point, ...]:
    """The points an ability's effect touched: where each tile left and where it landed."""
    return tuple(q for pair in effect for q in pair if q is not None)
