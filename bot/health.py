"""The operator's HTTP port (aiohttp): ``/healthz`` for a supervisor and ``/metrics`` for Prometheus.

``/healthz`` answers 200 ``ok`` with what was checked when every check passes, else 503 with each
reason on a line of its own (e.g. ``not connected to Discord`` or ``database: the database does
not answer``). A check is an async function returning None (fine) or the reason; one that takes
longer than ``CHECK_TIMEOUT`` fails with that said. ``/metrics`` runs ``refresh`` (figures that are
states, read just before the scrape) and answers in Prometheus's text format.

The server binds to 127.0.0.1 unless told otherwise (METRICS_HOST): the figures name nobody, but
a health endpoint is not for the whole internet.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from . import metrics

log = logging.getLogger(__name__)

CHECK_TIMEOUT = 5.0  # seconds a check may take before it counts as failed
Check = Callable[[], Awaitable[str | None]]


class HealthServer:
    """``await HealthServer(host, port, checks, refresh).start()``; ``await server.stop()``.
    ``checks`` maps a name (shown in the answer) to its check."""

    def __init__(self, host: str, port: int, checks: dict[str, Check],
                 refresh: Callable[[], Awaitable[None]] | None = None) -> None:
        self.host, self.port = host, port
        self.checks = checks
        self.refresh = refresh
        self.stopping = False  # set at shutdown: /healthz says so with 503
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen; an address that cannot be used (in use, not ours) raises OSError."""
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.metrics)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        log.info("Health and metrics at http://%s:%d/healthz and /metrics", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    async def problems(self) -> list[str]:
        """What is wrong now, one reason per failed check (empty: healthy)."""
        if self.stopping:
            return ["the bot is shutting down"]
        names = list(self.checks)
        answers = await asyncio.gather(*(self._run(name) for name in names))
        return [f"{name}: {answer}" for name, answer in zip(names, answers) if answer is not None]

    async def _run(self, name: str) -> str | None:
        try:
            return await asyncio.wait_for(self.checks[name](), CHECK_TIMEOUT)
        except TimeoutError:
            return f"no answer within {CHECK_TIMEOUT:g} seconds"
        except Exception as err:  # noqa: BLE001 - a failing check is a reason, never a crash
            log.exception("The health check %r failed", name)
            return f"the check failed: {err}"

    async def healthz(self, request: web.Request) -> web.Response:
        problems = await self.problems()
        if problems:
            return web.Response(status=503, text="unhealthy\n" + "\n".join(problems) + "\n")
        return web.Response(text="ok\n" + "".join(f"{name}: ok\n" for name in self.checks))

    async def metrics(self, request: web.Request) -> web.Response:
        if self.refresh is not None:
            try:
                await asyncio.wait_for(self.refresh(), CHECK_TIMEOUT)
            except Exception:  # noqa: BLE001 - the events counted so far are still worth serving
                log.exception("Could not read the running games and challenges for /metrics")
        return web.Response(body=metrics.exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST})
