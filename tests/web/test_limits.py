"""What one client may ask of the server: one hint in flight a seat and two a player, a hint
asked again answered at once, hints dropped with their socket or when the game moved on, the
computer's moves before any hint, and the burst limits: one bucket for a player's sockets, and
one window for its sockets on every server counting in one place (``docs/web.md``, "Limits")."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from cribkit.ai import hints
from cribkit.deploy.config import free_port
from cribkit.web import limits
from cribkit.web.app import create_app
from cribkit.web.fanout import redis_client
from cribkit.web.manager import SessionManager
from cribkit.web.sessions import GameSession

from .conftest import LOCAL, Message, Seat, new_game, socket_url


@pytest.fixture
def limited(store_path: Path) -> Iterator[TestClient]:
    """A test client of an app with the default limits."""
    with TestClient(create_app(f"sqlite:///{store_path}"), base_url=LOCAL) as test_client:
        yield test_client


class Blocked:
    """A hint function that blocks until :attr:`release` is set, counting its calls."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0
        self._lock = threading.Lock()

    def hint(self, state: Any, seat: int, seed: int) -> dict[str, Any]:
        with self._lock:
            self.calls += 1
        self.release.wait(30)
        return {"action": None, "text": "a blocked hint"}

    def wait_calls(self, count: int) -> None:
        wait_until(lambda: self.calls >= count)


@pytest.fixture
def blocked(limited: TestClient, monkeypatch: pytest.MonkeyPatch) -> Iterator[Blocked]:
    """Hints that block (released at the end, before the app stops)."""
    fake = Blocked()
    monkeypatch.setattr(hints, "hint", fake.hint)
    try:
        yield fake
    finally:
        fake.release.set()


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def another(client: TestClient) -> TestClient:
    """Another person at the same app (a cookie jar of its own, the same event loop)."""
    other = TestClient(client.app, base_url=LOCAL)
    other.portal = client.portal
    return other


def session_of(client: TestClient, answer: Message) -> GameSession:
    manager: SessionManager = client.app.state.manager  # type: ignore[attr-defined]
    return manager.sessions[answer["id"]]


def ask_hint(seat: Seat) -> None:
    """Ask for a hint and wait until the server has read the message (a ping answered)."""
    seat.socket.send_json({"type": "hint"})
    seat.socket.send_json({"type": "ping"})
    assert seat.receive()["type"] == "pong"


def test_a_second_hint_while_one_is_pending_is_refused(
    limited: TestClient, blocked: Blocked
) -> None:
    answer = new_game(limited, "classic", ai="random", seed=1)
    with limited.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        socket.send_json({"type": "hint"})
        blocked.wait_calls(1)
        socket.send_json({"type": "hint"})
        error = seat.error()
        assert error["code"] == "busy"
        assert error["seq"] == state["seq"]
        blocked.release.set()
        first = seat.receive()
        assert first["type"] == "hint"
        socket.send_json({"type": "hint"})  # answered: the next one is welcome
        assert seat.receive() == first  # (the same question: the answer kept, sent again)
    assert blocked.calls == 1
    assert session_of(limited, answer).version == state["seq"]


def test_a_hint_for_a_closed_socket_is_never_worked_out(
    limited: TestClient, blocked: Blocked
) -> None:
    first = new_game(limited, "classic", ai="random", seed=1)
    second = new_game(limited, "classic", ai="random", seed=2)
    dropped = session_of(limited, second)
    with limited.websocket_connect(socket_url(first)) as socket:
        seat = Seat(socket)
        seat.until_turn()
        socket.send_json({"type": "hint"})
        blocked.wait_calls(1)  # the one hint being worked out: the next ones wait
        with limited.websocket_connect(socket_url(second)) as other:
            waiting = Seat(other)
            waiting.until_turn()
            ask_hint(waiting)
            assert dropped.hints_pending == 1
        wait_until(lambda: dropped.hints_pending == 0)  # dropped with its socket
        blocked.release.set()
        assert seat.receive()["type"] == "hint"
    # Hints are worked out in the order asked: had the dropped one stayed, it came first.
    third = new_game(limited, "classic", ai="random", seed=3)
    with limited.websocket_connect(socket_url(third)) as socket:
        seat = Seat(socket)
        seat.until_turn()
        socket.send_json({"type": "hint"})
        assert seat.receive()["type"] == "hint"
    assert blocked.calls == 2


def test_a_hint_being_worked_out_for_a_closed_socket_is_not_sent(
    limited: TestClient, blocked: Blocked
) -> None:
    first = new_game(limited, "classic", ai="random", seed=1)
    second = new_game(limited, "classic", ai="random", seed=2)
    with limited.websocket_connect(socket_url(first)) as socket:
        Seat(socket).until_turn()
        socket.send_json({"type": "hint"})
        blocked.wait_calls(1)
    wait_until(lambda: session_of(limited, first).hints_pending == 0)
    blocked.release.set()  # it finishes, unsent; its slot is free again
    with limited.websocket_connect(socket_url(second)) as socket:
        seat = Seat(socket)
        seat.until_turn()
        socket.send_json({"type": "hint"})
        assert seat.receive()["type"] == "hint"
    assert blocked.calls == 2


