"""Lay-aways together at the table (``docs/web.md``, "Lay-aways together"): every seat that has
still to lay away is offered its lay-aways at once; two people who lay away at the same moment
both do (the second one's move, a version old, stands); a move sent on a game that showed the
seat something since is still refused; each person laying away has a clock of their own; the
computer lays away beside the person, not after."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from .conftest import Message, Seat, new_game, socket_url
from .test_abandon import until
from .test_people_stats import named
from .test_tables import accept, invite, seat_url

People = Callable[[], TestClient]


def sit_down(
    client: TestClient, people: People, **body: Any
) -> tuple[Message, Message, TestClient]:
    """Ann's table of two for classic to 61 (``body``: a clock...), Bob's taken seat, and Bob."""
    ann, bob = named(client, "Ann"), named(people(), "Bob")
    made = invite(ann, "classic", [{"kind": "me"}, {"kind": "friend"}], options={"target": 61},
                  **body)  # fmt: skip
    return made, accept(bob, made["invites"]["1"]["code"]), bob


def settled(seat: Seat, seq: int) -> Message:
    """The seat's states read until one of ``seq`` or later."""
    state = seat.last
    while not state or state["seq"] < seq:
        state = until(seat, lambda m: m["type"] == "state")
    return state


def send(seat: Seat, seq: int, action: Message, action_id: str) -> None:
    seat.socket.send_json({"type": "action", "seq": seq, "action": action, "id": action_id})


def test_two_people_lay_away_at_the_same_moment(client: TestClient, people: People) -> None:
    made, taken, bob_client = sit_down(client, people)
    with (
        client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as a,
        bob_client.websocket_connect(seat_url(made["id"], 1, taken["token"])) as b,
    ):
        ann, bob = Seat(a), Seat(b)
        first_a, first_b = settled(ann, 0), settled(bob, 0)
        seq = max(first_a["seq"], first_b["seq"])
        first_a, first_b = settled(ann, seq), settled(bob, seq)
        # Both are offered their lay-aways at once, the dealer too; each sees both to act.
        assert first_a["acting"] == first_b["acting"]
        assert sorted(first_a["acting"]) == [0, 1]
        mine_a, mine_b = first_a["legal"][0], first_b["legal"][-1]
        assert mine_a["type"] == mine_b["type"] == "discard"
        # Both send on the same version, before either hears of the other.
        send(ann, seq, mine_a, "ann-1")
        send(bob, seq, mine_b, "bob-1")
        done_a = until(ann, lambda m: m["type"] == "state" and m.get("ack") == "ann-1")
        done_b = until(bob, lambda m: m["type"] == "state" and m.get("ack") == "bob-1")
        final = settled(ann, max(done_a["seq"], done_b["seq"]))
        assert final["observation"]["phase"] == "play"
        assert final["observation"]["starter"] is not None
        assert sorted(final["observation"]["laid_away_by"]) == [0, 1]
        # A move sent on the version both saw is refused now: the starter was shown since.
        with_card = final["legal"] or settled(bob, final["seq"])["legal"]
        mover = ann if final["legal"] else bob
        send(mover, seq, with_card[0], "late-play")
        refused = until(mover, lambda m: m["type"] == "error")
        assert refused["code"] == "stale"
    stored = client.app.state.store.load_actions(made["id"])  # type: ignore[attr-defined]
    laid = [action for action in stored if action["type"] == "discard"]
    assert {action["seat"] for action in laid} == {0, 1}
    assert [action["cards"] for action in laid if action["seat"] == 0] == [mine_a["cards"]]
    assert [action["cards"] for action in laid if action["seat"] == 1] == [mine_b["cards"]]


def test_each_person_laying_away_has_a_clock_of_their_own(
    client: TestClient, people: People
) -> None:
    made, taken, bob_client = sit_down(client, people, clock=30)
    with (
        client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as a,
        bob_client.websocket_connect(seat_url(made["id"], 1, taken["token"])) as b,
    ):
        ann, bob = Seat(a), Seat(b)
        timed = until(ann, lambda m: m["type"] == "state" and len(m.get("clocks", ())) == 2)
        assert [clock["seat"] for clock in timed["clocks"]] == timed["acting"]
        time.sleep(0.3)
        ann.act(timed["legal"][0])
        after = settled(bob, ann.last["seq"])
        # Bob's clock goes on from where it was: Ann's lay-away does not start it again.
        assert [clock["seat"] for clock in after["clocks"]] == [1]
        bobs = next(c for c in timed["clocks"] if c["seat"] == 1)["left_ms"]
        assert after["clocks"][0]["left_ms"] <= bobs - 250


def test_the_computer_lays_away_beside_the_person(client: TestClient) -> None:
    for options in ({"target": 61}, {"target": 61, "players": 3}):
        answer = new_game(client, "classic", ai="random", options=options)
        with client.websocket_connect(socket_url(answer)) as socket:
            seat = Seat(socket)
            # Whoever deals, the computer's seats lay away while the person has not.
            state = until(
                seat,
                lambda m: m["type"] == "state" and m["acting"] == [0] and m["legal"] != [],
            )
            computers = set(range(1, options.get("players", 2)))
            assert set(state["observation"]["laid_away_by"]) == computers
            assert state["observation"]["phase"] == "discard"
