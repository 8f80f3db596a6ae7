"""``cribkit serve``: the web app on a local address."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Annotated

import typer

from cribkit.cli.app import app, fail
from cribkit.cli.errors import FiniteFloat
from cribkit.cli.urls import (
    REDIS_VARIABLE,
    RedisFileOption,
    RedisOption,
    StoreFileOption,
    StoreOption,
    given_url,
    read_secret_file,
)

#: The most processes ``--ai-workers`` starts: beyond, a typing slip (a zero too many) would
#: fork until the machine gives up, long before the computer thinks any faster.
MAX_PROCESSES = 256
#: The most ``--message-rate`` takes (0 is no limit at all).
MAX_MESSAGE_RATE = 1_000_000
#: The longest a worker's ``--claim-after`` and ``--slow`` may be: a day, an hour.
MAX_CLAIM_AFTER, MAX_SLOW = 86_400, 3_600
#: The longest ``--absence-window``: a day (a person away longer has left).
MAX_ABSENCE_WINDOW = 86_400

MetricsTokenFileOption = Annotated[
    Path | None,
    typer.Option(
        envvar="CRIBKIT_METRICS_TOKEN_FILE",
        dir_okay=False,
        help="A file holding a token (its text, stripped): GET /metrics then answers only "
        "requests with the header Authorization: Bearer TOKEN (401 without).",
    ),
]


@app.command()
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(help="The port to listen on (0: any free port).", min=0, max=65535)
    ] = 8000,
    store: StoreOption = None,
    store_file: StoreFileOption = None,
    ai_workers: Annotated[
        int | None,
        typer.Option(
            help="Processes in which the computer thinks (default: one per core but one; "
            "0: threads of the server's process).",
            min=0,
            max=MAX_PROCESSES,
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="The address other devices use (http(s)://HOST[:PORT]/): its host joins the "
            "hosts the server answers to, with localhost and the address it listens on."
        ),
    ] = None,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="A reverse proxy's address (or network) whose X-Forwarded-For, -Proto and "
            "-Host headers are honoured (repeatable; by default no one's)."
        ),
    ] = None,
    message_rate: Annotated[
        float,
        typer.Option(
            help="Messages a second each socket, and each player, may send (bursts of twice "
            "as many; beyond, an error rate_limited; 0: no limit).",
            click_type=FiniteFloat(0, MAX_MESSAGE_RATE),
        ),
    ] = 20.0,
    redis: Annotated[
        str | None,
        typer.Option(
            envvar=REDIS_VARIABLE,
            help="redis://HOST:PORT/DB: run as one process of a cluster sharing its games "
            "through the store (PostgreSQL) and Redis; the computer plays in `cribkit worker` "
            "processes. A URL with a password goes in the variable or in --redis-file, never "
            "on the command line.",
        ),
    ] = None,
    redis_file: RedisFileOption = None,
    secret_file: Annotated[
        Path | None,
        typer.Option(
            envvar="CRIBKIT_SECRET_FILE",
            dir_okay=False,
            help="The file of the secret that signs the players' session cookies, made on "
            "first start (default: session-secret beside the store, in the data folder).",
        ),
    ] = None,
    metrics_token_file: MetricsTokenFileOption = None,
    absence_window: Annotated[
        float,
        typer.Option(
            help="Seconds a person's sockets are all gone from a table with no move clock "
            "before the others may claim the game or let the computer play the seat.",
            click_type=FiniteFloat(0, MAX_ABSENCE_WINDOW),
        ),
    ] = 120.0,
    log_format: Annotated[
        str,
        typer.Option(
            help="How the server logs, on standard error: text (as always) or json (one JSON "
            "object a line: time, level, logger, message, game, seat, process)."
        ),
    ] = "text",
) -> None:
    """Play in the browser: start the web app and print its address.

    Example: cribkit serve --port 8000; on the local network:
    cribkit serve --host 0.0.0.0 --public-url http://192.168.1.5:8000/
    """
    import ipaddress
    import os

    import uvicorn

    from cribkit.store.admin import check_schema
    from cribkit.store.base import StoreError
    from cribkit.web.app import create_app, default_secret_file, load_secret
    from cribkit.web.guard import allowed_hosts
    from cribkit.web.limits import Limits
    from cribkit.web.logs import process_name, setup_logging

    store = given_url(ctx, "store", store, store_file)
    redis = given_url(ctx, "redis", redis, redis_file)
    token = read_secret_file(metrics_token_file, "--metrics-token-file")
    proxies = list(trusted_proxy or [])
    try:
        log_config = setup_logging(log_format, process=process_name("serve"))
        hosts = allowed_hosts(host, public_url)
        if redis is not None:
            check_redis_url(redis)
        for proxy in proxies:
            if proxy != "*":
                ipaddress.ip_network(proxy.strip("[]"), strict=False)
    except ValueError as error:
        raise fail(str(error)) from None
    try:
        check_schema(store)  # a shared database is upgraded by `cribkit db upgrade` only
        # (in a cluster the workers think: the server's own are for the move clocks only)
        spare = 0 if redis else max(1, (os.cpu_count() or 2) - 1)
        workers = spare if ai_workers is None else ai_workers
        secret = load_secret(secret_file or default_secret_file(store))
        rate = message_rate or 1e9
        web_app = create_app(
            store,
            ai_workers=workers,
            hosts=hosts,
            trusted_proxies=proxies,
            secret=secret,
            limits=Limits(rate=rate, burst=max(1, round(2 * rate))),
            redis_url=redis,
            metrics_token=token,
            absence_window=absence_window,
            secure_cookies=(public_url or "").lower().startswith("https://"),
        )
    except StoreError as error:
        raise fail(str(error)) from None
    listener, address = listen(host, port)
    typer.echo(f"cribkit: playing at {address} (Ctrl+C to stop)", err=False)
    if public_url:
        typer.echo(f"cribkit: other devices open {public_url}", err=False)
    # Messages are small and the server is usually local: compressing them costs more CPU time
    # than it saves. The app honours X-Forwarded-* itself, from --trusted-proxy only (uvicorn's
    # default would trust 127.0.0.1).
    config = uvicorn.Config(
        web_app,
        log_config=log_config,
        log_level="warning",
        ws_max_size=1 << 20,
        ws_per_message_deflate=False,
        proxy_headers=False,
    )
    uvicorn.Server(config).run(sockets=[listener])


def listen(host: str, port: int, backlog: int = 1024) -> tuple[socket.socket, str]:
    """A socket listening on ``host``:``port`` (0: a free port), and its address to print
    (``http://127.0.0.1:8000/``): bound before anything is printed, so that the address shown
    is the one listening; listening at once queues the first connections until the app has
    started, rather than refusing them. One line and exit status 2 if it cannot."""
    listener = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
        listener.listen(backlog)
    except (OSError, ValueError) as error:  # ValueError: a host name no system takes
        listener.close()
        reason = getattr(error, "strerror", None) or str(error)
        raise fail(f"cannot listen on {host}:{port}: {reason}") from None
    bound = listener.getsockname()[1]
    # A wildcard address is no page's address (and not an allowed Host): show the loopback one.
    shown = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    shown = f"[{shown}]" if ":" in shown else shown
    return listener, f"http://{shown}:{bound}/"


@app.command()
def worker(
    ctx: typer.Context,
    redis: RedisOption = None,
    redis_file: RedisFileOption = None,
    store: StoreOption = None,
    store_file: StoreFileOption = None,
    name: Annotated[
        str | None, typer.Option(help="The worker's name in the cluster (default: a new one).")
    ] = None,
    claim_after: Annotated[
        float,
        typer.Option(
            help="Seconds before a job a worker took and did not finish is taken by "
            "another (a worker that died).",
            click_type=FiniteFloat(0.1, MAX_CLAIM_AFTER),
        ),
    ] = 5.0,
    log_format: Annotated[
        str, typer.Option(help="How the worker logs, on standard error: text or json.")
    ] = "text",
    slow: Annotated[
        float,
        typer.Option(
            help="Think at least this many seconds per move (to watch, or to test, a "
            "worker dying mid-move).",
            click_type=FiniteFloat(0, MAX_SLOW),
        ),
    ] = 0.0,
    health_port: Annotated[
        int | None,
        typer.Option(
            help="Answer GET /healthz and GET /metrics on this port (0: a free one, printed; "
            "default: none).",
            min=0,
            max=65535,
        ),
    ] = None,
    health_host: Annotated[str, typer.Option(help="The address of --health-port.")] = "127.0.0.1",
    metrics_token_file: MetricsTokenFileOption = None,
) -> None:
    """Make the computer's moves and the hints of a cluster's games (any number of workers,
    on any machine): see docs/scaling.md.

    Example: CRIBKIT_STORE=postgresql://cribkit@db/cribkit cribkit worker --redis-file
    /etc/cribkit/redis-url --health-port 9100
    """
    from redis.exceptions import RedisError

    from cribkit.deploy.worker import run_worker
    from cribkit.store.admin import check_schema
    from cribkit.store.base import StoreError
    from cribkit.web.fanout import process_name
    from cribkit.web.logs import setup_logging, without_password

    store = given_url(ctx, "store", store, store_file)
    redis = given_url(ctx, "redis", redis, redis_file)
    if redis is None:
        raise fail("cribkit worker needs the cluster's Redis: --redis URL, CRIBKIT_REDIS or "
                   "--redis-file PATH")  # fmt: skip
    token = read_secret_file(metrics_token_file, "--metrics-token-file")
    name = name or process_name("worker")
    try:
        setup_logging(log_format, process=name)
        check_redis_url(redis)
        check_schema(store)  # before saying it started: `cribkit db upgrade` upgrades it
    except (ValueError, StoreError) as error:
        raise fail(str(error)) from None
    health = None
    if health_port is not None:
        health, address = listen(health_host, health_port, backlog=64)
        typer.echo(f"cribkit: worker {name} answers {address}healthz and {address}metrics")
    shown = without_password(redis)
    typer.echo(f"cribkit: worker {name} taking the computer's moves and hints from {shown}")
    try:
        run_worker(store, redis, name=name, claim_after=claim_after, slow=slow, health=health,
                   metrics_token=token)  # fmt: skip
    except StoreError as error:
        raise fail(str(error)) from None
    # Redis's own ConnectionError is no builtin one.
    except (ConnectionError, OSError, RedisError) as error:
        raise fail(f"cannot reach Redis at {shown}: {error}") from None


def check_redis_url(url: str) -> None:
    """Refuse a Redis URL that Redis's client would refuse only once the server or the worker
    has started (the server's refusal is a traceback in its log)."""
    from redis.connection import parse_url

    from cribkit.web.logs import without_password

    try:
        parse_url(url)  # type: ignore[no-untyped-call]
    except ValueError as error:
        raise ValueError(f"--redis {without_password(url)!r}: {error}") from None
