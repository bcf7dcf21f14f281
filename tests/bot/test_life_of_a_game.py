"""The life of a game around its moves (issue 19), at the service on a real SQLite file:
finished games stay reachable, challenges close visibly and replace each other, the end pings
everyone and offers a rematch, draws by agreement, takebacks by consent, and refusals that say
what is there instead of "no game"."""
from __future__ import annotations

import random

import pytest

import engine
from bot.service import UserError
from tests.helpers import ALICE, BOB, CAROL, CH, DAVE, looker, start_round5

THREAD = 500


async def start_in_thread(service, players=(BOB,), variant="pauso", options=None):
    """A challenge in CH whose last acceptance gives the game the thread THREAD."""
    options = options if options is not None else {"board": "square4", "rings": 4}
    reply = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=list(players),
                                    variant=variant, options=options)

    async def make_thread(title):
        return THREAD

    for p in players:
        last = await service.accept(p, game_id=reply.game_id, make_channel=make_thread)
    assert last.started
    return reply.game_id


# ----- finished games stay reachable ---------------------------------------------------------

async def test_a_finished_game_is_shown_in_its_thread_and_by_number(service):
    game_id = await start_in_thread(service)
    await service.move(THREAD, ALICE, "a1")
    await service.resign(THREAD, BOB)
    board = await service.board(THREAD)
    assert board.text.startswith(f"Game #{game_id}, PAUSO. Game over: alice (Periwinkle) wins")
    assert board.image.startswith(b"\x89PNG")
    assert "1. alice: R@a1" in (await service.moves(THREAD)).text
    export = await service.export(channel_id=THREAD)
    assert '[Status "finished"]' in export.text and "2. bob: resign 2" in export.text
    assert (await service.export(game_id=game_id, viewer=looker(CAROL))).text == export.text
    with pytest.raises(UserError, match="^No game 99 here.$"):
        await service.export(game_id=99, viewer=looker(CAROL))


async def test_a_finished_ancient_game_shows_its_seed(service, store):
    game_id = await start_in_thread(service, variant="ancient", options={})
    running = (await service.export(channel_id=THREAD)).text
    assert '[Seed "hidden until the game is over"]' in running
    await service.draw(THREAD, ALICE)
    await service.draw(THREAD, BOB)
    row = await store.get_game(game_id)
    assert f'[Seed "{row.seed}"]' in (await service.export(game_id=game_id, viewer=looker(ALICE))).text


async def test_the_games_list_links_each_game_and_mine_has_the_finished_ones(service):
    game_id = await start_in_thread(service)
    listed = (await service.games(looker(CAROL), guild_id=1)).text
    assert f"#{game_id} PAUSO: alice, bob (running in <#{THREAD}>)" in listed
    await service.resign(THREAD, BOB)
    mine = (await service.games(looker(ALICE), guild_id=1, mine=True)).text
    assert f"Recently finished:\n#{game_id} PAUSO: alice, bob (over, in <#{THREAD}>)" in mine
    assert await service.recent_games(looker(ALICE)) == [(f"#{game_id} PAUSO: alice, bob (over)", game_id)]
    assert await service.recent_games(looker(ALICE), "nothing like it") == []


# ----- challenges ------------------------------------------------------------------------------

async def test_a_new_challenge_replaces_the_challengers_open_one_and_closes_its_message(service, store):
    first = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="pauso")
    await service.challenge_posted(first.game_id, 777)
    second = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[CAROL],
                                     variant="quaterno")
    assert f"(This replaces your challenge #{first.game_id}.)" in second.text
    [closed] = second.closes
    assert (closed.channel_id, closed.message_id) == (CH, 777)
    assert closed.text == f"Challenge #{first.game_id} (PAUSO, alice vs bob): Replaced by challenge #{second.game_id}."
    assert (await store.get_game(first.game_id)).status == "declined"
    with pytest.raises(UserError, match="no longer open"):
        await service.accept(BOB, game_id=first.game_id)
    other = await service.challenge(guild_id=1, channel_id=CH, challenger=DAVE, opponents=[BOB], variant="pauso")
    assert other.closes == () and "replaces" not in other.text  # dave's challenge replaces nothing of alice's


