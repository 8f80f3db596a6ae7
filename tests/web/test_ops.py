"""The operations endpoints (``docs/scaling.md``, "Operations"): ``/healthz``, ``/readyz`` over
a store that answers and one that does not, the pluggable readiness checks, ``/metrics`` read
back with Prometheus' own parser, and the JSON lines of ``--log-format json``."""

from __future__ import annotations

import asyncio
import io
import itertools
import json
import logging
import socket
import threading
import warnings
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from prometheus_client.parser import text_string_to_metric_families

from cribkit.deploy.launch import ServerProcess
from cribkit.store.sql import SQLStore
from cribkit.web.app import create_app
from cribkit.web.logs import JsonFormatter, game_log, process_name, setup_logging
from cribkit.web.metrics import ACK_BUCKETS, Metrics

from .conftest import LOCAL, WS_LOCAL, Seat, new_game, socket_url, unlimited

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

#: The address a load balancer knows a backend by: no page is served from it.
BACKEND = "http://10.0.0.5:8000"


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a ``/metrics`` answer, by name and labels, as Prometheus' parser reads
    it (a malformed answer fails here)."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


@pytest.fixture
def backend(store_path: Path) -> Iterator[TestClient]:
    """A client that names the server as a load balancer does: by the backend's address."""
    app = create_app(f"sqlite:///{store_path}", limits=unlimited())
    with TestClient(app, base_url=BACKEND) as test_client:
        yield test_client


# -- /healthz ---------------------------------------------------------------------------------


def test_healthz_answers_any_host_and_sets_no_cookie(backend: TestClient) -> None:
    response = backend.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert "set-cookie" not in response.headers
    assert response.headers["cache-control"] == "no-store"
    # A check without a Host at all (HTTP/1.0, HAProxy's default), and a HEAD.
    assert backend.get("/healthz", headers={"host": ""}).status_code == 200
    assert backend.head("/healthz").status_code == 200


def test_only_the_operations_paths_are_open_to_any_host(backend: TestClient) -> None:
    # The game's API is still refused under the backend's address...
    refused = backend.get("/api/games")
    assert refused.status_code == 400
    assert refused.json()["error"] == "bad_host"
    # ...and so is anything but a GET or HEAD of the operations paths.
    assert backend.post("/healthz", json={}).status_code == 400
    assert backend.get("/healthz/").status_code == 400


# -- /readyz ----------------------------------------------------------------------------------


def test_readyz_is_ready_while_the_store_answers(backend: TestClient) -> None:
    response = backend.get("/readyz")
    assert response.status_code == 200
    assert response.json() == {"status": "ready", "checks": {"store": "ok"}}
    assert "set-cookie" not in response.headers


