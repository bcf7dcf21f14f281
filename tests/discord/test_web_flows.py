"""The board pages from Discord (simcord): with WEB_PORT the turn messages carry Open board, which
gives the presser a private link (theirs alone, signed, opening once); a move played on the page
is posted in the game's thread like any turn, with its buttons; without WEB_PORT nothing changes.
Publishing the commands keeps the Activity's entry point command that Discord made."""
from __future__ import annotations

import aiohttp
import pytest

from bot.app import PaiShoBot, publish
from bot.web.activity import Discord
from engine import steps
from tests.discord.helpers import TICK, make_config


@pytest.fixture
def simcord_bot(db_path, monkeypatch):
    monkeypatch.setenv("WEB_KEY", "a key for the tests that is long enough")
    return PaiShoBot(make_config(db_path, web_port=0), tick_seconds=TICK)


@pytest.fixture(autouse=True)
async def pages_stopped(simcord_env):
    yield
    if simcord_env.bot.web is not None:
        await simcord_env.bot.web.stop()


def buttons(message) -> list:
    """The buttons of a message (a posted message's rows, or a response's raw component dicts)."""
    found = []
    for row in message.components:
        for c in (row["components"] if isinstance(row, dict) else row.children):
            found.append(c if not isinstance(c, dict) else type("Button", (), {"label": c.get("label"),
                                                                                "url": c.get("url")}))
    return found


async def start(world):
    env, guild, channel, m = world
    await m["alice"].slash(channel, "challenge", game="quaterno", opponent=m["bob"])
    await m["bob"].click(channel.last_message, label="Accept")
    return channel.threads[-1]


async def test_open_board_gives_the_presser_a_link_and_a_move_there_is_posted(world):
    env, guild, channel, m = world
    thread = await start(world)
    turn = thread.last_message
    assert [b.label for b in buttons(turn)] == ["Play", "Open board"]
    pressed = await m["alice"].click(turn, label="Open board")
    answer = pressed.response  # the deferred answer, replaced by the link
    assert answer.ephemeral and "The link is yours alone: it opens once, within 15 minutes." in answer.content
    url = next(b.url for b in buttons(answer) if b.url)
    assert url.startswith(env.bot.web.url + "/join/")
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:  # 127.0.0.1
        async with browser.get(url) as page:
            assert page.status == 200 and str(page.url).endswith("/game/1/")
        async with browser.get(env.bot.web.url + "/game/1/state") as answer:
            state = await answer.json()
        assert state["you"] == {"name": "alice", "seat": 0} and state["your_turn"]
        row, game = env.bot.service.game_in(thread.id)
        move = game.legal_moves()[0]
        async with browser.post(env.bot.web.url + "/game/1/play", json={"v": state["version"],
                                                                         "path": steps.path_of(game, move)}) as done:
            assert done.status == 200
    posted = thread.last_message
    assert posted.id != turn.id and posted.embeds[0].description.startswith(f"alice played {move}.")
    assert posted.content == m["bob"].mention and [b.label for b in buttons(posted)] == ["Play", "Open board"]
    async with aiohttp.ClientSession() as stranger:  # the same link, a second time
        async with stranger.get(url) as page:
            assert page.status == 403 and "used already" in await page.text()


async def test_a_spectator_gets_a_watching_link(world):
    env, guild, channel, m = world
    thread = await start(world)
    pressed = await m["carol"].click(thread.last_message, label="Open board")
    url = next(b.url for b in buttons(pressed.response) if b.url)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:  # 127.0.0.1
        await browser.get(url)
        async with browser.get(env.bot.web.url + "/game/1/state") as answer:
            assert (await answer.json())["you"] == {"name": "carol", "seat": None}


async def test_publishing_keeps_the_activitys_entry_point(world):
    env, guild, channel, m = world
    env.backend.register_commands(None, [{"name": "launch", "type": 4, "description": "Launch the Activity"}])
    published = await publish(env.bot)
    kinds = {(c["name"], c["type"]) for c in published}
    assert ("launch", 4) in kinds and ("challenge", 1) in kinds and ("move", 1) in kinds
    assert {(c["name"], c["type"]) for c in env.backend.commands[None].values()} == kinds


async def test_with_the_activity_open_board_launches_it_or_falls_back_to_the_link(simcord_env):
    """The Activity on: the press remembers the game for the channel's Activity and asks Discord
    to launch it; where Discord refuses (here: the offline Discord knows no Activities), the
    presser gets the link instead."""
    env = simcord_env
    guild = env.create_guild(name="Pai Sho Club")
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    await env.bot.tree.sync()
    env.bot.web.discord = Discord(lambda: 1, "a secret", lambda: "a token")  # the Activity is on (not called here)
    await alice.slash(channel, "challenge", game="quaterno", opponent=bob)
    await bob.click(channel.last_message, label="Accept")
    thread = channel.threads[-1]
    pressed = await alice.click(thread.last_message, label="Open board")
    assert env.bot.web.launches.game_of("any instance", thread.id) == 1
    assert any(b.url for b in buttons(pressed.response)) and "yours alone" in pressed.response.content
