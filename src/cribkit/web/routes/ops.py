"""The operations endpoints, for a load balancer and for Prometheus (``docs/scaling.md``,
"Operations"): none needs a session, and the Host guard lets them through whatever the Host
(a health check or a scrape names the backend by its own address, or by none).

- ``GET /healthz``: the process is up and its event loop turns: 200 ``{"status": "ok"}``.
- ``GET /readyz``: the process can serve: each of ``app.state.readiness`` answers within
  :data:`CHECK_SECONDS`: 200 ``{"status": "ready", "checks": {...}}``, else 503
  ``{"status": "not_ready", "not_ready": [names], "checks": {name: "ok" | "failed" |
  "timed out"}}``. The parts every server shares (``app.state.dependencies``: Redis, and a
  PostgreSQL store) are checked and reported too, but never make a server not ready: one of
  them down is down for every server, and taking them all out of the balancer would turn what
  still works (the pages, the lobby, the games held in memory) into a site-wide 503. A shared
  part that fails is named in ``"degraded": [names]`` of a 200. Why a check failed is logged
  (``cribkit.web.ops``, one line), not answered: these paths are open to any Host.
- ``GET /metrics``: :mod:`cribkit.web.metrics`, in Prometheus' text format; with a token
  (``cribkit serve --metrics-token-file``, ``app.state.metrics_token``) only to a request with
  ``Authorization: Bearer <token>``, else 401 (:func:`metrics_refusal`). Through the cluster's
  balancer ``/metrics`` is refused whatever the header: a scrape names each server by its own
  address, on the internal network.

A readiness check is a name and an async callable: ready unless it raises, answers False or
takes longer than :data:`CHECK_SECONDS`. :func:`install` adds the store's
(:meth:`~cribkit.store.base.Store.ping`, in a worker thread: a readiness check for the embedded
SQLite file, a dependency for a shared database); another is one line, such as a Redis
client's own ``ping``: ``app.state.dependencies.append(("redis", redis.ping))``.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, cast

from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.responses import JSONResponse
from fastapi.security.utils import get_authorization_scheme_param

from cribkit.games.protocol import SPECTATOR
from cribkit.store.base import Store
from cribkit.web.logs import one_line
from cribkit.web.manager import SessionManager
from cribkit.web.metrics import CONTENT_TYPE, Metrics

__all__ = [
    "CHECK_SECONDS",
    "NO_STORE",
    "PATHS",
    "Check",
    "install",
    "metrics_refusal",
    "router",
    "store_check",
]

log = logging.getLogger("cribkit.web.ops")

#: The paths of this router: the Host guard answers them whatever the Host.
PATHS = ("/healthz", "/readyz", "/metrics")
#: How long a readiness check may take before the process is called not ready (a load
#: balancer's own check gives up after a few seconds: this answers before it does).
CHECK_SECONDS = 2.0
#: A readiness check: ready unless it raises or answers False.
Check = Callable[[], Awaitable[object]]
#: Nobody caches an answer about now.
NO_STORE = {"Cache-Control": "no-store"}

router = APIRouter(tags=["operations"], include_in_schema=False)


def store_check(store: Store) -> Check:
    """The store's readiness check: :meth:`~cribkit.store.base.Store.ping` in a worker thread.

    One ping at a time: while one has not answered (a database that hangs), the next checks
    wait for that same ping rather than start another, so that a load balancer asking every
    second cannot fill the worker threads the store's other calls need."""
    running: asyncio.Future[None] | None = None
    loop: asyncio.AbstractEventLoop | None = None

    async def check() -> None:
        nonlocal running, loop
        if running is None or running.done() or loop is not asyncio.get_running_loop():
            loop = asyncio.get_running_loop()
            running = asyncio.ensure_future(asyncio.to_thread(store.ping))
            # An answer nobody waits for any more (the check timed out) is still taken.
            running.add_done_callback(lambda done: done.cancelled() or done.exception())
        # A check that times out stops waiting; the ping itself goes on for the next one.
        await asyncio.shield(running)

    return check


