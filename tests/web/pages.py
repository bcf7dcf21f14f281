"""Helpers of the board pages' tests: a game started through the service, a phone-sized page
opened from a signed link, and a move played on a page by taps alone (the board's marks and
points, the option buttons, Play it), counting the taps."""
from __future__ import annotations

import asyncio
import os
import time
from dataclasses import dataclass, field
from typing import Any

from bot.console import stable_id
from bot.service import GameService, Person
from bot.web.links import Signer
from bot.web.server import WebServer
from engine import steps
from engine.notation import square_name
from tests.helpers import Clock

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
WAIT = 15_000  # milliseconds a page may take to show what it must (a functional bound, not a measurement)


def browser_missing() -> str | None:
    """Why the browser tests cannot run here (None: they can)."""
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (scripts/test installs the dev extra)"
    if not os.path.exists(CHROMIUM):
        return f"Chromium is not installed at {CHROMIUM} (apt-get install chromium; .ci/run does it)"
    return None


def person(name: str) -> Person:
    return Person(stable_id("user", name), name)


@dataclass
class Site:
    """The service and its board pages, as the tests drive them."""

    service: GameService
    server: WebServer
    signer: Signer
    clock: Clock
    timings: dict[str, list[float]] = field(default_factory=dict)

    async def start(self, variant: str, names: list[str], options: dict[str, Any] | None = None,
                    channel_id: int = 500, guild_id: int | None = None) -> int:
        """A game of ``names`` (the first challenges, the others accept); its number."""
        challenge = await self.service.challenge(guild_id=guild_id, channel_id=channel_id, challenger=person(names[0]),
                                                 opponents=[person(n) for n in names[1:]], variant=variant,
                                                 options=options)
        assert challenge.game_id is not None
        for name in names[1:]:
            await self.service.accept(person(name), game_id=challenge.game_id, channel_id=channel_id)
        return challenge.game_id

    def link(self, name: str, game_id: int) -> str:
        return self.server.link(stable_id("user", name), game_id, name)

    def game(self, game_id: int):
        found = self.service.running.loaded(game_id)
        assert found is not None
        return found[1]

    def note(self, what: str, value: float) -> None:
        self.timings.setdefault(what, []).append(value)


async def open_page(browser, url: str):
    """A phone-sized page of its own (a new browser profile) at ``url``, once it shows the game."""
    context = await browser.new_context(**PHONE)
    page = await context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(str(err)))
    page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
    page.problems = problems  # type: ignore[attr-defined]
    await page.goto(url)
    await page.wait_for_selector("main[data-ready='1']", timeout=WAIT)
    return page


async def shows(page, version: str) -> None:
    """Wait until the page's board picture is that of the position ``version``."""
    try:
        await page.wait_for_selector(f"#board[data-version='{version}']", state="attached", timeout=WAIT)
    except Exception:
        said = await page.evaluate("() => [JSON.stringify(document.querySelector('main').dataset), "
                                   "document.querySelector('#board').dataset.version, "
                                   "document.querySelector('#note').textContent]")
        raise AssertionError(f"The page does not show {version}: {said}; {page.problems}") from None


async def tap_move(page, game, move: str) -> int:
    """Play ``move`` on the mover's page by taps alone (a mark on the board, a region, an option
    button, then Play it); returns the taps it took, which never exceed the panel's presses."""
    path = steps.path_of(game, move)
    await page.wait_for_selector(f"main[data-turn='yours'][data-version='{steps.version(game)}'][data-path='']"
                                 ":not([data-busy])", timeout=WAIT)
    taps = 0
    while True:
        at = await page.get_attribute("main", "data-path") or ""
        assert path.startswith(at), (path, at)
        if at == path:
            break
        key = path[len(at)].upper()
        mark = page.locator(f".mark[data-key='{key}']")
        if await mark.count() and await page.locator(f".mark[data-at='{await mark.get_attribute('data-at')}']").count() == 1:
            await mark.tap()  # the option's point on the board
        elif await page.locator(f".area[data-key='{key}']").count():
            await tap_region(page, game, path, len(at))  # a region of the board: where the tile goes in it
        else:
            await page.locator(f".option[data-key='{key}']").tap()  # a tile off the board, or words
        taps += 1
        await page.wait_for_selector("main:not([data-busy])", timeout=WAIT)
    await page.wait_for_selector("#play:not([hidden])", timeout=WAIT)
    await page.tap("#play")
    taps += 1
    assert taps <= steps.presses(path), (move, taps, path)
    return taps


async def tap_region(page, game, path: str, at: int) -> None:
    """Tap inside the region the path chooses next: on the point it then chooses, where that is a
    point of the board (one tap for both), else on the region's option button."""
    area = page.locator(f".area[data-key='{path[at].upper()}']")
    inside = steps.walk(game, path[:at + 1])
    nxt = inside.option(path[at + 1]) if at + 1 < len(path) else None
    if nxt is not None and nxt.kind == steps.PART and nxt.points:
        point = await page.locator(f"[data-point='{square_name(*nxt.points[0])}']").bounding_box()
        box = await area.bounding_box()
        if point is not None and box is not None:
            await area.tap(position={"x": point["x"] + point["width"] / 2 - box["x"],
                                     "y": point["y"] + point["height"] / 2 - box["y"]})
            return
    await page.locator(f".option[data-key='{path[at].upper()}']").tap()


async def play_and_watch(site: Site, game_id: int, pages: dict[int, Any], move: str) -> None:
    """The player to move plays ``move`` on their page; every page then shows the new position
    (the time until the other pages show it is noted as ``live``)."""
    game = site.game(game_id)
    mover = pages[game.to_move]
    after = game.copy()
    canonical = after.play(move)
    site.note("taps", await tap_move(mover, game, canonical))
    site.note("presses", steps.presses(steps.path_of(game, canonical)))
    tapped = time.perf_counter()
    version = steps.version(after)

    async def follows(page) -> None:
        await shows(page, version)
        site.note("live", time.perf_counter() - tapped)

    await asyncio.gather(*(follows(page) for page in pages.values() if page is not mover))
    await shows(mover, version)
