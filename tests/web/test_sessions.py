"""Players and sessions (``docs/web.md``): each browser is a player with a signed cookie, and a
game is its players' own: to anyone else it does not exist.

Each :class:`TestClient` keeps its own cookie jar, so two clients of one app are two people.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import stat
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from cribkit.store.base import open_store
from cribkit.web.app import SESSION_COOKIE, create_app, load_secret

from .conftest import LOCAL, WS_LOCAL, Message, Seat, new_game, socket_url
from .test_api import finish_with_the_engine

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient


@pytest.fixture
def stranger(client: TestClient) -> Iterator[TestClient]:
    """Another person at the same server: a client of the same app with its own cookies."""
    other = TestClient(client.app, base_url=LOCAL)
    yield other
    other.close()


def seq_of(client: TestClient, answer: Message) -> int:
    """The game's seq, as its owner's socket is told."""
    with client.websocket_connect(socket_url(answer)) as socket:
        return int(Seat(socket).receive()["seq"])


def not_found(response: object, game_id: str) -> None:
    status, body = response.status_code, response.json()  # type: ignore[attr-defined]
    assert (status, body) == (404, {"error": "not_found", "message": f"no game {game_id!r}"})


def test_a_stranger_cannot_reach_a_players_game_by_any_route(
    client: TestClient, stranger: TestClient
) -> None:
    playing = new_game(client, "classic", ai="random", seed=3)
    done = new_game(client, "solitaire")  # a chosen seed would make it practice
    finish_with_the_engine(client, done, seed=4)
    saved = client.get("/api/games/saved").json()
    assert {g["id"] for g in saved} == {playing["id"], done["id"]}
    stats = client.get("/api/stats").json()
    assert [r["played"] for r in stats["rows"]] == [1]
    before = seq_of(client, playing), seq_of(client, done)

    assert stranger.get("/api/games/saved").json() == []
    assert stranger.get("/api/stats").json()["rows"] == []
    assert stranger.get("/api/stats").json()["results"] == []
    for game in (playing, done):
        game_id = game["id"]
        # Exactly what an id that names no game gets: nothing says the game exists.
        for route in ("resume", "record", "replay"):
            not_found(stranger.get(f"/api/games/{game_id}/{route}"), game_id)
        for token in (game["tokens"]["0"], "guess"):
            url = f"{WS_LOCAL}/ws/{game_id}?seat=0&token={token}"
            with (
                pytest.raises(WebSocketDisconnect) as closed,
                stranger.websocket_connect(url) as ws,
            ):
                ws.receive_text()
            assert (closed.value.code, closed.value.reason) == (4404, f"no game {game_id}")
    nowhere = f"{WS_LOCAL}/ws/0123456789abcdef?seat=0&token=x"
    with pytest.raises(WebSocketDisconnect) as unknown, stranger.websocket_connect(nowhere) as ws:
        ws.receive_text()
    assert unknown.value.code == 4404
    not_found(stranger.get("/api/games/0123456789abcdef/resume"), "0123456789abcdef")

    # Nothing changed for the owner, who still reaches everything.
    assert (seq_of(client, playing), seq_of(client, done)) == before
    assert client.get("/api/games/saved").json() == saved
    assert client.get("/api/stats").json()["rows"] == stats["rows"]
    resumed = client.get(f"/api/games/{playing['id']}/resume")
    assert resumed.json() == {"id": playing["id"], "tokens": playing["tokens"]}
    assert client.get(f"/api/games/{done['id']}/record").status_code == 200
    assert client.get(f"/api/games/{done['id']}/replay").status_code == 200
    # The stranger's own games are theirs alone in turn.
    theirs = new_game(stranger, "tabletop", ai="random")
    assert [g["id"] for g in stranger.get("/api/games/saved").json()] == [theirs["id"]]
    assert theirs["id"] not in {g["id"] for g in client.get("/api/games/saved").json()}


def test_a_hotseat_game_is_one_players_both_seats(client: TestClient, stranger: TestClient) -> None:
    answer = new_game(client, "classic", mode="hotseat")
    for seat in (0, 1):
        with client.websocket_connect(socket_url(answer, seat)) as socket:
            assert Seat(socket).receive()["seat"] == seat
        url = socket_url(answer, seat)
        with pytest.raises(WebSocketDisconnect) as closed, stranger.websocket_connect(url) as ws:
            ws.receive_text()
        assert closed.value.code == 4404


def test_a_players_name_round_trips(client: TestClient, stranger: TestClient) -> None:
    me = client.get("/api/me").json()
    assert me["name"] is None
    assert isinstance(me["player"], str)
    assert len(me["player"]) >= 20
    answer = client.post("/api/me", json={"name": "  Ann of the crib "})
    assert answer.json() == {"player": me["player"], "name": "Ann of the crib"}
    assert client.get("/api/me").json() == {"player": me["player"], "name": "Ann of the crib"}
    for bad in ("", "   ", "x" * 25, "a\nb", "tab\there", 7):
        refused = client.post("/api/me", json={"name": bad})
        assert refused.status_code == 422, bad
        assert refused.json()["error"] == "bad_request"
    assert client.get("/api/me").json()["name"] == "Ann of the crib"
    assert client.post("/api/me", json={"name": "x" * 24}).status_code == 200
    other = stranger.get("/api/me").json()
    assert other["player"] != me["player"]
    assert other["name"] is None


def test_the_cookie_is_signed_http_only_and_lax(client: TestClient) -> None:
    response = TestClient(client.app, base_url=LOCAL).get("/api/me")
    cookie = response.headers["set-cookie"].lower()
    assert cookie.startswith(f"{SESSION_COOKIE}=")
    assert "httponly" in cookie
    assert "samesite=lax" in cookie
    assert "path=/" in cookie


def test_a_tampered_cookie_is_a_new_anonymous_session(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    answer = new_game(client, "classic", ai="random")
    me = client.get("/api/me").json()
    value = client.cookies[SESSION_COOKIE]
    forged = value[:-3] + ("AAA" if not value.endswith("AAA") else "BBB")
    with caplog.at_level(logging.WARNING):
        intruder = TestClient(client.app, base_url=LOCAL, cookies={SESSION_COOKIE: forged})
        fresh = intruder.get("/api/me")
        assert fresh.status_code == 200
        assert fresh.json()["player"] != me["player"]
        assert fresh.json()["name"] is None
        assert intruder.get("/api/games/saved").json() == []
        not_found(intruder.get(f"/api/games/{answer['id']}/resume"), answer["id"])
        garbage = TestClient(client.app, base_url=LOCAL, cookies={SESSION_COOKIE: "not.a.cookie"})
        assert garbage.get("/api/me").status_code == 200
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            garbage.websocket_connect(socket_url(answer)) as ws,
        ):
            ws.receive_text()
        assert closed.value.code == 4404
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert client.get("/api/me").json() == me


def test_the_secret_file_is_private_and_sessions_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "data" / "session-secret"
    secret = load_secret(path)
    assert len(secret) == 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_secret(path) == secret
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with TestClient(create_app(url, secret=load_secret(path)), base_url=LOCAL) as first:
        first.post("/api/me", json={"name": "Bo"})
        answer = new_game(first, "classic", ai="random", seed=9)
        me = first.get("/api/me").json()
        cookies = dict(first.cookies)
    with TestClient(
        create_app(url, secret=load_secret(path)), base_url=LOCAL, cookies=cookies
    ) as again:
        assert again.get("/api/me").json() == me
        assert [g["id"] for g in again.get("/api/games/saved").json()] == [answer["id"]]
        assert again.get(f"/api/games/{answer['id']}/resume").status_code == 200
        with again.websocket_connect(socket_url(answer)) as socket:
            assert Seat(socket).receive()["type"] == "state"
    # Another secret signs other sessions: the old cookie is a stranger's.
    with TestClient(create_app(url, secret=b"x" * 32), base_url=LOCAL, cookies=cookies) as other:
        assert other.get("/api/me").json()["player"] != me["player"]
        assert other.get("/api/games/saved").json() == []


def test_a_store_from_before_owners_is_migrated_and_its_games_are_nobodys(
    tmp_path: Path, client: TestClient
) -> None:
    path = tmp_path / "old.db"
    # A game stored by a cribkit that had no owners: the same game, the column left out.
    with TestClient(create_app(f"sqlite:///{path}"), base_url=LOCAL) as maker:
        answer = new_game(maker, "classic", ai="random", seed=11)
    db = sqlite3.connect(path)
    # (and before the schema had versions: tests/store/test_migrations.py has more)
    db.execute("DROP TABLE alembic_version")
    db.execute("ALTER TABLE games DROP COLUMN owners")
    db.commit()
    db.close()
    store = open_store(f"sqlite:///{path}")
    row = store.load_game(answer["id"])
    store.close()
    assert row is not None
    assert row.owners == {}
    with TestClient(create_app(f"sqlite:///{path}"), base_url=LOCAL) as later:
        assert later.get("/api/games/saved").json() == []
        not_found(later.get(f"/api/games/{answer['id']}/resume"), answer["id"])
        # Its tokens alone still open its seat (a browser that kept them plays on).
        with later.websocket_connect(socket_url(answer)) as socket:
            state = Seat(socket).receive()
        assert state["type"] == "state"
        assert json.dumps(state).count(answer["tokens"]["0"]) == 0
