"""Every draw is rated as a draw whatever the scores, and a shared win ranks the sharers equal
(issue 36); a stored database whose draws were rated as wins gets its ratings replayed at the next
start (migration 8's 'rerate' chore), on a real SQLite file."""
from __future__ import annotations

import json
import sqlite3

from bot import ratings
from bot.service import GameService
from data import Store
from data.migrations import MIGRATIONS
from tests.helpers import ALICE, BOB

CH = 900


def test_the_winners_share_first_place_whatever_their_scores():
    assert ratings.ranks(2, (0, 1), (1, 0), ()) == [1, 1]  # a draw 1-0
    assert ratings.ranks(3, (0, 2), (5, 9, 3), ()) == [1, 3, 1]  # a shared win, the other last
    assert ratings.ranks(3, (1,), (5, 2, 5), ()) == [2, 1, 2]  # the others by score
    assert ratings.ranks(3, (0, 1), (1, 0, 7), (2,)) == [1, 1, 3]  # who left is last


async def test_an_agreed_draw_with_unequal_scores_is_rated_as_a_draw(service, store):
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="ancient")
    await service.accept(BOB, channel_id=CH)
    row, game = service.game_in(CH)
    await service.move(CH, (ALICE, BOB)[game.to_move], "choose first")
    assert service.game_in(CH)[1].scores == (1, 0)  # P1's centerpiece
    await service.draw(CH, ALICE)
    reply = await service.draw(CH, BOB)
    assert "Game over: a draw (by agreement). Scores: alice 1, bob 0." in reply.text
    assert "Ratings: alice +0 -> 1500, bob +0 -> 1500." in reply.text
    assert [h.result for h in await store.history(ALICE.id, "ancient")] == ["draw"]
    assert [h.result for h in await store.history(BOB.id, "ancient")] == ["draw"]


def version_7_file(path: str) -> None:
    """A database at schema version 7 holding a draw by agreement (Ancient, 1-0) that was rated as a
    win for alice, and a later game bob won."""
    raw = sqlite3.connect(path)
    for script in MIGRATIONS[:7]:
        if isinstance(script, str):
            raw.executescript(script)
    raw.execute("PRAGMA user_version = 7")
    draw = {"type": "shared_win", "winners": [0, 1], "scores": [1, 0], "reason": "agreement",
            "ratings": {"1": [1500, 1605], "2": [1500, 1395]}}
    win = {"type": "win", "winners": [1], "scores": None, "reason": "resignation",
           "ratings": {"1": [1605, 1560], "2": [1395, 1440]}}
    for game_id, result, moves in ((1, draw, ["choose first", "draw agreed"]), (2, win, ["Fa@c1", "resign 1"])):
        variant = "ancient" if game_id == 1 else "quaterno"
        raw.execute("INSERT INTO games (id, variant, options, seed, channel_id, status, result, created_at, "
                    "updated_at) VALUES (?, ?, '{}', 286, ?, 'finished', ?, 0, 0)",
                    (game_id, variant, 100 + game_id, json.dumps(result)))
        for seat, name in enumerate(("alice", "bob")):
            raw.execute("INSERT INTO seats (game_id, seat, user_id, name, accepted) VALUES (?, ?, ?, ?, 1)",
                        (game_id, seat, seat + 1, name))
        for ply, move in enumerate(moves):
            raw.execute("INSERT INTO moves (game_id, ply, seat, move, created_at) VALUES (?, ?, 0, ?, 0)",
                        (game_id, ply, move))
    history = [(1, 1, "ancient", "win", 1500, 1605, 27.6, 7.9, 1000.0), (1, 2, "ancient", "loss", 1500, 1395, 22.4, 7.9, 1000.0),
               (2, 1, "quaterno", "loss", 1500, 1440, 23.5, 7.9, 2000.0), (2, 2, "quaterno", "win", 1500, 1560, 26.5, 7.9, 2000.0)]
    for game_id, user, variant, result, before, after, mu, sigma, at in history:
        raw.execute("INSERT INTO rating_history (game_id, user_id, variant, guild_id, result, before, after, mu, "
                    "sigma, at) VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)",
                    (game_id, user, variant, result, before, after, mu, sigma, at))
    for user, variant, mu, w, d, lost in ((1, "ancient", 27.6, 1, 0, 0), (2, "ancient", 22.4, 0, 0, 1),
                                          (1, "quaterno", 23.5, 0, 0, 1), (2, "quaterno", 26.5, 1, 0, 0)):
        raw.execute("INSERT INTO ratings VALUES (?, ?, ?, ?, 7.9, 1, ?, ?, ?, ?, ?)",
                    (user, variant, ["alice", "bob"][user - 1], mu, w, d, lost, 40 * (mu - 25) + 1500, 2000.0))
    raw.commit()
    raw.close()


async def test_a_stored_draw_rated_as_a_win_is_rerated_at_the_next_start(db_path, clock):
    version_7_file(db_path)
    store = await Store.open(db_path)
    assert await store.chores() == ["rerate"]
    service = GameService(store, clock=clock)
    await service.reload()
    try:
        assert await store.chores() == []
        alice, bob = [await store.history(u, "ancient") for u in (1, 2)]
        assert [(h.result, round(h.before), round(h.after)) for h in alice] == [("draw", 1500, 1500)]
        assert [(h.result, round(h.before), round(h.after)) for h in bob] == [("draw", 1500, 1500)]
        [ancient_alice] = await store.ratings([1], "ancient")
        assert (ancient_alice.wins, ancient_alice.draws, ancient_alice.losses) == (0, 1, 0)
        assert ancient_alice.mu == ratings.START_MU
        assert (await store.get_game(1)).result["ratings"] == {"1": [1500, 1500], "2": [1500, 1500]}
        quaterno = await store.history(2, "quaterno")  # the decisive game keeps its winner
        assert quaterno[0].result == "win" and quaterno[0].after > 1500
        assert "alice" in (await service.profile(ALICE)).text
    finally:
        service.close()
        await store.close()
    again = await Store.open(db_path)  # done once: the next start leaves the ratings alone
    assert await again.chores() == []
    await again.close()