async def test_accepting_and_declining_close_the_challenge_message(service):
    reply = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="pauso")
    await service.challenge_posted(reply.game_id, 900)
    started = await service.accept(BOB, game_id=reply.game_id, make_channel=lambda title: _thread())
    assert [c.text for c in started.closes] == [f"Challenge #1 (PAUSO, alice vs bob): accepted; the game is on "
                                                f"in <#{THREAD}>."]
    again = await service.challenge(guild_id=1, channel_id=CH, challenger=CAROL, opponents=[DAVE], variant="pauso")
    await service.challenge_posted(again.game_id, 901)
    declined = await service.decline(DAVE, game_id=again.game_id)
    assert declined.closes[0].text == "Challenge #2 (PAUSO, carol vs dave): declined by dave."


async def _thread():
    return THREAD


async def test_while_a_challenge_waits_the_channel_says_who_has_to_accept(service):
    await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB, CAROL],
                            variant="pauso", options={"board": "round5"})
    await service.accept(BOB, channel_id=CH)
    with pytest.raises(UserError) as said:
        await service.move(CH, ALICE, "c3")
    assert str(said.value) == "No game is running here yet: challenge #1 (PAUSO) is waiting for carol to accept."


async def test_in_the_lobby_a_player_is_pointed_to_their_games_thread(service):
    game_id = await start_in_thread(service)
    with pytest.raises(UserError) as said:
        await service.move(CH, ALICE, "a1")
    assert str(said.value) == (f"No game is running in this channel; your game is played in its own thread: "
                               f"#{game_id} in <#{THREAD}>.")
    with pytest.raises(UserError, match="^There is no game running in this channel"):
        await service.board(CH, user=CAROL)  # nothing of carol's anywhere


# ----- the end, and a rematch -------------------------------------------------------------------

async def test_the_end_pings_everyone_and_a_rematch_rotates_the_seats(service, store):
    game_id = await start_in_thread(service)
    await service.move(THREAD, ALICE, "a1")
    end = await service.resign(THREAD, BOB)
    assert end.finished and end.rematch and end.mention == (ALICE.id, BOB.id)
    again = await service.rematch(BOB, game_id, channel_id=THREAD)
    assert again.challenge and again.mention == (ALICE.id,)
    assert again.text.startswith(f"bob asks for a rematch of game #{game_id}, challenging alice to a rated game of PAUSO")
    row = await store.get_game(again.game_id)
    assert [s.name for s in row.seats] == ["bob", "alice"] and row.options == (await store.get_game(game_id)).options
    started = await service.accept(ALICE, game_id=again.game_id)
    assert started.started and "bob (Periwinkle) to move" in started.text
    with pytest.raises(UserError, match="only its players|Only its players"):
        await service.rematch(CAROL, game_id, channel_id=CH)


async def test_a_rematch_is_only_for_a_finished_game(service):
    game_id = await start_in_thread(service)
    with pytest.raises(UserError, match=f"Game #{game_id} is not a finished game"):
        await service.rematch(ALICE, game_id, channel_id=CH)


# ----- draws by agreement -------------------------------------------------------------------------

async def test_a_draw_offered_and_accepted_ends_the_game_rated_as_a_draw(service, store):
    game_id = await start_in_thread(service)
    offer = await service.draw(THREAD, ALICE)
    assert offer.offer == "draw" and offer.mention == (BOB.id,)
    assert offer.text == "alice offers a draw. bob: accept or decline; a move declines it."
    with pytest.raises(UserError, match="You have agreed already; waiting for bob"):
        await service.draw(THREAD, ALICE)
    end = await service.agree(BOB, game_id, "draw")
    assert end.finished and end.text.startswith("alice and bob agreed to a draw. Game over: a draw")
    assert "(by agreement)" in end.text
    row = await store.get_game(game_id)
    assert row.moves[-1] == "draw agreed" and row.result["winners"] == [0, 1]
    assert engine.replay("pauso", row.moves, seed=row.seed, options=row.options).outcome.reason == "agreement"
    assert {r.draws for r in await store.ratings([ALICE.id, BOB.id], "pauso")} == {1}


async def test_a_move_declines_a_draw_offer(service, store):
    game_id = await start_in_thread(service)
    await service.move(THREAD, ALICE, "a1")
    await service.draw(THREAD, ALICE)
    reply = await service.move(THREAD, BOB, "d4")
    assert "This declines alice's draw offer." in reply.text
    assert await store.offers(game_id) == []
    with pytest.raises(UserError, match="There is no open draw offer"):
        await service.agree(BOB, game_id, "draw")


