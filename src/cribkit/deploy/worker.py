"""The process of ``cribkit worker``: its store and Redis, its signals, its loop
(:class:`cribkit.web.worker.Worker`, which makes the moves and the hints) and, with
``--health-port``, its ``/healthz`` and ``/metrics`` (:mod:`cribkit.deploy.health`)."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket

from cribkit.deploy.health import health_app, serving
from cribkit.store.base import open_store
from cribkit.web.fanout import redis_client
from cribkit.web.jobs import CLAIM_AFTER
from cribkit.web.worker import Worker

__all__ = ["run_worker"]


def run_worker(
    store_url: str | None, redis_url: str, *, name: str | None = None,
    claim_after: float = CLAIM_AFTER, slow: float = 0.0, health: socket.socket | None = None,
    metrics_token: str | None = None,
) -> None:  # fmt: skip
    """Run a worker until SIGTERM or SIGINT (the job in hand is finished first). With
    ``health``, a listening socket, answer ``/healthz`` and ``/metrics`` on it meanwhile
    (``metrics_token``: only to ``Authorization: Bearer`` it)."""

    async def main() -> None:
        store = open_store(store_url)
        redis = redis_client(redis_url)
        worker = Worker(store, redis, name=name, claim_after=claim_after, slow=slow)
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, worker.stop)
        try:
            async with contextlib.AsyncExitStack() as stack:
                if health is not None:
                    app = health_app(worker, metrics_token=metrics_token)
                    await stack.enter_async_context(serving(app, health))
                await worker.run()
        finally:
            await redis.aclose()
            store.close()

    asyncio.run(main())
