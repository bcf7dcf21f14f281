"""The board pages' HTTP server (aiohttp, in the bot's own process): started with WEB_PORT, at
WEB_URL for the world (``WebServer(...).start()``, ``await server.stop()``).

    GET  /join/<link>            a signed link, exchanged once for a session cookie -> the board page
    GET  /game/<id>/             the board page (web/static/board.html and its modules)
    GET  /game/<id>/state        the game as the page shows it (JSON)
    GET  /game/<id>/board.png    the board picture of a position (?v=version)
    GET  /game/<id>/step         a step of picking a move (?v=version&path=letters, JSON)
    GET  /game/<id>/preview.png  the position after the move chosen (?v=&path=)
    POST /game/<id>/play         play the move chosen ({"v", "path"}: the panel's Play it)
    GET  /game/<id>/hand.png     the visitor's own hand; /game/<id>/tile/<code>.png one tile
    GET  /game/<id>/live         a WebSocket that says when the game changed
    GET  /                       the Activity's page (ACTIVITY=1), else a word on how to open a board
    GET  /api/activity/config    the application id the SDK needs;  POST /api/activity/session
    GET  /static/..., /sdk/...   the page's files and the Embedded App SDK from npm

Every route answers under ``/.proxy`` too (Discord's Activity proxy may prefix it). A game's
routes need its session: the cookie ``psb_<id>`` (SameSite=Strict, HttpOnly) or, in the
Activity, ``Authorization: Bearer <session>``; the WebSocket takes the session as its first
message instead. Refusals are JSON ``{"error": "..."}`` with plain words and never a trace.
"""
from __future__ import annotations

import asyncio
import html
import json
import logging
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from ..service import GameService, Person, UserError, Viewer
from ..texts import plain_name
from . import guard
from .activity import ActivityError, Discord, Launches
from .boards import Boards, Stale, Visitor
from .links import NO_SESSION, SESSION_TTL, Refused, Signer
from .live import Full, Hub

log = logging.getLogger(__name__)

WEB = Path(__file__).resolve().parents[2] / "web"
STATIC = WEB / "static"
SDK = WEB / "node_modules" / "@discord" / "embedded-app-sdk" / "output"
SDK_MISSING = "The Embedded App SDK is not installed: run scripts/start once with ACTIVITY=1 (it runs npm ci in web/)."
PREFIXES = ("", "/.proxy")
STATIC_RE = re.compile(r"[a-z0-9_-]{1,40}\.(js|css|html|svg|png)")
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".html": "text/html",
         ".svg": "image/svg+xml", ".png": "image/png"}
PATH_RE = re.compile(r"[a-y]{0,30}")
VERSION_RE = re.compile(r"[0-9a-f]{10}")
SERVING: set[WebServer] = set()  # the servers of this process that are listening (Open board is offered)
SORRY = "Something went wrong on our side; it has been logged. Reload the page to try again."
TOO_MANY = "Too many requests at once: wait a moment and try again."
SOCKET_HELLO = 10.0  # seconds a socket has to send its session


def _json(data: Any, status: int = 200) -> web.Response:
    return web.json_response(data, status=status, headers={"Cache-Control": "no-store"})


def _error(text: str, status: int, **extra: Any) -> web.Response:
    return _json({"error": text} | extra, status)