def install(
    app: FastAPI, store: Store, manager: SessionManager, *, shared: bool = False
) -> Metrics:
    """Give ``app`` its figures and its checks: ``app.state.metrics``, ``app.state.readiness``
    and ``app.state.dependencies`` (the store's check in the latter when the store is
    ``shared`` by several servers). The gauges count ``manager``'s live games."""
    metrics = Metrics()
    metrics.watch_games(lambda: len(manager.sessions))
    metrics.watch_sockets(lambda: _sockets(manager))
    # (a cluster's queues as last read from Redis, or this process's own moves and hints)
    depths = manager.services.queue_depths
    metrics.watch_queue("moves", lambda: depths.get("moves", manager.limits.gate.moves))
    metrics.watch_queue(
        "hints",
        lambda: depths.get(
            "hints", sum(session.hints_pending for session in manager.sessions.values())
        ),
    )
    manager.services.acknowledged = metrics.action_done
    app.state.metrics = metrics
    own: list[tuple[str, Check]] = []
    dependencies: list[tuple[str, Check]] = []
    (dependencies if shared else own).append(("store", store_check(store)))
    app.state.readiness = own
    app.state.dependencies = dependencies
    return metrics


def _sockets(manager: SessionManager) -> dict[str, int]:
    seats = spectators = 0
    for session in manager.sessions.values():
        for connection in session.connections:
            if connection.seat == SPECTATOR:
                spectators += 1
            else:
                seats += 1
    return {"seat": seats, "spectator": spectators}


@router.api_route("/healthz", methods=["GET", "HEAD"])
async def healthz() -> JSONResponse:
    """The process is up (answered on the event loop: a loop that is stuck does not answer)."""
    return JSONResponse({"status": "ok"}, headers=NO_STORE)


async def _outcome(name: str, check: Check) -> str:
    try:
        async with asyncio.timeout(CHECK_SECONDS):
            answer = await check()
    except TimeoutError:
        log.warning("not ready: %s did not answer within %g s", name, CHECK_SECONDS)
        return "timed out"
    except Exception as error:  # (one line: a check fails every few seconds while it does)
        log.warning("not ready: %s failed: %s", name, one_line(error))
        return "failed"
    if answer is False:
        log.warning("not ready: %s answered False", name)
        return "failed"
    return "ok"


@router.api_route("/readyz", methods=["GET", "HEAD"])
async def readyz(request: Request) -> JSONResponse:
    """Whether every readiness check answers, and which shared parts do (the module's
    docstring)."""
    state = request.app.state
    own = cast(list[tuple[str, Check]], getattr(state, "readiness", []))
    shared = cast(list[tuple[str, Check]], getattr(state, "dependencies", []))
    checks = own + shared
    outcomes = await asyncio.gather(*(_outcome(name, check) for name, check in checks))
    answers = {name: outcome for (name, _), outcome in zip(checks, outcomes, strict=True)}
    failing = [name for name, _ in own if answers[name] != "ok"]
    degraded = [name for name, _ in shared if answers[name] != "ok"]
    body: dict[str, Any] = {"status": "not_ready" if failing else "ready", "checks": answers}
    if failing:
        body["not_ready"] = failing
    if degraded:
        body["degraded"] = degraded
    return JSONResponse(body, 503 if failing else 200, headers=NO_STORE)


def metrics_refusal(request: Request, token: str | None) -> JSONResponse | None:
    """None if ``request`` may read the figures: there is no ``token``, or it came as
    ``Authorization: Bearer <token>`` (compared in constant time, so that the time taken tells
    nothing of how much of a guess was right). Else the API's one-line error, 401, with the
    ``WWW-Authenticate`` challenge a client expects. (Also the workers' ``/metrics``.)"""
    if token is None:
        return None
    scheme, given = get_authorization_scheme_param(request.headers.get("Authorization"))
    if scheme.lower() == "bearer" and secrets.compare_digest(given.encode(), token.encode()):
        return None
    body = {"error": "unauthorized", "message": "/metrics needs Authorization: Bearer <token>"}
    return JSONResponse(body, 401, headers={"WWW-Authenticate": "Bearer", **NO_STORE})


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    """The figures of :mod:`cribkit.web.metrics` (read on the event loop, beside the games),
    to the holder of the metrics token if there is one."""
    if refused := metrics_refusal(request, getattr(request.app.state, "metrics_token", None)):
        return refused
    figures = cast(Metrics, request.app.state.metrics)
    return Response(figures.render(), media_type=CONTENT_TYPE, headers=NO_STORE)
