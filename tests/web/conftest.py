"""The board pages' fixtures: a real SQLite store, the game service and the web server on a free
port of 127.0.0.1 (``site``), and a real headless Chromium driven by Playwright (``browser``:
Debian's /usr/bin/chromium, never a downloaded browser; skipped with the reason where it or
Playwright is missing; .ci/run installs both)."""
from __future__ import annotations

import pytest

from bot.service import GameService
from bot.web.links import Signer
from bot.web.server import WebServer
from tests.helpers import Clock
from tests.web.pages import CHROMIUM, FLAGS, Site, browser_missing


@pytest.fixture
async def site(store):
    clock = Clock()
    service = GameService(store, clock=clock)
    signer = Signer("a test key that is long enough to sign with", clock=clock)
    server = WebServer(service, signer, port=0)
    await server.start()
    yield Site(service, server, signer, clock)
    await server.stop()
    service.close()


@pytest.fixture
async def browser():
    reason = browser_missing()
    if reason:
        pytest.skip(f"Browser tests skipped: {reason}")
    from playwright.async_api import async_playwright
    async with async_playwright() as driver:
        launched = await driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        await launched.close()


def pytest_collection_modifyitems(items):
    """A test in a real browser starts a Chromium process: slow (the quick subset leaves it out)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