def test_the_computer_moves_before_queued_hints(limited: TestClient, blocked: Blocked) -> None:
    # More hints than the default thread pool has threads (6 on 2 cores), each blocked, each
    # another person's (a person waits for two at most).
    people = [another(limited) for _ in range(8)]
    waiting = [new_game(p, "classic", ai="random", seed=10 + i) for i, p in enumerate(people)]
    answer = new_game(limited, "classic", ai="random", seed=3)
    session = session_of(limited, answer)
    with ExitStack() as stack:
        seats = [
            Seat(stack.enter_context(p.websocket_connect(socket_url(a))))
            for p, a in zip(people, waiting, strict=True)
        ]
        for seat in seats:
            seat.until_turn()
            ask_hint(seat)
        assert blocked.calls == 1  # one worked out (blocked), seven queued
        player = Seat(stack.enter_context(limited.websocket_connect(socket_url(answer))))
        state = player.until_turn()
        for _ in range(3):  # the computer answers each of the player's moves (or lays away)
            state = player.until_turn(player.last)
            player.act(state["legal"][0])

            async def computer_done() -> None:
                await asyncio.wait_for(session.wait_ai(), timeout=10)

            limited.portal.call(computer_done)  # type: ignore[union-attr]
            assert not session.computer_to_move()  # (its moves are not queued behind hints)
        assert len([a for a in session.actions if a.get("seat") == 1]) >= 2
        assert blocked.calls == 1
        blocked.release.set()
        for seat in seats:
            while seat.receive()["type"] != "hint":
                pass
    assert blocked.calls == 8


