"""The engine contract every game shares: IllegalMove, Outcome and the Game base class.

A concrete game subclasses Game and supplies validation + application of one move
(`_play`), the legal-move list, whose turn it is, the scores and resignation. The base
class keeps the record, refuses moves once the game is over, and implements copy,
suggest (autocomplete) and the JSON snapshot (`to_dict`) that `engine.from_dict`
rebuilds by replaying the record.

The read-only surface beside the contract: ``view()`` is an immutable snapshot of everything a
board picture shows (engine.view), ``hand_view(seat)`` one player's private hand in games with
hidden hands; renderers read a game only through them.
"""
from __future__ import annotations

import copy as _copy
import re
from typing import TYPE_CHECKING, Any, NamedTuple

from . import notation
from .suggest import PrefixFilter, remembered

if TYPE_CHECKING:  # pragma: no cover
    from .view import BoardView, HandView


class IllegalMove(ValueError):
    """A move the game refuses. ``str(err)`` is the message for the player."""


class Outcome(NamedTuple):
    """How a game ended: the winning seats, the final scores (if the game keeps score) and why."""

    winners: tuple[int, ...]
    scores: tuple[float, ...] | None
    reason: str


# Record entries that are not moves: a player leaving the game ("resign 2", "timeout 3").
# Seats are written 1-based, as the rules files count players.
LEAVE_REASONS = ("resignation", "timeout")
_LEAVE_WORD = {"resignation": "resign", "timeout": "timeout"}
_LEAVE_RE = re.compile(r"^(resign|timeout) ([1-9])$")
_REASON_TEXT = {"resignation": "by resignation", "timeout": "on time", "agreement": "by agreement",
                "no_people_left": "no person was left to play; ranked by the scores then"}
# The record entry of a game the players agreed to end as a draw (see Game.agree_draw).
DRAW_AGREED = "draw agreed"
# The record entry of a game ended, ranked by the scores of that moment, because no person was left
# in it (see Game.end_by_scores: the bot's seats alone do not play on).
ENDED_BY_SCORES = "ended by scores"


def quoted_as_typed(message: str, typed: str) -> str:
    """A refusal that quotes the move with its whitespace removed (the games read moves that way)
    quotes it as the player typed it instead, each run of whitespace one space: "Ro k11", never
    "Rok11"."""
    squashed, spaced = notation.echo(notation.squash(typed)), notation.echo(" ".join(typed.split()))
    if squashed == spaced:
        return message
    return message.replace(f'"{squashed}"', f'"{spaced}"', 1).replace(f"'{squashed}'", f"'{spaced}'", 1)


def left_seats(record: list[str]) -> tuple[int, ...]:
    """The seats a record shows leaving the game (resigned or out of time), in the order they left."""
    return tuple(int(m.group(2)) - 1 for m in map(_LEAVE_RE.match, record) if m)


