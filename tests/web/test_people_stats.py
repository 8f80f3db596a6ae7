"""Statistics per person (``docs/web.md``, "Statistics"): each player's results against each
friend and each level of the computer, from the player's own seat, practice games apart."""

from __future__ import annotations

from collections.abc import Callable

from starlette.testclient import TestClient

from .conftest import Seat, new_game
from .test_tables import accept, invite, play_out, seat_url


def named(person: TestClient, name: str) -> TestClient:
    assert person.post("/api/me", json={"name": name}).status_code == 200
    return person


def test_each_player_sees_their_results_against_each_opponent(
    client: TestClient, people: Callable[[], TestClient]
) -> None:
    ann, bob = named(client, "Ann"), named(people(), "Bob")
    made = invite(ann, "classic", [{"kind": "friend"}, {"kind": "me"}], options={"target": 61})
    taken = accept(bob, made["invites"]["0"]["code"])
    with (
        ann.websocket_connect(seat_url(made["id"], 1, made["tokens"]["1"])) as a,
        bob.websocket_connect(seat_url(made["id"], 0, taken["token"])) as b,
    ):
        final = play_out({1: Seat(a), 0: Seat(b)}, seed=11)
    ann_won = final["result"]["winner"] == 1
    solo = new_game(ann, "classic", ai="random", options={"target": 61})
    with ann.websocket_connect(seat_url(solo["id"], 0, solo["tokens"]["0"])) as socket:
        alone = play_out({0: Seat(socket)}, seed=12)
    practice = new_game(ann, "classic", ai="random", seed=3, options={"target": 61})
    with ann.websocket_connect(seat_url(practice["id"], 0, practice["tokens"]["0"])) as socket:
        play_out({0: Seat(socket)}, seed=13)
    against = ann.get("/api/stats").json()["against"]
    assert against == [
        {
            "kind": "person",
            "name": "Bob",
            "played": 1,
            "won": int(ann_won),
            "lost": int(not ann_won),
            "abandoned": 0,
        },
        {
            "kind": "computer",
            "name": "random",
            "played": 1,
            "won": int(alone["result"]["winner"] == 0),
            "lost": int(alone["result"]["winner"] != 0),
            "abandoned": 0,
        },
    ]
    stats = ann.get("/api/stats").json()
    assert stats["practice"] == {"played": 1}
    assert {(r["game"], r["ai"]) for r in stats["rows"]} == {
        ("classic", "people"),
        ("classic", "random"),
    }
    bob_sees = bob.get("/api/stats").json()["against"]
    assert bob_sees == [
        {
            "kind": "person",
            "name": "Ann",
            "played": 1,
            "won": int(not ann_won),
            "lost": int(ann_won),
            "abandoned": 0,
        }
    ]
