"""An action's id, chosen by its client (``docs/web.md``, "Actions sent again"): stored with the
action, echoed as ``ack`` by the state that answers it, and an action sent again with the same
id (its answer lost) is answered with the game as it is, never applied twice, on the same socket
or a new one, before or after the game moved on."""

from __future__ import annotations

from starlette.testclient import TestClient

from .conftest import Message, Seat, new_game, socket_url
from .test_ws import unchanged


def send(seat: Seat, action: Message, seq: int, client_id: object) -> None:
    seat.socket.send_json({"type": "action", "seq": seq, "action": action, "id": client_id})


def answer_to(seat: Seat) -> Message:
    """The next ``state`` (no error may come first)."""
    while True:
        message = seat.receive()
        assert message["type"] != "error", message
        if message["type"] == "state":
            return message


def test_an_action_sent_again_is_applied_once_and_answered_with_the_game(
    client: TestClient,
) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]
    answer = new_game(client, "classic", ai="random", seed=5)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        start = seat.until_turn()
        lay_away = start["legal"][0]
        send(seat, lay_away, start["seq"], "lay-away-1")
        first = answer_to(seat)
        assert first["seq"] == start["seq"] + 1
        assert first["ack"] == "lay-away-1"
        # The computer's replies (none of them acknowledges this socket's action).
        turn = seat.until_turn(first)
        if turn is not first:
            assert "ack" not in turn
        stored = store.load_actions(answer["id"])
        # The same message again (its answer lost, say): the game as it is, with the ack.
        with unchanged(client, answer["id"]):
            send(seat, lay_away, start["seq"], "lay-away-1")
            again = answer_to(seat)
        assert again["ack"] == "lay-away-1"
        assert again["seq"] == turn["seq"]
        assert store.load_actions(answer["id"]) == stored
        index = store.find_action(answer["id"], "lay-away-1")
        assert index is not None
        assert stored[index]["seat"] == 0


def test_an_action_sent_again_on_a_new_socket_after_the_game_moved_on(client: TestClient) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]
    answer = new_game(client, "classic", ai="random", seed=7)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        start = seat.until_turn()
        sent = (start["legal"][0], start["seq"])
        send(seat, *sent, "k1")
        acknowledged = answer_to(seat)
        assert acknowledged["ack"] == "k1"
        index = store.find_action(answer["id"], "k1")
        assert index is not None
        moved_on = seat.until_turn(acknowledged)  # the computer's replies, if any
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        opening = seat.receive()
        assert opening["type"] == "state"
        assert "ack" not in opening
        with unchanged(client, answer["id"]):
            send(seat, *sent, "k1")  # stale seq, and the id known: no error, the game as it is
            again = answer_to(seat)
        assert (again["ack"], again["seq"]) == ("k1", moved_on["seq"])
        assert store.find_action(answer["id"], "k1") == index


def test_an_id_reused_for_another_action_applies_nothing(client: TestClient) -> None:
    answer = new_game(client, "classic", ai="random", seed=9)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        start = seat.until_turn()
        send(seat, start["legal"][0], start["seq"], "same")
        turn = seat.until_turn(answer_to(seat))
        assert turn["result"] is None
        with unchanged(client, answer["id"]):
            send(seat, turn["legal"][-1], turn["seq"], "same")
            again = answer_to(seat)
        assert (again["ack"], again["seq"]) == ("same", turn["seq"])


def test_a_malformed_id_is_refused_in_one_line_and_changes_nothing(client: TestClient) -> None:
    answer = new_game(client, "classic", ai="random", seed=3)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        start = seat.until_turn()
        for bad in ["", "a b", "x" * 65, 7, ["k"], "é"]:
            with unchanged(client, answer["id"]):
                send(seat, start["legal"][0], start["seq"], bad)
                error = seat.error()
            assert error["code"] == "bad_action"
            assert error["message"].startswith("an action's id is 1 to 64 letters, digits")
            assert "\n" not in error["message"]
        # No id at all is an action as before, with no ack.
        seat.socket.send_json({"type": "action", "seq": start["seq"], "action": start["legal"][0]})
        assert "ack" not in answer_to(seat)
