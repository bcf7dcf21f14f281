"""The shared search (engine/ai): the hidden-information hook, the levels' slips, the baselines."""
from __future__ import annotations

import dataclasses

import pytest

import engine
from engine import ai
from engine.ai.baselines import baseline_move, greedy_move
from engine.pauso.ai import PausoKnowledge
from tests.toy import nim


class Spy(PausoKnowledge):
    """PAUSO knowledge that pretends the game has hidden information and counts the worlds drawn."""

    def __init__(self, search: str) -> None:
        self.search = search
        self.worlds: list[tuple[int, int]] = []  # (seat, plies in the record) per world drawn

    def settings_for(self, game, level):
        return dataclasses.replace(super().settings_for(game, level), search=self.search)

    def determinize(self, game, seat, rng):
        self.worlds.append((seat, len(game.record)))
        return game.copy()


@pytest.fixture
def spy(monkeypatch):
    def install(search: str) -> Spy:
        knowledge = Spy(search)
        descriptor = engine.registry.info("pauso")
        monkeypatch.setitem(engine.registry._REGISTRY, "pauso", dataclasses.replace(descriptor, ai=knowledge))
        return knowledge
    return install


@pytest.mark.parametrize("search", ["mcts", "alphabeta"])
def test_a_game_with_hidden_information_is_searched_in_worlds_drawn_for_the_seat_to_move(spy, search):
    knowledge = spy(search)
    game = engine.replay("pauso", ["R@a1", "R@f6", "R@a6"], players=3)
    found = ai.analyse(game, "medium", seed=1, budget_scale=0.2)
    assert found.move in game.legal_moves()
    assert knowledge.worlds and set(knowledge.worlds) == {(game.to_move, 3)}
    if search == "mcts":
        assert len(knowledge.worlds) == found.result.iterations
    else:
        assert len(knowledge.worlds) == knowledge.settings["medium"].samples
    before = len(knowledge.worlds)
    assert greedy_move(game, seed=1) in game.legal_moves()
    assert len(knowledge.worlds) == before + 1


def test_open_games_are_searched_without_drawing_worlds():
    assert ai.knowledge_for("pauso").determinize is None
    assert ai.knowledge_for("quaterno").determinize is None


def test_a_game_without_an_ai_player_is_refused_clearly():
    nim.install()
    try:
        with pytest.raises(ValueError, match="^Nim has no AI player yet. Games with one: ") as refused:
            ai.choose_move(engine.new_game("nim"), "easy")
        named = str(refused.value).split(": ", 1)[1].rstrip(".").split(", ")
        assert set(named) == {engine.info(v).name for v in ai.variants()}  # every game with an AI player
        assert set(ai.variants()) == set(engine.VARIANT_IDS) - {"nim"}  # all six games have one
    finally:
        nim.uninstall()


def test_weaker_levels_slip_only_to_moves_their_search_finds_nearly_as_good():
    game = engine.replay("pauso", ["R@a1", "R@e5", "R@c3", "R@b4"])
    slips = 0
    for seed in range(8):
        found = ai.analyse(game, "easy", seed=seed)
        slips += found.slipped
        best = found.result.ranked[0]
        chosen = next(c for c in found.result.ranked if game.action_text(c.action) == found.move)
        if found.slipped:
            assert chosen is not best and chosen.value >= best.value - ai.LEVEL_TABLE["easy"].margin
        else:
            assert chosen is best
    assert 0 < slips < 8
    assert not any(ai.analyse(game, "hard", seed=s, budget_scale=0.05).slipped for s in range(4))


def test_greedy_takes_an_immediate_win_and_random_plays_a_legal_move():
    moves = ["So@k4", "So@d11", "Co@k7", "Co@g11", "St@d1", "St@a9", "An@c1", "An@a7", "Fa@h1", "Fa@a5",
             "c1-c5", "a9-a10", "c5>f5-e5", "a10-a9"]
    game = engine.replay("quaterno", moves)
    after = game.copy()
    after.play(baseline_move("greedy", game))
    assert after.outcome is not None and after.outcome.winners == (0,)
    assert baseline_move("random", game, seed=4) in game.legal_moves()
    with pytest.raises(ValueError, match="Unknown baseline"):
        baseline_move("perfect", game)


def test_alphabeta_values_its_horizon_with_knowledge_horizon_and_greedy_keeps_the_evaluation(monkeypatch):
    from engine.quaterno.ai import QuaternoKnowledge

    class Horizon(QuaternoKnowledge):
        """Quaterno knowledge whose horizon likes one move's position above everything else
        (at every level: Quaterno's own looks at its horizon for hard only)."""

        settings = {level: dataclasses.replace(s, horizon=True) for level, s in QuaternoKnowledge.settings.items()}

        def __init__(self, liked: str) -> None:
            super().__init__()
            self.liked, self.calls = liked, 0

        def horizon(self, game, seat, root=None):
            self.calls += 1
            return 0.99 if game.record[-1] == self.liked else super().horizon(game, seat, root)

    game = engine.new_game("quaterno")
    plain = ai.analyse(game, "hard", seed=0, budget_scale=0.05).move
    searched = [game.action_text(a) for a in QuaternoKnowledge().actions(game)]  # the shortlist
    liked = next(m for m in searched if m != plain)
    knowledge = Horizon(liked)
    descriptor = engine.registry.info("quaterno")
    monkeypatch.setitem(engine.registry._REGISTRY, "quaterno", dataclasses.replace(descriptor, ai=knowledge))
    assert ai.analyse(game, "easy", seed=0).move == liked  # depth 1 over the shortlist: liked's position is a leaf
    assert knowledge.calls > 0
    knowledge.calls = 0
    greedy_move(game, seed=0)
    assert knowledge.calls == 0


def test_a_level_searches_its_own_depth_and_widths_and_the_other_levels_keep_theirs(monkeypatch):
    from engine.quaterno.ai import QuaternoKnowledge

    class Paths(QuaternoKnowledge):
        """Quaterno knowledge that records the line of moves to every leaf of the search."""

        settings = {level: dataclasses.replace(s, horizon=True) for level, s in QuaternoKnowledge.settings.items()}
        settings["hard"] = dataclasses.replace(settings["hard"], max_depth=2, widths=(3, 1))

        def __init__(self, root: int) -> None:
            super().__init__()
            self.root, self.paths = root, set()

        def horizon(self, game, seat, root=None):
            self.paths.add(tuple(game.record[self.root:]))
            return super().horizon(game, seat, root)

    game = engine.new_game("quaterno", seed=3)
    knowledge = Paths(len(game.record))
    descriptor = engine.registry.info("quaterno")
    monkeypatch.setitem(engine.registry._REGISTRY, "quaterno", dataclasses.replace(descriptor, ai=knowledge))
    found = ai.analyse(game, "hard", seed=0)
    shortlist = [game.action_text(a) for a in knowledge.actions(game)]
    assert found.result.depth == 2 and {len(p) for p in knowledge.paths} <= {1, 2}
    firsts = {p[0] for p in knowledge.paths}
    assert firsts == set(shortlist[:3])  # the three best candidates at the root
    for first in firsts:  # one answer to each
        assert len({p[1] for p in knowledge.paths if len(p) == 2 and p[0] == first}) == 1
    knowledge.paths.clear()
    medium = ai.analyse(game, "medium", seed=0)  # the common max_depth (3) and every candidate
    assert medium.result.depth == 2 and {p[0] for p in knowledge.paths} == set(shortlist)
    assert max(len({p[1] for p in knowledge.paths if len(p) == 2 and p[0] == first}) for first in shortlist) > 1
