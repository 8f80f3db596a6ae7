"""At the table (``docs/web.md``, "Chat", "Move clock"): chat between the people, quick phrases
and free text kept as text, muting, spectators who hear no chat, and a move clock after which
the computer plays the absent person's move."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from .conftest import WS_LOCAL, Message, Seat
from .test_tables import accept, invite, seat_url
from .test_ws import unchanged

People = Callable[[], TestClient]


def talk_lines(seat: Seat) -> list[Message]:
    """Every talk line the seat has been sent, in order."""
    return [
        line for m in map(json.loads, seat.received) if m["type"] == "talk" for line in m["lines"]
    ]


def next_talk(seat: Seat) -> list[Message]:
    while True:
        message = seat.receive()
        if message["type"] == "talk":
            lines: list[Message] = message["lines"]
            return lines


@pytest.fixture
def table(client: TestClient, people: People) -> tuple[Message, TestClient, Message]:
    made = invite(client, "classic", [{"kind": "me"}, {"kind": "friend"}], options={"target": 61})
    friend = people()
    taken = accept(friend, made["invites"]["1"]["code"])
    return made, friend, taken


def test_chat_reaches_the_table_as_text_and_not_the_spectators(
    client: TestClient, people: People, table: tuple[Message, TestClient, Message]
) -> None:
    made, friend, taken = table
    watcher = people()
    with (
        client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as a,
        friend.websocket_connect(seat_url(made["id"], 1, taken["token"])) as b,
        watcher.websocket_connect(f"{WS_LOCAL}/ws/{made['id']}?watch={made['watch']}") as w,
    ):
        host, guest, spectator = Seat(a), Seat(b), Seat(w)
        for seat in (host, guest, spectator):
            seat.receive()
        host.socket.send_json({"type": "chat", "text": "<b>good luck</b> <script>x</script>"})
        (line,) = next_talk(guest)
        assert line["text"] == "<b>good luck</b> <script>x</script>"
        assert (line["seat"], line["kind"], line["phrase"]) == (0, "chat", None)
        assert next_talk(host) == [line]
        guest.socket.send_json({"type": "chat", "phrase": "good_luck"})
        (phrase,) = next_talk(host)
        assert (phrase["text"], phrase["phrase"], phrase["seat"]) == ("Good luck!", "good_luck", 1)
        spectator.socket.send_json({"type": "chat", "text": "hi"})
        assert spectator.error()["code"] == "spectator"
        spectator.socket.send_json({"type": "ping"})
        assert spectator.receive()["type"] == "pong"
        assert talk_lines(spectator) == []
    # A page that comes back later gets the talk so far, in order.
    with friend.websocket_connect(seat_url(made["id"], 1, taken["token"])) as again:
        back = Seat(again)
        back.receive()
        assert [entry["text"] for entry in next_talk(back)] == [line["text"], "Good luck!"]


@pytest.mark.parametrize(
    ("message", "says"),
    [
        ({"type": "chat"}, 'a "text" or a "phrase"'),
        ({"type": "chat", "text": "   "}, "something to say"),
        ({"type": "chat", "text": "x" * 201}, "at most 200 characters"),
        ({"type": "chat", "text": "bell\u0007"}, "no control characters"),
        ({"type": "chat", "phrase": "insult"}, "the quick phrases are"),
        ({"type": "mute", "seat": 0}, "another seat"),
        ({"type": "mute", "seat": 7}, "mute names a seat"),
    ],
)
def test_a_bad_chat_or_mute_is_refused_and_changes_nothing(
    client: TestClient, table: tuple[Message, TestClient, Message], message: Message, says: str
) -> None:
    made = table[0]
    store = client.app.state.store  # type: ignore[attr-defined]
    with (
        unchanged(client, made["id"]),
        client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as socket,
    ):
        seat = Seat(socket)
        seat.receive()
        seat.socket.send_json(message)
        error = seat.error()
        assert says in error["message"]
    assert store.load_talk(made["id"]) == []
    assert store.load_game(made["id"]).table.mutes == {}


def test_chat_is_rate_limited(
    client: TestClient, table: tuple[Message, TestClient, Message]
) -> None:
    made = table[0]
    with client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as socket:
        seat = Seat(socket)
        seat.receive()
        answers = []
        for n in range(7):
            seat.socket.send_json({"type": "chat", "text": f"line {n}"})
            answers.append(seat.receive())
    assert [a["type"] for a in answers] == ["talk"] * 5 + ["error"] * 2
    assert answers[-1]["code"] == "rate_limited"
    assert len(client.app.state.store.load_talk(made["id"])) == 5  # type: ignore[attr-defined]


def test_a_muted_seat_is_not_heard(
    client: TestClient, table: tuple[Message, TestClient, Message]
) -> None:
    made, friend, taken = table
    with (
        client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as a,
        friend.websocket_connect(seat_url(made["id"], 1, taken["token"])) as b,
    ):
        host, guest = Seat(a), Seat(b)
        host.receive()
        guest.receive()
        host.socket.send_json({"type": "mute", "seat": 1})
        assert host.receive() == {"type": "muted", "seq": host.last["seq"], "seats": [1]}
        guest.socket.send_json({"type": "chat", "text": "can you hear me"})
        assert next_talk(guest)[0]["text"] == "can you hear me"
        host.socket.send_json({"type": "ping"})
        assert host.receive()["type"] == "pong"  # no talk came before it
        host.socket.send_json({"type": "mute", "seat": 1, "muted": False})
        assert host.receive()["seats"] == []
        guest.socket.send_json({"type": "chat", "text": "and now"})
        assert next_talk(host)[0]["text"] == "and now"
    assert [line["text"] for line in talk_lines(host)] == ["and now"]


def test_chat_is_for_a_table_of_people(client: TestClient) -> None:
    made = invite(client, "classic", [{"kind": "me"}, {"kind": "computer"}])
    with client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as socket:
        seat = Seat(socket)
        seat.receive()
        seat.socket.send_json({"type": "chat", "text": "hello?"})
        answer = seat.receive()
        while answer["type"] == "state":  # the computer may move first
            answer = seat.receive()
        assert answer["code"] == "no_chat"


def player_id(person: TestClient) -> str:
    player: str = person.get("/api/me").json()["player"]
    return player


def test_when_the_clock_runs_out_the_computer_plays_the_move(
    client: TestClient, people: People
) -> None:
    manager: Any = client.app.state.manager  # type: ignore[attr-defined]
    session = manager.create(
        "classic",
        {"target": 61},
        ai="random",
        owner=player_id(client),
        seats=[{"kind": "me"}, {"kind": "friend"}],
        clock=0.05,
    )
    with client.websocket_connect(seat_url(session.id, 0, session.row.tokens[0])) as socket:
        seat = Seat(socket)
        first = seat.receive()
        assert first["table"]["clock"] == 0.05
        # The clock starts when every seat is taken: while an invitation waits nobody is
        # timed, not even the host to move (she may still be sending the link).
        assert "clocks" not in first
        with unchanged(client, session.id):
            time.sleep(0.2)  # four clocks' worth: no move is played for anyone
            seat.socket.send_json({"type": "ping"})
            assert seat.receive()["type"] == "pong"
        accept(people(), session.row.table.invites[1].code)
        # Nobody moves now (the friend sat down and went away, the host only watches): every
        # move is played when its clock runs out, and the game still ends.
        state = first
        while state["result"] is None:
            state = seat.receive()
            while state["type"] != "state":
                state = seat.receive()
    notices = [line for line in talk_lines(seat) if line["kind"] == "notice"]
    said = [n["text"] for n in notices]
    assert said == [
        f"seat {a['seat']}'s clock ran out: the computer played for seat {a['seat']}"
        for a in session.actions
    ]
    assert "clocks" not in state  # over: no clock runs


def test_a_blocked_players_chat_is_hidden_both_ways(
    client: TestClient, table: tuple[Message, TestClient, Message]
) -> None:
    # Both sat down as accounts, then one blocks the other during the game: from the next line
    # neither hears the other (a blocked player cannot take a seat at your table at all).
    made, friend, taken = table
    for person, name in ((client, "Ann"), (friend, "Bob")):
        assert person.post("/api/account", json={"name": name}).status_code == 200
    with (
        client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as a,
        friend.websocket_connect(seat_url(made["id"], 1, taken["token"])) as b,
    ):
        host, guest = Seat(a), Seat(b)
        host.receive()
        guest.receive()
        guest.socket.send_json({"type": "chat", "text": "good luck"})
        assert next_talk(host)[0]["text"] == "good luck"
        assert next_talk(guest)[0]["text"] == "good luck"
        assert client.post("/api/account/blocks", json={"name": "Bob"}).status_code == 200
        guest.socket.send_json({"type": "chat", "text": "hello?"})
        assert next_talk(guest)[0]["text"] == "hello?"
        host.socket.send_json({"type": "chat", "text": "not for you"})
        assert next_talk(host)[0]["text"] == "not for you"
        for seat in (host, guest):
            seat.socket.send_json({"type": "ping"})
            assert seat.receive()["type"] == "pong"  # no line of the other came before it
    assert [line["text"] for line in talk_lines(host)] == ["good luck", "not for you"]
    assert [line["text"] for line in talk_lines(guest)] == ["good luck", "hello?"]
