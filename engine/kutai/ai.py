"""Kutai Pai Sho knowledge for engine.ai: the placements worth looking at, and how close each
player is to winning.

A turn has thousands of legal placements, but few of them change the total Harmony. ``scan``
reads the tree of harmonies once and proposes, for the player to move:

- **builds**: a tile on an empty point that an *open* tree tile sees (the Centerpiece, or a tree
  tile without a child) with the best link value it can form there; scored by that value, plus
  the best further gain: a link to a tile outside the tree that the new tile would see, or a tree
  tile it would take as its child for more than that tile's present link; less the links it
  would cut (a tile on the line of a link breaks it and loses what hangs below, unless the new
  tile links to the cut-off tile itself) and the links its disharmonies would break. At most
  four points per tile are kept, so that one tile does not fill the list;
- **blocks**: a tile on the line of a valuable link (the link and everything below it is lost),
  or a flower orthogonally next to a tree tile that the disharmony cuts off; scored by what they
  take away, less what the blocking tile links itself;
- **quiet** placements: a tile far out that no open tree tile sees, next to no tile and on no
  link's line, so the total stays as it is: how to wait when every build would put the target
  within the other player's reach;
- near the target, the builds whose score comes within one point of passing it are applied
  exactly, and a placement that passes it goes first. The last placement of the game (the 58th)
  tries every legal placement.

The search (alpha-beta) only ever looks at these candidates, best first, and applies them exactly,
so a wrong estimate is corrected one ply later. ``evaluate``: the player to move *reaches*
the total plus their best build (``reach``); within one point of the target, the candidates are
tried, and one that passes it is a win at once (0.97, above every other evaluation). Otherwise
the best totals (the higher one wins when the tiles run out) and the total itself, which
favours the player to move (they may raise it into reach of the target), give a win chance kept
between 0.05 and 0.9. The search stops at depth 2: that last term sides with the player to
move, so an odd depth would make every total look like a gift to the opponent
(docs/ai/kutai.md).
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..ai.knowledge import Knowledge
from ..ai.search import Root
from ..ai.settings import Settings, per_level
from ..base import Game
from ..paisho.board import CENTRE, ORDER, ORTHOGONAL_NEIGHBOURS, POINTS, Point, between, dist2
from .game import KutaiGame
from .harmony import RAYS, first_tiles
from .tiles import ALLOWED, FLOWER, SET, SPECIAL, TILES, TILES_PER_PLAYER, VALUE, shared

Action = tuple[str, Point]
RAY_POINTS = 3  # empty points looked at along each line from an open tree tile
BUILDS = 20  # build candidates kept
PER_TILE = 4  # build candidates kept per tile
BLOCKS = 12  # block candidates kept
LINKS_TO_CUT = 6  # the most valuable links (counting what hangs below) considered for blocks
HOT = 0.97  # win chance of a player to move who can pass the target at once
LOW, HIGH = 0.05, 0.9  # the win chance of a player who cannot win at once stays in between
SCALE = 4.0  # Harmony points per e-fold of the win chance on best totals
PROGRESS = 0.15  # per point of the total: the initiative of the player to move
SLACK = 1  # how much a build's score may fall short of its true gain when looking for a win
TRIES = 24  # builds applied at most when looking for a win
QUIET = 2  # placements that change nothing kept
_NEED = {0: 4, 1: 3, 2: 2}  # shared properties -> smallest link value allowed (4.5.2)
_ALLOWED_SET = {c: frozenset(points) for c, points in ALLOWED.items()}
_FAR_FIRST = sorted(POINTS, key=lambda p: (-dist2(p, CENTRE), ORDER[p]))  # where a quiet tile goes


@dataclass
class Scan:
    """What the player to move can do, as the candidates see it."""

    candidates: list[Action]
    reach: int  # the best build's score (0 if none): about how much the mover can add at once
    wins: bool | None = None  # whether a candidate wins at once (near the target, or ``wins_now``)


class _Context:
    """The tree of harmonies as the scan reads it, and per-point facts computed once."""

    def __init__(self, game: KutaiGame, mine: list[str]) -> None:
        board = self.board = game.board
        self.mine = mine
        harmony = game.harmony
        self.minimum = harmony.minimum
        parent_value: dict[Point, int] = {}
        children: dict[Point, list[Point]] = {}
        for link in harmony.links:
            parent_value[link.child] = link.value
            children.setdefault(link.parent, []).append(link.child)
        self.parent_value, self.children = parent_value, children
        self.in_tree = {CENTRE, *parent_value}
        sub = dict.fromkeys(self.in_tree, 0)  # each tree tile: the links below it, its own included
        for link in reversed(harmony.links):
            sub[link.child] += link.value
            sub[link.parent] += sub[link.child]
        self.sub = sub
        # an empty point on a link's line -> what a tile there cuts, and the link's child
        cut_at: dict[Point, tuple[int, Point]] = {}
        for link in harmony.links:
            for p in between(link.parent, link.child):
                if p not in cut_at or cut_at[p][0] < sub[link.child]:
                    cut_at[p] = (sub[link.child], link.child)
        self.cut_at = cut_at
        self.spade_zone = {q for p, (_, code) in board.items() if code == "Sp" for q in ORTHOGONAL_NEIGHBOURS[p]}
        self._near: dict[Point, list[tuple[Point, object]]] = {}
        self._outside: dict[Point, list[tuple[Point, str, int, int]]] = {}

    def near_flowers(self, p: Point) -> list[tuple[Point, object]]:
        """The flowers orthogonally next to ``p`` that a new flower there could clash with."""
        found = self._near.get(p)
        if found is None:
            board, zone = self.board, self.spade_zone
            found = []
            if p not in zone:
                for q in ORTHOGONAL_NEIGHBOURS[p]:
                    other = board.get(q)
                    if other is not None and q not in zone:
                        tile = TILES[other[1]]
                        if tile.kind == FLOWER:
                            found.append((q, tile))
            self._near[p] = found
        return found

    def clashes(self, code: str, p: Point) -> tuple[int, list[tuple[Point, int]]]:
        """The restriction a tile ``code`` would have on ``p`` and the neighbours it would restrict."""
        near = self.near_flowers(p)
        if not near:
            return 0, []
        tile = TILES[code]
        if tile.kind != FLOWER:
            return 0, []
        own, hits = 0, []
        for q, o in near:
            if o.flower == tile.flower:  # type: ignore[attr-defined]
                continue
            s = shared(tile, o)  # type: ignore[arg-type]
            if s < 3:
                need = _NEED[s]
                own = max(own, need)
                hits.append((q, need))
        return (0 if p == CENTRE else own), hits

    def lost_to(self, hits: list[tuple[Point, int]]) -> int:
        """What the disharmonies of a new tile cut off the tree (roughly)."""
        lost = 0
        for q, need in hits:
            value = self.parent_value.get(q)
            if value is not None and value < need:
                lost += self.sub[q]
        return lost

    def onward(self, code: str, p: Point, own: int, parent: Point | None = None) -> int:
        """The best gain of a new tile on ``p`` from the tiles it sees besides its parent: a
        link to a tile outside the tree, or taking a tree tile (not the Centerpiece) as its
        child for more than that tile's present link."""
        outside = self._outside.get(p)
        if outside is None:
            board, minimum, parent_value = self.board, self.minimum, self.parent_value
            outside = [(t, board[t][1], minimum.get(t, 0), parent_value.get(t, 0))
                       for t in first_tiles(board, p) if t is not None and t != CENTRE]
            self._outside[p] = outside
        best = 0
        for t, other, need, base in outside:
            if t == parent:
                continue
            w = VALUE[code, other]
            if w - base > best and w >= own and w >= need:
                best = w - base
        return best

    def builds(self, per_point: int = 2) -> dict[Action, int]:
        """The build candidates (the ``per_point`` best tiles on each point) and their scores."""
        board, mine, minimum = self.board, self.mine, self.minimum
        builds: dict[Action, int] = {}
        opened = [CENTRE] + [c for c in self.parent_value if c not in self.children]
        for u in opened:
            cu = board[u][1]
            need_u = 0 if u == CENTRE else minimum.get(u, 0)
            ranked = sorted(((VALUE[cu, c], c) for c in mine), reverse=True)
            ranked = [(w, c) for w, c in ranked if w > 0 and w >= need_u]
            if not ranked:
                continue
            for ray in RAYS[u]:
                for p in ray[:RAY_POINTS]:
                    if p in board:
                        break
                    kept = 0
                    cut, cut_child = self.cut_at.get(p, (0, CENTRE))
                    for w, c in ranked:
                        if p not in _ALLOWED_SET[c]:
                            continue
                        own, hits = self.clashes(c, p)
                        if w < own:
                            continue
                        after = self.onward(c, p, own, u) - cut
                        if cut:  # a tile on a link's line may take the cut-off child as its own
                            relink = VALUE[c, board[cut_child][1]]
                            if relink >= own and relink >= minimum.get(cut_child, 0):
                                after = max(after, relink - self.parent_value[cut_child])
                        score = w + after - (self.lost_to(hits) if hits else 0)
                        if score > builds.get((c, p), -99):
                            builds[(c, p)] = score
                        kept += 1
                        if kept == per_point:
                            break
        return builds

    def quiet(self, count: int = QUIET) -> list[Action]:
        """Placements that leave the tree as it is (a tile no open tree tile sees, on no link's
        line, next to no tile), with the tiles that would link least with the open tree tiles:
        the way to wait when every build would put the target in the other player's reach."""
        board, mine = self.board, self.mine
        opened = {CENTRE, *(c for c in self.parent_value if c not in self.children)}
        open_codes = [board[u][1] for u in opened]
        ranked = sorted(mine, key=lambda c: sum(VALUE[c, o] for o in open_codes))
        found: list[Action] = []
        for p in _FAR_FIRST:
            if p in board or p in self.cut_at or any(q in board for q in ORTHOGONAL_NEIGHBOURS[p]):
                continue
            if any(t in opened for t in first_tiles(board, p) if t is not None):
                continue
            for c in ranked[len(found):]:
                if p in _ALLOWED_SET[c]:
                    found.append((c, p))
                    break
            if len(found) == count:
                break
        return found

    def blocks(self, links) -> dict[Action, int]:
        """Block candidates against the most valuable links, and what each takes away."""
        board, mine, sub = self.board, self.mine, self.sub
        blocks: dict[Action, int] = {}
        for link in sorted(links, key=lambda k: -sub[k.child])[:LINKS_TO_CUT]:
            gone = sub[link.child]
            for p in [p for p in between(link.parent, link.child) if p not in board][:2]:
                quiet = _quietest(board, mine, p, self.in_tree)
                if quiet is not None:
                    blocks[quiet[0], p] = max(blocks.get((quiet[0], p), -99), gone - quiet[1])
            q = link.child
            q_tile = TILES[board[q][1]]
            if q in self.spade_zone or q_tile.kind != FLOWER:
                continue
            for p in ORTHOGONAL_NEIGHBOURS[q]:
                if p in board or p in self.spade_zone:
                    continue
                best = None
                for c in mine:
                    t = TILES[c]
                    if t.kind != FLOWER or t.flower == q_tile.flower or p not in _ALLOWED_SET[c]:
                        continue
                    s = shared(t, q_tile)
                    if s < 3 and _NEED[s] > link.value and (best is None or s < best[0]):
                        best = (s, c)
                if best is not None:
                    own, hits = self.clashes(best[1], p)
                    score = self.lost_to(hits) - (self.onward(best[1], p, own) if own < 4 else 0)
                    blocks[best[1], p] = max(blocks.get((best[1], p), -99), score)
        return blocks


