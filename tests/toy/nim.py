"""A toy seventh game for the plug-in tests: Nim. A pile of stones; each turn takes 1 to 3; who
takes the last stone wins. Declared, drawn and played through the same mechanism as our six
games, from this file alone; ``install(ai=True)`` also gives it an AI player (the shared MCTS
with ``NimKnowledge``), so that the bot can take a seat."""
from __future__ import annotations

import dataclasses
import io

from PIL import Image, ImageDraw

import engine
import rendering
from engine import IllegalMove, Option, Outcome
from engine.ai import Knowledge, Root
from engine.registry import GameDescriptor
from engine.view import BoardView, Tile, header, seats


class Nim(engine.Game):
    variant = "nim"

    def __init__(self, players: int, seed: int, options: dict | None) -> None:
        super().__init__(players, seed, options)
        self.options = engine.options.check_all("Nim", OPTIONS, players, options)
        self.pile, self.turn = self.options["stones"], 0

    to_move = property(lambda self: None if self.outcome else self.turn % self.players)
    scores = property(lambda self: tuple(0.0 for _ in range(self.players)))

    def _play(self, move: str) -> str:
        if move.strip() not in ("1", "2", "3") or int(move) > self.pile:
            raise IllegalMove(f"Take 1, 2 or 3 stones (at most {self.pile}).")
        self.pile -= int(move)
        if self.pile == 0:
            self.outcome = Outcome((self.turn % self.players,), None, "last_stone")
        self.turn += 1
        return move.strip()

    def _resign(self, player: int, reason: str) -> None:
        self.outcome = Outcome(tuple(p for p in range(self.players) if p != player), None, reason)

    def _generate(self) -> list[str]:
        return [str(n) for n in (1, 2, 3) if n <= self.pile]

    def view(self) -> BoardView:
        return BoardView(variant=self.variant, header=header(self, seats(self)),
                         tiles=tuple(Tile((i, 0), None, "stone", "o") for i in range(self.pile)), last=None)

    @classmethod
    def from_position(cls, position: str, options: dict | None = None) -> Nim:
        raise ValueError("Nim has no test positions.")


def draw(view: BoardView, names: list[str] | None = None) -> bytes:
    image = Image.new("RGB", (200, 60), "white")
    ImageDraw.Draw(image).text((10, 20), "o" * len(view.tiles), fill="black")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


OPTIONS = (Option("stones", "stones in the pile at the start", 10, low=5, high=50),)
DESCRIPTOR = GameDescriptor(id="nim", name="Nim", min_players=2, max_players=3, options=OPTIONS, game=Nim,
                            load=Nim.from_position, summary_text="**Nim**: take 1 to 3 stones; the last stone wins.")


class NimKnowledge(Knowledge[Nim]):
    """With two players, a pile that is a multiple of 4 is lost for the player to move."""

    def evaluate(self, game: Nim, root: Root | None = None) -> list[float]:
        n, mover = game.players, game.to_move
        if n != 2 or mover is None:
            return [1.0 / n] * n
        chance = 0.1 if game.pile % 4 == 0 else 0.9
        return [chance if seat == mover else 1.0 - chance for seat in range(n)]


def install(ai: bool = False) -> None:
    """Register Nim and its picture (``ai``: with an AI player)."""
    engine.registry.register(dataclasses.replace(DESCRIPTOR, ai=NimKnowledge()) if ai else DESCRIPTOR)
    rendering.register("nim", board=draw)


def uninstall() -> None:
    engine.registry.unregister("nim")
    rendering.unregister("nim")