class Game:
    """One game in progress. Subclasses set ``variant`` and implement the ``_`` hooks."""

    variant: str = ""
    secret_seed = False  # True: the seed reveals hidden information; keep it private until the end
    hidden_hands = False  # True: each player has private tiles (see private_note)
    hidden_entry_words: tuple[str, ...] = ()  # words of record entries that reveal hidden tiles
    lists_moves_in_parts = False  # True: legal_moves() can be huge; suggest completes part by part
    REASON_TEXT: dict[str, str] = {}  # the game's own end reasons -> words for the result message

    def __init__(self, players: int, seed: int, options: dict[str, Any] | None) -> None:
        self.players = players
        self.seed = seed
        # The options that rebuild this game; subclasses replace them with their checked,
        # completed form (JSON-safe).
        self.options: dict[str, Any] = dict(options or {})
        self.record: list[str] = []
        self.outcome: Outcome | None = None
        self._legal: list[str] | None = None  # the legal-move list of the position, once computed
        self.start_position: str | None = None  # set when built by engine.load ...
        self.load_options: dict[str, Any] | None = None  # ... with these options

    # ----- the contract -------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        raise NotImplementedError

    @property
    def scores(self) -> tuple[float, ...]:
        raise NotImplementedError

    def legal_moves(self) -> list[str]:
        """Every legal move in canonical form (computed once per position)."""
        if self.outcome is not None:
            return []
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def play(self, move: str) -> str:
        """Play one move for the player to move; returns its canonical string."""
        if not isinstance(move, str):
            raise IllegalMove("A move is written as text, such as the moves autocomplete offers.")
        move = notation.normalise(move)
        if self.outcome is not None:
            raise IllegalMove(self._over_message(move))
        if notation.squash(move).lower() == "resign":  # the player to move resigns
            seat = self.to_move
            assert seat is not None  # a running game always has a player to move
            self.resign(seat)
            return self.record[-1]
        if _LEAVE_RE.match(move.strip().lower()):
            raise IllegalMove("To leave the game, use the resign command.")
        if notation.squash(move).lower() == notation.squash(DRAW_AGREED):
            raise IllegalMove("To end the game in a draw, offer a draw.")
        if notation.squash(move).lower() == notation.squash(ENDED_BY_SCORES):
            raise IllegalMove("A game ends by scores only when no person is left in it.")
        try:
            canonical = self._play(move)
        except IllegalMove as err:
            raise IllegalMove(quoted_as_typed(str(err), move)) from None
        self._legal = None
        self.record.append(canonical)
        return canonical

    def resign(self, player: int, reason: str = "resignation") -> None:
        """Seat ``player`` leaves the game (resignation or timeout), recorded as a record entry."""
        if reason not in LEAVE_REASONS:
            raise ValueError(f"Unknown reason {reason!r}; use one of {', '.join(LEAVE_REASONS)}.")
        if self.outcome is not None:
            raise IllegalMove(self._over_message("resign"))
        if not isinstance(player, int) or not 0 <= player < self.players:
            raise ValueError(f"There is no player {player!r} in this game.")
        self._resign(player, reason)
        self._legal = None
        self.record.append(f"{_LEAVE_WORD[reason]} {player + 1}")

    def agree_draw(self) -> None:
        """The players still in the game agreed to end it as a draw: they all share first place
        (recorded as ``draw agreed``, so a replay rebuilds it)."""
        if self.outcome is not None:
            raise IllegalMove(self._over_message(DRAW_AGREED))
        left = set(self.left_players)
        staying = tuple(s for s in range(self.players) if s not in left)
        self.outcome = Outcome(staying, tuple(self.scores) or None, "agreement")
        self._legal = None
        self.record.append(DRAW_AGREED)

    def end_by_scores(self) -> None:
        """End the game now, ranked by the scores of this moment: the seats still in with the best
        score win (all of them in a game without scores); recorded as ``ended by scores``."""
        if self.outcome is not None:
            raise IllegalMove(self._over_message(ENDED_BY_SCORES))
        left = set(self.left_players)
        staying = [s for s in range(self.players) if s not in left]
        scores = tuple(self.scores)
        best = max((scores[s] for s in staying), default=0) if scores else 0
        winners = tuple(s for s in staying if not scores or scores[s] == best)
        self.outcome = Outcome(winners, scores or None, "no_people_left")
        self._legal = None
        self.record.append(ENDED_BY_SCORES)

    def reveals_hidden(self, entry: str) -> bool:
        """Whether a record entry showed someone hidden information (a tile drawn from a pile),
        so that it can never be taken back."""
        return any(word in entry.lower() for word in self.hidden_entry_words)

    def suggest(self, text: str, limit: int = 25) -> list[str]:
        """At most ``limit`` legal moves completing what a player has typed, best first. What was
        typed is read as ``play`` reads it (normalised, whitespace and case ignored), so "choose m"
        completes "choose move"."""
        if self.outcome is not None or limit <= 0 or not isinstance(text, str):
            return []
        return self._suggest(notation.squash(notation.normalise(text)).lower(), limit)

    def _suggest(self, key: str, limit: int) -> list[str]:
        """The completions of ``key`` (typed text without whitespace, lower case): every legal move
        one of whose input forms, spaces removed, starts with it. The matches of the previous
        keystroke in this position are narrowed, not the whole list (engine.suggest)."""
        legal = self.legal_moves()
        if not key:  # every move completes nothing typed
            return legal[:limit]
        default = type(self)._input_forms is Game._input_forms  # the move itself, in lower case
        memo = remembered(self, legal, lambda: PrefixFilter(legal, None if default else self._input_forms))
        return memo.matches(key, limit)

    def random_move(self, rng) -> str:
        """A uniformly random legal move (games with huge move lists choose part by part)."""
        return rng.choice(self.legal_moves())

    def private_note(self, seat: int) -> str:
        """What only ``seat`` may see now (their hand, a tile they drew); '' in open games."""
        return ""

    def hand_text(self, seat: int) -> str:
        """``seat``'s own tiles in words, for them alone (games with hidden hands); '' otherwise."""
        return ""

    def view(self) -> BoardView:
        """What a picture of the game shows now, as an immutable, picklable snapshot that shares
        nothing with the game (engine.view; each game extends BoardView in engine/<game>/view.py).
        Only what every player may see: never a hand or the order of a pile."""
        raise NotImplementedError

    def hand_view(self, seat: int) -> HandView:
        """Seat ``seat``'s private hand (games with ``hidden_hands``), for that player alone."""
        raise ValueError(f"{self.variant!r} has no hidden hands")

    def copy(self) -> Game:
        """An independent deep copy (caches are left out: the copy recomputes them)."""
        return self._clone()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe snapshot; ``engine.from_dict`` rebuilds exactly this game."""
        return {
            "variant": self.variant,
            "players": self.players,
            "seed": self.seed,
            "options": _copy.deepcopy(self.options if self.start_position is None else self.load_options),
            "position": self.start_position,
            "record": list(self.record),
        }

    @property
    def left_players(self) -> tuple[int, ...]:
        """Seats that resigned or ran out of time, in the order they left."""
        return left_seats(self.record)

    @property
    def last_was_leave(self) -> bool:
        """Whether the last record entry is a player leaving (nothing happened on the board)."""
        return bool(self.record) and _LEAVE_RE.match(self.record[-1]) is not None

    def seat_label(self, seat: int) -> str:
        """How the rules name a seat (e.g. a colour); ``Player 1`` by default."""
        return f"Player {seat + 1}"

    def turn_words(self) -> str:
        """What the player to move has to do, as the status line says it ("to move")."""
        return "to move"

    def position_text(self) -> str:
        """The board as the game writes positions (for records); '' if it has no such form."""
        return ""

    def reason_text(self, reason: str) -> str:
        """How a result message words why the game ended ("by resignation")."""
        return {**_REASON_TEXT, **self.REASON_TEXT}.get(reason, reason.replace("_", " "))

    def final_words(self, names: list[str]) -> str:
        """The final scores in words for the result message, for games whose count has parts
        worth naming ('' when the scores alone say it)."""
        return ""

    def describe_last_turn(self) -> str:
        """A short account of what the last move caused, for the turn message ('' if nothing)."""
        return ""

    # ----- used by engine.replay / from_dict ------------------------------------------
    def apply_record_entry(self, entry: str) -> None:
        """Apply one stored record entry: a move, a player leaving the game, or an agreed draw."""
        if entry.strip().lower() == DRAW_AGREED:
            self.agree_draw()
            return
        if entry.strip().lower() == ENDED_BY_SCORES:
            self.end_by_scores()
            return
        leave = _LEAVE_RE.match(entry.strip().lower())
        if leave:
            reason = "resignation" if leave.group(1) == "resign" else "timeout"
            self.resign(int(leave.group(2)) - 1, reason)
        else:
            self.play(entry)

    # ----- hooks for subclasses ------------------------------------------------------
    def _play(self, move: str) -> str:
        raise NotImplementedError

    def _resign(self, player: int, reason: str) -> None:
        raise NotImplementedError

    def _generate(self) -> list[str]:
        """The legal-move list of the position (``legal_moves`` caches it)."""
        raise NotImplementedError

    def _over_message(self, move: str) -> str:
        """The refusal of ``move`` once the game is over (a game may check the move's squares first)."""
        return notation.GAME_OVER

    def _input_forms(self, move: str) -> tuple[str, ...]:
        """Lower-case strings a player might type for ``move`` (prefixes of them complete it)."""
        return (move.lower(),)

    # ----- the search interface (engine.ai and each game's helper modules) ------------------
    # Beside the contract above, for the AI's search and the game's own modules: an *action* is a
    # legal move in a form the game applies without reading text: any hashable value (games with a
    # fast path use tuples or squares). Equal actions name the same move. A game's modules read
    # whose turn it is from ``seat_to_move`` (kept when the game ends, where ``to_move`` is None).
    CACHES: tuple[str, ...] = ("_legal",)  # attributes copy() resets instead of copying
    _plain_state = False  # True: the state is plain containers without shared parts (fast copy)

    def legal_actions(self) -> list[Any]:
        """Every legal move of the player to move, as actions (default: the canonical strings)."""
        return self.legal_moves()

    def apply_action(self, action: Any) -> None:
        """Play an action from ``legal_actions()`` of this very position, without checking it again."""
        self.play(self.action_text(action))

    def action_text(self, action: Any) -> str:
        """The canonical move string of an action of the current position."""
        return action

    def clear_caches(self) -> None:
        """Forget what was computed for the position (``CACHES``: the legal-move list and any cache
        of the game's own), after code outside ``play`` changed it in place (a position loader)."""
        for key in self.CACHES:
            setattr(self, key, None)

    def record_action(self, text: str) -> None:
        """The bookkeeping of ``play`` for a move applied by ``apply_action``."""
        self._legal = None
        self.record.append(text)

    def _clone(self) -> Game:
        clone = self.__class__.__new__(self.__class__)
        state = {key: value for key, value in self.__dict__.items() if key not in self.CACHES}
        if self._plain_state:
            clone.__dict__.update({key: plain_copy(value) for key, value in state.items()})
        else:
            clone.__dict__.update(_copy.deepcopy(state, {id(self): clone}))
        for key in self.CACHES:
            if key in self.__dict__:
                setattr(clone, key, None)
        return clone


ATOMS = frozenset({int, float, str, bool, type(None)})
_ATOMS_AND_TUPLE = ATOMS | {tuple}


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data (atoms, tuples, lists, dicts, sets) that shares no container."""
    kind = type(value)
    if kind in ATOMS:
        return value
    if kind is list:
        return list(value) if ATOMS.issuperset(map(type, value)) else [plain_copy(v) for v in value]
    if kind is dict:
        kinds = set(map(type, value.values()))
        if kinds <= ATOMS or kinds <= _ATOMS_AND_TUPLE and all(
                ATOMS.issuperset(map(type, item)) for item in value.values() if type(item) is tuple):
            return dict(value)  # the values are atoms or flat tuples of atoms
        return {key: plain_copy(item) for key, item in value.items()}
    if isinstance(value, tuple):  # tuples and named tuples: copied only if they hold containers
        if ATOMS.issuperset(map(type, value)):
            return value
        items = [plain_copy(item) for item in value]
        if all(new is old for new, old in zip(items, value)):
            return value
        return tuple(items) if kind is tuple else kind(*items)
    if kind is set:
        return set(value)  # members are hashable, hence immutable in plain data
    return _copy.deepcopy(value)
