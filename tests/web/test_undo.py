"""Undo against the computer, and practice games (``docs/web.md``, "Undo").

An undo takes back the seat's last action and the computer's replies; against the computer it
may go back past something hidden that was shown since (the starter, a card the computer
played, a card turned up, a drawn tile...): the same cards come again, as the seed deals them.
The daily deal never goes back past a reveal. A game in which undo was used, or whose seed the
client chose, is practice and stays out of the statistics."""

from __future__ import annotations

import json
import sqlite3
import typing
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from cribkit.core.cards import Card
from cribkit.games.events import GameEvent
from cribkit.games.protocol import game_info, games
from cribkit.store.base import open_store

from .conftest import UNDOABLE_SEED, Message, Seat, new_game, socket_url
from .test_ws import session_of, unchanged


def seen_events(seat: Seat) -> list[Message]:
    """Every event the seat has been sent, in order."""
    states = [json.loads(text) for text in seat.received]
    return [e for m in states if m["type"] == "state" for e in m["events"]]


def play_until_undo(client: TestClient, answer: Message, seat: Seat) -> tuple[Message, Any]:
    """Play seat 0's first legal move until an undo is allowed: that state, and what the seat
    had been sent and the stored actions just before its last move."""
    store = client.app.state.store  # type: ignore[attr-defined]
    state = seat.until_turn(seat.last or None)
    for _ in range(200):
        assert state["result"] is None, "no undo before the end"
        before = (seen_events(seat), store.load_actions(answer["id"]), state)
        state = seat.until_turn(seat.act(state["legal"][0]))
        if state["can_undo"]:
            return state, before
        # Whenever undo is not offered, it is refused, and the refusal changes nothing.
        with unchanged(client, answer["id"]):
            seat.socket.send_json({"type": "undo"})
            assert seat.error()["code"] == "cannot_undo"
    raise AssertionError("no undo offered")


def test_a_practice_undo_goes_back_past_the_starter_and_the_same_starter_comes_again(
    client: TestClient,
) -> None:
    answer = new_game(client, "classic", ai="random", seed=11)
    store = client.app.state.store  # type: ignore[attr-defined]
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        start = seat.until_turn()
        assert start["can_undo"] is False  # nothing to take back yet
        assert start["undo_past"] is None
        actions = store.load_actions(answer["id"])
        turn = seat.until_turn(seat.act(start["legal"][0]))
        starter = next(e for e in seen_events(seat) if e["type"] == "starter")["starter"]
        # Against the computer an undo may go back past the starter (a practice undo): the
        # state says what it goes back past, in the words the seat saw it in.
        assert turn["can_undo"] is True
        assert turn["undo_past"] == f"the starter is {starter}"
        socket.send_json({"type": "undo"})
        undone = seat.receive()
        assert undone["type"] == "state"
        assert undone.get("reset") is True
        assert undone["observation"]["hand"] == start["observation"]["hand"]
        assert undone["legal"] == start["legal"]
        assert undone["practice"] is True
        assert store.load_actions(answer["id"]) == actions
        # Another lay-away: the same starter, as the seed dealt it.
        seat.until_turn(seat.act(start["legal"][1]))
        starters = [e["starter"] for e in seen_events(seat) if e["type"] == "starter"]
        assert starters == [starter, starter]


def test_the_daily_deal_refuses_an_undo_past_the_starter_and_changes_nothing(
    client: TestClient,
) -> None:
    # The daily deal keeps the rule of tables of people: never back past a reveal (its result
    # is measured against the expert's on the same cards).
    answer = client.post("/api/games", json={"game": "classic", "daily": "2026-12-01"}).json()
    store = client.app.state.store  # type: ignore[attr-defined]
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        start = seat.until_turn()
        turn = seat.until_turn(seat.act(start["legal"][0]))
        starter = next(e for e in seen_events(seat) if e["type"] == "starter")["starter"]
        assert turn["can_undo"] is False
        assert turn["undo_past"] is None
        actions = store.load_actions(answer["id"])
        with unchanged(client, answer["id"]):
            socket.send_json({"type": "undo"})
            error = seat.error()
            assert error["code"] == "cannot_undo"
            assert f"the starter is {starter}" in error["message"]
            assert error["seq"] == turn["seq"]
            # Asking again (the "undo again" walk back through the deal) changes nothing either.
            socket.send_json({"type": "undo"})
            assert seat.error()["code"] == "cannot_undo"
            socket.send_json({"type": "ping"})
            assert seat.receive()["type"] == "pong"
        # The lay-away stands: the starter seen is never played with another one.
        assert store.load_actions(answer["id"]) == actions
        assert len(seat.last["observation"]["hand"]) == 4


