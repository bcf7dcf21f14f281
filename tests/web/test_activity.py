"""The board inside Discord, as an Activity: the page starts in an iframe under a stand-in for
Discord's parent frame (which answers the Embedded App SDK's handshake, authorize and
authenticate as Discord's client does), the bot exchanges the OAuth2 code at a stand-in token
endpoint with the application's client secret, asks who the token is and where the instance
runs, maps the instance to the game launched there, and the player then plays by taps inside the
frame. Refusals: a user not in the instance, an instance in a channel where the game is not played."""
from __future__ import annotations

import json

import aiohttp
import pytest
from aiohttp import web

from bot.web.activity import Discord
from bot.web.server import SDK, WebServer
from tests.web.pages import WAIT, tap_move
from tests.web.pages import stable_id as user_id

APP, SECRET, BOT_TOKEN, CODE = 4242, "the-client-secret", "the-bot-token", "a-code-from-discord"
GUILD, CHANNEL = 77, 500

PARENT = """<!doctype html><html><body>
<iframe id="activity" width="390" height="800" src="/?frame_id=f1&instance_id=%(instance)s&platform=mobile&guild_id=77&channel_id=500"></iframe>
<script>
window.seen = [];
const frame = document.getElementById("activity");
const me = {id: "%(user)s", username: "alice", discriminator: "0", public_flags: 0};
window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [op, data] = event.data;
  window.seen.push(op === 0 ? "HANDSHAKE" : data.cmd);
  const reply = (payload) => frame.contentWindow.postMessage([1, payload], "*");
  if (op === 0) {
    reply({cmd: "DISPATCH", evt: "READY", nonce: null, data: {v: 1, user: me,
           config: {api_endpoint: "//discord.com/api", environment: "production"}}});
  } else if (data.cmd === "AUTHORIZE") {
    reply({cmd: "AUTHORIZE", evt: null, nonce: data.nonce, data: {code: "%(code)s"}});
  } else if (data.cmd === "AUTHENTICATE") {
    reply({cmd: "AUTHENTICATE", evt: null, nonce: data.nonce, data: {access_token: data.args.access_token, user: me,
           scopes: ["identify"], expires: "2030-01-01T00:00:00.000Z",
           application: {id: "%(app)s", name: "Pai Sho Bot", description: ""}}});
  } else {
    reply({cmd: data.cmd, evt: null, nonce: data.nonce, data: null});
  }
});
</script></body></html>"""


