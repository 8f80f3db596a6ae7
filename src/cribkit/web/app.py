"""The web app: FastAPI, the JSON API of ``docs/web.md``, the WebSocket per seat, the client.

Each concern is a router of its own (:mod:`cribkit.web.routes`); this module puts them
together over a store and starts the computer's worker processes with the app.

>>> app = create_app("sqlite:///:memory:")
>>> sorted(app.openapi()["paths"])[:3]
['/api/games', '/api/games/saved', '/api/games/{game_id}/record']
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Iterable
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from multiprocessing import get_context
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from cribkit.store.base import Store, open_store
from cribkit.web.errors import install_error_handlers
from cribkit.web.guard import LOCAL_HOSTS, Guard
from cribkit.web.routes import lobby, play, replay, saved, stats
from cribkit.web.sessions import SessionManager, warm_up, watch_parent

STATIC = Path(__file__).with_name("static")


def create_app(
    store_url: str | None = None,
    *,
    store: Store | None = None,
    ai_workers: int = 0,
    hosts: Iterable[str] = LOCAL_HOSTS,
    trusted_proxies: Iterable[str] = (),
) -> FastAPI:
    """The app over the store at ``store_url`` (default: the SQLite file in the data home).

    The computer thinks in worker threads, or with ``ai_workers`` in that many worker
    processes (started with the app), which keeps its thinking from slowing the answers.
    The app answers only requests whose Host is one of ``hosts``
    (:func:`cribkit.web.guard.allowed_hosts`), and honours ``X-Forwarded-*`` headers from
    ``trusted_proxies`` only (:mod:`cribkit.web.guard`).
    """
    owned = store is None
    store = store if store is not None else open_store(store_url)
    manager = SessionManager(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        executor = None
        if ai_workers > 0:
            executor = ProcessPoolExecutor(
                ai_workers,
                mp_context=get_context("spawn"),
                initializer=watch_parent,
                initargs=(os.getpid(),),
            )
            # Start the workers now (they import the engines), not on the first move.
            await asyncio.get_running_loop().run_in_executor(executor, warm_up)
            manager.executor = executor
        await asyncio.to_thread(manager.resume_all)
        manager.kick_all()
        yield
        await manager.shutdown()
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
        if owned:
            store.close()

    app = FastAPI(
        title="cribkit",
        summary="Cribbage in the browser: classic, Table Top, Tiles and Solitaire.",
        lifespan=lifespan,
    )
    app.state.manager = manager
    app.state.store = store
    install_error_handlers(app)
    for router in (lobby.router, saved.router, replay.router, stats.router, play.router):
        app.include_router(router)
    if STATIC.is_dir():
        app.mount("/", StaticFiles(directory=STATIC, html=True), name="client")
    proxies = list(trusted_proxies)
    if proxies:
        # X-Forwarded-For and -Proto: uvicorn's own middleware, for the trusted addresses only.
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=proxies)
    # Added last, so outermost: it sees the proxy's own address, and every request first.
    app.add_middleware(
        Guard, hosts=hosts, trusted_proxies=proxies, body_errors={"/api/replay": "bad_record"}
    )
    return app
