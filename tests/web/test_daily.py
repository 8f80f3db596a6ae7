"""Solitaire's daily and seeded deals in the browser's API (issue 15): ``POST /api/games`` with
``daily`` (the player's date) deals the day's deal as ``cribkit solitaire --daily`` does; a named
or daily seed makes a practice game whose record says which deal it is, and a game between
people cannot be given one."""

from __future__ import annotations

import datetime

from starlette.testclient import TestClient

from cribkit.games.solitaire import daily_seed

from .test_api import finish


def test_the_daily_deal_is_the_terminals_and_its_record_says_so(client: TestClient) -> None:
    answer = client.post("/api/games", json={"game": "solitaire", "daily": "2026-12-01"}).json()
    assert answer["practice"] is True
    final = finish(client, answer)
    # The last state says which deal it was: the result names the day.
    assert final["deal"] == "daily deal 2026-12-01"
    record = client.get(f"/api/games/{answer['id']}/record").json()
    assert record["seed"] == daily_seed(datetime.date(2026, 12, 1)) == 20261201
    assert record["meta"]["deal"] == "daily deal 2026-12-01"
    # The same day, asked again, deals the same cards.
    again = client.post("/api/games", json={"game": "solitaire", "daily": "2026-12-01"}).json()
    finish(client, again)
    other = client.get(f"/api/games/{again['id']}/record").json()
    assert other["seed"] == record["seed"]


def test_a_named_seed_is_said_in_the_record_and_a_fair_one_is_not(client: TestClient) -> None:
    named = client.post("/api/games", json={"game": "solitaire", "seed": 77}).json()
    fair = client.post("/api/games", json={"game": "solitaire"}).json()
    assert (named["practice"], fair["practice"]) == (True, False)
    assert finish(client, named)["deal"] == "seed 77 chosen by the player"
    assert "deal" not in finish(client, fair)
    record = client.get(f"/api/games/{named['id']}/record").json()
    assert (record["seed"], record["meta"]["deal"]) == (77, "seed 77 chosen by the player")
    assert "meta" not in client.get(f"/api/games/{fair['id']}/record").json()


def test_the_daily_deal_is_not_with_a_seed_nor_of_table_top(client: TestClient) -> None:
    for body in (
        {"game": "tabletop", "daily": "2026-12-01"},
        {"game": "solitaire", "daily": "2026-12-01", "seed": 5},
        {"game": "solitaire", "daily": "yesterday"},
    ):
        answer = client.post("/api/games", json=body)
        assert answer.status_code == 422, body
    # A game of several people keeps its fair seed: no seed may be named for it.
    hotseat = client.post("/api/games", json={"game": "classic", "mode": "hotseat", "seed": 5})
    assert hotseat.status_code == 422


def test_the_daily_solitaire_result_has_the_experts_total(client: TestClient) -> None:
    from cribkit.sim.solitaire import deal_report

    daily = client.post("/api/games", json={"game": "solitaire", "daily": "2026-12-02"}).json()
    seeded = client.post("/api/games", json={"game": "solitaire", "seed": 20261202}).json()
    expert = deal_report(20261202)["total"]
    assert finish(client, daily)["result"]["expert_total"] == expert
    # The same cards from a seed the player named: no yardstick of the day.
    assert "expert_total" not in finish(client, seeded)["result"]
