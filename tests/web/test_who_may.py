"""Who may open and use a board page: only a link the bot signed, within 15 minutes, once; a
session only for its own game; a watcher never plays; every answer carries a strict
Content-Security-Policy; requests and sockets are limited. In a real browser where a person would
meet it, and over plain HTTP where a hostile client would."""
from __future__ import annotations

import base64
import json

import aiohttp
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.web.links import LINK_TTL, SESSION_TTL, Refused, Signer
from engine import steps
from tests.web.pages import PHONE, open_page, person, stable_id


def forged(token: str, **changes) -> str:
    """The token with its payload changed (the signature kept): a user or game of one's choosing."""
    body, mac = token.split(".")
    fields = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    fields.update(changes)
    raw = base64.urlsafe_b64encode(json.dumps(fields, separators=(",", ":")).encode()).rstrip(b"=").decode()
    return f"{raw}.{mac}"


async def message(browser, url: str) -> str:
    context = await browser.new_context(**PHONE)
    page = await context.new_page()
    await page.goto(url)
    return await page.inner_text("#message")


async def test_forged_expired_and_replayed_links_open_nothing(site, browser):
    game_id = await site.start("quaterno", ["alice", "bob"])
    other = await site.start("quaterno", ["carol", "dave"], channel_id=501)
    token = site.signer.link(stable_id("user", "alice"), game_id, "alice")
    base = site.server.url
    said = await message(browser, f"{base}/join/{forged(token, u=stable_id('user', 'bob'))}")  # be bob instead
    assert said.startswith("This link is not one the bot made")
    said = await message(browser, f"{base}/join/{forged(token, g=other)}")  # another game
    assert said.startswith("This link is not one the bot made")
    stale = site.link("alice", game_id)
    site.clock.advance(LINK_TTL + 1)
    assert (await message(browser, stale)).startswith("This link has expired")
    link = site.link("alice", game_id)
    mine = await open_page(browser, link)  # alice opens her link...
    assert await mine.inner_text("#who") == "You play Player 1: alice"
    assert (await message(browser, link)).startswith("This link has been used already")  # ...nobody else can
    await mine.goto(link)  # alice herself, opening it again: her own page, still
    await mine.wait_for_selector("main[data-ready='1']")


async def test_a_session_opens_only_its_own_game(site, browser):
    game_id = await site.start("quaterno", ["alice", "bob"])
    other = await site.start("pauso", ["carol", "dave"], {"board": "square4", "rings": 4}, channel_id=501)
    page = await open_page(browser, site.link("alice", game_id))
    answer = await page.evaluate("async (n) => { const r = await fetch(`/game/${n}/state`); return [r.status, await r.json()] }",
                                 other)
    assert answer == [401, {"error": "This page opens from a link: press Open board under a game in Discord (or use "
                                     "the link the console prints)."}]
    bearer = site.signer.session(stable_id("user", "alice"), game_id, "alice")
    answer = await page.evaluate("async ([n, t]) => { const r = await fetch(`/game/${n}/state`, {headers: "
                                 "{Authorization: `Bearer ${t}`}}); return [r.status, (await r.json()).error] }",
                                 [other, bearer])
    assert answer == [401, "This board's session is for another game: open this game's board from its own button."]
    await page.goto(f"{site.server.url}/game/{other}/")  # the page itself, without a session for it
    await page.wait_for_selector("main[data-ended='1']")
    assert (await page.inner_text("#note")).startswith("This page opens from a link")


async def test_a_watcher_and_the_player_not_to_move_play_nothing(site, browser):
    game_id = await site.start("quaterno", ["alice", "bob"])
    game = site.game(game_id)
    path, version = steps.path_of(game, game.legal_moves()[0]), steps.version(game)
    for name, refusal in (("carol", "You are watching this game: only its players pick moves."),
                          ("bob", "It is not your turn: alice is to move. The panel opens for the player to move.")):
        page = await open_page(browser, site.link(name, game_id))
        answer = await page.evaluate("async ([v, p]) => { const r = await fetch('play', {method: 'POST', headers: "
                                     "{'Content-Type': 'application/json'}, body: JSON.stringify({v, path: p})}); "
                                     "return [r.status, (await r.json()).error] }", [version, path])
        assert answer == [400, refusal]
        await page.tap("[data-point='f3']")  # a tap on the board says why nothing happens
        assert await page.inner_text("#note") in ("You are watching this game.", "It is not your turn yet.")
    assert site.game(game_id).record == []  # nothing was played


async def http(site, method: str, path: str, **kwargs):
    async with aiohttp.ClientSession() as client:
        async with client.request(method, site.server.url + path, allow_redirects=False, **kwargs) as answer:
            return answer.status, dict(answer.headers), await answer.read()


