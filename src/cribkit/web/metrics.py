"""What a server process counts for Prometheus, served as text at ``GET /metrics``
(``docs/scaling.md``, "Operations").

Each app has a :class:`Metrics` of its own, over a registry of its own (never
``prometheus_client``'s global one: a test process makes many apps, and each must count only
its own). The gauges are read from callbacks when Prometheus scrapes, so the app says once how
to count (``metrics.watch_games(lambda: len(manager.sessions))``) and nothing has to be kept
up to date; the actions are counted as they are acknowledged (:meth:`Metrics.action_done`).

=========================  =========  ============================================================
``cribkit_active_games``   gauge      the games live in this process (in memory, being played
                                      or watched)
``cribkit_sockets``        gauge      the open WebSockets, by ``kind``: ``seat`` (a player's)
                                      or ``spectator``
``cribkit_actions_total``  counter    the actions acknowledged (stored, then answered), people's
                                      and the computer's
``cribkit_ack_seconds``    histogram  the time from an action's arrival to its acknowledgement
                                      (:data:`ACK_BUCKETS`, 1 ms to 5 s)
``cribkit_queue_depth``    gauge      the work waiting or under way, by ``queue`` (``moves``: the
                                      computer's moves being worked out; ``hints``: hints asked
                                      for and not yet answered)
``process_*``              (several)  the process's CPU time, memory, open files, start time
=========================  =========  ============================================================

>>> metrics = Metrics()
>>> metrics.watch_games(lambda: 3)
>>> metrics.action_done(0.004)
>>> text = metrics.render().decode()
>>> "cribkit_active_games 3.0" in text, "cribkit_actions_total 1.0" in text
(True, True)
>>> 'cribkit_ack_seconds_bucket{le="0.005"} 1.0' in text
True
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    ProcessCollector,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric

__all__ = ["ACK_BUCKETS", "CONTENT_TYPE", "SOCKET_KINDS", "Metrics"]

log = logging.getLogger("cribkit.web.metrics")

_T = TypeVar("_T")

# No ``*_created`` series beside each counter and histogram: Prometheus' text format has no
# use for them (a setting of the library, not of a registry: every registry of the process).
disable_created_metrics()  # type: ignore[no-untyped-call]  # (the library's own, untyped)

#: The upper bounds (seconds) of the acknowledgement histogram's buckets: 1 ms to 5 s, each at
#: most 1.7 times the one before, so that a p99 read from them (``histogram_quantile``) is
#: within one bucket's width of the true one: between 10 and 15 ms, say, not "under 100 ms".
ACK_BUCKETS = (
    0.001, 0.0015, 0.002, 0.003, 0.005, 0.0075,
    0.01, 0.015, 0.02, 0.03, 0.05, 0.075,
    0.1, 0.15, 0.2, 0.3, 0.5, 0.75,
    1.0, 1.5, 2.0, 3.0, 5.0,
)  # fmt: skip
#: The kinds of socket ``cribkit_sockets`` counts.
SOCKET_KINDS = ("seat", "spectator")
#: The Content-Type of :meth:`Metrics.render`: Prometheus' text format 0.0.4, which every
#: Prometheus reads (the names here are all plain ones: nothing needs the newer 1.0.0).
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


class _Watched:
    """The gauges read from the app's callbacks at each scrape (a collector of the registry)."""

    def __init__(self) -> None:
        self.games: Callable[[], int] | None = None
        self.sockets: Callable[[], Mapping[str, int]] | None = None
        self.queues: dict[str, Callable[[], int]] = {}

    def describe(self) -> Iterator[Metric]:
        yield from self._families()

    def collect(self) -> Iterator[Metric]:
        games, sockets, queues = self._families()
        if self.games is not None:
            value = _read("cribkit_active_games", self.games)
            if value is not None:
                games.add_metric([], value)
        if self.sockets is not None:
            counts = _read("cribkit_sockets", self.sockets)
            if counts is not None:
                for kind in SOCKET_KINDS:
                    sockets.add_metric([kind], counts.get(kind, 0))
        for name, depth in sorted(self.queues.items()):
            value = _read(f"cribkit_queue_depth{{queue={name!r}}}", depth)
            if value is not None:
                queues.add_metric([name], value)
        return iter((games, sockets, queues))

    @staticmethod
    def _families() -> tuple[GaugeMetricFamily, GaugeMetricFamily, GaugeMetricFamily]:
        return (
            GaugeMetricFamily("cribkit_active_games", "Games live in this process."),
            GaugeMetricFamily(
                "cribkit_sockets", "Open WebSockets, by kind (seat or spectator).", labels=["kind"]
            ),
            GaugeMetricFamily(
                "cribkit_queue_depth", "Work waiting or under way, by queue.", labels=["queue"]
            ),
        )


def _read(name: str, callback: Callable[[], _T]) -> _T | None:
    """The callback's value; None (the sample left out, the scrape answered) if it fails."""
    try:
        return callback()
    except Exception:  # a bug in a callback must not take the other figures down with it
        log.exception("cannot read %s", name)
        return None


class Metrics:
    """One app's figures (the module's table), over a registry of their own.

    The callbacks are called when ``/metrics`` is asked for, on the event loop (so they may
    read the live games without a lock); they should be quick.
    """

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self._watched = _Watched()
        self.registry.register(self._watched)
        self._actions = Counter(
            "cribkit_actions",
            "Actions acknowledged (stored, then answered), people's and the computer's.",
            registry=self.registry,
        )
        self._ack = Histogram(
            "cribkit_ack_seconds",
            "Seconds from an action's arrival to its acknowledgement.",
            buckets=ACK_BUCKETS,
            registry=self.registry,
        )
        ProcessCollector(registry=self.registry)

    def watch_games(self, count: Callable[[], int]) -> None:
        """Read ``cribkit_active_games`` from ``count()``."""
        self._watched.games = count

    def watch_sockets(self, counts: Callable[[], Mapping[str, int]]) -> None:
        """Read ``cribkit_sockets`` from ``counts()``: the open sockets by kind,
        ``{"seat": n, "spectator": m}`` (a kind left out counts 0)."""
        self._watched.sockets = counts

    def watch_queue(self, queue: str, depth: Callable[[], int]) -> None:
        """Read ``cribkit_queue_depth{queue=...}`` from ``depth()`` (a queue watched again is
        read from the new callback)."""
        if not queue:
            raise ValueError("a queue has a name")
        self._watched.queues[queue] = depth

    def action_done(self, seconds: float) -> None:
        """Count an action acknowledged ``seconds`` after it arrived (from the receipt of its
        message, or from the computer's choice, to the acknowledging state sent)."""
        self._actions.inc()
        self._ack.observe(max(0.0, seconds))

    def render(self) -> bytes:
        """Every figure, in Prometheus' text format (:data:`CONTENT_TYPE`)."""
        return generate_latest(self.registry)