def test_a_flood_is_refused_beyond_the_burst(
    limited: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [1000.0]
    monkeypatch.setattr(limits, "clock", lambda: now[0])  # time stands still: no refill
    answer = new_game(limited, "classic", ai="random", seed=1)
    session = session_of(limited, answer)
    with limited.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        assert state["observation"]["phase"] == "discard"  # the deal: both seats lay away
        mine = len([a for a in session.actions if a.get("seat") == 0])
        action = state["legal"][0]
        for _ in range(200):
            socket.send_json({"type": "action", "seq": state["seq"], "action": action})
        socket.send_json({"type": "ping"})
        codes: list[str] = []
        while True:
            message = seat.receive()
            if message["type"] == "error":
                codes.append(message["code"])
                if len(codes) == 200:
                    break
        # The first applied, 39 more read (stale: the same seq twice is never applied), the
        # other 160 and the ping refused unread.
        assert codes.count("stale") == 39
        assert codes.count("rate_limited") == 160 + 1
        assert len([a for a in session.actions if a.get("seat") == 0]) == mine + 1


def test_a_limited_message_is_not_applied_until_the_bucket_refills(
    limited: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [1000.0]
    monkeypatch.setattr(limits, "clock", lambda: now[0])
    answer = new_game(limited, "classic", ai="random", seed=1)
    session = session_of(limited, answer)
    with limited.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        for _ in range(limits.BURST):
            socket.send_json({"type": "ping"})
            assert seat.receive()["type"] == "pong"
        message = {"type": "action", "seq": state["seq"], "action": state["legal"][0]}
        socket.send_json(message)
        error = seat.error()
        assert error["code"] == "rate_limited"
        assert session.version == state["seq"]
        now[0] += 0.5  # ten tokens back
        socket.send_json(message)
        assert seat.receive()["seq"] == state["seq"] + 1


def test_a_players_sockets_share_one_bucket(
    limited: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [1000.0]
    monkeypatch.setattr(limits, "clock", lambda: now[0])
    first = new_game(limited, "classic", ai="random", seed=1)
    second = new_game(limited, "classic", ai="random", seed=2)
    with (
        limited.websocket_connect(socket_url(first)) as one,
        limited.websocket_connect(socket_url(second)) as two,
    ):
        seat, other = Seat(one), Seat(two)
        seat.receive()
        other.receive()
        for _ in range(limits.BURST):
            one.send_json({"type": "ping"})
            assert seat.receive()["type"] == "pong"
        two.send_json({"type": "ping"})  # its own socket's bucket is full, its player's empty
        assert other.error()["code"] == "rate_limited"


def test_a_token_bucket_refills_at_its_rate() -> None:
    bucket = limits.TokenBucket(rate=20, burst=40, now=0.0)
    assert sum(bucket.take(now=0.0) for _ in range(100)) == 40
    assert sum(bucket.take(now=1.0) for _ in range(100)) == 20
    assert sum(bucket.take(now=100.0) for _ in range(100)) == 40


def test_a_player_waits_for_two_hints_at_most(limited: TestClient, blocked: Blocked) -> None:
    answers = [new_game(limited, "classic", ai="random", seed=20 + i) for i in range(3)]
    with ExitStack() as stack:
        seats = [
            Seat(stack.enter_context(limited.websocket_connect(socket_url(a)))) for a in answers
        ]
        for seat in seats:
            seat.until_turn()
        ask_hint(seats[0])  # worked out (blocked)
        ask_hint(seats[1])  # waiting its turn
        seats[2].socket.send_json({"type": "hint"})
        error = seats[2].error()
        assert error["code"] == "busy"
        assert "2 hints of yours" in error["message"]
        blocked.release.set()
        for seat in seats[:2]:
            assert seat.receive()["type"] == "hint"
        seats[2].socket.send_json({"type": "hint"})  # the player's hints answered: welcome
        assert seats[2].receive()["type"] == "hint"
    assert blocked.calls == 3


def test_a_hint_whose_game_moved_on_is_dropped_unworked(
    limited: TestClient, blocked: Blocked
) -> None:
    first = new_game(limited, "classic", ai="random", seed=1)
    second = new_game(limited, "classic", ai="random", seed=2)
    with (
        limited.websocket_connect(socket_url(first)) as one,
        limited.websocket_connect(socket_url(second)) as two,
    ):
        seat, other = Seat(one), Seat(two)
        seat.until_turn()
        state = other.until_turn()
        one.send_json({"type": "hint"})
        blocked.wait_calls(1)  # the one hint being worked out: the next waits its turn
        ask_hint(other)
        assert other.act(state["legal"][0])["seq"] == state["seq"] + 1  # the game moves on
        blocked.release.set()
        assert seat.receive()["type"] == "hint"
        while (answer := other.receive())["type"] == "state":
            pass
        assert answer["type"] == "error"
        assert answer["code"] == "stale"
        assert answer["seq"] > state["seq"]
    assert blocked.calls == 1


def test_two_servers_counting_in_one_window_share_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two servers' limits counting in one storage (the cluster's Redis; here one memory): a
    # player's sockets on both have a bucket on each, and one window between them, 240
    # messages in any 10 s (what one bucket lets through: 40 at once, then 20 a second).
    from limits.aio.storage import MemoryStorage

    now = [1000.0]
    monkeypatch.setattr(limits, "clock", lambda: now[0])  # the buckets' time, moved by hand

    async def run() -> None:
        shared = MemoryStorage()
        servers = [limits.Limits(), limits.Limits()]
        for server in servers:
            server.windows.share(shared)
        players = [server.player_bucket("p1") for server in servers]

        async def send(server: limits.Limits, bucket: limits.TokenBucket | None) -> bool:
            allowed = server.allow(bucket)
            await server.windows.drain()  # (messages a round trip to Redis apart)
            return allowed

        taken = []
        for _ in range(4):  # each bucket full four times: 320 without the window
            taken.append(sum([await send(s, p) for s, p in zip(servers, players, strict=True)
                              for _ in range(50)]))  # fmt: skip
            now[0] += 2.0
        # (each server lets one more through: the message whose count finds the window full)
        assert taken[:3] == [80, 80, 80]
        assert taken[3] <= len(servers)
        assert servers[0].window.amount == 240 == sum(taken[:3])
        # Another player has a window of its own; a server alone never meets its player's.
        assert await send(servers[1], servers[1].player_bucket("p2"))
        alone = limits.Limits()
        bucket = alone.player_bucket("p1")
        assert sum([await send(alone, bucket) for _ in range(400)]) == limits.BURST

    asyncio.run(run())


def test_without_redis_the_windows_are_each_servers_own(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # Redis is gone (nothing listens): the window is counted in the process's memory, after
    # one try that failed at once, said in one line; the next tries wait REDIS_RETRY.
    async def run() -> int:
        server.share(redis_client(f"redis://:secret@127.0.0.1:{free_port()}/0"))
        taken = 0
        for _ in range(60):
            taken += server.allow(server.bucket(), player)
            await server.windows.drain()
        return taken

    server = limits.Limits()
    player = server.player_bucket("p1")
    began = time.monotonic()
    taken = asyncio.run(run())
    assert time.monotonic() - began < 1.0
    assert taken == limits.BURST
    lines = [r.getMessage() for r in caplog.records if "windows" in r.getMessage()]
    assert len(lines) == 1
    assert "memory while Redis does not answer" in lines[0]
    assert "secret" not in lines[0]
    assert server.windows.lost is not None


def test_no_window_without_limits() -> None:
    from limits.aio.storage import MemoryStorage

    async def run() -> list[bool]:
        return [off.allow(off.bucket(), player) for _ in range(1000)]

    off = limits.Limits(rate=1e9, burst=10**9)
    off.windows.share(MemoryStorage())
    player = off.player_bucket("p1")
    assert all(asyncio.run(run()))