class WebServer:
    """The board pages of one bot process."""

    def __init__(self, service: GameService, signer: Signer, *, host: str = "127.0.0.1", port: int = 0,
                 url: str | None = None, discord: Discord | None = None,
                 announce: Callable[..., Awaitable[None]] | None = None) -> None:
        self.service, self.signer = service, signer
        self.host, self.port, self.public = host, port, url
        self.boards = Boards(service, announce)
        self.hub = Hub()
        self.discord = discord  # the Activity (None: not turned on)
        self.launches = Launches()
        self.per_address = guard.Budget(rate=40, burst=160)  # every request, by address
        self.per_user = guard.Budget(rate=8, burst=40)  # a game's requests, by user
        self.signins = guard.Budget(rate=0.5, burst=6)  # links opened and Activity sign-ins, by address
        self._runner: web.AppRunner | None = None
        self._sockets: set[web.WebSocketResponse] = set()

    @property
    def url(self) -> str:
        """The pages' public address (WEB_URL, else where this server listens)."""
        return self.public or f"http://{self.host}:{self.port}"

    def link(self, user_id: int, game_id: int, name: str) -> str:
        """A new private link: ``user_id`` opens game ``game_id``'s board, once, within 15 minutes."""
        return f"{self.url}/join/{self.signer.link(user_id, game_id, name)}"

    async def open_board(self, user: Person, game_id: int, viewer: Viewer) -> str:
        """The Open board button: a private link to game ``game_id`` for ``user``, who must be
        allowed to see it from where they pressed (else "No game N here.", as every lookup)."""
        row = await self.service.looking.numbered(game_id, viewer)
        return self.link(user.id, row.id, plain_name(user.name))

    async def launch(self, user: Person, game_id: int, channel_id: int, viewer: Viewer) -> None:
        """The Open board button launches the Activity in ``channel_id``: remember its game there."""
        row = await self.service.looking.numbered(game_id, viewer)
        self.launches.launched(channel_id, row.id)

    # ----- start and stop ----------------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guarded], client_max_size=16 * 1024)
        for prefix in PREFIXES:
            add = app.router.add_route
            add("GET", prefix + "/", self.home)
            add("GET", prefix + "/favicon.ico", self.nothing)
            add("GET", prefix + "/join/{token}", self.join)
            add("GET", prefix + r"/game/{game:\d{1,18}}", self.slash)
            add("GET", prefix + r"/game/{game:\d{1,18}}/", self.page)
            add("GET", prefix + r"/game/{game:\d{1,18}}/state", self.state)
            add("GET", prefix + r"/game/{game:\d{1,18}}/board.png", self.board)
            add("GET", prefix + r"/game/{game:\d{1,18}}/step", self.step)
            add("GET", prefix + r"/game/{game:\d{1,18}}/preview.png", self.preview)
            add("POST", prefix + r"/game/{game:\d{1,18}}/play", self.play)
            add("GET", prefix + r"/game/{game:\d{1,18}}/hand.png", self.hand)
            add("GET", prefix + r"/game/{game:\d{1,18}}/tile/{code:[A-Za-z0-9]{1,8}}.png", self.tile)
            add("GET", prefix + r"/game/{game:\d{1,18}}/live", self.live)
            add("GET", prefix + "/api/activity/config", self.activity_config)
            add("POST", prefix + "/api/activity/session", self.activity_session)
            add("GET", prefix + "/static/{name}", self.static)
            add("GET", prefix + "/sdk/{path:.+}", self.sdk)
        return app

    async def start(self) -> None:
        """Listen; an address that cannot be used raises OSError."""
        runner = web.AppRunner(self.app(), access_log=None, handle_signals=False)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        if self.port == 0 and runner.addresses:  # any free port: the one the system gave
            self.port = runner.addresses[0][1]
        self.service.running.watchers.append(self.hub.tell)
        SERVING.add(self)
        log.info("Board pages at %s (listening on %s:%d)", self.url, self.host, self.port)

    async def stop(self) -> None:
        SERVING.discard(self)
        if self.hub.tell in self.service.running.watchers:
            self.service.running.watchers.remove(self.hub.tell)
        for socket in list(self._sockets):
            await socket.close()
        if self.discord is not None:
            await self.discord.close()
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    # ----- every request -------------------------------------------------------------------------
    @web.middleware
    async def _guarded(self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                       ) -> web.StreamResponse:
        """Rate limits, plain-worded refusals, the security headers."""
        if self.per_address.take(request.remote or "?"):
            return _error(TOO_MANY, 429)
        try:
            response = await handler(request)
        except Refused as err:
            response = _error(str(err), 401)
        except Stale as err:
            response = _error(str(err), 409, stale=True)
        except UserError as err:
            response = _error(str(err), 400)
        except web.HTTPException as err:
            if err.status >= 400 and err.content_type != "application/json":
                response = _error(err.reason, err.status)
            else:
                raise
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Web request %s %s failed", request.method, request.path)
            response = _error(SORRY, 500)
        if not response.prepared:
            for name, value in guard.headers().items():
                response.headers.setdefault(name, value)  # the Activity's page sets its own framing
        return response

    def _visitor(self, request: web.Request, token: str | None = None) -> Visitor:
        """Who asks for a game's route, from their session (header, cookie or ``token``)."""
        game_id = int(request.match_info["game"])
        auth = request.headers.get("Authorization", "")
        if token is None and auth.startswith("Bearer "):
            token = auth[7:].strip()
        if token is None:
            token = request.cookies.get(f"psb_{game_id}")
            if token is not None and request.method != "GET" and not self._same_origin(request):
                raise Refused(NO_SESSION)
        if not token:
            raise Refused(NO_SESSION)
        found = self.signer.read_session(token)
        if found.game_id != game_id:
            raise Refused("This board's session is for another game: open this game's board from its own button.")
        if self.per_user.take(found.user_id):
            raise web.HTTPTooManyRequests(reason=TOO_MANY)
        return Visitor(found.user_id, found.name, game_id)

    @staticmethod
    def _same_origin(request: web.Request) -> bool:
        """Whether a request with a cookie comes from our own pages (Origin matches the host)."""
        origin = request.headers.get("Origin")
        return origin is None or origin.split("://", 1)[-1] == request.host

    # ----- pages -------------------------------------------------------------------------------
    def _file(self, path: Path) -> web.FileResponse:
        return web.FileResponse(path, headers={"Content-Type": TYPES[path.suffix], "Cache-Control": "no-cache"})

    async def home(self, request: web.Request) -> web.StreamResponse:
        if self.discord is None:
            return self._message("Pai Sho Bot", NO_SESSION, 200)
        page = self._file(STATIC / "activity.html")
        page.headers["Content-Security-Policy"] = guard.csp(guard.DISCORD_FRAMES)  # Discord frames it
        return page

    def _message(self, title: str, text: str, status: int) -> web.Response:
        body = (f"<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport "
                f"content='width=device-width,initial-scale=1'><title>{html.escape(title)}</title>"
                f"<link rel=stylesheet href='/static/board.css'></head><body><main class=message>"
                f"<h1>{html.escape(title)}</h1><p id=message>{html.escape(text)}</p></main></body></html>")
        return web.Response(text=body, status=status, content_type="text/html",
                            headers={"Cache-Control": "no-store"})

    async def join(self, request: web.Request) -> web.StreamResponse:
        """A link, exchanged once for a session cookie; then on to the game's page."""
        if self.signins.take(request.remote or "?"):
            return self._message("Slow down", TOO_MANY, 429)
        token = request.match_info["token"]
        try:
            found = self.signer.open_link(token)
        except Refused as err:
            known = self.signer.peek_link(token)
            if known is not None and self._holds(request, known.game_id, known.user_id):
                raise web.HTTPSeeOther(f"/game/{known.game_id}/") from None  # opened twice in one browser
            return self._message("This link opens nothing", str(err), 403)
        try:
            await self.boards.find(found.game_id)
        except UserError as err:
            return self._message("No board to show", str(err), 404)
        response = web.HTTPSeeOther(f"/game/{found.game_id}/")
        response.set_cookie(f"psb_{found.game_id}", self.signer.session(found.user_id, found.game_id, found.name),
                            max_age=SESSION_TTL, path="/", httponly=True, samesite="Strict",
                            secure=self.url.startswith("https://"))
        response.headers["Cache-Control"] = "no-store"
        raise response

    def _holds(self, request: web.Request, game_id: int, user_id: int) -> bool:
        token = request.cookies.get(f"psb_{game_id}")
        try:
            return token is not None and self.signer.read_session(token).user_id == user_id
        except Refused:
            return False

    async def nothing(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=204)

    async def slash(self, request: web.Request) -> web.StreamResponse:
        raise web.HTTPMovedPermanently(request.path + "/")

    async def page(self, request: web.Request) -> web.StreamResponse:
        return self._file(STATIC / "board.html")

    async def static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        path = STATIC / name
        if not STATIC_RE.fullmatch(name) or not path.is_file():
            raise web.HTTPNotFound(reason="No such file.")
        return self._file(path)

    async def sdk(self, request: web.Request) -> web.StreamResponse:
        """The Embedded App SDK's ES modules, as npm installed them (web/node_modules)."""
        if not SDK.is_dir():
            log.warning(SDK_MISSING)
            raise web.HTTPNotFound(reason=SDK_MISSING)
        path = (SDK / request.match_info["path"]).resolve()
        if path.suffix != ".mjs" or not path.is_relative_to(SDK.resolve()) or not path.is_file():
            raise web.HTTPNotFound(reason="No such file.")
        return self._file(path)

    # ----- a game's routes ------------------------------------------------------------------------
    @staticmethod
    def _version(request: web.Request) -> str:
        version = request.query.get("v", "")
        if not VERSION_RE.fullmatch(version):
            raise UserError("That position is not one of this game's.")
        return version

    @staticmethod
    def _path(value: Any) -> str:
        if not isinstance(value, str) or not PATH_RE.fullmatch(value):
            raise UserError("That choice is not on offer in this position.")
        return value

    @staticmethod
    def _png(png: bytes) -> web.Response:
        return web.Response(body=png, content_type="image/png", headers={"Cache-Control": "private, max-age=300"})

    async def state(self, request: web.Request) -> web.StreamResponse:
        return _json(await self.boards.state(self._visitor(request)))

    async def board(self, request: web.Request) -> web.StreamResponse:
        visitor = self._visitor(request)
        return self._png(await self.boards.board(visitor, self._version(request)))

    async def step(self, request: web.Request) -> web.StreamResponse:
        visitor = self._visitor(request)
        return _json(await self.boards.step(visitor, self._version(request), self._path(request.query.get("path", ""))))

    async def preview(self, request: web.Request) -> web.StreamResponse:
        visitor = self._visitor(request)
        path = self._path(request.query.get("path", ""))
        return self._png(await self.boards.preview(visitor, self._version(request), path))

    async def play(self, request: web.Request) -> web.StreamResponse:
        visitor = self._visitor(request)
        try:
            body = json.loads(await request.text())
        except ValueError:
            body = None
        if not isinstance(body, dict) or not isinstance(body.get("v"), str) or not VERSION_RE.fullmatch(body["v"]):
            raise UserError("That position is not one of this game's.")
        reply = await self.boards.play(visitor, body["v"], self._path(body.get("path")))
        return _json({"played": True, "text": plain_name(reply.text), "private": plain_name(reply.private)})

    async def hand(self, request: web.Request) -> web.StreamResponse:
        return self._png(await self.boards.hand(self._visitor(request)))

    async def tile(self, request: web.Request) -> web.StreamResponse:
        return self._png(await self.boards.tile(self._visitor(request), request.match_info["code"]))

    async def live(self, request: web.Request) -> web.StreamResponse:
        """A socket that says ``{"type": "changed"}`` whenever the game changes. The session comes
        as the first message (``{"session": token}``; null: the cookie, from our own pages only)."""
        socket = web.WebSocketResponse(heartbeat=25, max_msg_size=4096)
        await socket.prepare(request)
        self._sockets.add(socket)
        watch = None
        try:
            try:
                hello = await socket.receive_json(timeout=SOCKET_HELLO)
                token = hello.get("session") if isinstance(hello, dict) else None
                if token is None and not self._same_origin(request):
                    raise Refused(NO_SESSION)
                visitor = self._visitor(request, token if isinstance(token, str) else None)
                watch = self.hub.join(visitor.game_id, visitor.user_id)
            except (Refused, Full, web.HTTPTooManyRequests) as err:
                await socket.send_json({"type": "refused", "error": getattr(err, "reason", None) or str(err)})
                return socket
            except (TimeoutError, TypeError, ValueError):
                await socket.send_json({"type": "refused", "error": NO_SESSION})
                return socket
            await socket.send_json({"type": "hello"})
            reader = asyncio.ensure_future(self._drain(socket))
            try:
                while not reader.done():
                    changed = asyncio.ensure_future(watch.changed())
                    await asyncio.wait({reader, changed}, return_when=asyncio.FIRST_COMPLETED)
                    if changed.done():
                        await socket.send_json({"type": "changed"})
                    else:
                        changed.cancel()
            finally:
                reader.cancel()
            return socket
        finally:
            if watch is not None:
                self.hub.leave(watch)
            self._sockets.discard(socket)
            await socket.close()

    @staticmethod
    async def _drain(socket: web.WebSocketResponse) -> None:
        """Read (and ignore) what the page sends, until it closes."""
        async for message in socket:
            if message.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                break

    # ----- the Activity ----------------------------------------------------------------------------
    async def activity_config(self, request: web.Request) -> web.StreamResponse:
        client_id = self.discord.client_id() if self.discord is not None else None
        if client_id is None:
            return _error("The Activity is not turned on for this bot.", 404)
        return _json({"client_id": str(client_id)})

    async def activity_session(self, request: web.Request) -> web.StreamResponse:
        """The SDK's OAuth2 code and the instance id -> the access token (for the SDK's
        ``authenticate``), the game of the instance and a session for it."""
        if self.discord is None:
            return _error("The Activity is not turned on for this bot.", 404)
        if self.signins.take(request.remote or "?"):
            return _error(TOO_MANY, 429)
        try:
            body = json.loads(await request.text())
        except ValueError:
            body = None
        if not isinstance(body, dict) or not isinstance(body.get("code"), str) \
                or not isinstance(body.get("instance_id"), str):
            return _error("Discord did not authorize the Activity. Close it and start it again.", 400)
        try:
            access = await self.discord.exchange(body["code"])
            user_id, name = await self.discord.user(access)
            instance = await self.discord.instance(body["instance_id"])
            if user_id not in instance.users:
                raise ActivityError("You are not in this Activity. Join it from the channel, then try again.")
            game_id = await self._game_of(body["instance_id"], instance.channel_id, instance.guild_id)
        except ActivityError as err:
            return _error(str(err), 403)
        return _json({"access_token": access, "game": game_id,
                      "session": self.signer.session(user_id, game_id, name)})

    async def _game_of(self, instance_id: str, channel_id: int, guild_id: int | None) -> int:
        """The game an Activity instance in ``channel_id`` shows (it must be played there)."""
        game_id = self.launches.game_of(instance_id, channel_id)
        if game_id is None:
            running = self.service.running.game_in(channel_id)
            last = running[0] if running is not None else await self.service.store.last_game_in(channel_id)
            game_id = last.id if last is not None else None
        if game_id is None:
            raise ActivityError("No game is played in this channel: start one with /challenge, then press Open "
                                "board under it.")
        row, _ = await self.boards.find(game_id)
        if row.guild_id != guild_id or channel_id not in (row.channel_id, row.lobby_id):
            raise ActivityError(f"Game #{game_id} is not played in this channel.")
        self.launches.mapped(instance_id, game_id)
        return game_id
