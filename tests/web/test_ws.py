"""The WebSocket protocol: play, hints, previews, undo, and hostile input that must change
nothing (the stored actions, the version and the state are compared before and after)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cribkit.ai.solitaire import best_possible_total
from cribkit.games.solitaire.state import solitaire_deck
from cribkit.web.messages import MAX_MESSAGE
from cribkit.web.sessions import GameSession

from .conftest import UNDOABLE_SEED, WS_LOCAL, Message, Seat, new_game, socket_url


def session_of(client: TestClient, game_id: str) -> GameSession:
    session: GameSession = client.app.state.manager.sessions[game_id]  # type: ignore[attr-defined]
    return session


@contextmanager
def unchanged(client: TestClient, game_id: str) -> Iterator[None]:
    """Assert that the block changes neither the stored actions nor the live game."""
    store = client.app.state.store  # type: ignore[attr-defined]
    session = session_of(client, game_id)
    actions, version, state = store.load_actions(game_id), session.version, session.state
    yield
    assert store.load_actions(game_id) == actions
    assert session.version == version
    assert session.state is state


def quiet(seat: Seat) -> None:
    """Check that nothing else is on its way: a ping is answered next."""
    seat.socket.send_json({"type": "ping"})
    message = seat.receive()
    assert message["type"] == "pong", message
    assert message["seq"] == seat.last["seq"]


@pytest.fixture
def classic_game(client: TestClient) -> Iterator[tuple[Message, Seat]]:
    answer = new_game(client, "classic", ai="random", seed=11)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        seat.until_turn()
        yield answer, seat


HOSTILE_TEXTS = [
    ("{not json", "bad_json", "JSON"),
    ("[1, 2, 3]", "bad_json", "object"),
    ('"action"', "bad_json", "object"),
    ('{"type": "shout"}', "unknown_type", "shout"),
    ('{"no_type": 1}', "unknown_type", "null"),
    (
        '{"type": "action", "action": {"type": "discard", "cards": ["5h", "Jd"]}}',
        "bad_action",
        "seq",
    ),
    ('{"type": "action", "seq": 0, "action": "5h"}', "bad_action", "JSON object"),
    ('{"type": "action", "seq": 0, "action": {"type": "dance"}}', "bad_action", "dance"),
    (
        '{"type": "action", "seq": 0, "action": {"type": "discard", "cards": ["Zz"]}}',
        "bad_action",
        "Zz",
    ),
    ('{"type": "action", "seq": 0, "action": {"type": "discard", "cards": 7}}', "bad_action", "7"),
    (
        '{"type": "preview", "action": {"type": "pass"}}',
        "bad_action",
        "a preview is for the moves of tiles",
    ),
]


@pytest.mark.parametrize(("text", "code", "named"), HOSTILE_TEXTS)
def test_hostile_messages_get_a_clear_error_and_change_nothing(
    client: TestClient, classic_game: tuple[Message, Seat], text: str, code: str, named: str
) -> None:
    answer, seat = classic_game
    with unchanged(client, answer["id"]):
        seat.socket.send_text(text)
        error = seat.error()
        assert error["code"] == code
        assert named in error["message"]
        assert error["seq"] == seat.last["seq"]
        quiet(seat)


def test_binary_frames_are_read_as_text(
    client: TestClient, classic_game: tuple[Message, Seat]
) -> None:
    answer, seat = classic_game
    with unchanged(client, answer["id"]):
        seat.socket.send_bytes(b"\xff\xfe")
        assert seat.error()["code"] == "bad_json"
        seat.socket.send_bytes(json.dumps({"type": "ping"}).encode())
        assert seat.receive()["type"] == "pong"


def test_an_oversize_message_is_refused(
    client: TestClient, classic_game: tuple[Message, Seat]
) -> None:
    answer, seat = classic_game
    legal = seat.last["legal"][0]
    message = {"type": "action", "seq": seat.last["seq"], "action": legal, "pad": "x" * MAX_MESSAGE}
    with unchanged(client, answer["id"]):
        seat.socket.send_text(json.dumps(message))
        error = seat.error()
        assert error["code"] == "too_large"
        assert str(MAX_MESSAGE) in error["message"]
        quiet(seat)


def test_acting_for_another_seat_is_refused(
    client: TestClient, classic_game: tuple[Message, Seat]
) -> None:
    answer, seat = classic_game
    action = {**seat.last["legal"][0], "seat": 1}
    with unchanged(client, answer["id"]):
        seat.socket.send_json({"type": "action", "seq": seat.last["seq"], "action": action})
        error = seat.error()
        assert error["code"] == "wrong_seat"
        assert "seat 0" in error["message"]
        quiet(seat)


def test_an_illegal_action_names_the_rule(
    client: TestClient, classic_game: tuple[Message, Seat]
) -> None:
    answer, seat = classic_game
    hand = set(seat.last["observation"]["hand"])
    others = [c for c in ("Ah", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h") if c not in hand]
    with unchanged(client, answer["id"]):
        seat.socket.send_json(
            {
                "type": "action",
                "seq": seat.last["seq"],
                "action": {"type": "discard", "cards": others[:2]},
            }
        )
        error = seat.error()
        assert error["code"] == "illegal"
        assert others[0] in error["message"] or others[1] in error["message"]
        seat.socket.send_json(
            {"type": "action", "seq": seat.last["seq"], "action": {"type": "play", "card": "5h"}}
        )
        assert seat.error()["code"] == "illegal"
        quiet(seat)


def test_a_repeated_message_is_stale_and_never_applied_twice(
    client: TestClient, classic_game: tuple[Message, Seat]
) -> None:
    answer, seat = classic_game
    message = {"type": "action", "seq": seat.last["seq"], "action": seat.last["legal"][0]}
    seat.socket.send_json(message)
    acknowledged = seat.receive()
    assert acknowledged["type"] == "state"
    assert acknowledged["seq"] == message["seq"] + 1
    seat.until_turn()
    with unchanged(client, answer["id"]):
        seat.socket.send_json(message)
        error = seat.error()
        assert error["code"] == "stale"
        fresh = seat.receive()
        assert fresh["type"] == "state"
        assert fresh["seq"] == seat.last["seq"]
        assert fresh["events"] == []
        quiet(seat)
    stored = client.app.state.store.load_actions(answer["id"])  # type: ignore[attr-defined]
    assert stored.count({**message["action"], "seat": 0}) == 1


def test_out_of_turn_in_hot_seat(client: TestClient, server_seed: Callable[[int], None]) -> None:
    server_seed(4)
    answer = new_game(client, "tabletop", mode="hotseat")
    assert answer["humans"] == [0, 1]
    with (
        client.websocket_connect(socket_url(answer, 0)) as first,
        client.websocket_connect(socket_url(answer, 1)) as second,
    ):
        seats = [Seat(first), Seat(second)]
        for seat in seats:
            seat.receive()
        turn = seats[0].last["observation"]["current_player"]
        mover, waiting = seats[turn], seats[1 - turn]
        assert waiting.last["legal"] == []
        cell = mover.last["legal"][0]["cell"]
        with unchanged(client, answer["id"]):
            waiting.socket.send_json(
                {
                    "type": "action",
                    "seq": waiting.last["seq"],
                    "action": {"type": "place", "cell": cell},
                }
            )
            error = waiting.error()
            assert error["code"] == "out_of_turn"
            assert f"seat {turn}" in error["message"]
            waiting.socket.send_json({"type": "undo"})
            assert waiting.error()["code"] == "cannot_undo"
            quiet(waiting)
        # Both seats hear of the move.
        mover.act(mover.last["legal"][0])
        update = waiting.receive()
        assert update["seq"] == 1
        assert update["events"][0] == {**update["events"][0], "type": "place", "seat": turn}
        assert update["legal"]


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("seat=0&token=wrong", 4403),
        ("seat=1&token={token}", 4403),
        ("seat=x&token={token}", 4403),
        ("token={token}", 4403),
    ],
)
def test_a_wrong_token_or_seat_closes_the_socket(client: TestClient, query: str, code: int) -> None:
    answer = new_game(client, "classic", ai="random", seed=2)
    path = f"{WS_LOCAL}/ws/{answer['id']}?" + query.format(token=answer["tokens"]["0"])
    with client.websocket_connect(path) as socket, pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    assert closed.value.code == code
    assert closed.value.reason


def test_the_token_rides_in_the_protocol_header_not_the_address(client: TestClient) -> None:
    # As the page opens a seat's socket: ?seat=N, and Sec-WebSocket-Protocol: cribkit, token.T.
    answer = new_game(client, "classic", ai="random", seed=2)
    path = f"{WS_LOCAL}/ws/{answer['id']}?seat=0"
    token = answer["tokens"]["0"]
    with client.websocket_connect(path, subprotocols=["cribkit", f"token.{token}"]) as socket:
        assert socket.accepted_subprotocol == "cribkit"  # (a browser fails a socket without one)
        assert Seat(socket).receive()["type"] == "state"
    for offered in (["cribkit", "token.wrong"], ["cribkit"], [f"token.{token[:-1]}"]):
        with (
            client.websocket_connect(path, subprotocols=offered) as socket,
            pytest.raises(WebSocketDisconnect) as closed,
        ):
            socket.receive_json()
        assert closed.value.code == 4403
        assert closed.value.reason == "wrong token for seat 0"


def test_an_unknown_game_closes_with_4404(client: TestClient) -> None:
    with (
        client.websocket_connect(f"{WS_LOCAL}/ws/nosuchgame?seat=0&token=x") as socket,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        socket.receive_json()
    assert closed.value.code == 4404


def test_connect_sends_every_event_hidden_from_others(client: TestClient) -> None:
    answer = new_game(client, "classic", ai="random", seed=9)
    with client.websocket_connect(socket_url(answer)) as socket:
        first = Seat(socket).receive()
    assert first["type"] == "state"
    assert first["observation"]["phase"] == "discard"  # (the computer may have laid away)
    assert [e["type"] for e in first["events"]][:2] == ["cut", "deal"]
    hands = [e for e in first["events"] if e["type"] == "hand"]
    assert {e["seat"] for e in hands} == {0, 1}
    mine = next(e for e in hands if e["seat"] == 0)
    theirs = next(e for e in hands if e["seat"] == 1)
    assert sorted(mine["cards"]) == sorted(first["observation"]["hand"])
    assert "cards" not in theirs
    assert theirs["card_count"] == 6
    assert len(first["legal"]) == 15
    assert first["can_undo"] is False


def test_undo_takes_back_the_action_and_the_replies(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    # Undo goes back only where nothing hidden was shown since the seat's move
    # (tests/web/test_undo.py has the refusals): a deal where seat 0 plays twice running.
    server_seed(UNDOABLE_SEED)
    answer = new_game(client, "classic", ai="random", options={"target": 61})
    store = client.app.state.store  # type: ignore[attr-defined]
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        start = seat.until_turn()
        while True:
            # Every event so far: the connect message's, then each later state's new ones.
            states = [json.loads(text) for text in seat.received]
            seen = [event for m in states if m["type"] == "state" for event in m["events"]]
            before = store.load_actions(answer["id"])
            turn = seat.until_turn(seat.act(start["legal"][0]))
            if turn["can_undo"]:
                break
            assert turn["result"] is None
            start = turn
        after = store.load_actions(answer["id"])
        assert after[: len(before) + 1] == [*before, {**start["legal"][0], "seat": 0}]
        seat.socket.send_json({"type": "undo"})
        undone = seat.receive()
        assert undone["type"] == "state"
        assert undone.get("reset") is True
        assert undone["seq"] > turn["seq"]
        assert undone["observation"]["hand"] == start["observation"]["hand"]
        assert undone["events"] == seen
        assert store.load_actions(answer["id"]) == before
        assert undone["can_undo"] is session_of(client, answer["id"]).can_undo(0)
        # A message from before the undo is stale now.
        seat.socket.send_json({"type": "action", "seq": turn["seq"], "action": start["legal"][0]})
        assert seat.error()["code"] == "stale"


def test_a_hint_is_a_legal_action_explained(
    client: TestClient, classic_game: tuple[Message, Seat]
) -> None:
    answer, seat = classic_game
    with unchanged(client, answer["id"]):
        seat.socket.send_json({"type": "hint"})
        hint = seat.receive()
    assert hint["type"] == "hint"
    assert hint["action"] in seat.last["legal"]
    assert len(hint["table"]) == 15
    assert hint["table"][0]["value"] >= hint["table"][-1]["value"]
    assert hint["text"].startswith("lay away " + " ".join(hint["action"]["cards"]))


def test_tiles_previews_and_hints(client: TestClient) -> None:
    answer = new_game(client, "tiles", ai="random", seed=3)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        assert all(a["type"] in ("exchange", "pass") for a in state["legal"])
        assert {"type": "pass", "seat": 0} in state["legal"]
        with unchanged(client, answer["id"]):
            socket.send_json({"type": "hint"})
            hint = seat.receive()
            assert hint["action"]["type"] == "play_tiles"
            socket.send_json({"type": "preview", "action": hint["action"]})
            preview = seat.receive()
            assert preview["type"] == "preview"
            assert preview["points"] == sum(e["points"] for e in preview["events"])
            assert f"for {preview['points']}" in hint["text"]
            rack = state["observation"]["rack"]
            bad = {"type": "play_tiles", "cells": ["A1"], "tiles": [rack[0]]}
            socket.send_json({"type": "preview", "action": bad})
            assert seat.error()["code"] == "illegal"
        played = seat.act(hint["action"])
        assert played["seq"] == state["seq"] + 1
        assert played["observation"]["scores"][0] == preview["points"]


def play_out(seat: Seat, choose: Any) -> Message:
    """Play until the game is over, choosing with ``choose(state)``; the final state."""
    state = seat.until_turn()
    while state["result"] is None:
        state = seat.until_turn(seat.act(choose(state)))
    return state


def test_after_the_game_actions_are_game_over(client: TestClient) -> None:
    answer = new_game(client, "solitaire", seed=5)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        final = play_out(seat, lambda state: state["legal"][0])
        assert final["result"]["total"] == final["observation"]["total"]
        # Once the game is over, the best total the deck allowed is no secret.
        best = best_possible_total(solitaire_deck(5))
        assert final["result"]["best_possible"] == best >= final["result"]["total"]
        with unchanged(client, answer["id"]):
            socket.send_json(
                {"type": "action", "seq": final["seq"], "action": {"type": "discard", "cards": []}}
            )
            assert seat.error()["code"] == "game_over"
            socket.send_json({"type": "hint"})
            assert seat.error()["code"] == "game_over"
            socket.send_json({"type": "undo"})
            assert seat.error()["code"] == "cannot_undo"


def test_muggins_is_always_offered_and_a_wrong_call_is_illegal(client: TestClient) -> None:
    answer = new_game(
        client, "classic", ai="random", seed=21, options={"manual_counting": True, "muggins": True}
    )
    refused = 0
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        while state["result"] is None and refused < 3:
            types = {a["type"] for a in state["legal"]}
            if "pass_muggins" in types:
                assert "muggins" in types
                engine = session_of(client, answer["id"]).state.legal_actions()
                if not any(a.action_type == "muggins" for a in engine):
                    with unchanged(client, answer["id"]):
                        socket.send_json(
                            {"type": "action", "seq": state["seq"], "action": {"type": "muggins"}}
                        )
                        error = seat.error()
                        assert error["code"] == "illegal"
                        quiet(seat)
                    refused += 1
                seat.act({"type": "pass_muggins"})
            else:
                declare = [a for a in state["legal"] if a["type"] == "declare"]
                seat.act(declare[-1] if declare else state["legal"][0])
            state = seat.until_turn(seat.last)
    assert refused >= 1


def test_tiles_turns_offer_the_engines_exchanges_and_pass() -> None:
    from cribkit.games import ComposedMoves, start

    for seed in range(4):
        state = start("tiles:players=3" if seed % 2 else "tiles", seed=seed).state
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            if state.phase == "play":
                engine = [a for a in legal if a.action_type != "play_tiles"]
                assert isinstance(state, ComposedMoves)
                assert state.offered_actions() == engine
            state = state.apply(rng.choice(legal)).state
