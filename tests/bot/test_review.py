"""The AI's review through the service on a real store: a finished game reviewed piece by piece
in the worker pool as work of the kind "review" (its progress told), three to five marked turns,
each with the move played, a better move and its picture, a chart; kept for the next asker;
refused for a running game, a game with no moves and a game the asker may not see; an exported
record reviewed the same way, a damaged one refused."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.service import GameService, UserError
from bot.workers import InlineWorkers
from tests.helpers import ALICE, BOB, CAROL, looker

CH = 300


class CountingWorkers(InlineWorkers):
    """Workers in a thread that note the kinds of work they were given."""

    def __init__(self) -> None:
        super().__init__()
        self.kinds: list[str] = []

    async def run(self, fn, *args, kind="move", key=None):
        self.kinds.append(kind)
        return await super().run(fn, *args, kind=kind, key=key)


@pytest.fixture
def reviewer(store, clock):
    return GameService(store, clock=clock, challenge_ttl=3600, rng=random.Random(5), workers=CountingWorkers())


async def finished_game(service, moves: int = 24) -> int:
    """A PAUSO game on square5 played to its end with random moves."""
    reply = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="pauso",
                                    options={"board": "square5", "rings": 12})
    await service.accept(BOB, channel_id=CH)
    rng = random.Random(11)
    while (found := service.game_in(CH)) is not None:
        row, game = found
        await service.move(CH, [ALICE, BOB][game.to_move], rng.choice(game.legal_moves()))
    return reply.game_id


@pytest.mark.slow  # the AI reviews every position of a whole game (tests/README.md)
async def test_a_finished_game_is_reviewed_with_marked_turns_and_a_chart(reviewer):
    game_id = await finished_game(reviewer)
    told: list[tuple[int, int]] = []

    async def progress(done, total):
        told.append((done, total))
    reviewed = await reviewer.reviews.of_game(ALICE.id, game_id=game_id, viewer=looker(ALICE), progress=progress)
    assert reviewed.text.startswith(f"**Review of game #{game_id}**, PAUSO: alice vs bob, 24 moves.")
    assert told == [(0, 24), (20, 24)]
    assert set(reviewer.workers.kinds) == {"review"}
    assert 3 <= len(reviewed.turns) <= 5
    for turn in reviewed.turns:
        assert " played R@" in turn.text and "; better was R@" in turn.text and "winning chance" in turn.text
        assert Image.open(io.BytesIO(turn.image)).size[0] == 800
    assert Image.open(io.BytesIO(reviewed.chart)).size == (800, 340)
    reviewer.workers.kinds.clear()
    again = await reviewer.reviews.of_game(BOB.id, game_id=game_id, viewer=looker(BOB))
    assert reviewer.workers.kinds == [] and again.text == reviewed.text  # kept: no work done again


async def test_a_running_game_or_an_unseen_one_is_refused(reviewer):
    await reviewer.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="pauso",
                             options={"board": "square5", "rings": 4})
    started = await reviewer.accept(BOB, channel_id=CH)
    with pytest.raises(UserError, match="still running: its review comes once it is over"):
        await reviewer.reviews.of_game(ALICE.id, channel_id=CH, viewer=looker(ALICE))
    await reviewer.abort(CH, ALICE)
    with pytest.raises(UserError, match="has no moves to review"):
        await reviewer.reviews.of_game(ALICE.id, game_id=started.game_id, viewer=looker(ALICE))
    game_id = await finished_game(reviewer)
    with pytest.raises(UserError, match=f"^No game {game_id} here.$"):
        await reviewer.reviews.of_game(CAROL.id, game_id=game_id, viewer=looker(CAROL, guild_id=2))
    with pytest.raises(UserError, match="Which game"):
        await reviewer.reviews.of_game(CAROL.id, channel_id=999, viewer=looker(CAROL))


@pytest.mark.slow  # the AI reviews every position of a whole game (tests/README.md)
async def test_an_exported_record_is_reviewed_and_a_damaged_one_refused(reviewer):
    game_id = await finished_game(reviewer)
    export = (await reviewer.export(game_id=game_id, viewer=looker(ALICE))).text
    reviewed = await reviewer.reviews.of_record(CAROL.id, export)
    assert reviewed.text.startswith("**Review of the record**, PAUSO: alice vs bob, 24 moves.")
    assert reviewed.chart and 3 <= len(reviewed.turns) <= 5
    with pytest.raises(UserError, match="I could not read that record: I can't read the record line 'hello'."):
        await reviewer.reviews.of_record(CAROL.id, "hello")
    running = export.rsplit("\n", 1)[0]  # without its last move
    with pytest.raises(UserError, match="still running"):
        await reviewer.reviews.of_record(CAROL.id, running)


async def test_a_record_too_long_to_review_is_refused_before_it_is_replayed(reviewer):
    """A pasted or attached record of thousands of moves is refused by its length at once: replaying
    it (which runs beside everyone's turns) never starts."""
    game_id = await finished_game(reviewer)
    export = (await reviewer.export(game_id=game_id, viewer=looker(ALICE))).text
    head = export.rpartition("\n")[0]  # moves 1-23
    padded = head + "\n" + "\n".join(f"{n}. alice: R@a1" for n in range(24, 5024))
    with pytest.raises(UserError, match=r"^That record has 5023 moves; a review takes games of up to 1000\.$"):
        await reviewer.reviews.of_record(CAROL.id, padded)
