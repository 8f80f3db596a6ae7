"""Nobody is held hostage (``docs/web.md``, "Away from the table"): at a table of people with no
clock, a person away for the window lets the others claim the game (the result and the record
name who won and why) or hand the seat to the computer (it plays on, and gives the seat back
when its person returns); every refusal is one line and changes nothing; and a table's move
clock starts only when every seat is taken."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from starlette.testclient import TestClient

from cribkit.games.verification import verify_record

from ..games.hidden import forbidden
from .conftest import Message, Seat
from .test_people_stats import named
from .test_tables import accept, invite, seat_url
from .test_ws import session_of, unchanged

People = Callable[[], TestClient]
#: The absence window of these tests, in seconds (the server's is 2 minutes).
WINDOW = 0.3


@pytest.fixture
def window(client: TestClient) -> float:
    """The test app's absence window, made short."""
    services = client.app.state.manager.services  # type: ignore[attr-defined]
    services.absence_window = WINDOW
    return WINDOW


def raw_until(seat: Seat, wanted: Callable[[Message], bool]) -> Message:
    """The next message (``table`` ones included) ``wanted`` picks; those before it passed over."""
    for _ in range(500):
        text: str = seat.socket.receive_text()
        seat.received.append(text)
        message: Message = json.loads(text)
        if message["type"] == "state":
            seat.last = message
        if message["type"] in ("state", "table"):
            seat.table = message["table"]
        if wanted(message):
            return message
    raise AssertionError("the message never came")


def away_from(message: Message, absent: int) -> Message | None:
    """What ``message`` (a ``state`` or a ``table``) says of seat ``absent`` away, if anything."""
    return next((form for form in message.get("away", []) if form["seat"] == absent), None)


def told_away(seat: Seat, absent: int) -> tuple[Message, Message]:
    """The next ``state`` or ``table`` message that says ``absent`` is away, and what it says."""
    message = raw_until(seat, lambda m: away_from(m, absent) is not None)
    form = away_from(message, absent)
    assert form is not None
    return message, form


def choose(seat: Seat, absent: int, choice: str) -> None:
    seat.socket.send_json({"type": "away", "seat": absent, "choice": choice})


def two_people(
    client: TestClient, people: People, **body: Any
) -> tuple[TestClient, Message, Message]:
    """Ann's table of classic to 61 with Bob at seat 1: Bob's client, the table and his seat."""
    named(client, "Ann")
    bob = named(people(), "Bob")
    made = invite(client, "classic", [{"kind": "me"}, {"kind": "friend"}],
                  options={"target": 61}, ai="random", **body)  # fmt: skip
    taken = accept(bob, made["invites"]["1"]["code"])
    return bob, made, taken


def test_a_person_away_for_the_window_can_be_claimed_against_and_the_record_says_so(
    client: TestClient, people: People, window: float
) -> None:
    bob, made, taken = two_people(client, people)
    game_id = made["id"]
    with client.websocket_connect(seat_url(game_id, 0, made["tokens"]["0"])) as a:
        ann = Seat(a)
        with bob.websocket_connect(seat_url(game_id, 1, taken["token"])) as b:
            Seat(b).receive()
            raw_until(ann, lambda m: "table" in m and m["table"]["seats"][1]["connected"])
        # Bob's page closed: the table says so, and how long until the others may choose.
        told, form = told_away(ann, 1)
        assert told["table"]["seats"][1]["connected"] is False
        assert 0 < form["claim_in_ms"] <= window * 1000
        assert form["away_ms"] < window * 1000
        assert [form["seat"] for form in told["away"]] == [1]  # (Ann is here)
        # Too soon: a one-line refusal, and nothing changed.
        with unchanged(client, game_id):
            choose(ann, 1, "claim")
            refused = raw_until(ann, lambda m: m["type"] == "error")
        assert refused["code"] == "not_away"
        assert refused["about"] == "away"
        assert refused["message"].startswith("Bob has been away 0:0")
        assert "\n" not in refused["message"]
        assert client.get(f"/api/games/{game_id}/resume").status_code == 200  # still played

        time.sleep(window)
        choose(ann, 1, "claim")
        notice = raw_until(ann, lambda m: m["type"] == "talk")
        assert notice["lines"][-1]["text"] == (
            "seat 1 was away: seat 0 claimed the game, and the others win it"
        )
        final = raw_until(ann, lambda m: m["type"] == "state")
        assert final["result"]["winners"] == [0]
        assert final["result"]["abandoned"] == {"seats": [1], "claimed_by": 0}
        assert final["legal"] == []
        assert "away" not in final  # over: nobody is waited for
    row = client.app.state.store.load_game(game_id)  # type: ignore[attr-defined]
    assert (row.status, row.result["abandoned"]) == ("abandoned", {"seats": [1], "claimed_by": 0})
    # The record replays and verifies, and says who left it and who claimed it.
    record = client.get(f"/api/games/{game_id}/record").json()
    assert record["meta"]["abandoned"] == {"seats": [1], "claimed_by": 0}
    assert record["meta"]["winners"] == [0]
    assert verify_record(record).ok
    replayed = client.get(f"/api/games/{game_id}/replay").json()
    assert len(replayed["steps"]) == len(record["actions"]) + 1
    # Statistics: a win for Ann, a loss for Bob (counted as a game he left).
    [ann_row] = client.get("/api/stats").json()["rows"]
    [bob_row] = bob.get("/api/stats").json()["rows"]
    assert (ann_row["won"], bob_row["lost"], bob_row["abandoned"]) == (1, 1, 1)


