"""A server that trusts no client: Host and Origin, JSON-only bodies of bounded size, and the
API's own error for every malformed body or message, with nothing changed and no traceback."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import Request
from fastapi.routing import APIRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from cribkit.deploy.launch import ServerProcess
from cribkit.web.app import create_app
from cribkit.web.guard import MAX_BODY, MAX_DEPTH, POLICY, allowed_hosts

from .conftest import LOCAL, WS_LOCAL, Message, Seat, cookie_header, new_game, socket_url

MB = 1_000_000


def saved(client: TestClient) -> list[Message]:
    """The saved games, as the lobby lists them."""
    response = client.get("/api/games/saved")
    assert response.status_code == 200
    games: list[Message] = response.json()
    return games


def refused(response: httpx.Response, status: int, code: str) -> None:
    """``response`` is the API's JSON error ``code`` with ``status``."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert set(body) == {"error", "message"}
    assert body["error"] == code
    assert body["message"]


@pytest.fixture
def quiet(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """The test logs no error and no traceback."""
    caplog.set_level(logging.DEBUG)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
    assert "Traceback" not in caplog.text
    assert not any(r.exc_info for r in caplog.records)


@pytest.fixture
def lenient(store_path: Path) -> Iterator[TestClient]:
    """A test client that answers a server failure as a 500 rather than raising it."""
    app = create_app(f"sqlite:///{store_path}")
    with TestClient(app, base_url=LOCAL, raise_server_exceptions=False) as test_client:
        yield test_client


def nested(depth: int, inner: str = "1") -> str:
    """JSON arrays ``depth`` deep."""
    return "[" * depth + inner + "]" * depth


# -- Host -----------------------------------------------------------------------------------------

FOREIGN_HOSTS = [
    "evil.example",
    "evil.example:8000",
    "127.0.0.1.evil.example",
    "localhost.evil.example:8000",
    "0.0.0.0:8000",
    "[::]:8000",
    "[::1",
    "",
]


@pytest.mark.parametrize("host", FOREIGN_HOSTS)
def test_a_foreign_host_is_refused_and_changes_nothing(
    lenient: TestClient, host: str, quiet: None
) -> None:
    before = saved(lenient)
    headers = {"host": host}
    refused(lenient.get("/api/games", headers=headers), 400, "bad_host")
    refused(lenient.get("/", headers=headers), 400, "bad_host")
    refused(lenient.get("/api/games/saved", headers=headers), 400, "bad_host")
    response = lenient.post("/api/games", json={"game": "classic"}, headers=headers)
    refused(response, 400, "bad_host")
    assert saved(lenient) == before


@pytest.mark.parametrize(
    "host", ["localhost", "localhost:5173", "LOCALHOST", "127.0.0.1", "127.0.0.1:80", "[::1]:8000"]
)
def test_the_local_hosts_are_answered(client: TestClient, host: str) -> None:
    assert client.get("/api/games", headers={"host": host}).status_code == 200
    assert client.get("/", headers={"host": host}).status_code == 200


def test_a_websocket_with_a_foreign_host_is_refused_before_it_opens(
    client: TestClient, quiet: None
) -> None:
    answer = new_game(client, "classic", ai="random", seed=1)
    url = socket_url(answer).replace(WS_LOCAL, "ws://evil.example:8000")
    with pytest.raises(WebSocketDisconnect) as refused_, client.websocket_connect(url):
        pass
    assert refused_.value.code == POLICY
    assert "evil.example" in refused_.value.reason
    with client.websocket_connect(socket_url(answer)) as socket_:
        assert Seat(socket_).receive()["legal"]  # (the seat's lay-away is still to make)


def test_the_public_url_s_host_joins_the_allowed_hosts(store_path: Path) -> None:
    hosts = allowed_hosts("0.0.0.0", "http://crib.example:8080/")
    app = create_app(f"sqlite:///{store_path}", hosts=hosts)
    with TestClient(app, base_url="http://crib.example:8080") as public:
        answer = new_game(public, "classic", ai="random", seed=1)
        url = socket_url(answer).replace(WS_LOCAL, "ws://crib.example:8080")
        with public.websocket_connect(url, headers={"origin": "http://crib.example:8080"}) as ws:
            assert Seat(ws).receive()["type"] == "state"
        assert public.get("/api/games", headers={"host": "localhost:8000"}).status_code == 200
        for host in ("evil.example", "0.0.0.0:8080"):
            refused(public.get("/api/games", headers={"host": host}), 400, "bad_host")


def test_a_listening_address_joins_the_allowed_hosts() -> None:
    assert "192.168.1.5" in allowed_hosts("192.168.1.5")
    assert "[fe80::1]" in allowed_hosts("fe80::1")
    assert allowed_hosts("0.0.0.0") == allowed_hosts("::") == allowed_hosts()
    with pytest.raises(ValueError, match="public URL"):
        allowed_hosts("0.0.0.0", "crib.example")


# -- Origin ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "https://evil.example:8000", "null", "file://", "nonsense"]
)
def test_a_websocket_from_a_foreign_origin_is_refused(
    client: TestClient, origin: str, quiet: None
) -> None:
    answer = new_game(client, "classic", ai="random", seed=1)
    headers = {"origin": origin}
    with (
        pytest.raises(WebSocketDisconnect) as refused_,
        client.websocket_connect(socket_url(answer), headers=headers),
    ):
        pass
    assert refused_.value.code == POLICY
    assert origin in refused_.value.reason
    # Nothing was joined or played: the seat's lay-away is still to make.
    with client.websocket_connect(socket_url(answer)) as socket_:
        assert Seat(socket_).receive()["legal"]


