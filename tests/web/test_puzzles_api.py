"""The puzzles' API: ``/api/puzzles/...`` (``docs/web.md``, ``docs/analysis.md`` "Puzzles")."""

from __future__ import annotations

import datetime

from starlette.testclient import TestClient

from cribkit.analysis import puzzles


def test_a_position_never_holds_its_answer_or_values(client: TestClient) -> None:
    for puzzle in puzzles.load():
        body = client.get(f"/api/puzzles/{puzzle['id']}").json()
        assert set(body) == {"id", "game", "kind", "question", "view", "options", "count", "next"}
        assert body["view"] == puzzle["view"]
        assert body["options"] == sorted(c["key"] for c in puzzle["choices"])
        # Nothing says which option is best: no values, no words, not in the best-first order.
        text = str(body)
        assert puzzle["words"] not in text
        assert all(str(c["value"]) not in text for c in puzzle["choices"])


def test_the_daily_puzzle_is_the_librarys_and_the_same_for_the_same_date(
    client: TestClient,
) -> None:
    day = datetime.date(2026, 12, 1)
    first = client.get("/api/puzzles/daily?date=2026-12-01").json()
    again = client.get("/api/puzzles/daily?date=2026-12-01").json()
    assert first == again
    assert first["id"] == puzzles.daily(day)["id"]
    assert first["date"] == "2026-12-01"
    tiles = client.get("/api/puzzles/daily?date=2026-12-01&game=tiles").json()
    assert tiles["id"] == puzzles.daily(day, "tiles")["id"]
    assert tiles["kind"] == "tiles"


def test_a_right_answer(client: TestClient) -> None:
    puzzle = puzzles.by_id("lay-away-001")
    response = client.post("/api/puzzles/lay-away-001/answer", json={"answer": "8d 7c"})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["correct"] is True
    assert body["verdict"] == "best"
    assert body["answer"] == body["best"] == "7c 8d"
    assert body["value"] == body["best_value"] == 11.839
    assert [c["key"] for c in body["choices"]] == [c["key"] for c in puzzle["choices"]]
    assert all(c["words"] for c in body["choices"])


def test_a_wrong_answer_gets_the_better_choice_and_its_cost(client: TestClient) -> None:
    body = client.post("/api/puzzles/lay-away-001/answer", json={"answer": "js jc"}).json()
    assert body["correct"] is False
    assert body["best"] == "7c 8d"
    assert body["value"] == 9.425
    assert body["cost"] == 2.414
    assert body["verdict"] == "mistake"  # 1.5 <= 2.414 < 3
    assert body["words"].startswith("Yours, J♣ J♠")


def test_malformed_answers_are_one_line_errors(client: TestClient) -> None:
    cases = [
        ("lay-away-001", {"answer": "4d"}, "bad_answer"),
        ("lay-away-001", {"answer": "zz yy"}, "bad_answer"),
        ("place-001", {"answer": "C3"}, "bad_answer"),
        ("lay-away-001", {"answer": 4}, "bad_request"),
        ("lay-away-001", {}, "bad_request"),
    ]
    for puzzle_id, body, code in cases:
        response = client.post(f"/api/puzzles/{puzzle_id}/answer", json=body)
        assert response.status_code == 422, (body, response.text)
        error = response.json()
        assert error["error"] == code
        assert "\n" not in error["message"]
        assert error["message"]
    missing = client.post("/api/puzzles/nope-001/answer", json={"answer": "x"})
    assert missing.status_code == 404
    assert missing.json()["error"] == "no_puzzle"
    assert client.get("/api/puzzles/daily?date=2026-13-01").json()["error"] == "bad_date"
    assert client.get("/api/puzzles/daily?game=chess").json()["error"] == "bad_game"
