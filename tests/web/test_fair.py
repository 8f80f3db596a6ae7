"""Fair deals over the web (``docs/web.md``, "Security"): the commitment from the first message,
the seed only with the result, a verifiable record, ``POST /api/verify``, and chosen seeds only
for a game of one person."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from cribkit.games.chance import commitment, is_fair_seed
from cribkit.web.workers import move_seed

from .conftest import Message, Seat, new_game, socket_url
from .test_api import finish


def stored_seed(client: TestClient, game_id: str) -> int | str:
    row = client.app.state.store.load_game(game_id)  # type: ignore[attr-defined]
    assert row is not None
    seed: int | str = row.seed
    return seed


def state_messages(seat: Seat) -> list[Message]:
    return [m for m in map(json.loads, seat.received) if m["type"] == "state"]


@pytest.mark.parametrize(("game", "options"), [("classic", {"target": 61}), ("solitaire", {})])
def test_the_commitment_comes_first_and_the_seed_only_with_the_result(
    client: TestClient, game: str, options: dict[str, Any]
) -> None:
    answer = new_game(client, game, ai="random", options=options)
    seed = stored_seed(client, answer["id"])
    assert is_fair_seed(seed)
    committed = hashlib.sha256(str(seed).encode()).hexdigest()
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        while state["result"] is None:
            state = seat.until_turn(seat.act(state["legal"][0]))
        states = state_messages(seat)
    assert {m["commitment"] for m in states} == {committed}
    assert all("seed" not in m for m in states if m["result"] is None)
    assert states[-1]["seed"] == seed
    assert str(seed) not in "".join(t for t in seat.received if '"result":null' in t)


def test_a_finished_games_record_verifies_and_an_altered_one_names_the_deal(
    client: TestClient,
) -> None:
    answer = new_game(client, "classic", ai="random", options={"target": 61})
    finish(client, answer, seed=3)
    record = client.get(f"/api/games/{answer['id']}/record").json()
    assert record["commitment"] == commitment(record["seed"])
    assert len(record["decks"]) >= 2
    check = client.post("/api/verify", json=record).json()
    assert check["ok"] is True
    assert check["fair"] is True
    assert check["summary"].startswith(f"verified: {len(record['decks'])} deals from seed fair1:")
    altered = json.loads(json.dumps(record))
    altered["decks"][1][:2] = altered["decks"][1][1::-1]
    check = client.post("/api/verify", json=altered).json()
    assert (check["ok"], check["problem"]) == (False, "deal 1: the deck is not the seed's")
    reseeded = {**record, "seed": "fair1:" + "0" * 64}
    check = client.post("/api/verify", json=reseeded).json()
    assert check["ok"] is False
    assert "commitment does not match" in check["problem"]
    recommitted = {**reseeded, "commitment": commitment(reseeded["seed"])}
    check = client.post("/api/verify", json=recommitted).json()
    assert check["problem"] == "deal 0: the deck is not the seed's"


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ([], "a record is a JSON object"),
        ({"game": "chess"}, "a verifiable record is of classic"),
        ({"game": "classic", "seed": 1}, "commitment"),
        ({"game": "classic", "seed": 1, "commitment": commitment(1)}, "no 'decks'"),
        ({"game": "classic", "seed": 1, "commitment": commitment(1), "decks": "x"}, "decks"),
    ],
)
def test_a_malformed_record_to_verify_is_a_422_naming_the_fault(
    client: TestClient, body: Any, says: str
) -> None:
    response = client.post("/api/verify", json=body)
    assert response.status_code == 422
    assert response.json()["error"] == "bad_record"
    assert says in response.json()["message"]


def test_a_hot_seat_game_with_a_chosen_seed_is_refused_and_nothing_is_stored(
    client: TestClient,
) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]
    response = client.post(
        "/api/games",
        json={"game": "classic", "mode": "hotseat", "seed": 4, "options": {"target": 61}},
    )
    assert response.status_code == 422
    assert "only for a practice game of one person" in response.json()["message"]
    assert store.list_games() == []
    fair = new_game(client, "classic", mode="hotseat", options={"target": 61})
    assert is_fair_seed(stored_seed(client, fair["id"]))
    assert fair["practice"] is False


def test_the_computers_move_seeds_are_the_documented_hmac_of_the_seed() -> None:
    seed = "fair1:" + "ab" * 32
    digest = hmac.new(seed.encode(), b"move:1:5", hashlib.sha256).digest()
    assert move_seed(seed, 1, 5) == int.from_bytes(digest[:4], "big")
    assert move_seed(seed, 1, 5) == move_seed(seed, 1, 5)
    assert move_seed(seed, 1, 5) != move_seed(seed, 1, 6) != move_seed(seed, "hint", 1, 6)
    assert 0 <= move_seed(seed, 1, 5) < 2**32
