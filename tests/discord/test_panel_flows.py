"""The move panel through discord.py with simcord: whole games of all six games played with the
panel alone (the Play button, the select, Play it: no move typed), and the panel refused after
the game moved on, to a non-player and to the player not to move, working after a restart, and
gone after Cancel. Nothing public is posted until the move is played."""
from __future__ import annotations

import random

import pytest

from bot.app import PaiShoBot
from engine import steps
from tests.discord.helpers import TICK, make_config, private_text
from tests.engine.examples import K2, T_Q8

PAUSO_3 = ["c1", "c2", "b1", "d4", "e4", "c5", "d3", "b2", "a4", "b3", "c2", "a2"]  # README's game: round5, 4 Rings
GAMES = {  # game: (options, players, the moves to play (None: random legal moves), ending words)
    "basic": ("target_points=30 max_turns=4", 2, None, "Game over"),
    "ancient": ("max_turns=5", 2, None, "Game over: a draw"),
    "iroh": ("max_turns=6", 2, None, "Game over: a draw"),
    "kutai": ("target=10", 2, [m for m, _, _ in K2], "Game over: bob (Player 2) wins"),
    "quaterno": ("", 2, [m for m, _ in T_Q8], "Game over: alice (Player 1) wins"),
    "pauso": ("board=round5 rings=4", 3, PAUSO_3, "Game over"),
}


def live(env, thread):
    """The running game in a thread, as the bot holds it (the test's player reads it to decide)."""
    found = env.bot.service.game_in(thread.id)
    assert found is not None
    return found


async def play_with_panel(env, thread, members, move: str | None, rng: random.Random) -> str:
    """The player to move plays ``move`` (or a random legal move) with the panel alone: Play under
    the turn message, one choice per step, Play it. Returns the move as played."""
    row, game = live(env, thread)
    seat = game.to_move
    member = next(m for m in members.values() if m.id == row.seats[seat].user_id)
    if move is None:
        move = game.copy().random_move(rng)
    else:
        move = game.copy().play(move)  # the canonical move
    path = steps.path_of(game, move)
    recorded = game.copy().play(move)  # as the record writes it (Ancient: discard X is draw,discard X)
    turn = thread.last_message
    assert turn.content == member.mention
    opened = await member.click(turn, label="Play")
    panel = opened.response
    assert panel is not None and panel.ephemeral and panel.attachments[0].filename == "panel.png"
    for letter in path:
        chosen = await member.select(panel.message, [letter])
        panel = chosen.response
        assert panel is not None and panel.ephemeral and panel.attachments
        assert thread.last_message.id == turn.id  # nothing public while picking
    assert f"{move}**" in panel.content
    played = await member.click(panel.message, label="Play it")
    posted = thread.last_message
    assert posted.id != turn.id and posted.embeds[0].description.startswith(f"{member.name} played {recorded}.")
    assert played.response is None or played.response.ephemeral  # the panel went (or shows the hand)
    return move


@pytest.mark.slow  # a whole game played to its end (tests/README.md)
@pytest.mark.parametrize("variant", list(GAMES))
async def test_a_whole_game_played_with_the_panel_alone(world, variant):
    env, guild, channel, m = world
    options, players, moves, ending = GAMES[variant]
    opponents = {"opponent": m["bob"]} | ({"opponent2": m["carol"]} if players == 3 else {})
    await m["alice"].slash(channel, "challenge", game=variant, **opponents, **({"options": options} if options else {}))
    challenge = channel.last_message
    for name in ["bob", "carol"][:players - 1]:
        await m[name].click(challenge, label="Accept")
    thread = channel.threads[-1]
    rng = random.Random(7)
    played = []
    for turn in range(400):
        if env.bot.service.game_in(thread.id) is None:
            break
        played.append(await play_with_panel(env, thread, m, moves[turn] if moves else None, rng))
    last = thread.last_message
    assert ending in last.embeds[0].description
    assert not any((c.custom_id or "").startswith("psb:play:") for row in last.components
                   for c in row.children)  # no Play button once it is over
    assert moves is None or len(played) == len(moves)  # the whole scripted game, to its end


