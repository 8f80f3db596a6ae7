"""Quick play and challenges at one server (issue 38): two accounts who press "Play someone now"
are paired into a rated game (classic to 121: a best-of-3 match) and their pages told; a blocked
pair is never paired; a challenge arrives on the friend's inbox, is taken or declined; a blocked
player cannot challenge."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from cribkit.web.routes.challenges import NOT_SIGNED_IN

from .conftest import WS_LOCAL
from .test_rated import named
from .test_tables import accept

People = Callable[[], TestClient]


def inbox(person: TestClient) -> Any:
    return person.websocket_connect(f"{WS_LOCAL}/ws/inbox")


def test_two_accounts_are_paired_into_a_rated_match_and_their_pages_told(
    client: TestClient, people: People
) -> None:
    ann, bob = named(client, "Ann"), named(people(), "Bob")
    pools = {p["pool"]: p for p in ann.get("/api/quick/pools").json()}
    assert pools["classic"] == {"pool": "classic", "spec": "classic", "best_of": 3, "waiting": 0}
    assert set(pools) == {"classic", "classic-61", "tabletop", "tiles"}
    with inbox(ann) as ann_inbox:
        waiting = ann.post("/api/quick", json={"pool": "classic"}).json()
        assert waiting["game"] is None
        assert waiting["pool"] == "classic"
        assert waiting["computer"] == "medium"
        assert waiting["computer_after"] == 30.0
        assert ann.get("/api/quick/pools").json()[0]["waiting"] == 1
        paired = bob.post("/api/quick", json={"pool": "classic"}).json()
        game_id = paired["game"]
        assert game_id is not None
        assert json.loads(ann_inbox.receive_text()) == {"kind": "paired", "id": game_id}
    assert ann.get("/api/quick").json()["game"] == game_id  # (told once, then forgotten)
    assert ann.get("/api/quick").json() == {"waiting": False}
    seats = {}
    for person in (ann, bob):
        tokens = person.get(f"/api/games/{game_id}/resume").json()["tokens"]
        assert len(tokens) == 1
        seats[person] = int(next(iter(tokens)))
    assert sorted(seats.values()) == [0, 1]
    table = ann.get(f"/api/games/{game_id}/table").json()
    assert sorted(s.get("name") for s in table["table"]["seats"]) == ["Ann", "Bob"]
    row = client.app.state.store.load_game(game_id)  # type: ignore[attr-defined]
    assert row.table.rated == "classic"
    assert row.table.match.best_of == 3
    assert row.practice is False
    assert row.table.invites == {}


def test_a_blocked_pair_is_never_paired_and_guests_do_not_wait(
    client: TestClient, people: People
) -> None:
    ann, bob, cal = named(client, "Ann"), named(people(), "Bob"), named(people(), "Cal")
    assert bob.post("/api/account/blocks", json={"name": "Ann"}).status_code == 200
    assert ann.post("/api/quick", json={"pool": "tiles"}).json()["game"] is None
    assert bob.post("/api/quick", json={"pool": "tiles"}).json()["game"] is None
    quick = client.app.state.quick  # type: ignore[attr-defined]
    assert client.portal.call(quick.round, "tiles") == []  # type: ignore[union-attr]
    game_id = cal.post("/api/quick", json={"pool": "tiles"}).json()["game"]
    assert game_id is not None
    places = {person: person.get("/api/quick").json()["game"] for person in (ann, bob)}
    assert sorted(places.values(), key=str) == sorted([game_id, None], key=str)
    # Leaving: the one still waiting leaves; the guest and a bad pool are refused in one line.
    [still] = [person for person, game in places.items() if game is None]
    assert still.delete("/api/quick").json() == {"waiting": False}
    assert still.get("/api/quick").json() == {"waiting": False}
    guest = people()
    refused = guest.post("/api/quick", json={"pool": "classic"})
    assert (refused.status_code, refused.json()["error"]) == (401, "not_signed_in")
    bad = ann.post("/api/quick", json={"pool": "chess"})
    assert bad.status_code == 422
    assert "the pools are" in bad.json()["message"]
    with guest.websocket_connect(f"{WS_LOCAL}/ws/inbox") as socket:
        message = socket.receive()
        assert message["type"] == "websocket.close"
        assert message["code"] == NOT_SIGNED_IN


def test_a_challenge_arrives_on_the_friends_pages_and_is_taken_or_declined(
    client: TestClient, people: People
) -> None:
    ann, bob, cal = named(client, "Ann"), named(people(), "Bob"), named(people(), "Cal")
    body = {"name": "Bob", "game": "classic", "options": {"target": 61}}
    refused = ann.post("/api/account/challenges", json=body)
    assert refused.status_code == 403
    assert "not on your friends list" in refused.json()["message"]
    assert ann.post("/api/account/friends", json={"name": "Bob"}).status_code == 200
    with inbox(bob) as bob_inbox, inbox(bob) as bob_other_page:
        made = ann.post("/api/account/challenges", json=body).json()
        code = made["invites"]["1"]["code"]
        told = {
            "kind": "challenge",
            "from": "Ann",
            "code": code,
            "spec": "classic:target=61",
            "rated": None,
        }
        assert json.loads(bob_inbox.receive_text()) == told
        assert json.loads(bob_other_page.receive_text()) == told
        listed = bob.get("/api/account/challenges").json()
        assert [(c["from"], c["code"], c["spec"]) for c in listed["to_me"]] == [
            ("Ann", code, "classic:target=61")
        ]
        assert [c["to"] for c in ann.get("/api/account/challenges").json()["mine"]] == ["Bob"]
        taken = accept(bob, code)
        assert taken["id"] == made["id"]
        assert json.loads(bob_inbox.receive_text()) == {"kind": "gone", "code": code}
    assert bob.get("/api/account/challenges").json() == {"to_me": [], "mine": []}
    # Declined: gone from Bob's list, Ann told; the invitation stays hers.
    with inbox(ann) as ann_inbox:
        second = ann.post("/api/account/challenges", json=body).json()
        again = second["invites"]["1"]["code"]
        assert cal.post(f"/api/account/challenges/{again}/decline", json={}).status_code == 404
        assert bob.post(f"/api/account/challenges/{again}/decline", json={}).json() == {
            "declined": True
        }
        assert json.loads(ann_inbox.receive_text()) == {
            "kind": "declined",
            "by": "Bob",
            "id": second["id"],
        }
    assert bob.get("/api/account/challenges").json()["to_me"] == []
    assert bob.get(f"/api/invites/{again}").status_code == 200
    # A block ends it: Bob blocks Ann, who can no longer challenge him.
    assert bob.post("/api/account/blocks", json={"name": "Ann"}).status_code == 200
    assert ann.post("/api/account/friends", json={"name": "Bob"}).status_code == 200
    blocked = ann.post("/api/account/challenges", json=body)
    assert blocked.status_code == 403
    assert "cannot challenge Bob" in blocked.json()["message"]