def scan(game: KutaiGame) -> Scan:
    """The candidates of the player to move and their best build (cached per position)."""
    cached: Scan | None = game.ai_scan
    if cached is None:
        cached = game.ai_scan = _scan(game)
    return cached


def wins_now(game: KutaiGame) -> bool:
    """Whether the player to move can pass the target at once. Near the target the scan has
    already applied the builds that may pass it (``Scan.wins``); otherwise each candidate is."""
    found = scan(game)
    if found.wins is None:
        found.wins = False
        for action in found.candidates:
            if _passes(game, action):
                found.wins = True
                break
    return found.wins


def _passes(game: KutaiGame, action: Action) -> bool:
    after = game.copy()
    after.apply_action(action)
    return after.outcome is not None and after.outcome.winners == (game.to_move,)


def reach(game: KutaiGame) -> int:
    """The score of the best build of the player to move (``scan(game).reach``, computed with
    less work when the candidates are not needed)."""
    cached = game.ai_reach
    if cached is None:
        seat = game.to_move
        assert seat is not None
        if not game.board:
            return 0
        builds = _Context(game, [c for c in SET if c in game.remaining[seat]]).builds(per_point=1)
        cached = game.ai_reach = max(0, max(builds.values(), default=0))
    return cached


def _scan(game: KutaiGame) -> Scan:
    seat = game.to_move
    assert seat is not None
    mine = [c for c in SET if c in game.remaining[seat]]
    if not game.board:
        return Scan([(c, CENTRE) for c in mine if TILES[c].kind != SPECIAL], 0)
    context = _Context(game, mine)
    builds = context.builds()
    blocks = context.blocks(game.harmony.links)
    top_builds = sorted(builds.items(), key=lambda item: (-item[1], item[0][0], item[0][1]))
    top_blocks = sorted(blocks.items(), key=lambda item: (-item[1], item[0][0], item[0][1]))
    candidates = _varied(top_builds)
    candidates += [a for a, s in top_blocks[:BLOCKS] if s > 0 and a not in builds]
    candidates += [a for a in context.quiet() if a not in candidates]
    if len(candidates) < 3:
        candidates += _fallback(game, candidates)
    reach = max(0, top_builds[0][1]) if top_builds else 0
    wins = None
    need = game.target + 1 - game.total  # what passing the target takes
    if reach + SLACK >= need:  # try the builds that may pass it: a win goes first
        wins = False
        tried: dict[str, int] = {}
        for action, score in top_builds:
            if score + SLACK < need or sum(tried.values()) >= TRIES:
                break
            if tried.get(action[0], 0) == PER_TILE:
                continue
            tried[action[0]] = tried.get(action[0], 0) + 1
            if _passes(game, action):
                candidates = [action] + [a for a in candidates if a != action]
                wins = True
                break
    return Scan(candidates, reach, wins)


