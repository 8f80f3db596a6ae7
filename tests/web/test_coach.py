"""The coach during play over the WebSocket (docs/web.md, "The coach"): a bad lay-away against
the computer with the coach on is told at once with the better choice, worked out here
independently with the core's exact discard analysis and the expert's crib table; a good one,
or the coach off, is told nothing; at a table of people only when both have turned it on; the
message names no card the seat could not see; a malformed coach message changes nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from starlette.testclient import TestClient

from cribkit.ai.crib_table import TableCribModel
from cribkit.ai.lay_away import PEG_WEIGHT
from cribkit.ai.pegging import load_peg_values
from cribkit.core.analysis import DiscardOption, analyse_discards
from cribkit.core.cards import Card

from .conftest import Message, Seat, new_game, socket_url
from .test_tables import accept, invite, seat_url
from .test_ws import session_of, unchanged

#: A card as the protocol writes it (5h, Td) or as words do (5♥, 10♦).
CARD_TEXT = re.compile(r"(?<![\w])(?:([2-9TJQKA][cdhs])|(10|[2-9JQKA])([♣♦♥♠]))(?![\w])", re.I)
People = Callable[[], TestClient]
SUITS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def cards_named(message: Message) -> set[int]:
    """Every card a message names, as the protocol or as words write it."""
    found = set()
    for code, rank, suit in CARD_TEXT.findall(json.dumps(message, ensure_ascii=False)):
        text = code or f"{'T' if rank == '10' else rank}{SUITS[suit]}"
        found.add(int(Card.parse(text)))
    return found


def options(state: Message) -> list[DiscardOption]:
    """The 15 lay-aways of the seat's deal, best first, as the expert values them (hand and
    crib by its crib table, plus the kept hand's pegging)."""
    observation = state["observation"]
    hand = [Card.parse(card) for card in observation["hand"]]
    dealer = observation["dealer"] == state["seat"]
    found = analyse_discards(hand, dealer=dealer, crib_model=TableCribModel())
    return sorted(found, key=lambda o: -expert_value(o, dealer))


def expert_value(option: DiscardOption, dealer: bool) -> float:
    pegging = load_peg_values().kept(option.keep, dealer=dealer)
    return option.net_mean + PEG_WEIGHT * pegging


def lay_away(seat: Seat, option: DiscardOption) -> list[Message]:
    """Lay away ``option``; every message up to the answer to a ping sent after it (the coach
    speaks before the socket's next message is read)."""
    seat.act({"type": "discard", "cards": [str(card) for card in option.discard]})
    seat.socket.send_json({"type": "ping"})
    heard = []
    while (message := seat.receive())["type"] != "pong":
        heard.append(message)
    return [message for message in heard if message["type"] == "coach"]


def turn_on(seat: Seat, on: bool = True) -> Message:
    seat.socket.send_json({"type": "coach", "on": on})
    status = seat.receive()
    assert status["type"] == "coach_state", status
    return status


def names(option: DiscardOption) -> set[str]:
    return {str(card) for card in option.discard}


def test_a_bad_lay_away_is_told_at_once_with_the_better_choice(client: TestClient) -> None:
    answer = new_game(client, "classic", ai="random", seed=11)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        assert turn_on(seat) == {
            "type": "coach_state", "seq": state["seq"], "wanted": True, "on": True,
            "waiting": False,
        }  # fmt: skip
        ranked = options(state)
        worst, best = ranked[-1], ranked[0]
        (told,) = lay_away(seat, worst)
        actions = session_of(client, answer["id"]).actions
    dealer = state["observation"]["dealer"] == state["seat"]
    cost = expert_value(best, dealer) - expert_value(worst, dealer)
    assert cost >= 3  # the worst of 15 lay-aways is a blunder on this deal
    assert told["verdict"] == "blunder"
    assert told["unit"] == "points"
    assert told["cost"] == pytest.approx(cost, abs=1e-4)
    # The record's index of the seat's lay-away (the computer may have laid away first).
    assert actions[told["index"]] == {
        "type": "discard",
        "seat": 0,
        "cards": told["chosen"]["action"]["cards"],
    }
    assert set(told["chosen"]["action"]["cards"]) == names(worst)
    assert set(told["best"]["action"]["cards"]) == names(best)
    assert "hindsight" not in told
    assert "choices" not in told
    # The better choice is named in the words, as the table writes cards.
    better = " ".join(card.symbol for card in best.discard)
    assert f"best {better}" in told["words"]
    # No card it names is one the seat could not see: all are in its six-card deal.
    assert cards_named(told) <= {int(Card.parse(card)) for card in state["observation"]["hand"]}


