"""The bot's figures for an operator, in Prometheus's format (prometheus_client): one registry for
the process, served at ``/metrics`` (bot/health.py) when METRICS_PORT is set.

Any part reports with one line, e.g.::

    metrics.TURNS.labels(game=row.variant).inc()
    with metrics.queued("ai"): ...                       # a job waiting for or in a worker pool
    metrics.WORK_SECONDS.labels(pool="ai", job="think").observe(seconds)   # what a job took

Errors need no call of their own: every record logged at ERROR or above is counted by where it
was logged and what was raised (``count_logged_errors``). Database calls are timed and their
failures counted by wrapping the store (``measured``). Figures that are states rather than events
(running games, open challenges, the gateway's latency, the last backup) are set just before each
scrape (bot/operations.py).
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, cast

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, disable_created_metrics, generate_latest

from data import GameStore, StoreError, WriteFailed

disable_created_metrics()  # no *_created series: they double what /metrics shows and say little
REGISTRY = CollectorRegistry()
FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)  # seconds

TURNS = Counter("paisho_turns", "Turns stored (moves, resignations, timeouts; the bot's too)", ["game"],
                registry=REGISTRY)
TURN_SECONDS = Histogram("paisho_turn_seconds", "A player's move from the command to the reply ready "
                         "(checked, stored, board drawn)", ["game"], buckets=FAST, registry=REGISTRY)
WORK_SECONDS = Histogram("paisho_work_seconds", "The time one job ran in a worker pool (the queue wait not "
                         "included): job think is the bot's move, render_view a board picture, replay_gif an "
                         "animated replay", ["pool", "job"], buckets=FAST + (10.0, 20.0, 30.0, 60.0), registry=REGISTRY)
QUEUE_LENGTH = Gauge("paisho_queue_length", "Jobs waiting for or running in a worker pool", ["pool"],
                     registry=REGISTRY)
DB_SECONDS = Histogram("paisho_database_seconds", "One call to the database", ["operation"], buckets=FAST,
                       registry=REGISTRY)
DB_FAILURES = Counter("paisho_database_failures", "Database calls that failed (not counting refusals such as "
                      "a move already recorded)", ["operation"], registry=REGISTRY)
RUNNING_GAMES = Gauge("paisho_running_games", "Running games this process serves", registry=REGISTRY)
OPEN_CHALLENGES = Gauge("paisho_open_challenges", "Challenges waiting for an answer", registry=REGISTRY)
ERRORS = Counter("paisho_errors", "Errors logged, by the module that logged them and what was raised",
                 ["where", "kind"], registry=REGISTRY)
GATEWAY_LATENCY = Gauge("paisho_gateway_latency_seconds", "Discord gateway heartbeat latency per shard",
                        ["shard"], registry=REGISTRY)
LAST_BACKUP = Gauge("paisho_last_backup_timestamp_seconds", "When the newest backup of the database was "
                    "taken (seconds since the epoch; 0: none found)", registry=REGISTRY)

POOLS = {"ai": "the bot's moves and replays", "pictures": "pictures"}  # worker pools, for /status
for _pool in POOLS:
    QUEUE_LENGTH.labels(pool=_pool)  # shown (as 0) before the first job


@contextmanager
def queued(pool: str) -> Iterator[None]:
    """Count a job in ``pool``'s queue from now until the block ends (however it ends)."""
    gauge = QUEUE_LENGTH.labels(pool=pool)
    gauge.inc()
    try:
        yield
    finally:
        gauge.dec()


def queue_length(pool: str) -> int:
    """Jobs waiting for or running in ``pool`` now."""
    return int(REGISTRY.get_sample_value("paisho_queue_length", {"pool": pool}) or 0)


def value(name: str, labels: dict[str, str] | None = None) -> float:
    """A figure as /metrics shows it (0 when there is none yet), e.g. ``value("paisho_turns_total",
    {"game": variant})``."""
    return REGISTRY.get_sample_value(name, labels or {}) or 0.0


def exposition() -> bytes:
    """Every figure in Prometheus's text format."""
    return generate_latest(REGISTRY)


# ----- the database -------------------------------------------------------------------------
class _Measured:
    """A store whose every call is timed (paisho_database_seconds) and whose failures are counted
    (paisho_database_failures); everything else passes through unchanged."""

    def __init__(self, store: GameStore) -> None:
        self._store = store

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._store, name)
        if name.startswith("_") or not callable(found) or name == "close":
            return found
        timer, failures = DB_SECONDS.labels(operation=name), DB_FAILURES.labels(operation=name)

        @wraps(found)
        async def call(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await found(*args, **kwargs)
            except WriteFailed:
                failures.inc()
                raise
            except StoreError:
                raise  # a refusal: the database answered
            except Exception:
                failures.inc()
                raise
            finally:
                timer.observe(time.perf_counter() - started)
        return call


def measured(store: GameStore) -> GameStore:
    """``store``, with its calls timed and its failures counted (the same store if it already is)."""
    if isinstance(store, _Measured):
        return store
    return cast(GameStore, _Measured(store))


def unmeasured(store: GameStore) -> GameStore:
    """The store itself, behind any measuring wrapper."""
    return store._store if isinstance(store, _Measured) else store


# ----- errors -------------------------------------------------------------------------------
class _ErrorCounter(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        kind = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else "logged"
        ERRORS.labels(where=record.name, kind=kind).inc()


_COUNTER = _ErrorCounter()


def count_logged_errors(logger: logging.Logger | None = None) -> Callable[[], None]:
    """Count every record logged at ERROR or above (through ``logger``, by default the root);
    returns what stops it."""
    target = logger or logging.getLogger()
    if _COUNTER not in target.handlers:
        target.addHandler(_COUNTER)
    return lambda: target.removeHandler(_COUNTER)
