"""What a picture of a Basic Pai Sho game shows (``BasicGame.view()``): the tiles with drained,
dormant and blooming flags, harmonies and disharmonies as lines (and the ring that ended the game),
the last turn with what its ability moved, and the header facts. Computed once from the
position's ``Garden``; nothing in the view refers back to the game."""
from __future__ import annotations

from dataclasses import dataclass

from ..view import BoardView, Effect, Line, Move, Tile, header, seats


@dataclass(frozen=True, kw_only=True)
class BasicView(BoardView):
    """A Basic Pai Sho picture: the board view plus the phase, the turn count, the target and the Pot's winner."""

    phase: str  # choose, spring or main
    turn: int  # the main-phase turn about to be played (1-based)
    max_turns: int
    target_points: int  # 0: no target
    pot_winner: int | None
    final: bool  # the seats' "final" counts are the final count of the finished game


def _last_move(game) -> Move | None:
    last = game.last
    if not last or game.last_was_leave:
        return None
    kind, player = last["kind"], last.get("player")
    if kind == "spring":
        return Move("spring", player, last["code"], to=last["at"], effects=(Effect("mirror", None, last["mirror"]),))
    if kind == "place":
        return Move("place", player, last["code"], to=last["at"])
    if kind not in ("move", "ability"):
        return Move(kind, player)
    ability = last["ability"]
    effects = []
    if kind == "move" and last["captured"]:
        effects.append(Effect("capture", None, last["to"]))
    shifted = "turn" if ability is not None and ability.kind == "rotate" else "shift"
    effects += [Effect(shifted if dest is not None else "return", source, dest) for source, dest in last["effect"]]
    if kind == "move":
        return Move("move", player, last["code"], last["from"], last["to"],
                    ability.actor if ability is not None else None, tuple(effects))
    return Move("ability", player, last["code"], actor=ability.actor, effects=tuple(effects))


def board_view(game) -> BasicView:
    """The picture's snapshot of ``game`` (a BasicGame)."""
    garden = game.garden()
    harmonies = garden.harmonies()
    lines = [Line(d.a, d.b, "disharmony", d.owner, d.value, d.x) for d in garden.disharmonies()]
    lines += [Line(h.a, h.b, "harmony", h.owner, h.value) for h in harmonies]
    if game.outcome is not None and game.outcome.reason == "ring":
        cycle = garden.ring(game.pot_winner, harmonies) or []
        lines += [Line(a, b, "ring", game.pot_winner) for a, b in zip(cycle, cycle[1:] + cycle[:1])]
    drained, blooming = garden.drained, garden.blooming
    tiles = []
    for point, (owner, code, dormant) in game.board.items():
        flags = (("drained",) if point in drained else ()) + (("dormant",) if dormant else ()) + (
            ("blooming",) if code == "WL" and blooming[owner] else ())
        tiles.append(Tile(point, owner, code, code, flags))
    counts = []
    for s in (0, 1):
        row = (("points", game.running[s]), ("captured", sum(game.pot[1 - s].values())))
        counts.append(row + ((("final", game.tally[s]["final"]),) if game.tally is not None else ()))
    return BasicView(variant=game.variant, header=header(game, seats(game, counts=counts)), tiles=tuple(tiles),
                     last=_last_move(game), lines=tuple(lines), phase=game.phase, turn=game.main_turns + 1,
                     max_turns=game.options["max_turns"], target_points=game.options["target_points"],
                     pot_winner=game.pot_winner, final=game.tally is not None)