def test_readyz_names_the_store_once_it_stops_answering(
    store_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(f"sqlite:///{store_path}", limits=unlimited())
    with TestClient(app, base_url=BACKEND) as client:
        assert client.get("/readyz").status_code == 200
        # The tables gone from under the running server (a database replaced, or wiped).
        engine = sa.create_engine(f"sqlite:///{store_path}")
        with engine.begin() as db:
            for table in ("invites", "talk", "actions", "games"):
                db.execute(sa.text(f"DROP TABLE {table}"))
        engine.dispose()
        with caplog.at_level(logging.WARNING, logger="cribkit.web.ops"):
            response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json() == {
        "status": "not_ready",
        "checks": {"store": "failed"},
        "not_ready": ["store"],
    }
    # Why is in the log, not in the answer (which any Host may read).
    assert "no such table: games" in caplog.text
    assert "no such table" not in response.text


def test_readiness_checks_are_pluggable_and_each_is_named(
    backend: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cribkit.web.routes.ops.CHECK_SECONDS", 0.2)

    async def answers() -> bool:
        return True

    async def refuses() -> bool:
        return False

    async def hangs() -> None:
        await asyncio.sleep(30)

    backend.app.state.readiness += [("redis", answers), ("queue", refuses), ("slow", hangs)]  # type: ignore[attr-defined]
    response = backend.get("/readyz")
    assert response.status_code == 503
    body = response.json()
    assert body["checks"] == {"store": "ok", "redis": "ok", "queue": "failed", "slow": "timed out"}
    assert body["not_ready"] == ["queue", "slow"]


def test_a_shared_part_that_fails_is_named_but_keeps_the_server_ready(
    backend: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # Redis, or a database every server shares: down for one server, down for all of them.
    monkeypatch.setattr("cribkit.web.routes.ops.CHECK_SECONDS", 0.2)

    async def refuses() -> None:
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379.\nConnection refused.")

    async def hangs() -> None:
        await asyncio.sleep(30)

    backend.app.state.dependencies += [("redis", refuses), ("database", hangs)]  # type: ignore[attr-defined]
    with caplog.at_level(logging.WARNING, logger="cribkit.web.ops"):
        response = backend.get("/readyz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ready",
        "checks": {"store": "ok", "redis": "failed", "database": "timed out"},
        "degraded": ["redis", "database"],
    }
    # One line each, without a traceback.
    assert (
        "not ready: redis failed: Error 111 connecting to 127.0.0.1:6379. Connection refused."
        in caplog.text
    )
    assert "Traceback" not in caplog.text


class CountingStore(SQLStore):
    """A real store that counts its pings."""

    pings = 0

    def ping(self) -> None:
        self.pings += 1
        super().ping()


def test_a_store_that_hangs_is_asked_once_at_a_time(
    store_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cribkit.web.routes.ops.CHECK_SECONDS", 0.2)
    store = CountingStore(f"sqlite:///{store_path}")
    app = create_app(store=store, limits=unlimited())
    try:
        with TestClient(app, base_url=BACKEND) as client:
            # A call holding the store for long (as a stuck write would) keeps the ping waiting.
            with store._lock:
                first = client.get("/readyz")
                second = client.get("/readyz")
            assert first.json()["checks"] == second.json()["checks"] == {"store": "timed out"}
            assert store.pings == 1  # the second check waited for the first's ping
            # Once the store answers, so does the server (the ping that waited, or a new one).
            for _ in range(50):
                if client.get("/readyz").status_code == 200:
                    break
            assert client.get("/readyz").json()["checks"] == {"store": "ok"}
    finally:
        store.close()


# -- /metrics ---------------------------------------------------------------------------------


def test_metrics_count_the_live_games_and_their_sockets(client: TestClient) -> None:
    text = client.get("/metrics").text
    assert client.get("/metrics").headers["content-type"].startswith("text/plain; version=0.0.4")
    figures = samples(text)
    assert figures[("cribkit_active_games", ())] == 0
    assert figures[("cribkit_sockets", (("kind", "seat"),))] == 0
    assert figures[("cribkit_sockets", (("kind", "spectator"),))] == 0
    assert figures[("cribkit_queue_depth", (("queue", "hints"),))] == 0
    assert figures[("cribkit_queue_depth", (("queue", "moves"),))] == 0
    assert figures[("cribkit_actions_total", ())] == 0
    assert figures[("process_resident_memory_bytes", ())] > 0

    made = new_game(client, "classic", seats=[{"kind": "me"}, {"kind": "friend"}])
    new_game(client, "solitaire")
    with ExitStack() as stack:
        Seat(stack.enter_context(client.websocket_connect(socket_url(made)))).receive()
        watcher = Seat(stack.enter_context(client.websocket_connect(
            f"{WS_LOCAL}/ws/{made['id']}?watch={made['watch']}")))  # fmt: skip
        watcher.receive()
        figures = samples(client.get("/metrics").text)
        assert figures[("cribkit_active_games", ())] == 2
        assert figures[("cribkit_sockets", (("kind", "seat"),))] == 1
        assert figures[("cribkit_sockets", (("kind", "spectator"),))] == 1
    figures = samples(client.get("/metrics").text)
    assert figures[("cribkit_sockets", (("kind", "seat"),))] == 0


def test_acknowledgement_times_fall_in_buckets_a_p99_can_be_read_from(
    client: TestClient,
) -> None:
    metrics: Metrics = client.app.state.metrics  # type: ignore[attr-defined]
    for seconds in [0.0004] * 90 + [0.012] * 9 + [4.0]:
        metrics.action_done(seconds)
    figures = samples(client.get("/metrics").text)
    assert figures[("cribkit_actions_total", ())] == 100
    assert figures[("cribkit_ack_seconds_count", ())] == 100
    assert figures[("cribkit_ack_seconds_sum", ())] == pytest.approx(90 * 0.0004 + 9 * 0.012 + 4)

    def below(bound: str) -> float:
        return figures[("cribkit_ack_seconds_bucket", (("le", bound),))]

    assert below("0.001") == 90
    assert below("0.01") == 90
    assert below("0.015") == 99  # the p99 lies between 10 and 15 ms
    assert below("3.0") == 99
    assert below("5.0") == below("+Inf") == 100
    # 1 ms to 5 s, no step wider than 1.7 times the last: a p99 within a bucket's width.
    assert ACK_BUCKETS[0] == 0.001
    assert ACK_BUCKETS[-1] == 5.0
    assert all(b / a <= 1.7 for a, b in itertools.pairwise(ACK_BUCKETS))


def test_each_app_counts_only_its_own(store_path: Path, tmp_path: Path) -> None:
    first = create_app(f"sqlite:///{store_path}")
    second = create_app(f"sqlite:///{tmp_path / 'other.db'}")
    first.state.metrics.action_done(0.002)
    with TestClient(first, base_url=LOCAL) as one, TestClient(second, base_url=LOCAL) as two:
        assert samples(one.get("/metrics").text)[("cribkit_actions_total", ())] == 1
        assert samples(two.get("/metrics").text)[("cribkit_actions_total", ())] == 0


def test_a_failing_gauge_leaves_the_others_answered(caplog: pytest.LogCaptureFixture) -> None:
    metrics = Metrics()
    metrics.watch_games(lambda: 4)
    metrics.watch_queue("broken", lambda: 1 // 0)
    metrics.watch_queue("fine", lambda: 2)
    with caplog.at_level(logging.ERROR, logger="cribkit.web.metrics"):
        figures = samples(metrics.render().decode())
    assert figures[("cribkit_active_games", ())] == 4
    assert figures[("cribkit_queue_depth", (("queue", "fine"),))] == 2
    assert ("cribkit_queue_depth", (("queue", "broken"),)) not in figures
    assert "ZeroDivisionError" in caplog.text
    with pytest.raises(ValueError, match="a queue has a name"):
        metrics.watch_queue("", lambda: 0)


# -- the logs ---------------------------------------------------------------------------------


def record(logger: logging.Logger, level: int, *args: Any, **kwargs: Any) -> dict[str, Any]:
    """What ``logger`` logs at ``level``, through :class:`JsonFormatter`, read back: the one
    line it wrote."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter(process="serve@test:1"))
    logger.addHandler(handler)
    try:
        logger.log(level, *args, **kwargs)
    finally:
        logger.removeHandler(handler)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1, lines
    entry: dict[str, Any] = json.loads(lines[0])
    return entry


def test_a_log_record_is_one_json_line_with_its_game_and_seat() -> None:
    log = logging.getLogger("cribkit.web.test_ops")
    entry = record(log, logging.WARNING, "game %s: slow seat %s", "g7", 1,
                   extra={"game": "g7", "seat": 1})  # fmt: skip
    assert entry["level"] == "WARNING"
    assert entry["logger"] == "cribkit.web.test_ops"
    assert entry["message"] == "game g7: slow seat 1"
    assert (entry["game"], entry["seat"], entry["process"]) == ("g7", 1, "serve@test:1")
    assert entry["time"].endswith("Z")
    assert "T" in entry["time"]
    assert list(entry) == ["time", "level", "logger", "message", "game", "seat", "process"]
    # Unknown, a game is not written at all (not as null).
    assert "game" not in record(log, logging.WARNING, "started")


def test_an_exception_is_one_field_of_the_one_line() -> None:
    log = logging.getLogger("cribkit.web.test_ops")
    seats: dict[str, int] = {}
    try:
        seats["missing"]  # the error is the point
    except KeyError:
        entry = record(log, logging.ERROR, "game %s: failed", "g1", exc_info=True,
                       extra={"game": "g1"})  # fmt: skip
    assert entry["error"] == "KeyError: 'missing'"
    assert entry["exception"].startswith("Traceback (most recent call last):\n")
    assert entry["exception"].rstrip().endswith("KeyError: 'missing'")
    assert entry["game"] == "g1"


def test_a_game_log_names_its_game_in_every_record() -> None:
    plain = logging.getLogger("cribkit.web.test_ops")
    log = game_log(plain, "g9", seat=0)
    assert "game" not in record(plain, logging.WARNING, "x")  # the logger itself names none
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    plain.addHandler(handler)
    try:
        log.warning("resumed")
        log.warning("seat %s left", 1, extra={"seat": 1})  # a record's own extra wins
    finally:
        plain.removeHandler(handler)
    first, second = (json.loads(line) for line in stream.getvalue().splitlines())
    assert (first["game"], first["seat"], first["message"]) == ("g9", 0, "resumed")
    assert (second["game"], second["seat"]) == ("g9", 1)
    assert "process" not in first  # a formatter told no process writes none


@pytest.fixture
def root_logging() -> Iterator[None]:
    """The root logger's handlers and levels, put back after a test that sets them up."""
    root, ours = logging.getLogger(), logging.getLogger("cribkit")
    handlers, level, our_level = list(root.handlers), root.level, ours.level
    try:
        yield
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in handlers:
            root.addHandler(handler)
        root.setLevel(level)
        ours.setLevel(our_level)


@pytest.mark.usefixtures("root_logging")
def test_setup_logging_sends_every_logger_through_the_json_lines() -> None:
    stream = io.StringIO()
    assert setup_logging("json", process=process_name("serve"), stream=stream) is None
    logging.getLogger("uvicorn.error").warning("Invalid HTTP request received.")
    logging.getLogger("cribkit.web").info("game %s resumed", "g1", extra={"game": "g1"})
    logging.getLogger("alembic.runtime.migration").info("Context impl SQLiteImpl.")  # not shown
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert [(e["logger"], e["level"]) for e in lines] == [
        ("uvicorn.error", "WARNING"),
        ("cribkit.web", "INFO"),
    ]
    assert lines[1]["game"] == "g1"
    assert lines[0]["process"] == f"serve@{socket.gethostname()}:{__import__('os').getpid()}"
    with pytest.raises(ValueError, match="a log format is text or json, not 'xml'"):
        setup_logging("xml")


def test_serve_logs_json_lines_and_answers_a_load_balancer(tmp_path: Path) -> None:
    log_path = tmp_path / "server.log"
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'c.db'}", log_path, "--log-format", "json", "--ai-workers", "0"
    )
    with server:
        port = server.address.rsplit(":", 1)[1]
        # A health check names the backend by an address the server was not told of.
        with httpx.Client(base_url=server.base_url, headers={"Host": f"10.0.0.5:{port}"}) as lb:
            assert lb.get("/healthz").json() == {"status": "ok"}
            assert lb.get("/readyz").json() == {"status": "ready", "checks": {"store": "ok"}}
            assert ("cribkit_active_games", ()) in samples(lb.get("/metrics").text)
        # Garbage on the socket: uvicorn warns, and its warning comes out as a JSON line.
        with socket.create_connection(("127.0.0.1", int(port))) as raw:
            raw.sendall(b"\x16\x03\x01 not HTTP\r\n\r\n")
            raw.settimeout(5)
            raw.recv(1024)
        for _ in range(100):
            if "Invalid HTTP request" in log_path.read_text():
                break
            threading.Event().wait(0.05)
    lines = [line for line in log_path.read_text().splitlines() if line.startswith("{")]
    entries = [json.loads(line) for line in lines]
    warning = next(e for e in entries if "Invalid HTTP request" in e["message"])
    assert warning["logger"] == "uvicorn.error"
    assert warning["level"] == "WARNING"
    assert warning["process"].startswith(f"serve@{socket.gethostname()}:")