def _varied(ranked: list[tuple[Action, int]]) -> list[Action]:
    """The best ``BUILDS`` builds with at most ``PER_TILE`` points per tile (one tile on twenty
    points would hide what the other tiles can do), then the next best if that leaves room."""
    chosen: list[Action] = []
    used: dict[str, int] = {}
    rest: list[Action] = []
    for action, _ in ranked:
        if used.get(action[0], 0) < PER_TILE:
            used[action[0]] = used.get(action[0], 0) + 1
            chosen.append(action)
            if len(chosen) == BUILDS:
                return chosen
        elif len(rest) < BUILDS:
            rest.append(action)
    return chosen + rest[:BUILDS - len(chosen)]


def _quietest(board, mine: list[str], p: Point, in_tree: set[Point]) -> tuple[str, int] | None:
    """The tile of ``mine`` allowed on ``p`` that links least with the tree tiles it would see
    (a Spade links with nothing), and that best link."""
    seen = [board[t][1] for t in first_tiles(board, p) if t is not None and t in in_tree]
    best = None
    for c in mine:
        if p not in _ALLOWED_SET[c]:
            continue
        gain = max((VALUE[c, code] for code in seen), default=0)
        if best is None or gain < best[1]:
            best = (c, gain)
            if gain == 0:
                break
    return best