def test_a_good_lay_away_or_the_coach_off_is_told_nothing(client: TestClient) -> None:
    for on, pick in ((True, 0), (False, -1)):
        answer = new_game(client, "classic", ai="random", seed=11)
        with client.websocket_connect(socket_url(answer)) as socket:
            seat = Seat(socket)
            state = seat.until_turn()
            if on:
                turn_on(seat)
            assert lay_away(seat, options(state)[pick]) == []


def test_turned_off_again_the_coach_is_silent(client: TestClient) -> None:
    answer = new_game(client, "classic", ai="random", seed=11)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        turn_on(seat)
        assert turn_on(seat, False)["on"] is False
        assert lay_away(seat, options(state)[-1]) == []


def _table(client: TestClient, people: People) -> tuple[Message, Message, TestClient]:
    made = invite(client, "classic", [{"kind": "me"}, {"kind": "friend"}])
    friend = people()
    taken = accept(friend, made["invites"]["1"]["code"])
    return made, taken, friend


def _worst_lay_aways(seats: dict[int, Seat]) -> dict[int, list[Message]]:
    """Each person lays away the worst, in turn; what the coach told each."""
    told: dict[int, list[Message]] = {}
    for _ in range(2):
        newest = max(s.last["seq"] for s in seats.values())
        for seat in seats.values():
            while seat.last["seq"] < newest:
                seat.receive()
        mover = next(iter(seats.values())).last["observation"]["current_player"]
        state = seats[mover].last
        told[mover] = lay_away(seats[mover], options(state)[-1])
    return told


@pytest.mark.parametrize("both", [False, True])
def test_at_a_table_of_people_only_when_everybody_turned_it_on(
    client: TestClient, people: People, server_seed: Callable[[int], None], both: bool
) -> None:
    server_seed(11)  # the same deal every time
    made, taken, friend = _table(client, people)
    with (
        client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as host_socket,
        friend.websocket_connect(seat_url(made["id"], 1, taken["token"])) as friend_socket,
    ):
        seats = {0: Seat(host_socket), 1: Seat(friend_socket)}
        for seat in seats.values():
            seat.receive()
        status = turn_on(seats[0])
        assert (status["wanted"], status["on"], status["waiting"]) == (True, False, True)
        assert seats[1].receive()["waiting"] is False  # the friend hears where it stands
        if both:
            turn_on(seats[1])
            assert seats[0].receive()["on"] is True
        told = _worst_lay_aways(seats)
        session = session_of(client, made["id"])
        after = [session.state.observation(s).to_json() for s in (0, 1)]
    if not both:
        assert told == {0: [], 1: []}
        return
    for number, (message,) in told.items():
        assert message["verdict"] in ("mistake", "blunder")
        # Only the seat's own cards (the other's deal is never named).
        own = {int(Card.parse(card)) for card in message["chosen"]["action"]["cards"]}
        own |= {int(Card.parse(card)) for card in after[number]["kept"]}
        assert cards_named(message) <= own, (number, message)


MALFORMED = [
    ('{"type": "coach"}', "null"),
    ('{"type": "coach", "on": "yes"}', '"yes"'),
    ('{"type": "coach", "on": 1}', "1"),
    ('{"type": "coach", "on": [true]}', "[true]"),
]


@pytest.mark.parametrize(("text", "named"), MALFORMED)
def test_a_malformed_coach_message_gets_one_line_and_changes_nothing(
    client: TestClient, text: str, named: str
) -> None:
    answer = new_game(client, "classic", ai="random", seed=11)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        with unchanged(client, answer["id"]):
            socket.send_text(text)
            error = seat.error()
        assert error["code"] == "bad_coach"
        assert error["about"] == "coach"
        assert named in error["message"]
        assert "\n" not in error["message"]
        assert session_of(client, answer["id"]).coach.wishes == {}
        assert lay_away(seat, options(state)[-1]) == []