@pytest.mark.parametrize(
    "origin", ["http://127.0.0.1:8000", "http://localhost:5173", "http://[::1]:8000", None]
)
def test_a_websocket_from_a_local_page_or_no_page_opens(
    client: TestClient, origin: str | None
) -> None:
    answer = new_game(client, "classic", ai="random", seed=1)
    headers = {} if origin is None else {"origin": origin}
    with client.websocket_connect(socket_url(answer), headers=headers) as socket_:
        assert Seat(socket_).receive()["type"] == "state"


# -- Proxies --------------------------------------------------------------------------------------


def _whoami(request: Request) -> dict[str, Any]:
    return {
        "client": request.client.host if request.client else None,
        "scheme": request.url.scheme,
        "host": request.headers["host"],
    }


def proxied_app(store_path: Path, proxies: list[str]) -> Any:
    app = create_app(
        f"sqlite:///{store_path}",
        hosts=allowed_hosts(None, "https://crib.example/"),
        trusted_proxies=proxies,
    )
    # Ahead of the client's files, which are mounted at /.
    app.router.routes.insert(0, APIRoute("/whoami", _whoami))
    return app


def test_a_trusted_proxy_s_forwarded_headers_are_honoured(store_path: Path) -> None:
    app = proxied_app(store_path, ["10.0.0.1"])
    forwarded = {
        "host": "127.0.0.1:8000",
        "x-forwarded-for": "203.0.113.7",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "crib.example",
    }
    with TestClient(app, base_url=LOCAL, client=("10.0.0.1", 40000)) as proxy:
        seen = proxy.get("/whoami", headers=forwarded).json()
        assert seen == {"client": "203.0.113.7", "scheme": "https", "host": "crib.example"}
        # The forwarded Host is checked like a Host.
        evil = {**forwarded, "x-forwarded-host": "evil.example"}
        refused(proxy.get("/api/games", headers=evil), 400, "bad_host")


def test_anyone_else_s_forwarded_headers_are_ignored(store_path: Path) -> None:
    app = proxied_app(store_path, ["10.0.0.1"])
    forwarded = {
        "host": "127.0.0.1:8000",
        "x-forwarded-for": "203.0.113.7",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "evil.example",
    }
    with TestClient(app, base_url=LOCAL, client=("10.0.0.2", 40000)) as other:
        seen = other.get("/whoami", headers=forwarded).json()
        assert seen == {"client": "10.0.0.2", "scheme": "http", "host": "127.0.0.1:8000"}
        # ...which is how a request that only claims to come through a proxy looks.
        claims = {"host": "evil.example", "x-forwarded-host": "crib.example"}
        refused(other.get("/api/games", headers=claims), 400, "bad_host")


# -- Bodies ---------------------------------------------------------------------------------------

GAME = json.dumps({"game": "classic", "ai": "random"})


@pytest.mark.parametrize("path", ["/api/games", "/api/replay"])
@pytest.mark.parametrize(
    "send",
    [
        {"content": GAME, "headers": {"content-type": "text/plain"}},
        {"content": GAME, "headers": {"content-type": "text/plain;charset=UTF-8"}},
        {"content": GAME, "headers": {"content-type": "application/jsonp"}},
        {"content": GAME},
        {"data": {"game": "classic"}},
        {"files": {"record": ("record.json", GAME, "application/json")}},
    ],
    ids=["text", "text-charset", "jsonp", "no-type", "form", "multipart"],
)
def test_a_body_that_is_not_json_is_a_415(
    lenient: TestClient, path: str, send: dict[str, Any], quiet: None
) -> None:
    before = saved(lenient)
    refused(lenient.post(path, **send), 415, "bad_media_type")
    assert saved(lenient) == before