async def open_panel(member, thread):
    opened = await member.click(thread.last_message, label="Play")
    return opened.response


async def test_a_panel_is_refused_once_the_game_moved_on_and_nothing_is_played(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="pauso", opponent=m["bob"], options="board=square4 rings=4")
    await m["bob"].click(channel.last_message, label="Accept")
    thread = channel.threads[-1]
    panel = await open_panel(m["alice"], thread)
    step = await m["alice"].select(panel.message, ["a"])  # a1: the whole move, Play it shown
    await m["alice"].slash(thread, "move", move="b2")  # typed meanwhile
    await m["bob"].slash(thread, "move", move="c3")
    assert thread.last_message.embeds[0].description.startswith("bob played R@c3.")
    stale = await m["alice"].click(step.response.message, label="Play it")
    assert stale.response.content.startswith("The game has moved on since this panel was opened")
    assert stale.response.components == []  # the dead panel has nothing left to press
    assert thread.last_message.embeds[0].description.startswith("bob played R@c3.")  # nothing played
    _, game = live(env, thread)
    assert game.record == ["R@b2", "R@c3"]


async def test_the_panel_is_only_for_the_player_to_move(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="quaterno", opponent=m["bob"])
    await m["bob"].click(channel.last_message, label="Accept")
    thread = channel.threads[-1]
    turn = thread.last_message
    stranger = await m["carol"].click(turn, label="Play")
    assert private_text(stranger) == "You are not playing in this game."
    waiting = await m["bob"].click(turn, label="Play")
    assert private_text(waiting) == "It is not your turn: alice is to move. The panel opens for the player to move."
    typed = await m["bob"].slash(thread, "move")  # /move with nothing typed: the same panel, the same refusal
    assert private_text(typed) == "It is not your turn: alice is to move. The panel opens for the player to move."
    assert thread.last_message.id == turn.id
    mine = await m["alice"].slash(thread, "move")  # and for alice it opens
    assert mine.response.ephemeral and "**Which tile?**" in mine.response.content
    assert [o["label"] for o in mine.response.components[0]["components"][0]["options"]] == [
        "A \u00b7 Fan", "B \u00b7 Anchor", "C \u00b7 Stick", "D \u00b7 Compass", "E \u00b7 Soldier"]


async def test_a_panel_keeps_working_after_a_restart(world, db_path):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="kutai", opponent=m["bob"])
    await m["bob"].click(channel.last_message, label="Accept")
    thread = channel.threads[-1]
    panel = await open_panel(m["alice"], thread)
    _, game = live(env, thread)
    path = steps.path_of(game, "DMa@i9")
    first = await m["alice"].select(panel.message, [path[0]])
    await env.restart_bot(PaiShoBot(make_config(db_path), tick_seconds=TICK))
    await env.bot.tree.sync()
    step = first.response
    for letter in path[1:]:
        step = (await m["alice"].select(step.message, [letter])).response
    assert "DMa@i9**" in step.content
    await m["alice"].click(step.message, label="Play it")
    assert thread.last_message.embeds[0].description.startswith("alice played DMa@i9.")


async def test_cancel_closes_the_panel_and_plays_nothing(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="iroh", opponent=m["bob"])
    await m["bob"].click(channel.last_message, label="Accept")
    thread = channel.threads[-1]
    turn = thread.last_message
    guest = m["bob"]  # the Guest moves first
    panel = await open_panel(guest, thread)
    first = panel.content  # (the panel is one message, edited at each press)
    step = (await guest.select(panel.message, ["a"])).response
    assert step.id == panel.id and step.content != first
    back = await guest.click(step.message, label="Back")
    assert back.response.content == first  # one choice back: the first step again
    cancelled = await guest.click(back.response.message, label="Cancel")
    assert cancelled.response.content.startswith("Cancelled: nothing was played.")
    assert cancelled.response.components == [] and cancelled.response.attachments == []
    assert thread.last_message.id == turn.id
    _, game = live(env, thread)
    assert game.record == []
    again = await open_panel(guest, thread)  # a new panel opens as before
    assert again.content == first
