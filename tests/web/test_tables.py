"""Tables and invitations (``docs/web.md``, "Tables and invitations"): any mix of the player,
invited friends and the computer; an invitation by link or by join code, taken by the first to
open it; cancelled by the host; public tables; who is connected; a spectator's socket.

Each person is a test client of its own (its own cookie jar) on the app's one event loop."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cribkit.web import limits

from .conftest import WS_LOCAL, Message, Seat, new_game
from .test_ws import unchanged

People = Callable[[], TestClient]


def seat_url(game_id: str, seat: int, token: str) -> str:
    return f"{WS_LOCAL}/ws/{game_id}?seat={seat}&token={token}"


def invite(client: TestClient, game: str, seats: list[Message], **body: Any) -> Message:
    """A new game of ``seats``, made by ``client``."""
    return new_game(client, game, seats=seats, **body)


def accept(person: TestClient, code: str) -> Message:
    response = person.post(f"/api/invites/{code}/accept", json={})
    assert response.status_code == 200, response.text
    taken: Message = response.json()
    return taken


def play_out(seats: dict[int, Seat], seed: int, limit: int = 2000) -> Message:
    """Play every person's seat at random until the game is over (the computer plays its own),
    every socket kept up to date; the last state, the same at every seat."""
    rng = random.Random(seed)
    for seat in seats.values():
        if not seat.last:
            seat.receive()
    for _ in range(limit):
        newest = max(s.last["seq"] for s in seats.values())
        for seat in seats.values():
            while seat.last["seq"] < newest:
                seat.receive()
        state = next(iter(seats.values())).last
        if state["result"] is not None:
            assert {s.last["seq"] for s in seats.values()} == {state["seq"]}
            return state
        mover = state["observation"].get("current_player")
        if mover in seats:
            chosen = seats[mover].last
            seats[mover].act(rng.choice(chosen["legal"]))
        else:  # the computer's turn: wait for its move
            next(iter(seats.values())).receive()
    raise AssertionError("the game did not end")


@pytest.fixture
def friend(people: People) -> TestClient:
    return people()


def test_a_friend_takes_the_seat_by_the_link_and_they_play_to_the_end(
    client: TestClient, friend: TestClient
) -> None:
    made = invite(client, "classic", [{"kind": "me"}, {"kind": "friend"}], options={"target": 61})
    assert made["mode"] == "table"
    assert list(made["tokens"]) == ["0"]  # the friend's token stays on the server
    code = made["invites"]["1"]["code"]
    assert len(code) >= 22
    seen = friend.get(f"/api/invites/{code}").json()
    assert (seen["id"], seen["seat"], seen["spec"]) == (made["id"], 1, "classic:target=61")
    assert [s["kind"] for s in seen["table"]["seats"]] == ["person", "invited"]
    taken = accept(friend, code)
    assert taken["seat"] == 1
    # The code is used up: nobody else, the friend included, can take it again.
    assert friend.post(f"/api/invites/{code}/accept", json={}).status_code == 404
    with (
        client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as host_socket,
        friend.websocket_connect(seat_url(made["id"], 1, taken["token"])) as friend_socket,
    ):
        seats = {0: Seat(host_socket), 1: Seat(friend_socket)}
        final = play_out(seats, seed=1)
    assert final["result"]["winner"] in (0, 1)
    assert final["can_undo"] is False
    assert final["hints"] is False
    for person in (client, friend):
        saved = [g["id"] for g in person.get("/api/games/saved").json()]
        assert saved == [made["id"]]
        assert person.get(f"/api/games/{made['id']}/record").status_code == 200


def test_a_join_code_is_read_in_any_case_and_without_its_dash(
    client: TestClient, friend: TestClient
) -> None:
    made = invite(client, "tabletop", [{"kind": "friend"}, {"kind": "me"}])
    join = made["invites"]["0"]["join"]
    assert len(join) == 9
    assert join[4] == "-"
    typed = join.replace("-", " ").lower()
    taken = accept(friend, typed)
    assert taken == {"id": made["id"], "seat": 0, "token": taken["token"], "spec": made["spec"]}
    assert client.get(f"/api/invites/{join}").status_code == 404


def test_the_host_cannot_take_its_own_invitation_and_a_stranger_cannot_cancel_it(
    client: TestClient, friend: TestClient
) -> None:
    made = invite(client, "classic", [{"kind": "me"}, {"kind": "friend"}])
    code = made["invites"]["1"]["code"]
    with unchanged(client, made["id"]):
        assert client.post(f"/api/invites/{code}/accept", json={}).status_code == 409
        assert friend.delete(f"/api/games/{made['id']}/invites/1").status_code == 404
    assert friend.get(f"/api/invites/{code}").status_code == 200


def test_a_cancelled_invitation_is_played_by_the_computer(
    client: TestClient, friend: TestClient
) -> None:
    made = invite(
        client, "classic", [{"kind": "friend"}, {"kind": "me"}], ai="random", options={"target": 61}
    )
    code = made["invites"]["0"]["code"]
    with client.websocket_connect(seat_url(made["id"], 1, made["tokens"]["1"])) as socket:
        seat = Seat(socket)
        seat.receive()
        answer = client.delete(f"/api/games/{made['id']}/invites/0")
        assert answer.status_code == 200
        assert answer.json()["table"]["seats"][0] == {
            "seat": 0,
            "kind": "computer",
            "level": "random",
            "connected": True,
        }
        final = play_out({1: seat}, seed=2)
    assert final["result"] is not None
    assert friend.get(f"/api/invites/{code}").status_code == 404
    assert friend.post(f"/api/invites/{code}/accept", json={}).status_code == 404


def test_two_friends_against_two_computers(client: TestClient, friend: TestClient) -> None:
    seats = [
        {"kind": "me"},
        {"kind": "computer", "level": "easy"},
        {"kind": "friend"},
        {"kind": "computer", "level": "random"},
    ]
    made = invite(client, "classic", seats, options={"players": 4, "target": 61})
    taken = accept(friend, made["invites"]["2"]["join"])
    with (
        client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as mine,
        friend.websocket_connect(seat_url(made["id"], 2, taken["token"])) as theirs,
    ):
        final = play_out({0: Seat(mine), 2: Seat(theirs)}, seed=3)
    table = final["table"]["seats"]
    assert [s["kind"] for s in table] == ["person", "computer", "person", "computer"]
    assert [table[1]["level"], table[3]["level"]] == ["easy", "random"]


def test_who_is_connected_is_told_to_the_table(client: TestClient, friend: TestClient) -> None:
    made = invite(client, "classic", [{"kind": "me"}, {"kind": "friend"}])
    taken = accept(friend, made["invites"]["1"]["code"])
    with client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as socket:
        host = Seat(socket)
        host.receive()
        assert [s["connected"] for s in host.table["seats"]] == [True, False]
        with friend.websocket_connect(seat_url(made["id"], 1, taken["token"])) as other:
            Seat(other).receive()
            host.socket.send_json({"type": "ping"})
            assert host.receive()["type"] == "pong"
            assert [s["connected"] for s in host.table["seats"]] == [True, True]
        host.socket.send_json({"type": "ping"})
        assert host.receive()["type"] == "pong"
        assert [s["connected"] for s in host.table["seats"]] == [True, False]


def test_a_public_table_is_listed_and_anyone_may_join_it(
    client: TestClient, people: People
) -> None:
    made = invite(client, "tiles", [{"kind": "me"}, {"kind": "friend"}], public=True)
    private = invite(client, "classic", [{"kind": "me"}, {"kind": "friend"}])
    listed = {t["id"]: t for t in people().get("/api/tables").json()}
    assert list(listed) == [made["id"]]
    assert listed[made["id"]]["open"] == [1]
    first, second = people(), people()
    taken = first.post(f"/api/tables/{made['id']}/join", json={}).json()
    assert taken["seat"] == 1
    full = second.post(f"/api/tables/{made['id']}/join", json={})
    assert full.status_code == 409
    assert second.post(f"/api/tables/{private['id']}/join", json={}).status_code == 404
    assert first.get("/api/tables").json()[0]["open"] == []


def test_a_stranger_reaches_no_seat_of_a_table_by_any_route(
    client: TestClient, friend: TestClient, people: People
) -> None:
    made = invite(client, "classic", [{"kind": "me"}, {"kind": "friend"}])
    accept(friend, made["invites"]["1"]["code"])
    stranger = people()
    game_id = made["id"]
    with unchanged(client, game_id):
        for route in ("resume", "record", "replay", "table"):
            assert stranger.get(f"/api/games/{game_id}/{route}").status_code == 404
        assert stranger.get("/api/games/saved").json() == []
        assert stranger.post(f"/api/tables/{game_id}/join", json={}).status_code == 404
        assert stranger.delete(f"/api/games/{game_id}/invites/1").status_code == 404
        for seat in (0, 1):
            token = made["tokens"].get(str(seat), "x")
            with (
                pytest.raises(WebSocketDisconnect) as closed,
                stranger.websocket_connect(seat_url(game_id, seat, token)) as socket,
            ):
                socket.receive_text()
            assert closed.value.code == 4404
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            stranger.websocket_connect(f"{WS_LOCAL}/ws/{game_id}?watch=guess") as socket,
        ):
            socket.receive_text()
        assert closed.value.code == 4404
    # The friend's resume holds the friend's seat only, the host's the host's.
    assert list(friend.get(f"/api/games/{game_id}/resume").json()["tokens"]) == ["1"]
    assert list(client.get(f"/api/games/{game_id}/resume").json()["tokens"]) == ["0"]


def test_guessing_join_codes_is_limited(
    client: TestClient, friend: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Time stands still: on a loaded machine the 60 lookups may take over a second, and the
    # bucket would refill a token.
    monkeypatch.setattr(limits, "clock", lambda: 0.0)
    statuses = [friend.get(f"/api/invites/AAAA-A{n:03d}").status_code for n in range(65)]
    assert statuses[:60] == [404] * 60
    assert statuses[60:] == [429] * 5


@pytest.mark.parametrize(
    ("seats", "says"),
    [
        ([{"kind": "me"}], "this game has 2 seats, and 1 were given"),
        ([{"kind": "friend"}, {"kind": "friend"}], "one seat at least is yours"),
        ([{"kind": "me"}, {"kind": "robot"}], "the kind of a seat is me, friend, computer"),
        ([{"kind": "me"}, {"kind": "computer", "level": "godlike"}], "unknown level"),
        (["me", "friend"], "seat 0 is an object"),
    ],
)
def test_a_bad_seat_plan_is_refused_and_stores_nothing(
    client: TestClient, seats: list[Any], says: str
) -> None:
    response = client.post("/api/games", json={"game": "classic", "seats": seats})
    assert response.status_code == 422
    assert says in response.json()["message"]
    assert client.get("/api/games/saved").json() == []


def test_a_spectator_watches_and_cannot_act(client: TestClient, people: People) -> None:
    made = invite(client, "classic", [{"kind": "me"}, {"kind": "friend"}], options={"target": 61})
    friend = people()
    taken = accept(friend, made["invites"]["1"]["code"])
    watcher = people()
    with ExitStack() as stack:
        host = Seat(stack.enter_context(client.websocket_connect(
            seat_url(made["id"], 0, made["tokens"]["0"]))))  # fmt: skip
        guest = Seat(stack.enter_context(friend.websocket_connect(
            seat_url(made["id"], 1, taken["token"]))))  # fmt: skip
        spectator = Seat(stack.enter_context(watcher.websocket_connect(
            f"{WS_LOCAL}/ws/{made['id']}?watch={made['watch']}")))  # fmt: skip
        first = spectator.receive()
        assert first["seat"] == -1
        assert first["legal"] == []
        assert first["observation"].get("hand") in ([], None)
        with unchanged(client, made["id"]):
            for message in (
                {"type": "action", "seq": first["seq"], "action": {"type": "discard"}},
                {"type": "hint"},
                {"type": "undo"},
            ):
                spectator.socket.send_json(message)
                assert spectator.error()["code"] == "spectator"
        final = play_out({0: host, 1: guest, -1: spectator}, seed=4)
    assert final["result"] is not None
    assert spectator.last["seq"] == final["seq"]


def test_the_friend_who_took_an_invitation_opens_it_again_and_gets_back_to_his_seat(
    client: TestClient, friend: TestClient, people: People
) -> None:
    made = invite(client, "classic", [{"kind": "me"}, {"kind": "friend"}])
    game_id, invitation = made["id"], made["invites"]["1"]
    taken = accept(friend, invitation["join"])  # (taken by the join code read aloud)
    # His session remembers it: by its link or its code as typed, it is his table again.
    for code in (invitation["code"], invitation["join"].replace("-", " ").lower()):
        answer = friend.get(f"/api/invites/{code}")
        assert answer.status_code == 200, answer.text
        seen = answer.json()
        assert (seen["id"], seen["seat"], seen["yours"]) == (game_id, 1, [1])
        assert seen["table"]["seats"][1]["kind"] == "person"
        assert "token" not in answer.text  # (the seat's token comes from /resume, as ever)
    assert friend.get(f"/api/games/{game_id}/resume").json()["tokens"] == {"1": taken["token"]}

    # Anybody else, the host included, still gets the one-line 404 of a used code; taking it
    # again is refused as before, to him too; nothing changes.
    stranger = people()
    with unchanged(client, game_id):
        for person in (client, stranger):
            for code in (invitation["code"], invitation["join"]):
                answer = person.get(f"/api/invites/{code}")
                assert answer.status_code == 404
                assert answer.json() == {
                    "error": "no_invitation",
                    "message": "no open invitation has this code: taken, cancelled or over",
                }
        for person in (friend, stranger, client):
            again = person.post(f"/api/invites/{invitation['code']}/accept", json={})
            assert again.status_code == 404
    assert client.get(f"/api/games/{game_id}/table").json()["yours"] == [0]

    # Once the game is over, the link leads nowhere, for him too.
    assert friend.post(f"/api/games/{game_id}/abandon", json={}).status_code == 200
    assert friend.get(f"/api/invites/{invitation['code']}").status_code == 404


def test_an_open_invitation_still_says_whether_the_one_opening_it_sits_at_the_table(
    client: TestClient, friend: TestClient
) -> None:
    seats = [{"kind": "me"}, {"kind": "friend"}, {"kind": "friend"}]
    made = invite(client, "classic", seats, options={"players": 3})
    first, second = made["invites"]["1"], made["invites"]["2"]
    accept(friend, first["code"])
    # The friend at seat 2 opens the other friend's link: it is open, and he is seated (409).
    seen = friend.get(f"/api/invites/{second['code']}").json()
    assert (seen["seat"], seen["yours"]) == (2, [1])
    answer = friend.post(f"/api/invites/{second['code']}/accept", json={})
    assert (answer.status_code, answer.json()["error"]) == (409, "seated")
    # The host opening a friend's link is seated already, at seat 1.
    assert client.get(f"/api/invites/{second['join']}").json()["yours"] == [0]


def test_a_notice_says_where_it_goes_in_the_log_after_a_reconnect_too(
    client: TestClient, friend: TestClient
) -> None:
    manager: Any = client.app.state.manager  # type: ignore[attr-defined]
    host = client.get("/api/me").json()["player"]
    seats = [{"kind": "me"}, {"kind": "friend"}]
    session = manager.create(
        "classic", {"target": 61}, ai="random", owner=host, seats=seats, clock=0.05
    )
    accept(friend, session.row.table.invites[1].code)
    url = seat_url(session.id, 0, session.row.tokens[0])
    # Nobody moves: each clock runs out and the computer plays that move, a notice saying so.
    with client.websocket_connect(url) as socket:
        notices = 0
        while notices < 3:
            message = socket.receive_json()
            if message["type"] == "talk":
                notices += sum(line["kind"] == "notice" for line in message["lines"])
    # Connected again: every event and every line once more. Each notice says its place: after
    # the events up to and with the move the computer played for the absent person.
    with client.websocket_connect(url) as socket:
        first = socket.receive_json()
        assert first["type"] == "state"
        talk = socket.receive_json()
        while talk["type"] != "talk":
            talk = socket.receive_json()
    said = [line for line in talk["lines"] if line["kind"] == "notice"][:2]
    assert len(said) == 2
    # (the game's events before move 1, and before move 2: after moves 0 and 1)
    places = [session.marks[index + 1] for index in range(2)]
    assert [line["after"] for line in said] == places
    assert places == sorted(places)
    assert places[-1] <= len(first["events"])