async def test_every_answer_has_a_strict_content_security_policy(site):
    game_id = await site.start("quaterno", ["alice", "bob"])
    for path in ("/", f"/game/{game_id}/", f"/game/{game_id}/state", "/static/board.js", "/join/nonsense"):
        status, headers, _ = await http(site, "GET", path)
        policy = headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "default-src 'none'" in policy and "'unsafe-inline'" not in policy
        assert "frame-ancestors 'none'" in policy  # the Activity is off: nobody may frame a page
        assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "no-referrer"
    status, headers, _ = await http(site, "GET", site.link("alice", game_id).removeprefix(site.server.url))
    assert status == 303 and headers["Location"] == f"/game/{game_id}/"
    cookie = headers["Set-Cookie"]
    assert f"psb_{game_id}=" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    status, _, body = await http(site, "GET", "/static/..%2Fboards.py")
    assert status == 404


async def test_a_cookie_from_another_site_plays_nothing(site):
    game_id = await site.start("quaterno", ["alice", "bob"])
    game = site.game(game_id)
    session = site.signer.session(stable_id("user", "alice"), game_id, "alice")
    body = {"v": steps.version(game), "path": steps.path_of(game, game.legal_moves()[0])}
    status, _, said = await http(site, "POST", f"/game/{game_id}/play", json=body,
                                 headers={"Origin": "https://evil.example", "Cookie": f"psb_{game_id}={session}"})
    assert status == 401 and site.game(game_id).record == []


async def test_requests_beyond_a_users_budget_are_refused(site):
    game_id = await site.start("quaterno", ["alice", "bob"])
    bearer = {"Authorization": "Bearer " + site.signer.session(stable_id("user", "alice"), game_id, "alice")}
    answers = [(await http(site, "GET", f"/game/{game_id}/step?v=0000000000&path=", headers=bearer))[0]
               for _ in range(60)]
    assert answers.count(429) >= 10 and set(answers) == {409, 429}
    status, _, said = await http(site, "GET", f"/game/{game_id}/state", headers=bearer)
    assert status == 429 and json.loads(said) == {"error": "Too many requests at once: wait a moment and try again."}


async def test_a_socket_without_a_session_hears_only_why(site):
    game_id = await site.start("quaterno", ["alice", "bob"])
    async with aiohttp.ClientSession() as client:
        async with client.ws_connect(f"{site.server.url}/game/{game_id}/live") as socket:
            await socket.send_json({"session": "forged.token"})
            said = await socket.receive_json()
            assert said == {"type": "refused", "error": "This link is not one the bot made, so it opens nothing. "
                                                        "Press Open board under the game in Discord (or ask the console "
                                                        "for the board) for a new one."}
        session = site.signer.session(stable_id("user", "carol"), game_id, "carol")
        async with client.ws_connect(f"{site.server.url}/game/{game_id}/live") as socket:
            await socket.send_json({"session": session})
            assert await socket.receive_json() == {"type": "hello"}
            await site.service.move(500, person("alice"), site.game(game_id).legal_moves()[0])
            assert await socket.receive_json() == {"type": "changed"}


# ----- the signed tokens themselves ------------------------------------------------------------------
def test_a_link_opens_once_and_a_session_is_no_link():
    now = [1000.0]
    signer = Signer("k" * 40, clock=lambda: now[0])
    link = signer.link(7, 3, "alice")
    opened = signer.open_link(link)
    assert (opened.user_id, opened.game_id, opened.name) == (7, 3, "alice")
    with pytest.raises(Refused, match="used already"):
        signer.open_link(link)
    with pytest.raises(Refused, match="not one the bot made"):
        signer.open_link(signer.session(7, 3, "alice"))  # a session is never a link...
    with pytest.raises(Refused, match="not one the bot made"):
        signer.read_session(signer.link(7, 3, "alice"))  # ...nor a link a session
    with pytest.raises(Refused, match="before the bot restarted"):
        Signer("k" * 40, clock=lambda: now[0]).open_link(signer.link(7, 3, "alice"))  # same key, a new start
    with pytest.raises(Refused, match="not one the bot made"):
        Signer("another key of forty characters, at least", clock=lambda: now[0]).read_session(
            signer.session(7, 3, "alice"))
    session = signer.session(7, 3, "a" * 5000 + "\u00e9\u4e2d")
    assert len(signer.read_session(session).name) == 64
    now[0] += SESSION_TTL + 1
    with pytest.raises(Refused, match="session has ended"):
        signer.read_session(session)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=2000), st.integers(0, 400), st.characters())
def test_no_token_but_ours_opens_anything(text, at, char):
    signer = Signer("k" * 40, clock=lambda: 1000.0)
    for token in (text, signer.link(1, 2, "x")[:at] + char + signer.link(1, 2, "x")[at + 1:]):
        try:
            signer.open_link(token)
        except Refused:
            pass
        try:
            signer.read_session(token)
        except Refused:
            pass
