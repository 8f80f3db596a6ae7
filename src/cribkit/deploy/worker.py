"""The process of ``cribkit worker``: its store and Redis, its signals and its loop
(:class:`cribkit.web.worker.Worker`, which makes the moves and the hints)."""

from __future__ import annotations

import asyncio
import signal

from cribkit.store.base import open_store
from cribkit.web.fanout import redis_client
from cribkit.web.jobs import CLAIM_AFTER
from cribkit.web.worker import Worker

__all__ = ["run_worker"]


def run_worker(
    store_url: str | None, redis_url: str, *, name: str | None = None,
    claim_after: float = CLAIM_AFTER, slow: float = 0.0,
) -> None:  # fmt: skip
    """Run a worker until SIGTERM or SIGINT (the job in hand is finished first)."""

    async def main() -> None:
        store = open_store(store_url)
        redis = redis_client(redis_url)
        worker = Worker(store, redis, name=name, claim_after=claim_after, slow=slow)
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, worker.stop)
        try:
            await worker.run()
        finally:
            await redis.aclose()
            store.close()

    asyncio.run(main())
