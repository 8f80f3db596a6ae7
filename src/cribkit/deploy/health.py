"""A worker's health and figures over HTTP (``cribkit worker --health-port PORT``): a
supervisor's liveness check and a Prometheus scrape, as each server has on its own address
(``docs/scaling.md``, "Operations").

- ``GET /healthz``: 200 ``{"status": "ok"}`` while the worker's loop turns (the answer is made
  on it) and Redis answered within the last 10 s; else 503 ``{"status": "unavailable",
  "reason": "waiting for Redis (...)"}``, the reason in one line
  (:meth:`cribkit.web.worker.Worker.health`).
- ``GET /metrics``: Prometheus' text format, ``cribkit_worker_jobs_done_total``,
  ``cribkit_worker_jobs_failed_total``, ``cribkit_worker_redis_up`` (1 or 0) and the process's
  own (``process_*``); with a token, only to ``Authorization: Bearer <token>``.

A Starlette app of two routes, served by uvicorn in the worker's own event loop: a worker
whose loop is stuck answers nothing, which is what a liveness check is for.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Iterator

import uvicorn
from prometheus_client import CollectorRegistry, ProcessCollector, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from cribkit.web.metrics import CONTENT_TYPE
from cribkit.web.routes.ops import NO_STORE, metrics_refusal
from cribkit.web.worker import Worker

__all__ = ["health_app", "serving"]


class _Figures:
    """The worker's figures, read from it at each scrape (a collector of the registry)."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker

    def collect(self) -> Iterator[Metric]:
        worker = self.worker
        yield CounterMetricFamily(
            "cribkit_worker_jobs_done", "Jobs done and acknowledged (moves and hints).",
            value=worker.done - worker.failed,
        )  # fmt: skip
        yield CounterMetricFamily(
            "cribkit_worker_jobs_failed", "Jobs dropped on an error (logged).", value=worker.failed
        )
        yield GaugeMetricFamily(
            "cribkit_worker_redis_up", "1 while Redis answers and the worker takes jobs, else 0.",
            value=int(worker.redis_up),
        )  # fmt: skip


def health_app(worker: Worker, *, metrics_token: str | None = None) -> Starlette:
    """The app of ``/healthz`` and ``/metrics`` for ``worker`` (the module's docstring)."""
    registry = CollectorRegistry()
    registry.register(_Figures(worker))
    ProcessCollector(registry=registry)

    async def healthz(request: Request) -> JSONResponse:
        reason = await worker.health()
        if reason is None:
            return JSONResponse({"status": "ok"}, headers=NO_STORE)
        body = {"status": "unavailable", "reason": reason}
        return JSONResponse(body, 503, headers=NO_STORE)

    async def metrics(request: Request) -> Response:
        if refused := metrics_refusal(request, metrics_token):
            return refused
        await worker.health()  # (Redis asked now, if the loop has not lately: redis_up is fresh)
        return Response(generate_latest(registry), media_type=CONTENT_TYPE, headers=NO_STORE)

    return Starlette(
        routes=[
            Route("/healthz", healthz, methods=["GET", "HEAD"]),
            Route("/metrics", metrics, methods=["GET"]),
        ]
    )


class _Server(uvicorn.Server):
    """uvicorn's server, without its signal handlers: the worker's loop has its own (SIGTERM
    finishes the job in hand first), and the server stops when the worker does."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


@contextlib.asynccontextmanager
async def serving(app: Starlette, listener: socket.socket) -> AsyncIterator[None]:
    """Serve ``app`` on ``listener`` (bound already: the command printed its address) in this
    event loop while the block runs; then stop, letting a request under way finish."""
    config = uvicorn.Config(app, log_config=None, log_level="warning", access_log=False,
                            lifespan="off")  # fmt: skip
    server = _Server(config)
    serve = asyncio.create_task(server.serve(sockets=[listener]), name="health")
    try:
        yield
    finally:
        server.should_exit = True
        await serve