async def test_a_draw_offer_declined_with_the_button(service, store):
    game_id = await start_in_thread(service)
    await service.draw(THREAD, BOB)
    reply = await service.decline_offer(ALICE, game_id, "draw")
    assert reply.text == "alice declined bob's draw offer." and reply.mention == (BOB.id,)
    assert await store.offers(game_id) == []


async def test_in_a_game_of_three_everyone_still_playing_must_agree(service):
    game_id, _ = await start_round5(service)
    await service.move(CH, ALICE, "c1")
    await service.resign(CH, CAROL)
    assert (await service.draw(CH, ALICE)).mention == (BOB.id,)  # carol left: not asked
    end = await service.draw(CH, BOB)
    assert end.finished and "agreed to a draw" in end.text
    with pytest.raises(UserError):
        await service.agree(CAROL, game_id, "draw")


# ----- takebacks ------------------------------------------------------------------------------------

async def test_a_takeback_accepted_undoes_the_askers_last_turn(service, store):
    game_id = await start_in_thread(service)
    await service.move(THREAD, ALICE, "a1")
    ask = await service.takeback(THREAD, ALICE)
    assert ask.offer == "takeback" and ask.text.startswith("alice asks to take back R@a1. bob:")
    done = await service.takeback(THREAD, BOB)  # bob accepts by asking too
    assert done.text.startswith("Takeback agreed: R@a1 taken back. alice (Periwinkle) to move.")
    assert done.mention == (ALICE.id,) and done.image.startswith(b"\x89PNG")
    assert (await store.get_game(game_id)).moves == []
    assert service.game_in(THREAD)[1].record == []
    assert (await store.timer(game_id)).seat == 0
    await service.move(THREAD, ALICE, "b2")  # and the game goes on
    assert (await store.get_game(game_id)).moves == ["R@b2"]


async def test_a_takeback_also_undoes_the_reply_since(service, store):
    game_id = await start_in_thread(service)
    await service.move(THREAD, ALICE, "a1")
    await service.move(THREAD, BOB, "d4")
    ask = await service.takeback(THREAD, ALICE)
    assert ask.text.startswith("alice asks to take back R@a1, R@d4.")
    await service.agree(BOB, game_id, "takeback")
    assert (await store.get_game(game_id)).moves == []


async def test_takebacks_refused(service, store):
    game_id = await start_in_thread(service)
    with pytest.raises(UserError, match="^You have no turn to take back.$"):
        await service.takeback(THREAD, ALICE)
    await service.move(THREAD, ALICE, "a1")
    await service.takeback(THREAD, ALICE)
    reply = await service.decline_offer(BOB, game_id, "takeback")
    assert reply.text == "bob declined alice's takeback request."
    await service.takeback(THREAD, ALICE)
    moved = await service.move(THREAD, BOB, "d4")
    assert "alice's takeback request lapses." in moved.text
    assert (await store.get_game(game_id)).moves == ["R@a1", "R@d4"]


async def test_a_drawn_tile_is_never_taken_back(service, store):
    await start_in_thread(service, variant="ancient", options={})
    rng = random.Random(2)
    people = {0: ALICE, 1: BOB}
    for _ in range(60):
        row, game = service.game_in(THREAD)
        if any("draw" in m for m in row.moves[-1:]) and row.move_seats[-1] == 0:
            break
        await service.move(THREAD, people[game.to_move], game.random_move(rng))
    else:
        pytest.skip("no draw by alice in this random game")
    with pytest.raises(UserError, match="^That turn showed a hidden tile, so it cannot be taken back.$"):
        await service.takeback(THREAD, ALICE)


# ----- clear words ------------------------------------------------------------------------------------

async def test_a_player_who_left_hears_so_when_they_try_to_move(service):
    await start_round5(service)
    await service.move(CH, ALICE, "c1")
    await service.resign(CH, CAROL)
    await service.move(CH, BOB, "c2")
    with pytest.raises(UserError, match="^You have left this game; the others play on without you.$"):
        await service.move(CH, CAROL, "a1")


async def test_replies_speak_no_python(service):
    reply = await service.challenge(guild_id=1, channel_id=CH, challenger=ALICE, opponents=[BOB], variant="iroh")
    assert "auto_proclaim false" in reply.text
    assert "True" not in reply.text and "False" not in reply.text