def _fallback(game: KutaiGame, have: list[Action]) -> list[Action]:
    """A few placements spread over the legal list, when the scan found almost nothing."""
    actions = game.legal_actions()
    step = max(1, len(actions) // 4)
    return [a for a in actions[::step] if a not in have][:4]


class KutaiKnowledge(Knowledge):
    """Alpha-beta over the candidates of ``scan``."""

    # see docs/ai/kutai.md, "How it plays"
    settings = per_level(Settings(search="alphabeta", max_depth=2),
                         easy={"budget": 12, "overlook": 0.5}, medium={"budget": 12}, hard={"budget": 1400})

    def overlooking(self, game: Game, level: str, rng: random.Random) -> Any | None:
        scanned = scan(cast(KutaiGame, game)).candidates
        return scanned[0] if scanned else None

    def actions(self, game: Game) -> list[Any]:
        game = cast(KutaiGame, game)
        if len(game.board) == 2 * TILES_PER_PLAYER - 1:  # the last placement decides: try them all
            return game.legal_actions()
        return scan(game).candidates

    def order(self, game: Game, actions: list[Any], root: Root | None = None) -> list[Any]:
        return actions  # the scan gives them best first

    def evaluate(self, game: Game, root: Root | None = None) -> Sequence[float]:
        game = cast(KutaiGame, game)
        mover = game.to_move
        assert mover is not None
        total = game.total
        if total + reach(game) + SLACK > game.target and wins_now(game):  # the estimate, then the exact check
            chance = HOT
        else:
            # best totals decide when the tiles run out; the mover can keep the total by placing
            # a harmless tile, so it counts as theirs; a high total favours the mover a little
            # (they may raise it into reach of the target), never as much as a win at once
            lead = (game.best[mover] - game.best[1 - mover]) / SCALE + PROGRESS * total
            chance = LOW + (HIGH - LOW) / (1 + math.exp(-lead))
        values = [0.0, 0.0]
        values[mover] = chance
        values[1 - mover] = 1 - chance
        return values

    def playout_action(self, game: Game, rng: random.Random) -> Any:
        return cast(KutaiGame, game).random_action(rng)


KNOWLEDGE = KutaiKnowledge()
