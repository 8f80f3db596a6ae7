"""The web app: FastAPI, the JSON API of ``docs/web.md``, the WebSocket per seat, the client.

Each concern is a router of its own (:mod:`cribkit.web.routes`); this module puts them
together over a store and starts the computer's worker processes with the app.

>>> app = create_app("sqlite:///:memory:")
>>> paths = app.openapi()["paths"]
>>> [p for p in ("/api/games", "/api/account", "/api/players/{name}") if p in paths]
['/api/games', '/api/account', '/api/players/{name}']
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from multiprocessing import get_context
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.middleware.sessions import SessionMiddleware
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from cribkit.store.base import Store, StoreError, open_store
from cribkit.store.saves import data_home
from cribkit.web.absence import ABSENCE_WINDOW
from cribkit.web.errors import install_error_handlers
from cribkit.web.eventplay import EventPlay
from cribkit.web.guard import LOCAL_HOSTS, Guard
from cribkit.web.limits import Limits
from cribkit.web.manager import SessionManager
from cribkit.web.quickplay import QuickPlay
from cribkit.web.routes import (
    account,
    analysis,
    challenges,
    client,
    events,
    friends,
    lobby,
    me,
    ops,
    play,
    players,
    puzzles,
    quick,
    replay,
    saved,
    stats,
    tables,
)
from cribkit.web.workers import sigint_ignored, warm_up, watch_parent

STATIC = Path(__file__).with_name("static")
#: The session cookie: signed, HttpOnly, SameSite=Lax (``docs/web.md``, "Players and sessions").
SESSION_COOKIE = "cribkit_session"
#: How long a browser keeps it (400 days, the most a browser allows): its games are its player's.
SESSION_DAYS = 400
#: The secret file's name, beside the SQLite store.
SECRET_FILE = "session-secret"

log = logging.getLogger("cribkit.web")


def default_secret_file(store_url: str | None = None) -> Path:
    """Where ``cribkit serve`` keeps the session secret by default: ``session-secret`` in the
    folder of the SQLite store file (the data folder for the default store or an in-memory one).

    >>> default_secret_file("sqlite:////srv/games/cribkit.db")
    PosixPath('/srv/games/session-secret')
    """
    if store_url and store_url.startswith("sqlite:///"):
        path = store_url.removeprefix("sqlite:///")
        if path != ":memory:":
            return Path(path).parent / SECRET_FILE
    return data_home() / SECRET_FILE


def load_secret(path: Path) -> bytes:
    """The session secret in ``path``, made on first use: 32 random bytes, mode 0600.

    Raises :class:`~cribkit.store.base.StoreError` if it cannot be read or made."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            secret = path.read_bytes()
        else:
            secret = secrets.token_bytes(32)
            with os.fdopen(fd, "wb") as file:
                os.fchmod(file.fileno(), 0o600)
                file.write(secret)
    except OSError as error:
        raise StoreError(f"cannot read or make the session secret {path}: {error}") from None
    if len(secret) < 16:
        raise StoreError(f"the session secret {path} is too short: delete it to make a new one")
    return secret


async def _join_cluster(
    app: FastAPI, manager: SessionManager, redis_url: str
) -> Callable[[], Awaitable[None]]:
    """Make the manager's games shared through Redis: the fan-out listening, the workers'
    queue ready, dead processes swept; what stops it all."""
    from cribkit.web.fanout import RedisFanout, process_name, redis_client
    from cribkit.web.jobs import Jobs
    from cribkit.web.logs import without_password

    redis = redis_client(redis_url)
    try:
        await redis.ping()
    except Exception as error:
        await redis.aclose()
        shown = without_password(redis_url)
        raise StoreError(f"cannot reach Redis at {shown}: {error}") from None
    fanout = RedisFanout(redis, process_name("serve"), manager.heard, manager.resync)
    jobs = Jobs(redis)
    await jobs.prepare()
    await fanout.start()
    manager.services.fanout = fanout
    manager.services.jobs = jobs
    sweep = asyncio.create_task(manager.sweep(), name="sweep dead processes")
    app.state.dependencies.append(("redis", redis.ping))

    async def leave() -> None:
        sweep.cancel()
        await fanout.stop()
        await redis.aclose()

    return leave