@pytest.mark.parametrize("path", ["/api/games", "/api/replay"])
@pytest.mark.parametrize("size", [5 * MB, 40 * MB, MAX_BODY + 1])
def test_a_body_over_the_limit_is_a_413(
    lenient: TestClient, path: str, size: int, quiet: None
) -> None:
    before = saved(lenient)
    body = b'{"game": "classic", "pad": "' + b"x" * size + b'"}'
    response = lenient.post(path, content=body, headers={"content-type": "application/json"})
    refused(response, 413, "too_large")
    assert saved(lenient) == before


def test_the_longest_record_is_far_under_the_limit(client: TestClient) -> None:
    """The records the tests make are at most ~6 KB (a 121-point game of four, played at
    random): even indented, a game ten times as long fits the limit many times over."""
    answer = new_game(client, "classic", ai="random", seed=0, options={"players": 4})
    record = replayable(client, answer)
    text = json.dumps(record, indent=2)
    assert len(text) * 10 < MAX_BODY
    response = client.post(
        "/api/replay", content=text, headers={"content-type": "application/json"}
    )
    assert response.status_code == 200, response.text


def replayable(client: TestClient, answer: Message) -> Message:
    """Play seat 0 of a game to the end at random; its record."""
    with client.websocket_connect(socket_url(answer)) as socket_:
        seat = Seat(socket_)
        state = seat.until_turn()
        while state["result"] is None:
            state = seat.until_turn(seat.act(state["legal"][0]))
    record: Message = client.get(f"/api/games/{answer['id']}/record").json()
    return record


def asgi_post(app: Any, headers: dict[str, str], chunks: Iterator[bytes]) -> tuple[Message, int]:
    """POST ``/api/games`` to ``app`` at the ASGI level; the response's start and body, and
    how many chunks of the body the app read."""
    read = 0
    sent: list[Message] = []

    async def receive() -> Message:
        nonlocal read
        read += 1
        chunk = next(chunks, None)
        if chunk is None:
            raise AssertionError("the body was read to its end")
        return {"type": "http.request", "body": chunk, "more_body": True}

    async def send(message: Message) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/games",
        "raw_path": b"/api/games",
        "query_string": b"",
        "root_path": "",
        "headers": [(k.encode(), v.encode()) for k, v in headers.items()],
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 8000),
    }
    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return {"status": start["status"], **json.loads(body)}, read


def test_a_413_is_answered_before_the_body_is_read(store_path: Path) -> None:
    app = create_app(f"sqlite:///{store_path}")
    headers = {
        "host": "127.0.0.1:8000",
        "content-type": "application/json",
        "content-length": str(40 * MB),
    }
    answer, read = asgi_post(app, headers, iter([b"x" * (1 << 16)] * 1000))
    assert answer["status"] == 413
    assert answer["error"] == "too_large"
    assert read == 0


def test_a_chunked_body_is_read_no_further_than_the_limit(store_path: Path) -> None:
    app = create_app(f"sqlite:///{store_path}")
    headers = {"host": "127.0.0.1:8000", "content-type": "application/json"}
    chunk = 1 << 16
    answer, read = asgi_post(app, headers, iter([b"x" * chunk] * 1000))  # 64 MiB on offer
    assert answer["status"] == 413
    assert answer["error"] == "too_large"
    assert read == MAX_BODY // chunk + 1


MALFORMED = [
    "",
    "{not json",
    "null",
    '"a string"',
    "[1, 2, 3]",
    "\ufeff{}",
    nested(10_000),
    '{"game": "classic", "options": ' + nested(10_000) + "}",
    '{"game": "classic", "options": {"target": ' + nested(MAX_DEPTH + 5) + "}}",
    '{"format": "cribkit", "actions": ' + nested(900) + "}",
    '{"game": "classic", "options": {"target": ' + nested(MAX_DEPTH - 3) + "}}",
    '{"game": "classic", "seed": 1e999999}',
    '{"game": "classic", "seed": ' + "9" * 5000 + "}",
]


@pytest.mark.parametrize("path", ["/api/games", "/api/replay"])
@pytest.mark.parametrize("body", MALFORMED, ids=range(len(MALFORMED)))
def test_a_malformed_body_is_the_api_s_own_error(
    lenient: TestClient, path: str, body: str, quiet: None
) -> None:
    before = saved(lenient)
    response = lenient.post(path, content=body, headers={"content-type": "application/json"})
    assert response.status_code == 422, response.text
    assert response.headers["content-type"] == "application/json"
    answer = response.json()
    assert set(answer) == {"error", "message"}
    assert answer["error"] in ({"bad_record", "bad_seat"} if "replay" in path else {"bad_request"})
    assert saved(lenient) == before


def test_bytes_that_are_not_utf8_are_the_api_s_own_error(lenient: TestClient, quiet: None) -> None:
    headers = {"content-type": "application/json"}
    for path, code in (("/api/games", "bad_request"), ("/api/replay", "bad_record")):
        refused(lenient.post(path, content=b'{"game": "\xff\xfe"}', headers=headers), 422, code)
    assert saved(lenient) == []


