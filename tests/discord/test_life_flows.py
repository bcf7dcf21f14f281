"""The life of a game in Discord (issue 19), end to end with simcord: finished games in their
threads and by number, challenge messages that close, rematch, draws, takebacks, pointers from
the lobby, and the start-up warning about unpublished commands."""
from __future__ import annotations

from bot.app import UNPUBLISHED, PaiShoBot
from tests.discord.helpers import TICK, make_config, now_shown, private_text, start_game


def said(channel) -> str:
    return channel.last_message.embeds[0].description


async def test_a_finished_game_stays_reachable_in_its_thread_and_by_number(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    await m["alice"].slash(thread, "move", move="c3")
    await m["bob"].slash(thread, "resign")
    assert "alice (Periwinkle) wins" in said(thread)
    shown = await m["carol"].slash(thread, "board")
    assert private_text(shown) == "" and said(thread).startswith("Game #1, PAUSO. Game over: alice (Periwinkle) wins")
    export = await m["bob"].slash(thread, "export")
    assert '[Status "finished"]' in export.response.content
    by_number = await m["bob"].slash(channel, "export", game=1)
    assert by_number.response.content == export.response.content
    suggested = await m["alice"].autocomplete(channel, "export", "game", "")
    assert suggested == [{"name": "#1 PAUSO: alice, bob (over)", "value": 1}]
    mine = await m["alice"].slash(channel, "games", mine=True)
    assert f"#1 PAUSO: alice, bob (over, in <#{thread.id}>)" in private_text(mine)


async def test_the_challenge_message_says_it_was_accepted_and_where(world):
    env, guild, channel, m = world
    challenge, thread = await start_game(world)
    closed = now_shown(channel, challenge)
    assert closed.components == []
    assert closed.embeds[0].description == (f"Challenge #1 (PAUSO, alice vs bob): accepted; the game is on "
                                            f"in <#{thread.id}>.")


async def test_a_second_challenge_replaces_the_first(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="pauso", opponent=m["bob"])
    first = channel.last_message
    await m["alice"].slash(channel, "challenge", game="quaterno", opponent=m["carol"])
    assert "(This replaces your challenge #1.)" in said(channel)
    assert now_shown(channel, first).embeds[0].description == ("Challenge #1 (PAUSO, alice vs bob): "
                                                               "Replaced by challenge #2.")
    waiting = await m["carol"].slash(channel, "board")
    assert private_text(waiting) == ("No game is running here yet: challenge #2 (Quaterno) is waiting for "
                                     "carol to accept.")


async def test_in_the_lobby_a_player_is_pointed_to_the_thread(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    lost = await m["alice"].slash(channel, "move", move="c3")
    assert private_text(lost) == (f"No game is running in this channel; your game is played in its own thread: "
                                  f"#1 in <#{thread.id}>.")


async def test_rematch_from_the_button_under_the_result(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    await m["alice"].slash(thread, "move", move="c3")
    await m["bob"].slash(thread, "resign")
    end = thread.last_message
    assert end.content == f"{m['alice'].mention} {m['bob'].mention}"
    await m["bob"].click(end, label="Rematch")
    assert said(thread).startswith("bob asks for a rematch of game #1, challenging alice to a rated game of PAUSO")
    assert thread.last_message.content == m["alice"].mention
    accepted = await m["alice"].click(thread.last_message, label="Accept")
    assert private_text(accepted) == ""  # no complaint about threads: it plays in this one
    assert "Game #2 of PAUSO begins: bob (Periwinkle), alice (Apricot). bob (Periwinkle) to move." in said(thread)


async def test_a_draw_offered_and_accepted_with_the_button(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    await m["alice"].slash(thread, "draw")
    offer = thread.last_message
    assert said(thread).startswith("alice offers a draw.") and offer.content == m["bob"].mention
    stranger = await m["carol"].click(offer, label="Accept")
    assert private_text(stranger) == "You are not playing in this game."
    await m["bob"].click(offer, label="Accept")
    assert said(thread).startswith("alice and bob agreed to a draw. Game over: a draw")


async def test_a_draw_declined_by_a_move(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    await m["bob"].slash(thread, "draw")
    await m["alice"].slash(thread, "move", move="c3")
    assert "This declines bob's draw offer." in said(thread)


async def test_a_takeback_accepted_and_one_declined(world):
    env, guild, channel, m = world
    _, thread = await start_game(world)
    await m["alice"].slash(thread, "move", move="c3")
    await m["alice"].slash(thread, "takeback")
    assert said(thread).startswith("alice asks to take back R@c3.")
    await m["bob"].click(thread.last_message, label="Accept")
    assert said(thread).startswith("Takeback agreed: R@c3 taken back. alice (Periwinkle) to move.")
    await m["alice"].slash(thread, "move", move="b2")
    await m["alice"].slash(thread, "takeback")
    await m["bob"].click(thread.last_message, label="Decline")
    assert said(thread) == "bob declined alice's takeback request."
    nothing = await m["bob"].slash(thread, "takeback")
    assert private_text(nothing) == "You have no turn to take back."


async def test_a_bot_with_no_published_commands_says_how_to_publish_them(simcord_env, db_path, caplog):
    env = simcord_env
    assert any(UNPUBLISHED in r.getMessage() for r in caplog.get_records("setup"))
    await env.bot.tree.sync()  # as "scripts/start sync" does
    caplog.clear()
    await env.restart_bot(PaiShoBot(make_config(db_path), tick_seconds=TICK))
    assert not any(UNPUBLISHED in r.getMessage() for r in caplog.records)
