"""Abandoning an unfinished game (``docs/web.md``, "Abandoning a game"): the owner only, one
store write, the computer and the clock stopped, every socket told; a resignation at a table of
people; abandoned games in the statistics, the saved list and their records."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from cribkit.games.verification import verify_record
from cribkit.store.base import StaleWriteError, new_row, open_store
from cribkit.web.workers import choose_move

from .conftest import Message, Seat, new_game, socket_url
from .test_api import finish
from .test_people_stats import named
from .test_tables import accept, invite, seat_url


def abandon(client: TestClient, game_id: str) -> Any:
    return client.post(f"/api/games/{game_id}/abandon", json={})


def stored(client: TestClient, game_id: str) -> Any:
    return client.app.state.store.load_game(game_id)  # type: ignore[attr-defined]


def until(seat: Seat, wanted: Callable[[Message], bool]) -> Message:
    """The next message ``wanted`` picks (those before it read and passed over)."""
    for _ in range(200):
        message = seat.receive()
        if wanted(message):
            return message
    raise AssertionError("the message never came")


def test_the_owner_abandons_a_game_and_its_socket_is_told(client: TestClient) -> None:
    answer = new_game(client, "classic", ai="random", options={"target": 61})
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        response = abandon(client, answer["id"])
        assert response.status_code == 200, response.text
        entry = response.json()
        assert (entry["id"], entry["status"]) == (answer["id"], "abandoned")
        assert entry["result"]["abandoned"] == {"seats": [0]}
        assert entry["result"]["winners"] == [1]  # the computer wins a game left to it
        notice = until(seat, lambda m: m["type"] == "talk")
        assert notice["lines"][-1]["kind"] == "notice"
        assert notice["lines"][-1]["text"] == "The game was abandoned"
        final = until(seat, lambda m: m["type"] == "state")
        assert final["seq"] == state["seq"] + 1
        assert final["result"]["abandoned"] == {"seats": [0]}
        assert final["legal"] == []
        assert final["can_undo"] is False
        assert "seed" in final  # the game is over: its deals can be checked
        # Nobody plays on in it.
        socket.send_json({"type": "action", "seq": final["seq"], "action": state["legal"][0]})
        refused = seat.error()
        assert refused["code"] == "game_over"
        assert "abandoned" in refused["message"]
    row = stored(client, answer["id"])
    assert (row.status, row.version) == ("abandoned", final["seq"])
    again = abandon(client, answer["id"])
    assert again.status_code == 409
    assert again.json()["error"] == "abandoned"
    resumed = client.get(f"/api/games/{answer['id']}/resume")
    assert resumed.status_code == 409
    assert resumed.json()["error"] == "abandoned"
    [saved] = client.get("/api/games/saved").json()
    assert saved["status"] == "abandoned"


def test_a_stranger_cannot_abandon_anothers_game(
    client: TestClient, people: Callable[[], TestClient]
) -> None:
    answer = new_game(client, "classic", ai="random")
    with client.websocket_connect(socket_url(answer)) as socket:
        # The computer lays away in the background: compare only once it has and the game
        # waits on the owner, or its own write would look like the stranger's.
        Seat(socket).until_turn()
        before = stored(client, answer["id"])
        response = abandon(people(), answer["id"])
        assert response.status_code == 404
        assert response.json() == {"error": "not_found", "message": f"no game {answer['id']!r}"}
        assert abandon(client, "nosuchgame").status_code == 404
        assert stored(client, answer["id"]) == before


def test_a_finished_game_cannot_be_abandoned(client: TestClient) -> None:
    answer = new_game(client, "classic", ai="random", options={"target": 61})
    finish(client, answer, seed=5)
    before = stored(client, answer["id"])
    response = abandon(client, answer["id"])
    assert response.status_code == 409
    assert response.json()["error"] == "finished"
    assert "over" in response.json()["message"]
    assert stored(client, answer["id"]) == before


def test_the_computer_stops_when_its_game_is_abandoned(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The computer's real choice, held until the game has been abandoned: the move it then
    # comes back with must be dropped, never stored.
    thinking, go_on = threading.Event(), threading.Event()

    def held_choice(*args: Any) -> Any:
        thinking.set()
        go_on.wait(10)
        return choose_move(*args)

    monkeypatch.setattr("cribkit.web.sessions.choose_move", held_choice)
    answer = new_game(client, "classic", ai="random", options={"target": 61})
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        seat.act(state["legal"][0])  # the computer's turn comes: it starts thinking
        assert thinking.wait(10)
        actions = len(client.app.state.store.load_actions(answer["id"]))  # type: ignore[attr-defined]
        assert abandon(client, answer["id"]).status_code == 200
        go_on.set()
        final = until(seat, lambda m: m["type"] == "state" and m["result"] is not None)
        assert final["result"]["abandoned"] == {"seats": [0]}
    time.sleep(0.3)  # time enough for a dropped move to be stored, were it not dropped
    assert len(client.app.state.store.load_actions(answer["id"])) == actions  # type: ignore[attr-defined]
    assert stored(client, answer["id"]).version == final["seq"]
    assert answer["id"] not in client.app.state.manager.sessions  # type: ignore[attr-defined]


def test_a_person_who_leaves_a_table_resigns_and_the_clock_stops(
    client: TestClient, people: Callable[[], TestClient]
) -> None:
    ann, bob = named(client, "Ann"), named(people(), "Bob")
    made = invite(
        ann, "classic", [{"kind": "me"}, {"kind": "friend"}], options={"target": 61}, clock=30
    )
    taken = accept(bob, made["invites"]["1"]["code"])
    with (
        ann.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as a,
        bob.websocket_connect(seat_url(made["id"], 1, taken["token"])) as b,
    ):
        seat_a, seat_b = Seat(a), Seat(b)
        timed = until(seat_a, lambda m: m["type"] == "state" and "clocks" in m)
        assert all(clock["left_ms"] > 0 for clock in timed["clocks"])
        response = abandon(bob, made["id"])
        assert response.status_code == 200, response.text
        assert response.json()["result"]["winners"] == [0]
        heard = until(seat_a, lambda m: m["type"] == "talk")
        assert heard["lines"][-1]["text"] == "seat 1 left the game: the others win it"
        final = until(seat_a, lambda m: m["type"] == "state" and m["result"] is not None)
        assert final["result"]["abandoned"] == {"seats": [1]}
        assert "clocks" not in final  # nobody is timed any more
        told = until(seat_b, lambda m: m["type"] == "state" and m["result"] is not None)
        assert told["result"]["winners"] == [0]
    session = client.app.state.manager.get(made["id"])  # type: ignore[attr-defined]
    assert not session.clock.running
    ann_stats, bob_stats = ann.get("/api/stats").json(), bob.get("/api/stats").json()
    assert ann_stats["against"] == [
        {"kind": "person", "name": "Bob", "played": 1, "won": 1, "lost": 0, "abandoned": 0}
    ]
    assert bob_stats["against"] == [
        {"kind": "person", "name": "Ann", "played": 1, "won": 0, "lost": 1, "abandoned": 1}
    ]
    [bob_row] = bob_stats["rows"]
    assert (bob_row["ai"], bob_row["lost"], bob_row["abandoned"]) == ("people", 1, 1)


def test_an_abandoned_game_counts_as_a_loss_in_the_statistics(client: TestClient) -> None:
    won_or_lost = new_game(client, "classic", ai="random", options={"target": 61})
    final = finish(client, won_or_lost, seed=7)
    left = new_game(client, "classic", ai="random", options={"target": 61})
    with client.websocket_connect(socket_url(left)) as socket:
        seat = Seat(socket)
        seat.act(seat.until_turn()["legal"][0])
    finished_alone = client.get("/api/stats").json()["rows"][0]["points_per_deal"]
    assert abandon(client, left["id"]).status_code == 200
    hotseat = new_game(client, "classic", mode="hotseat")
    assert abandon(client, hotseat["id"]).status_code == 200  # hot-seat: never counted
    stats = client.get("/api/stats").json()
    [row] = stats["rows"]
    won = int(0 in final["result"]["winners"])
    assert (row["played"], row["won"], row["lost"], row["abandoned"]) == (2, won, 2 - won, 1)
    assert stats["against"] == [
        {"kind": "computer", "name": "random", "played": 2, "won": won, "lost": 2 - won,
         "abandoned": 1},
    ]  # fmt: skip
    assert [(r["won"], r["abandoned"]) for r in stats["results"]] == [
        (bool(won), False),
        (False, True),
    ]
    # The points per deal are still the finished game's alone: a deal cut short would lower them.
    assert row["points_per_deal"] == finished_alone


def test_the_record_of_an_abandoned_game_verifies_and_replays(client: TestClient) -> None:
    answer = new_game(client, "tabletop", ai="random", options={"target": 61})
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        seat.act(seat.until_turn()["legal"][0])
    assert abandon(client, answer["id"]).status_code == 200
    record = client.get(f"/api/games/{answer['id']}/record").json()
    assert "result" not in record
    assert record["meta"]["abandoned"] == {"seats": [0]}
    assert verify_record(record).ok
    replayed = client.get(f"/api/games/{answer['id']}/replay").json()
    assert replayed["result"] is None
    assert len(replayed["steps"]) == len(record["actions"]) + 1


def test_the_store_abandons_only_a_game_being_played_as_it_was_seen() -> None:
    store = open_store("sqlite:///:memory:")
    store.create_game(new_row("g1", game="classic", spec="classic", rules={}, seed=7))
    result = {"winners": [1], "abandoned": {"seats": [0]}}
    with pytest.raises(StaleWriteError, match="not being played at version 3"):
        store.abandon_game("g1", result, version=4, expect=3)
    assert store.load_game("g1").status == "playing"  # type: ignore[union-attr]
    store.abandon_game("g1", result, version=1, expect=0)
    row = store.load_game("g1")
    assert row is not None
    assert (row.status, row.version, row.result) == ("abandoned", 1, result)
    assert store.unfinished() == []  # a restarted server does not take it up again
    with pytest.raises(StaleWriteError):
        store.abandon_game("g1", result, version=2, expect=1)
    store.close()