# -- WebSocket messages ---------------------------------------------------------------------------


def test_every_hostile_message_is_answered_and_changes_nothing(
    client: TestClient, quiet: None
) -> None:
    answer = new_game(client, "classic", ai="random", seed=4)
    with client.websocket_connect(socket_url(answer)) as socket_:
        seat = Seat(socket_)
        state = seat.until_turn()
        seq = state["seq"]
        deep_action = {"type": "discard", "cards": json.loads(nested(MAX_DEPTH - 4, '"5h"'))}
        hostile: list[tuple[str, str]] = [
            (nested(8_000), "bad_json"),
            ('{"type": "action", "seq": 0, "action": ' + nested(7_000) + "}", "bad_json"),
            ('{"type": ' + nested(MAX_DEPTH + 1) + "}", "bad_json"),
            ('{"type": ' + nested(MAX_DEPTH - 2) + "}", "unknown_type"),
            ('{"type": "action", "seq": ' + "9" * 5000 + ', "action": {}}', "bad_json"),
            ('{"type": "action", "seq": 1e999999, "action": {}}', "bad_action"),
            (json.dumps({"type": "action", "seq": seq, "action": deep_action}), "bad_action"),
            ('{"type": "preview", "action": ' + nested(MAX_DEPTH - 3) + "}", "bad_action"),
            ("\ud800", "bad_json"),
        ]
        for text, code in hostile:
            socket_.send_text(text)
            error = seat.error()
            assert error["code"] == code, (text[:60], error)
            assert error["seq"] == seq
        socket_.send_bytes(b"\xff" + nested(8_000).encode())
        assert seat.error()["code"] == "bad_json"
        # The game is where it was, and plays on.
        assert seat.act(state["legal"][0])["seq"] == seq + 1


# -- The real server ------------------------------------------------------------------------------


def raw_request(address: str, head: str, body_chunks: Iterable[bytes] = ()) -> bytes:
    """Send a request's head and then its body chunks (while the server takes them) to
    ``address``; what the server answers."""
    host, port = address.rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        conn.sendall(head.encode())
        conn.settimeout(0.05)
        answer = b""
        for chunk in body_chunks:
            with contextlib.suppress(TimeoutError):
                answer += conn.recv(65536)
            if answer:
                break
            try:
                conn.sendall(chunk)
            except OSError:
                break
        conn.settimeout(10)
        deadline = time.monotonic() + 10
        while b"\r\n\r\n" not in answer and time.monotonic() < deadline:
            data = conn.recv(65536)
            if not data:
                break
            answer += data
        return answer


def test_the_real_server_refuses_without_a_traceback(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with ServerProcess(f"sqlite:///{tmp_path / 'games.db'}", log) as server:
        base = server.base_url
        evil = httpx.get(f"{base}/api/games", headers={"host": "evil.example"})
        refused(evil, 400, "bad_host")
        deep = httpx.post(f"{base}/api/replay", content=nested(10_000), headers=JSON)
        refused(deep, 422, "bad_record")
        # 40 MB announced, nothing sent: the 413 comes at once.
        head = (
            f"POST /api/games HTTP/1.1\r\nHost: {server.address}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {40 * MB}\r\n\r\n"
        )
        assert raw_request(server.address, head).startswith(b"HTTP/1.1 413 ")
        chunked = (
            f"POST /api/games HTTP/1.1\r\nHost: {server.address}\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b"10000\r\n" + b"x" * 0x10000 + b"\r\n"
        assert raw_request(server.address, chunked, iter([chunk] * 100)).startswith(
            b"HTTP/1.1 413 "
        )
        web = httpx.Client()
        answer = web.post(f"{base}/api/games", json={"game": "classic", "ai": "random"}).json()
        url = f"ws://{server.address}/ws/{answer['id']}?seat=0&token={answer['tokens']['0']}"
        path = url.removeprefix(f"ws://{server.address}")
        for host, origin in ((server.address, "http://evil.example"), ("evil.example", None)):
            upgrade = (
                f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                "Sec-WebSocket-Version: 13\r\n"
                + (f"Origin: {origin}\r\n" if origin else "")
                + "\r\n"
            )
            assert raw_request(server.address, upgrade).startswith(b"HTTP/1.1 403 ")
        with connect(url, additional_headers=cookie_header(web.cookies)) as ws:
            assert json.loads(ws.recv())["type"] == "state"
            ws.send(nested(8_000))
            while (message := json.loads(ws.recv()))["type"] == "state":
                pass  # the computer's moves, if it starts
            assert message["code"] == "bad_json"
        assert len(web.get(f"{base}/api/games/saved").json()) == 1
        web.close()
    text = log.read_text()
    assert "Traceback" not in text
    assert "ERROR" not in text


JSON = {"content-type": "application/json"}
