"""Rated games (issue 38): a rated table is made only between accounts in a pool; a best-of-3
match between two accounts moves both ratings after every game (Glicko-2); no coach; a game
abandoned is a loss for the side that left."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from cribkit.web.rating import abandon_wait

from .conftest import Message, Seat
from .test_tables import accept, invite, play_out, seat_url

People = Callable[[], TestClient]


def named(person: TestClient, name: str) -> TestClient:
    assert person.post("/api/account", json={"name": name}).status_code == 200
    return person


def rated_table(host: TestClient, guest: TestClient, **body: Any) -> tuple[Message, Message]:
    made = invite(host, "classic", [{"kind": "me"}, {"kind": "friend"}], rated=True, **body)
    return made, accept(guest, made["invites"]["1"]["code"])


def ratings(person: TestClient, name: str) -> dict[str, Any]:
    return {r["pool"]: r for r in person.get(f"/api/players/{name}").json()["ratings"]}


def test_a_rated_best_of_3_match_moves_both_ratings_after_every_game(
    client: TestClient, people: People
) -> None:
    ann, bob = named(client, "Ann"), named(people(), "Bob")
    made, taken = rated_table(ann, bob, match=3, options={"target": 61})
    game_id: str | None = made["id"]
    tokens = {0: made["tokens"]["0"], 1: taken["token"]}
    games = 0
    while game_id is not None:
        with (
            ann.websocket_connect(seat_url(game_id, 0, tokens[0])) as first,
            bob.websocket_connect(seat_url(game_id, 1, tokens[1])) as second,
        ):
            seats = {0: Seat(first), 1: Seat(second)}
            final = play_out(seats, seed=games)
            assert final["hints"] is False
            assert final["can_undo"] is False
        games += 1
        winner = final["result"]["winner"]
        after = ratings(ann, "Ann")["classic-61"], ratings(ann, "Bob")["classic-61"]
        assert [a["games"] for a in after] == [games, games]
        if games == 1:
            assert (after[0]["rating"] > 1500) == (winner == 0)
            assert (after[1]["rating"] > 1500) == (winner == 1)
            assert after[0]["shown"].endswith("?")  # (provisional)
        game_id = final["table"]["next"]
        if game_id is not None:
            tokens = {
                0: ann.get(f"/api/games/{game_id}/resume").json()["tokens"]["0"],
                1: bob.get(f"/api/games/{game_id}/resume").json()["tokens"]["1"],
            }
    # (a game won by a skunk is worth 2 game points: the match may end after one)
    assert 1 <= games <= 3
    assert final["table"]["match"]["winner"] is not None
    # The match's games are public: on both profiles, and anyone may replay them.
    stranger = people()
    recent = stranger.get("/api/players/Bob").json()["recent"]
    assert len(recent) == games
    assert {r["opponent"] for r in recent} == {"Ann"}
    assert [r["pool"] for r in recent] == ["classic-61"] * games
    assert stranger.get(f"/api/games/{recent[0]['id']}/replay").status_code == 200
    # Still provisional after so few games: on no leaderboard yet, and no rank.
    assert ratings(ann, "Ann")["classic-61"]["rank"] is None
    assert ann.get("/api/leaderboards/classic-61").json() == {"pool": "classic-61", "players": []}
    assert ann.get("/api/leaderboards/chess").status_code == 404


def test_a_rated_table_is_between_accounts_in_a_pool_with_no_coach(
    client: TestClient, people: People
) -> None:
    # A guest cannot make one, nor take its seat; a variant or a third seat is no pool.
    guest = people()
    refused = guest.post(
        "/api/games",
        json={"game": "classic", "seats": [{"kind": "me"}, {"kind": "friend"}], "rated": True},
    )
    assert (refused.status_code, refused.json()["error"]) == (422, "not_signed_in")
    ann = named(client, "Ann")
    for body in (
        {
            "game": "classic",
            "options": {"players": 3},
            "seats": [{"kind": "me"}, {"kind": "friend"}, {"kind": "friend"}],
        },
        {
            "game": "classic",
            "options": {"muggins": True},
            "seats": [{"kind": "me"}, {"kind": "friend"}],
        },
        {"game": "classic", "seats": [{"kind": "me"}, {"kind": "computer", "level": "easy"}]},
    ):
        answer = ann.post("/api/games", json={**body, "rated": True})
        assert answer.status_code == 422, body
    made = invite(ann, "tabletop", [{"kind": "me"}, {"kind": "friend"}], rated=True)
    taking = guest.post(f"/api/invites/{made['invites']['1']['code']}/accept", json={})
    assert (taking.status_code, taking.json()["error"]) == (403, "not_signed_in")
    bob = named(guest, "Bob")
    taken = accept(bob, made["invites"]["1"]["code"])
    with bob.websocket_connect(seat_url(made["id"], 1, taken["token"])) as socket:
        seat = Seat(socket)
        seat.receive()
        socket.send_json({"type": "coach", "on": True})
        answer = seat.receive()
        while answer["type"] != "error":
            answer = seat.receive()
        assert (answer["code"], answer["message"]) == ("no_coach", "no coach in a rated game")


def test_a_rated_game_abandoned_is_a_loss_for_the_side_that_left(
    client: TestClient, people: People
) -> None:
    ann, bob = named(client, "Ann"), named(people(), "Bob")
    made, _ = rated_table(ann, bob)
    answer = bob.post(f"/api/games/{made['id']}/abandon", json={})
    assert answer.status_code == 200, answer.text
    after = ratings(ann, "Ann")["classic"], ratings(ann, "Bob")["classic"]
    assert after[0]["rating"] > 1500 > after[1]["rating"]
    assert after[0]["games"] == after[1]["games"] == 1


def test_leaving_three_rated_games_in_a_day_earns_a_wait_that_grows(
    client: TestClient, people: People, monkeypatch: Any
) -> None:
    ann, bob = named(client, "Ann"), named(people(), "Bob")
    clock = [time.time()]
    monkeypatch.setattr("cribkit.web.rating.time.time", lambda: clock[0])

    def bob_leaves_one() -> None:
        made, _ = rated_table(ann, bob)
        assert bob.post(f"/api/games/{made['id']}/abandon", json={}).status_code == 200

    for _ in range(3):
        bob_leaves_one()
    made = invite(ann, "classic", [{"kind": "me"}, {"kind": "friend"}], rated=True)
    code = made["invites"]["1"]["code"]
    refused = bob.post(f"/api/invites/{code}/accept", json={})
    assert (refused.status_code, refused.json()["error"]) == (403, "wait")
    assert refused.json()["message"].startswith(
        "you left rated games today: your next rated game in "
    )
    own = bob.post(
        "/api/games",
        json={"game": "classic", "seats": [{"kind": "me"}, {"kind": "friend"}], "rated": True},
    )
    assert own.json()["error"] == "wait"
    # A minute later he may play again; a fourth game left, five minutes.
    clock[0] += 61
    assert bob.post(f"/api/invites/{code}/accept", json={}).status_code == 200
    assert bob.post(f"/api/games/{made['id']}/abandon", json={}).status_code == 200
    clock[0] += 61
    assert abandon_wait(client.app.state.store, "x") == 0  # type: ignore[attr-defined]
    bob_player = bob.get("/api/me").json()["player"]
    wait = abandon_wait(client.app.state.store, bob_player)  # type: ignore[attr-defined]
    assert 300 - 61 - 5 < wait <= 300 - 61 + 5
    # Unrated games are never held up.
    assert bob.post("/api/games", json={"game": "classic", "ai": "random"}).status_code == 200