def test_an_undo_before_any_reveal_works_and_makes_the_game_practice(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    server_seed(UNDOABLE_SEED)
    answer = new_game(client, "classic", ai="random", options={"target": 61})
    assert answer["practice"] is False
    store = client.app.state.store  # type: ignore[attr-defined]
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        turn, (seen, actions, previous) = play_until_undo(client, answer, seat)
        assert turn["practice"] is False
        assert store.load_game(answer["id"]).practice is False
        socket.send_json({"type": "undo"})
        undone = seat.receive()
        assert undone["type"] == "state"
        assert undone.get("reset") is True
        assert undone["seq"] > turn["seq"]
        assert undone["events"] == seen
        assert undone["observation"] == {**previous["observation"]}
        assert undone["legal"] == previous["legal"]
        assert undone["practice"] is True
        assert store.load_actions(answer["id"]) == actions
        assert store.load_game(answer["id"]).practice is True
        assert any(g["practice"] for g in client.get("/api/games/saved").json())
        # A message from before the undo is stale now.
        socket.send_json({"type": "action", "seq": turn["seq"], "action": previous["legal"][0]})
        assert seat.error()["code"] == "stale"


def finish(seat: Seat, state: Message) -> Message:
    while state["result"] is None:
        state = seat.until_turn(seat.act(state["legal"][0]))
    return state


def test_practice_games_are_not_counted_in_the_statistics(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    server_seed(UNDOABLE_SEED)
    for undo in (True, False):
        answer = new_game(client, "classic", ai="random", options={"target": 61})
        with client.websocket_connect(socket_url(answer)) as socket:
            seat = Seat(socket)
            state = seat.until_turn()
            if undo:
                play_until_undo(client, answer, seat)
                socket.send_json({"type": "undo"})
                state = seat.until_turn(seat.receive())
            finish(seat, state)
    chosen = new_game(client, "classic", ai="random", seed=UNDOABLE_SEED, options={"target": 61})
    with client.websocket_connect(socket_url(chosen)) as socket:
        seat = Seat(socket)
        finish(seat, seat.until_turn())
    stats = client.get("/api/stats").json()
    [row] = stats["rows"]
    assert row["played"] == 1  # only the fair game without an undo
    assert len(stats["results"]) == 1
    assert stats["practice"] == {"played": 2}


def test_a_hot_seat_game_refuses_undo(client: TestClient) -> None:
    answer = new_game(client, "classic", mode="hotseat")
    with (
        client.websocket_connect(socket_url(answer, 0)) as first,
        client.websocket_connect(socket_url(answer, 1)) as second,
    ):
        seats = [Seat(first), Seat(second)]
        for seat in seats:
            seat.receive()
        mover = next(s for s in seats if s.last["legal"])
        state = mover.act(mover.last["legal"][0])
        assert state["can_undo"] is False
        with unchanged(client, answer["id"]):
            mover.socket.send_json({"type": "undo"})
            error = mover.error()
            assert error["code"] == "cannot_undo"
            assert "against the computer" in error["message"]


def test_a_game_whose_seed_the_client_chose_is_practice(client: TestClient) -> None:
    chosen = new_game(client, "tiles", seed=3)
    fair = new_game(client, "tiles")
    assert (chosen["practice"], fair["practice"]) == (True, False)
    saved = {g["id"]: g["practice"] for g in client.get("/api/games/saved").json()}
    assert saved == {chosen["id"]: True, fair["id"]: False}
    with client.websocket_connect(socket_url(chosen)) as socket:
        assert Seat(socket).receive()["practice"] is True


def test_a_tiles_practice_undo_after_a_draw_draws_the_same_tiles_again(client: TestClient) -> None:
    from cribkit.ai.players import make_player

    answer = new_game(client, "tiles", ai="easy", seed=4)
    session = session_of(client, answer["id"])
    player = make_player("tiles", "easy", seed=4)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        seat.until_turn()
        truth = session.state
        action = player.choose(truth.observation(0), truth.legal_actions()).to_dict()
        state = seat.until_turn(seat.act(action))
        drawn = [e for e in seen_events(seat)[-20:] if e["type"] == "draw" and e["seat"] == 0]
        assert drawn
        assert drawn[0]["tiles"]
        assert state["can_undo"] is True
        assert state["undo_past"] is not None
        assert state["undo_past"].startswith("seat 0 draws")
        socket.send_json({"type": "undo"})
        assert seat.receive().get("reset") is True
        seat.until_turn(seat.act(action))
        again = [e for e in seen_events(seat)[-20:] if e["type"] == "draw" and e["seat"] == 0]
        assert again[-1]["tiles"] == drawn[-1]["tiles"]


def test_solitaire_practice_undo_past_the_starter_turns_the_same_starter(
    client: TestClient,
) -> None:
    answer = new_game(client, "solitaire", seed=5)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        start = seat.until_turn()
        state = seat.until_turn(seat.act(start["legal"][0]))
        [starter] = [e["starter"] for e in seen_events(seat) if e["type"] == "starter"]
        assert state["can_undo"] is True
        assert state["undo_past"] == f"the starter is {starter}"
        socket.send_json({"type": "undo"})
        undone = seat.receive()
        assert undone["observation"]["hand"] == start["observation"]["hand"]
        seat.until_turn(seat.act(start["legal"][-1]))
        assert [e["starter"] for e in seen_events(seat) if e["type"] == "starter"][-1] == starter


def _carries_cards_or_tiles(kind: type[GameEvent]) -> bool:
    shared = {f.name for f in fields(GameEvent)}
    hints = typing.get_type_hints(kind)
    for f in fields(kind):
        if f.name in shared:
            continue
        if f.name == "tiles" or Card in (
            hints[f.name],
            *typing.get_args(hints[f.name]),
        ):
            return True
    return False


def test_every_kind_that_carries_cards_or_tiles_says_what_it_reveals() -> None:
    for game in games():
        for kind in game_info(game).events:
            assert kind.reveals in ("nothing", "others", "everyone"), kind
            if _carries_cards_or_tiles(kind):
                declared = [c for c in kind.__mro__ if c is not GameEvent and "reveals" in vars(c)]
                assert declared, f"{game} {kind.__name__} does not say what it reveals"


def test_an_older_store_opens_and_upgrades_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(
        """
        CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, spec TEXT NOT NULL,
            rules TEXT NOT NULL, seed TEXT NOT NULL, mode TEXT NOT NULL, ai TEXT NOT NULL,
            humans TEXT NOT NULL, tokens TEXT NOT NULL, status TEXT NOT NULL,
            created REAL NOT NULL, updated REAL NOT NULL, version INTEGER NOT NULL,
            scores TEXT NOT NULL, result TEXT);
        CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games(id),
            idx INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (game_id, idx));
        INSERT INTO games VALUES ('g1', 'classic', 'classic', '{}', '7', 'ai', 'expert',
            '[0]', '{}', 'playing', 1.0, 1.0, 0, '[0, 0]', NULL);
        """
    )
    db.commit()
    db.close()
    store = open_store(f"sqlite:///{path}")
    try:
        row = store.load_game("g1")
        assert row is not None
        assert (row.seed, row.practice) == (7, False)
        store.truncate_actions("g1", 0, version=1, scores=[0, 0])
        again = store.load_game("g1")
        assert again is not None
        assert again.practice is True
    finally:
        store.close()
    reopened = open_store(f"sqlite:///{path}")  # an upgraded store opens as it is
    try:
        assert [r.id for r in reopened.list_games()] == ["g1"]
    finally:
        reopened.close()


def test_an_undo_is_weighed_again_when_another_process_moved_the_game_first(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    # An undo names no version: when the store has moved on behind the session (the
    # computer's reply stored through another server), the session catches up and the undo is
    # made on the game as it now is, not refused as stale.
    server_seed(UNDOABLE_SEED)
    answer = new_game(client, "classic", ai="random", options={"target": 61})
    store = client.app.state.store  # type: ignore[attr-defined]
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        _, (_, actions, previous) = play_until_undo(client, answer, seat)
        row = store.load_game(answer["id"])
        kept = store.load_actions(answer["id"])
        store.truncate_actions(  # (takes nothing back: only the stored version moves on)
            answer["id"], len(kept), version=row.version + 1, scores=list(row.scores),
            expect=row.version,
        )  # fmt: skip
        socket.send_json({"type": "undo"})
        undone = seat.receive()
        assert undone["type"] == "state", undone
        assert undone.get("reset") is True
        assert undone["seq"] == row.version + 2
        assert undone["observation"] == previous["observation"]
        assert store.load_actions(answer["id"]) == actions