class FakeDiscord:
    """Discord's token endpoint, /users/@me and the activity instances, as the bot calls them."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict]] = []
        self.instances = {"i-1": (CHANNEL, [user_id("user", "alice")]), "i-2": (999, [user_id("user", "alice")]),
                          "i-3": (CHANNEL, [user_id("user", "bob")])}
        self.url = ""

    async def token(self, request: web.Request) -> web.Response:
        form = dict(await request.post())
        self.calls.append(("token", form))
        if form != {"client_id": str(APP), "client_secret": SECRET, "grant_type": "authorization_code", "code": CODE}:
            return web.json_response({"error": "invalid_grant"}, status=400)
        return web.json_response({"access_token": "alice-token", "token_type": "Bearer", "scope": "identify"})

    async def me(self, request: web.Request) -> web.Response:
        self.calls.append(("me", {"auth": request.headers.get("Authorization")}))
        if request.headers.get("Authorization") != "Bearer alice-token":
            return web.json_response({"message": "401: Unauthorized"}, status=401)
        return web.json_response({"id": str(user_id("user", "alice")), "username": "alice", "global_name": "Alice"})

    async def instance(self, request: web.Request) -> web.Response:
        self.calls.append(("instance", {"auth": request.headers.get("Authorization")}))
        found = self.instances.get(request.match_info["instance"])
        if request.headers.get("Authorization") != f"Bot {BOT_TOKEN}" or found is None \
                or request.match_info["app"] != str(APP):
            return web.json_response({"message": "Unknown"}, status=404)
        channel, users = found
        return web.json_response({"application_id": str(APP), "instance_id": request.match_info["instance"],
                                  "launch_id": "1", "location": {"id": "gc-1", "kind": "gc", "channel_id": str(channel),
                                                                  "guild_id": str(GUILD)},
                                  "users": [str(u) for u in users]})


@pytest.fixture
async def discord():
    fake = FakeDiscord()
    app = web.Application()
    app.router.add_post("/oauth2/token", fake.token)
    app.router.add_get("/users/@me", fake.me)
    app.router.add_get("/applications/{app}/activity-instances/{instance}", fake.instance)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    fake.url = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}"  # type: ignore[union-attr]
    yield fake
    await runner.cleanup()


@pytest.fixture
async def activity(site, discord):
    server = WebServer(site.service, site.signer, port=0,
                       discord=Discord(lambda: APP, SECRET, lambda: BOT_TOKEN, base=discord.url))
    await server.start()
    yield server
    await server.stop()


async def in_discord(browser, server, instance: str):
    """The stand-in for Discord's client: a page on the bot's address framing the Activity."""
    context = await browser.new_context(viewport={"width": 400, "height": 840}, is_mobile=True, has_touch=True)
    page = await context.new_page()
    html = PARENT % {"instance": instance, "user": user_id("user", "alice"), "code": CODE, "app": APP}
    await page.route(f"{server.url}/discord", lambda route: route.fulfill(body=html, content_type="text/html"))
    await page.goto(f"{server.url}/discord")
    frame = page.frame_locator("#activity")
    return page, frame


async def test_the_activity_signs_in_through_discord_and_plays_the_launched_game(site, browser, discord, activity):
    if not (SDK / "index.mjs").is_file():
        pytest.skip("The Embedded App SDK is not installed in web/node_modules (npm ci in web/; .ci/run does it)")
    game_id = await site.start("quaterno", ["alice", "bob"], channel_id=CHANNEL, guild_id=GUILD)
    activity.launches.launched(CHANNEL, game_id)  # the Open board button, pressed in the game's thread
    page, _ = await in_discord(browser, activity, "i-1")
    frame = page.frames[1]
    await frame.wait_for_selector("main[data-activity='1'][data-ready='1']", timeout=WAIT)
    assert await page.evaluate("window.seen.slice(0, 3)") == ["HANDSHAKE", "AUTHORIZE", "AUTHENTICATE"]
    assert discord.calls[0] == ("token", {"client_id": str(APP), "client_secret": SECRET,
                                          "grant_type": "authorization_code", "code": CODE})
    assert [kind for kind, _ in discord.calls] == ["token", "me", "instance"]
    assert await frame.inner_text("#who") == "You play Player 1: Alice"
    game = site.game(game_id)
    move = game.legal_moves()[0]
    await tap_move(frame, game, move)  # by taps inside Discord, as on the web page
    await frame.wait_for_selector("main[data-turn='theirs']", timeout=WAIT)
    assert site.game(game_id).record == [game.copy().play(move)]


@pytest.mark.parametrize("instance, refusal", [
    ("i-2", "Game #1 is not played in this channel."),
    ("i-3", "You are not in this Activity. Join it from the channel, then try again."),
    ("i-9", "This Activity is not one Discord knows of. Close it and start it again."),
])
async def test_the_activity_refuses_what_discord_does_not_vouch_for(site, activity, discord, instance, refusal):
    game_id = await site.start("quaterno", ["alice", "bob"], channel_id=CHANNEL, guild_id=GUILD)
    activity.launches.launched(999, game_id)  # Open board under a reply showing game 1 in another channel
    async with aiohttp.ClientSession() as client:
        async with client.post(f"{activity.url}/api/activity/session",
                               data=json.dumps({"code": CODE, "instance_id": instance})) as answer:
            assert answer.status == 403
            assert await answer.json() == {"error": refusal}
        async with client.post(f"{activity.url}/.proxy/api/activity/session",
                               data=json.dumps({"code": "not-the-code", "instance_id": "i-1"})) as answer:
            assert (answer.status, await answer.json()) == (403, {"error": "Discord refused the Activity's sign-in. "
                                                                           "Close it and start it again."})


async def test_only_discord_may_frame_the_activitys_page(activity):
    async with aiohttp.ClientSession() as client:
        async with client.get(f"{activity.url}/") as answer:
            policy = answer.headers["Content-Security-Policy"]
            assert "frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com" in policy
            assert "script-src 'self'" in policy
        async with client.get(f"{activity.url}/api/activity/config") as answer:
            assert await answer.json() == {"client_id": str(APP)}
            assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
