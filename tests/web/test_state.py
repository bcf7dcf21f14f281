"""What a page is told: in Ancient only the visitor's own hand (its picture and its words), never
the other's, and nothing of a hand to a watcher; WEB_KEY made on the first start and written to
.env; the settings refused with the reason."""
from __future__ import annotations

import os
import stat

import aiohttp
import pytest

from bot.config import ConfigError, load_config
from bot.web.keys import web_key
from tests.web.pages import person, stable_id


async def get(site, name: str, game_id: int, what: str):
    bearer = {"Authorization": "Bearer " + site.signer.session(stable_id("user", name), game_id, name)}
    async with aiohttp.ClientSession() as client:
        async with client.get(f"{site.server.url}/game/{game_id}/{what}", headers=bearer) as answer:
            return answer.status, (await answer.json() if answer.content_type == "application/json"
                                   else await answer.read())


async def test_in_ancient_each_player_sees_only_their_own_hand(site):
    game_id = await site.start("ancient", ["alice", "bob"])
    game = site.game(game_id)
    for name in ("alice", "bob"):
        seat = 0 if name == "alice" else 1
        status, state = await get(site, name, game_id, "state")
        assert status == 200 and state["hand"]["note"] == game.private_note(seat)
        status, png = await get(site, name, game_id, "hand.png")
        assert status == 200 and png.startswith(b"\x89PNG")
        other = game.private_note(1 - seat)
        assert other not in str(state)  # the other hand's words appear nowhere in what this page is told
    status, state = await get(site, "carol", game_id, "state")
    assert state["hand"] is None and state["you"]["seat"] is None
    assert await get(site, "carol", game_id, "hand.png") == (400, {"error": "Only a player sees their own hand."})


def test_the_web_key_is_made_once_and_written_to_env(tmp_path, monkeypatch):
    monkeypatch.delenv("WEB_KEY", raising=False)
    env = tmp_path / ".env"
    key = web_key(env)
    assert len(key) >= 32 and f"WEB_KEY={key}\n" in env.read_text()
    assert stat.S_IMODE(os.stat(env).st_mode) == 0o600  # made readable by the bot's user only
    assert web_key(env) == key  # from the environment now: never made twice
    monkeypatch.delenv("WEB_KEY")
    env.write_text("DISCORD_TOKEN=x")  # an existing file without a final newline keeps its lines
    again = web_key(env)
    assert env.read_text().startswith("DISCORD_TOKEN=x\n#") and again != key


@pytest.mark.parametrize("settings, refusal", [
    ({"WEB_PORT": "http"}, "WEB_PORT must be a port number (1 to 65535), not 'http'."),
    ({"WEB_PORT": "8080", "WEB_URL": "example.com"}, "WEB_URL must be the pages' public address"),
    ({"WEB_PORT": "8080", "WEB_KEY": "short"}, "WEB_KEY must be at least 32 characters long"),
    ({"ACTIVITY": "1", "WEB_PORT": "8080"}, "ACTIVITY=1 needs WEB_PORT, WEB_URL"),
    ({"ACTIVITY": "maybe"}, "ACTIVITY must be 1 (on) or 0 (off), not 'maybe'."),
])
def test_web_settings_are_refused_with_the_reason(monkeypatch, settings, refusal):
    for name in ("WEB_PORT", "WEB_URL", "WEB_KEY", "ACTIVITY", "DISCORD_CLIENT_SECRET"):
        monkeypatch.delenv(name, raising=False)
    for name, value in settings.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as refused:
        load_config(None)
    assert str(refused.value).startswith(refusal)


def test_web_settings_are_read(monkeypatch):
    for name, value in {"WEB_PORT": "8080", "WEB_URL": "https://paisho.example/", "ACTIVITY": "1",
                        "DISCORD_CLIENT_SECRET": "s"}.items():
        monkeypatch.setenv(name, value)
    config = load_config(None)
    assert (config.web_port, config.web_url, config.activity, config.client_secret, config.web_host) == \
        (8080, "https://paisho.example", True, "s", "127.0.0.1")


async def test_a_page_of_a_game_called_off_says_so(site):
    game_id = await site.start("quaterno", ["alice", "bob"])
    await site.service.abort(500, person("alice"))
    status, state = await get(site, "alice", game_id, "state")
    assert (state["status"], state["over"], state["your_turn"]) == (
        f"Game over: game #{game_id} was called off before the first move.", True, False)
