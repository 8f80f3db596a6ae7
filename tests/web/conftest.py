"""Shared fixtures of the web tests: an app over a temporary store, and a real server process.

``live_server`` starts ``cribkit serve`` in a subprocess (:class:`cribkit.deploy.launch.ServerProcess`) on a free port with a temporary store
and yields its base URL (``http://127.0.0.1:PORT``); the browser tests use it too.
"""

from __future__ import annotations

import json
import random
import secrets
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from cribkit.deploy.launch import ServerProcess
from cribkit.games.verification import verify_record
from cribkit.web.app import create_app
from cribkit.web.limits import Limits
from cribkit.web.routes.saved import verifiable_game_record

from .browsing import (
    launch_browser,
    sized_page,  # noqa: F401  (a page at each of the table's sizes)
)
from .signedin import signed_in  # noqa: F401  (a fixture of the accounts' browser tests)

with warnings.catch_warnings():
    # Starlette's test client warns about its httpx dependency: not this project's concern.
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient


@pytest.fixture(scope="session")
def live_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The SQLite file of the :func:`live_server` (read as its operator would)."""
    return tmp_path_factory.mktemp("live-server") / "cribkit.db"


@pytest.fixture(scope="session")
def live_server(live_store: Path) -> Iterator[str]:
    """The base URL of a ``cribkit serve`` process over a temporary store."""
    server = ServerProcess(f"sqlite:///{live_store}", live_store.parent / "server.log")
    try:
        yield server.start()
    finally:
        server.stop()


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    """A temporary SQLite file."""
    return tmp_path / "games.db"


def unlimited() -> Limits:
    """Burst limits no test reaches (new for each app: the gate belongs to its event loop)."""
    return Limits(rate=1e9, burst=10**9)


#: The test clients' address: the server answers only its own hosts (``docs/web.md``).
LOCAL = "http://127.0.0.1:8000"
#: Its WebSocket address (the test client would otherwise say ``Host: testserver``).
WS_LOCAL = "ws://127.0.0.1:8000"


@pytest.fixture
def client(store_path: Path) -> Iterator[TestClient]:
    """A test client of an app over a temporary store (its lifespan running). Its burst limits
    are lifted: the tests play whole games at machine speed (``test_limits.py`` tests them)."""
    app = create_app(f"sqlite:///{store_path}", limits=unlimited())
    with TestClient(app, base_url=LOCAL) as test_client:
        yield test_client
        assert_every_finished_game_verifies(app.state.store)


def assert_every_finished_game_verifies(store: Any) -> None:
    """Every game a test finished has a verifiable record that verifies: its decks are its
    seed's, its commitment the seed's, its actions replay to its result."""
    for row in store.list_games():
        if row.status == "finished":
            record = verifiable_game_record(row, store.load_actions(row.id))
            check = verify_record(record)
            assert check.ok, f"game {row.id}: {check.summary()}"


@pytest.fixture
def people(client: TestClient) -> Iterator[Callable[[], TestClient]]:
    """Make more people at the same server: each a client of the same app with its own cookie
    jar, on the same event loop as :func:`client` (so that their sockets share the games)."""
    made: list[TestClient] = []

    def another() -> TestClient:
        other = TestClient(client.app, base_url=LOCAL)
        other.portal = client.portal
        made.append(other)
        return other

    yield another
    for other in made:
        other.portal = None


Message = dict[str, Any]


class Seat:
    """A seat's socket in a test client: read messages, act, expect errors."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.last: Message = {}
        #: The raw text of every message received, in order.
        self.received: list[str] = []
        #: Who sits where, as the last message that said so had it.
        self.table: Message = {}
        self.actions_sent = 0
        self.name = secrets.token_hex(6)

    def receive(self) -> Message:
        """The next message but the ``table`` ones (who sits where: kept as :attr:`table`); a
        ``state`` is remembered as :attr:`last`."""
        while True:
            text: str = self.socket.receive_text()
            self.received.append(text)
            message: Message = json.loads(text)
            if message["type"] == "state":
                self.last = message
                self.table = message["table"]
            if message["type"] != "table":
                return message
            self.table = message["table"]

    def until_turn(self, current: Message | None = None) -> Message:
        """``current`` if this seat may act in it (its turn, or a lay-away that every seat
        makes at once) and the computer may not (it would move meanwhile: its lay-away
        beside the seat's), or the game is over; else the states that follow until it is:
        the last of them."""
        message = current
        while True:
            if message is not None and message["type"] == "state":
                if message["result"] is not None:
                    return message
                computers = {
                    form["seat"]
                    for form in message["table"]["seats"]
                    if form["kind"] == "computer" or form.get("computer")
                }
                if message["legal"] and not computers & set(message["acting"]):
                    return message
            message = self.receive()

    def act(self, action: Message) -> Message:
        """Send an action for the last state's ``seq``; the state that acknowledges it (a
        state of another seat's move may come first: the seats lay away at once)."""
        sent = self.last["seq"]
        self.actions_sent += 1
        action_id = f"{self.name}-{self.actions_sent}"  # (ids are the game's: one per seat)
        self.socket.send_json({"type": "action", "seq": sent, "action": action, "id": action_id})
        while True:
            message = self.receive()
            assert message["type"] != "error", message
            if message["type"] == "state" and message.get("ack") == action_id:
                return message

    def error(self) -> Message:
        """The next message, which must be an error."""
        message = self.receive()
        assert message["type"] == "error", message
        return message


def new_game(client: TestClient, game: str, **body: Any) -> Message:
    """``POST /api/games``; the answer."""
    response = client.post("/api/games", json={"game": game, **body})
    assert response.status_code == 200, response.text
    answer: Message = response.json()
    return answer


#: A server seed whose first deal (classic to 61, the computer at random, seat 0 always taking
#: its first legal move) lets seat 0 play twice running with nothing shown in between.
UNDOABLE_SEED = 4


@pytest.fixture
def server_seed(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """Make the server deal its next games from ``seed`` as if it had drawn it (a game whose
    seed the client names is practice, kept out of the statistics)."""

    def deal_from(seed: int) -> None:
        monkeypatch.setattr("cribkit.web.manager.new_fair_seed", lambda: seed)

    return deal_from


def play_random_moves(
    client: TestClient, game: str, moves: int, rng: random.Random, **body: Any
) -> tuple[Message, Message]:
    """Start ``game`` against the computer at random and make up to ``moves`` random moves of
    seat 0 (fewer if the game ends): the app's answer and the last state."""
    answer = new_game(client, game, ai="random", **body)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        for _ in range(moves):
            if state["result"] is not None:
                break
            state = seat.until_turn(seat.act(rng.choice(state["legal"])))
    return answer, state


def socket_url(answer: Message, seat: int = 0) -> str:
    """The WebSocket URL of a seat of a new game."""
    return f"{WS_LOCAL}/ws/{answer['id']}?seat={seat}&token={answer['tokens'][str(seat)]}"


def cookie_header(cookies: Any) -> dict[str, str]:
    """The ``Cookie`` header of a client's cookies (an httpx jar): what a program outside the
    test client (``websockets``) sends to be the same player."""
    return {"Cookie": "; ".join(f"{name}={value}" for name, value in dict(cookies).items())}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Debian Chromium for a module's tests (at the instant pace, ``browsing.py``)."""
    yield from launch_browser()
