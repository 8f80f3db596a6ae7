"""The review's API: ``GET /api/games/{id}/analysis`` (``docs/web.md``, ``docs/analysis.md``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from starlette.testclient import TestClient

from cribkit.analysis.game import analyse
from cribkit.web.app import create_app
from cribkit.web.routes import analysis as route

from .conftest import LOCAL, new_game, unlimited
from .test_api import finish


def finished_game(client: TestClient) -> str:
    """A classic game to 61 against the computer at random, played to its end by seat 0."""
    answer = new_game(client, "classic", ai="random", options={"target": 61})
    finish(client, answer, seed=3)
    game_id: str = answer["id"]
    return game_id


def test_the_analysis_of_a_finished_game_is_the_analysis_of_its_record(
    client: TestClient,
) -> None:
    game_id = finished_game(client)
    record = client.get(f"/api/games/{game_id}/record").json()
    response = client.get(f"/api/games/{game_id}/analysis")
    assert response.status_code == 200, response.text
    body = response.json()
    # By default the player's own seat; the same analysis as the record's, with the names.
    assert body == {
        **analyse(record, [0]).to_json(),
        "id": game_id,
        "seat": 0,
        "names": ["You", "Computer (random)"],
    }
    assert body["decisions"]
    assert {d["seat"] for d in body["decisions"]} == {0}
    # Against the computer the player may review the computer's seat too (the record is theirs).
    other = client.get(f"/api/games/{game_id}/analysis?seat=1").json()
    assert other["seat"] == 1
    assert {d["seat"] for d in other["decisions"]} == {1}


def test_an_analysis_is_made_once_per_game_and_seat(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = finished_game(client)
    made: list[tuple[int, ...]] = []

    def counting(record: Any, seats: Any) -> Any:
        made.append(tuple(seats))
        return analyse(record, seats)

    monkeypatch.setattr(route, "analyse", counting)
    first = client.get(f"/api/games/{game_id}/analysis?seat=0").json()
    again = client.get(f"/api/games/{game_id}/analysis").json()
    assert first == again
    assert made == [(0,)]
    client.get(f"/api/games/{game_id}/analysis?seat=1")
    assert made == [(0,), (1,)]


def test_an_unfinished_game_is_not_reviewed(client: TestClient) -> None:
    answer = new_game(client, "classic", ai="random")
    response = client.get(f"/api/games/{answer['id']}/analysis")
    assert response.status_code == 409
    assert response.json() == {
        "error": "not_finished",
        "message": f"game {answer['id']} is not over: review it at its end",
    }


def test_a_bad_seat_and_a_strangers_game_are_refused(client: TestClient, store_path: Any) -> None:
    game_id = finished_game(client)
    bad = client.get(f"/api/games/{game_id}/analysis?seat=2")
    assert bad.status_code == 422
    assert bad.json() == {"error": "bad_seat", "message": "seat is 0 to 1, not 2"}
    # Another browser (another player) does not learn that the game exists.
    with TestClient(
        create_app(f"sqlite:///{store_path}", limits=unlimited()), base_url=LOCAL
    ) as other:
        stranger = other.get(f"/api/games/{game_id}/analysis")
    assert stranger.status_code == 404
    assert stranger.json() == {"error": "not_found", "message": f"no game {game_id!r}"}


def test_at_a_table_of_people_a_player_reviews_only_their_own_seats(client: TestClient) -> None:
    game_id = finished_game(client)
    store: Any = client.app.state.store  # type: ignore[attr-defined]
    row = store.load_game(game_id)
    me = client.get("/api/me").json()["player"]
    # The same finished game, as if seat 1 had been another person's.
    table = replace(row, id="people1", mode="table", status="playing", result=None,
                    owners={0: me, 1: "someone-else"})  # fmt: skip
    store.create_game(table)
    actions = store.load_actions(game_id)
    for index, action in enumerate(actions):
        last = index == len(actions) - 1
        store.append_action("people1", index, action, version=index + 1,
                            scores=list(row.scores), result=row.result if last else None)  # fmt: skip
    mine = client.get("/api/games/people1/analysis")
    assert mine.status_code == 200, mine.text
    assert mine.json()["seat"] == 0
    assert mine.json()["names"][0] == "You"
    theirs = client.get("/api/games/people1/analysis?seat=1")
    assert theirs.status_code == 403
    assert theirs.json() == {
        "error": "not_your_seat",
        "message": "seat 1 is another player's: review yours",
    }


def test_an_abandoned_game_is_reviewed_too(client: TestClient) -> None:
    answer = new_game(client, "classic", ai="random")
    abandoned = client.post(f"/api/games/{answer['id']}/abandon", json={})
    assert abandoned.status_code == 200, abandoned.text
    record = client.get(f"/api/games/{answer['id']}/record").json()
    assert "result" not in record
    response = client.get(f"/api/games/{answer['id']}/analysis")
    assert response.status_code == 200, response.text
    # Left before laying away: no decision of seat 0 to review (the computer may have laid away).
    assert response.json() == {
        **analyse(record, [0]).to_json(),
        "id": answer["id"],
        "seat": 0,
        "names": ["You", "Computer (random)"],
    }
    assert response.json()["decisions"] == []