def test_what_may_not_be_chosen_is_refused_in_one_line_and_changes_nothing(
    client: TestClient, people: People, window: float
) -> None:
    bob, made, taken = two_people(client, people)
    game_id = made["id"]
    with (
        client.websocket_connect(seat_url(game_id, 0, made["tokens"]["0"])) as a,
        bob.websocket_connect(seat_url(game_id, 1, taken["token"])) as b,
    ):
        ann, seat_b = Seat(a), Seat(b)
        ann.receive()
        seat_b.receive()
        time.sleep(window)
        refusals = [
            ({"seat": 1, "choice": "resign"}, "bad_away", "claim or computer"),
            ({"seat": 7, "choice": "claim"}, "bad_away", "0 to 1"),
            ({"seat": True, "choice": "claim"}, "bad_away", "0 to 1"),
            ({"seat": 0, "choice": "claim"}, "not_away", "not another person"),
            ({"seat": 1, "choice": "claim"}, "not_away", "Bob is at the table"),
            ({"seat": 1, "choice": "computer"}, "not_away", "Bob is at the table"),
        ]
        for form, code, words in refusals:
            with unchanged(client, game_id):
                ann.socket.send_json({"type": "away", **form})
                refused = raw_until(ann, lambda m: m["type"] == "error")
            assert (refused["code"], refused["about"]) == (code, "away"), refused
            assert words in refused["message"]
            assert "\n" not in refused["message"]


def test_a_table_with_a_clock_has_nothing_to_claim(
    client: TestClient, people: People, window: float
) -> None:
    _, made, _ = two_people(client, people, clock=120)
    game_id = made["id"]
    with client.websocket_connect(seat_url(game_id, 0, made["tokens"]["0"])) as a:
        ann = Seat(a)
        assert "away" not in ann.receive()
        time.sleep(window)  # (Bob never came: the clock plays for him)
        with unchanged(client, game_id):
            choose(ann, 1, "claim")
            refused = raw_until(ann, lambda m: m["type"] == "error")
        assert refused["code"] == "not_away"
        assert "move clock" in refused["message"]


def test_a_seat_handed_to_the_computer_is_played_by_the_server_unseen_and_given_back(
    client: TestClient, people: People, window: float
) -> None:
    bob, made, taken = two_people(client, people)
    game_id = made["id"]
    session = session_of(client, game_id)
    with ExitStack() as stack:
        ann = Seat(stack.enter_context(
            client.websocket_connect(seat_url(game_id, 0, made["tokens"]["0"]))
        ))  # fmt: skip
        assert away_from(ann.receive(), 1) is not None  # Bob never opened his seat
        time.sleep(window)
        choose(ann, 1, "computer")
        notice = raw_until(ann, lambda m: m["type"] == "talk")
        assert notice["lines"][-1]["text"] == (
            "seat 1 was away: seat 0 let the computer play seat 1's seat until seat 1 comes back"
        )
        handed = raw_until(ann, lambda m: m["type"] == "state")
        assert handed["table"]["seats"][1]["computer"] == "random"
        assert handed["table"]["seats"][1]["kind"] == "person"  # still Bob's seat
        stored = client.app.state.store.load_game(game_id)  # type: ignore[attr-defined]
        assert stored.table.levels == {1: "random"}
        # The game goes on: Ann plays her turns, the computer plays Bob's, until it has.
        sent_from = len(ann.received)
        state = handed
        while not any(action["seat"] == 1 for action in session.actions):
            if state["type"] == "state" and state["legal"]:
                ann.socket.send_json(
                    {"type": "action", "seq": state["seq"], "action": state["legal"][0]}
                )
            state = raw_until(ann, lambda m: m["type"] == "state")
        # Nothing of Bob's hidden cards reached Ann (the deal is still being played).
        secret = forbidden(session.state, 0)
        for text in ann.received[sent_from:]:
            assert not [card for card in secret if f'"{card}"' in text], text
        # Bob comes back: the seat is his again, the computer stops playing it.
        seat_b = Seat(stack.enter_context(
            bob.websocket_connect(seat_url(game_id, 1, taken["token"]))
        ))  # fmt: skip
        back = seat_b.receive()
        assert "computer" not in back["table"]["seats"][1]
        assert "away" not in back
        assert 1 not in session.players
        said = raw_until(ann, lambda m: m["type"] == "talk")
        assert said["lines"][-1]["text"] == "seat 1 is back: the computer stops playing for seat 1"
    stored = client.app.state.store.load_game(game_id)  # type: ignore[attr-defined]
    assert stored.table.levels == {}


def test_a_tables_clock_starts_when_every_seat_is_taken(client: TestClient, people: People) -> None:
    named(client, "Ann")
    made = invite(client, "classic", [{"kind": "me"}, {"kind": "friend"}],
                  options={"target": 61}, clock=30)  # fmt: skip
    game_id = made["id"]
    with client.websocket_connect(seat_url(game_id, 0, made["tokens"]["0"])) as a:
        ann = Seat(a)
        first = ann.receive()
        assert "clocks" not in first  # the host sends the link: nobody is timed
        assert not session_of(client, game_id).clock.running
        accept(named(people(), "Bob"), made["invites"]["1"]["code"])
        timed = raw_until(ann, lambda m: m["type"] == "state" and "clocks" in m)
        # (both lay away at once: each has a clock of its own)
        assert [clock["seat"] for clock in timed["clocks"]] == timed["acting"]
        assert all(29_000 < clock["left_ms"] <= 30_000 for clock in timed["clocks"])
