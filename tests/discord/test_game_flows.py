"""Kutai, Iroh, Ancient and Basic Pai Sho and Quaterno through discord.py with simcord: each game
appears in every command with no cog change."""
from __future__ import annotations

from tests.discord.helpers import private_text
from tests.engine.examples import K2


async def test_a_kutai_game_in_its_thread(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="kutai", opponent=m["bob"], options="target=10")
    challenge = channel.last_message
    assert "alice challenges bob to a rated game of Kutai Pai Sho" in challenge.embeds[0].description
    await m["bob"].click(challenge, label="Accept")
    thread = channel.threads[-1]
    assert thread.name == "alice vs bob \u00b7 Kutai Pai Sho #1"

    choices = await m["alice"].autocomplete(thread, "move", "move", "dm")
    assert [c["value"] for c in choices] == ["DMa@i9"]
    assert await m["bob"].autocomplete(thread, "move", "move", "") == []
    refused = await m["alice"].slash(thread, "move", move="Sp@i9")
    assert private_text(refused) == "The first tile must be the Centerpiece: one of your flowers on i9"

    players = [m["alice"], m["bob"]]
    for turn, (move, total, _) in enumerate(K2):
        result = await players[turn % 2].slash(thread, "move", move=move)
        assert private_text(result) == ""
        posted = thread.last_message
        assert posted.embeds[0].description.startswith(f"{players[turn % 2].name} played {move}. Harmony {total}")
        assert posted.attachments[0].filename == "board.png"
        if turn == 0:
            choices = await m["bob"].autocomplete(thread, "move", "move", "wl@l1")
            assert [c["value"] for c in choices] == ["WL@l10", "WL@l11", "WL@l12", "WL@l13"]  # not yellow l1
    assert "Game over: bob (Player 2) wins 12\u20139 (the Harmony passed the target)." in posted.embeds[0].description


async def test_a_quaterno_game_in_its_thread(world):
    env, guild, channel, m = world
    await m["bob"].slash(channel, "challenge", game="quaterno", opponent=m["alice"], options="move_limit=50")
    await m["alice"].click(channel.last_message, label="Accept")
    thread = channel.threads[-1]
    assert thread.name == "bob vs alice \u00b7 Quaterno #1"
    choices = await m["bob"].autocomplete(thread, "move", "move", "so@k")
    assert [c["value"] for c in choices] == ["So@k2", "So@k3", "So@k4", "So@k5", "So@k6", "So@k7", "So@k8",
                                             "So@k9", "So@k10"]
    refused = await m["bob"].slash(thread, "move", move="Fa@e4")
    assert private_text(refused) == "e4 is 2 away from the centre f6; tiles must be placed at least 4 away."
    await m["bob"].slash(thread, "move", move="so@k4")
    posted = thread.last_message
    assert posted.embeds[0].description == "bob played So@k4. alice (Player 2) to move."
    assert posted.content == m["alice"].mention
    refused = await m["alice"].slash(thread, "move", move="Fa@j4")
    assert private_text(refused) == "The east quarter is controlled by your opponent."


async def test_an_iroh_game_starts_with_the_guest(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="iroh", opponent=m["bob"])
    await m["bob"].click(channel.last_message, label="Accept")
    thread = channel.threads[-1]
    assert thread.last_message.content == m["bob"].mention
    assert "bob (Guest) to move" in thread.last_message.embeds[0].description
    assert await m["alice"].autocomplete(thread, "move", "move", "") == []
    choices = await m["bob"].autocomplete(thread, "move", "move", "j15")
    assert [c["value"] for c in choices] == ["j15-j14", "j15-j13", "j15-j12"]
    refused = await m["bob"].slash(thread, "move", move="h15-g15")
    assert private_text(refused) == "Water moves only on white points (g15)"
    await m["bob"].slash(thread, "move", move="proclaim")
    assert thread.last_message.embeds[0].description == (
        "bob played proclaim. No harmony across all four midlines - the turn is over. alice (Host) to move.")


async def test_ancient_hands_are_only_ever_shown_privately(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="ancient", opponent=m["bob"])
    await m["bob"].click(channel.last_message, label="Accept")
    thread = channel.threads[-1]
    seen = await m["alice"].slash(thread, "hand")
    assert private_text(seen).startswith("Your hand (5/5): ")
    posted_before = len(thread.messages) if hasattr(thread, "messages") else None
    if posted_before is not None:
        assert all("Your hand" not in (msg.content or "") and
                   all("Your hand" not in (e.description or "") for e in msg.embeds) for msg in thread.messages)
    stranger = await m["carol"].slash(thread, "hand")
    assert private_text(stranger) == "You are not playing in this game."
    chooser = m["alice"] if thread.last_message.content == m["alice"].mention else m["bob"]
    result = await chooser.slash(thread, "move", move="choose first")
    assert private_text(result).startswith("Your hand (5/5): ")
    assert "Your hand" not in thread.last_message.embeds[0].description
    drawn = await chooser.slash(thread, "move", move="draw")
    assert private_text(drawn).startswith("You drew a ")
    assert "You drew" not in thread.last_message.embeds[0].description
    assert "drew a tile and must discard one" in thread.last_message.embeds[0].description


async def test_a_basic_game_from_the_coin_to_the_first_turn(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="basic", opponent=m["bob"], options="target_points=30")
    await m["bob"].click(channel.last_message, label="Accept")
    thread = channel.threads[-1]
    assert thread.name == "alice vs bob \u00b7 Basic Pai Sho #1"
    winner = m["alice"] if thread.last_message.content == m["alice"].mention else m["bob"]
    other = m["bob"] if winner is m["alice"] else m["alice"]
    assert "won the coin: choose place" in thread.last_message.embeds[0].description
    choices = await winner.autocomplete(thread, "move", "move", "ch")
    assert [c["value"] for c in choices] == ["choose move", "choose place"]
    await winner.slash(thread, "move", move="choose place")
    assert thread.last_message.content == winner.mention  # the winner places the first spring flower
    refused = await winner.slash(thread, "move", move="Kn@e5")
    assert private_text(refused) == "Spring flowers are basic flowers: Ja, Li, WJ, Ro, Ch or Rh"
    refused = await other.slash(thread, "move", move="Ja@e1")
    assert private_text(refused) == "It is not your turn."
    first = (await winner.autocomplete(thread, "move", "move", "ja@"))[0]["value"]
    await winner.slash(thread, "move", move=first)
    posted = thread.last_message
    assert posted.embeds[0].description.startswith(f"{winner.name} played {first}.")
    assert "places a spring flower (2 of 6)" in posted.embeds[0].description
    assert posted.content == other.mention and posted.attachments[0].filename == "board.png"