def create_app(
    store_url: str | None = None,
    *,
    store: Store | None = None,
    ai_workers: int = 0,
    hosts: Iterable[str] = LOCAL_HOSTS,
    trusted_proxies: Iterable[str] = (),
    secret: bytes | str | None = None,
    limits: Limits | None = None,
    redis_url: str | None = None,
    metrics_token: str | None = None,
    absence_window: float = ABSENCE_WINDOW,
    secure_cookies: bool = False,
) -> FastAPI:
    """The app over the store at ``store_url`` (default: the SQLite file in the data home).

    The computer thinks in worker threads, or with ``ai_workers`` in that many worker
    processes (started with the app), which keeps its thinking from slowing the answers.
    The app answers only requests whose Host is one of ``hosts``
    (:func:`cribkit.web.guard.allowed_hosts`), and honours ``X-Forwarded-*`` headers from
    ``trusted_proxies`` only (:mod:`cribkit.web.guard`). Sessions are signed with ``secret``
    (:func:`load_secret`); without one, with a random secret of this app alone. ``limits`` are
    the burst limits of the sockets and players (:mod:`cribkit.web.limits`; by default 20
    messages a second, bursts of 40). With ``redis_url`` the app is one process of a cluster
    (``docs/scaling.md``): it shares its games with the others through the store and Redis,
    and the computer's moves and the hints are the ``cribkit worker`` processes'.
    With ``metrics_token``, ``GET /metrics`` answers only ``Authorization: Bearer`` it
    (:func:`cribkit.web.routes.ops.metrics_refusal`). ``absence_window``: the seconds a person
    is away from a table before the others may claim the game (:mod:`cribkit.web.absence`).
    ``secure_cookies``: the session cookie is ``Secure`` (the site is served over https: its
    public URL's scheme); it is ``HttpOnly`` and ``SameSite=Lax`` always.
    """
    owned = store is None
    store = store if store is not None else open_store(store_url)
    manager = SessionManager(store, limits=limits)
    manager.services.absence_window = absence_window

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
            # Start every worker now (they import the engines), not on the first moves, and
            # without waiting for them: the pages are served at once, and a move asked of the
            # computer before they are ready waits in their queue. Started here they inherit
            # Ctrl+C ignored from their first instruction (the server stops them itself).
            loop = asyncio.get_running_loop()
            with sigint_ignored():
                warming = [loop.run_in_executor(executor, warm_up) for _ in range(ai_workers)]
            for started in warming:
                started.add_done_callback(_warmed)
            manager.executor = executor
        cluster = await _join_cluster(app, manager, redis_url) if redis_url else None
        await asyncio.to_thread(manager.resume_all)
        manager.kick_all()
        pairing = asyncio.create_task(app.state.quick.run(), name="quick-play pairing")
        sweeping = asyncio.create_task(app.state.events.run(), name="events' sweep")
        yield
        pairing.cancel()
        sweeping.cancel()
        await manager.shutdown()
        if cluster is not None:
            await cluster()
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
    app.state.quick = QuickPlay(manager)
    app.state.events = EventPlay(manager)
    app.state.metrics_token = metrics_token
    # (app.state.metrics, .readiness and .dependencies: a database other servers share is one)
    ops.install(app, store, manager, shared=not getattr(store, "sqlite", True))
    install_error_handlers(app)
    routers = (
        lobby,
        me,
        account,
        friends,
        challenges,
        quick,
        events,
        players,
        saved,
        replay,
        analysis,
        puzzles,
        stats,
        tables,
        play,
        ops,
    )
    for module in routers:
        app.include_router(module.router)
    if STATIC.is_dir():
        # The service worker first: /sw.js is made from static/sw.js (routes/client.py).
        app.include_router(client.router)
        app.mount("/", StaticFiles(directory=STATIC, html=True), name="client")
    key = secrets.token_bytes(32) if secret is None else secret
    app.add_middleware(
        SessionMiddleware,
        secret_key=key.hex() if isinstance(key, bytes) else key,
        session_cookie=SESSION_COOKIE,
        max_age=SESSION_DAYS * 24 * 3600,
        same_site="lax",
        https_only=secure_cookies,
    )
    proxies = list(trusted_proxies)
    if proxies:
        # X-Forwarded-For and -Proto: uvicorn's own middleware, for the trusted addresses only.
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=proxies)
    # Added last, so outermost: it sees the proxy's own address, and every request first.
    app.add_middleware(
        Guard,
        hosts=hosts,
        trusted_proxies=proxies,
        body_errors={"/api/replay": "bad_record"},
        open_paths=ops.PATHS,
    )
    return app


def _warmed(warming: asyncio.Future[None]) -> None:
    """Log a worker that could not start (the moves asked of it will fail and say so)."""
    if not warming.cancelled() and warming.exception() is not None:
        log.error("the computer's workers did not start: %s", warming.exception())
