"""The daily classic deal in the browser's API (issue 16): ``POST /api/games`` with ``daily``
for classic deals the day's deal against the expert, the computer's moves seeded as
:mod:`cribkit.analysis.daily_deal` seeds them, and ``GET /api/games/{id}/daily-deal`` gives
"your result against the expert's on the same cards" once the deal is over, never before."""

from __future__ import annotations

import datetime

import pytest
from starlette.testclient import TestClient

from cribkit.analysis import daily_deal
from cribkit.games.protocol import Action

from .conftest import Message, Seat, socket_url

DAY = datetime.date(2026, 12, 1)


def _deal_over(state: Message) -> bool:
    return state["result"] is not None or state["observation"]["deal"] != 0


def play_seat_zero(client: TestClient, answer: Message, actions: list[Action]) -> Message:
    """Play seat 0's ``actions`` in order, each at seat 0's turn, asking for the comparison
    before the deal is over (a 409); the first state after the deal."""
    mine = iter(actions)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        while not _deal_over(state):
            late = client.get(f"/api/games/{answer['id']}/daily-deal")
            assert late.status_code == 409, late.text
            assert "is not over" in late.json()["message"]
            state = seat.until_turn(seat.act(next(mine).to_dict()))
    return state


def test_the_daily_deal_meets_the_same_expert_as_the_terminal(client: TestClient) -> None:
    answer = client.post("/api/games", json={"game": "classic", "daily": DAY.isoformat()}).json()
    assert answer["practice"] is True
    expert = daily_deal.expert_actions(DAY)
    seat_zero = [a for a in expert if a.seat == 0]
    play_seat_zero(client, answer, seat_zero)
    stored = client.app.state.store.load_actions(answer["id"])  # type: ignore[attr-defined]
    # The computer answered every move as the library's expert did: the same game, move for move.
    assert stored[: len(expert)] == [a.to_dict() for a in expert]
    result = client.get(f"/api/games/{answer['id']}/daily-deal").json()
    assert result == daily_deal.compare(DAY, daily_deal.expert_result(DAY))
    assert result["difference"] == 0
    assert result["words"] == (
        f"You ended the deal {daily_deal.margin_words(result['you'])}; the expert in your seat "
        f"ended it {daily_deal.margin_words(result['expert'])}: the same as the expert on the "
        "same cards"
    )
    assert not set("+-") & set(result["words"])


def test_a_different_lay_away_is_measured_against_the_expert(client: TestClient) -> None:
    answer = client.post("/api/games", json={"game": "classic", "daily": DAY.isoformat()}).json()
    # Seat 0 plays the first legal move at each turn (a worse player than the expert).
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        while not _deal_over(state):
            state = seat.until_turn(seat.act(state["legal"][0]))
    stored = client.app.state.store.load_actions(answer["id"])  # type: ignore[attr-defined]
    yours = daily_deal.result_of(DAY, [Action.from_dict(form) for form in stored])
    assert yours is not None
    result = client.get(f"/api/games/{answer['id']}/daily-deal").json()
    assert (result["you"], result["expert"]) == (yours, daily_deal.expert_result(DAY))
    assert result["difference"] == yours - result["expert"]


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"game": "tabletop"}, "a Solitaire or a classic deal"),
        ({"game": "tiles"}, "a Solitaire or a classic deal"),
        ({"game": "classic", "options": {"target": 61}}, "standard rules"),
        ({"game": "classic", "options": {"players": 3}}, "standard rules"),
        ({"game": "classic", "ai": "easy"}, "against the expert, not easy"),
        ({"game": "classic", "seed": 5}, "not both"),
        ({"game": "classic", "mode": "hotseat"}, "practice game of one person"),
    ],
)
def test_a_daily_deal_that_cannot_be_is_a_clear_422(
    client: TestClient, body: Message, named: str
) -> None:
    answer = client.post("/api/games", json={**body, "daily": DAY.isoformat()})
    assert answer.status_code == 422, answer.text
    assert named in answer.json()["message"]


def test_only_a_daily_classic_deal_has_a_comparison(client: TestClient) -> None:
    plain = client.post("/api/games", json={"game": "classic"}).json()
    daily = client.post("/api/games", json={"game": "solitaire", "daily": "2026-12-01"}).json()
    for answer in (plain, daily):
        refused = client.get(f"/api/games/{answer['id']}/daily-deal")
        assert refused.status_code == 404
        assert "is not a daily classic deal" in refused.json()["message"]
    assert client.get("/api/games/nosuchgame/daily-deal").status_code == 404


def test_the_table_says_which_days_deal_it_is(client: TestClient) -> None:
    daily = client.post("/api/games", json={"game": "classic", "daily": "2026-12-01"}).json()
    seeded = client.post("/api/games", json={"game": "classic", "seed": 9}).json()
    with client.websocket_connect(socket_url(daily)) as socket:
        assert Seat(socket).until_turn()["table"]["daily"] == "2026-12-01"
    with client.websocket_connect(socket_url(seeded)) as socket:
        # A seed the player chose is not said at the table before the end.
        assert "daily" not in Seat(socket).until_turn()["table"]


def test_the_daily_deal_has_no_hints(client: TestClient) -> None:
    answer = client.post("/api/games", json={"game": "classic", "daily": "2026-12-01"}).json()
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        assert seat.until_turn()["hints"] is False
        socket.send_json({"type": "hint"})
        error = seat.receive()
        assert (error["type"], error["code"]) == ("error", "no_hints")
        assert "daily deal" in error["message"]
