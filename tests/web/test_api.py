"""The JSON API: the lobby, saved games, records, replays and statistics."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from cribkit.core.scoring import score_hand
from cribkit.games.events import GameEvent
from cribkit.games.records import replay
from cribkit.store.base import StoreError, open_store
from cribkit.web.app import create_app

from .conftest import LOCAL, Message, Seat, new_game, socket_url


def finish(client: TestClient, answer: Message, seed: int = 0) -> Message:
    """Play seat 0 at random to the end; the final state."""
    rng = random.Random(seed)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        while state["result"] is None:
            state = seat.until_turn(seat.act(rng.choice(state["legal"])))
    return state


def test_the_lobby_lists_the_four_games(client: TestClient) -> None:
    entries = {entry["name"]: entry for entry in client.get("/api/games").json()}
    assert sorted(entries) == ["classic", "solitaire", "tabletop", "tiles"]
    classic = entries["classic"]
    assert classic["levels"] == ["random", "easy", "medium", "expert"]
    assert classic["hotseat"] is True
    assert classic["seats"] == {"min": 2, "max": 4}
    target = next(o for o in classic["options"] if o["name"] == "target")
    assert target == {
        "name": "target",
        "default": 121,
        "choices": [121, 61],
        "help": "points to win",
    }
    assert entries["tiles"]["hotseat"] is False
    assert entries["solitaire"]["seats"] == {"min": 1, "max": 1}
    assert entries["solitaire"]["options"] == []


def test_the_openapi_spec_is_published(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert "/api/games" in spec["paths"]
    assert "/api/stats" in spec["paths"]
    assert client.get("/docs").status_code == 200


def test_a_new_game_answers_its_seats(client: TestClient) -> None:
    answer = new_game(client, "tabletop", options={"target": 61}, ai="easy", seed=3)
    assert answer["spec"] == "tabletop:target=61"
    assert answer["mode"] == "ai"
    assert answer["humans"] == [0]
    assert list(answer["tokens"]) == ["0"]
    hotseat = new_game(client, "classic", mode="hotseat")
    assert hotseat["humans"] == [0, 1]
    assert hotseat["tokens"]["0"] != hotseat["tokens"]["1"]
    # Tiles played alone: one person plays both colours.
    alone = new_game(client, "tiles", options={"solitaire": True})
    assert alone["humans"] == [0, 1]
    solitaire = new_game(client, "solitaire")
    assert solitaire["humans"] == [0]


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"game": "chess"}, "chess"),
        ({"game": "classic", "options": {"target": 100}}, "target"),
        ({"game": "classic", "options": {"colour": "red"}}, "colour"),
        ({"game": "classic", "ai": "grandmaster"}, "grandmaster"),
        ({"game": "tiles", "mode": "hotseat"}, "hot-seat"),
        ({"game": "classic", "mode": "online"}, "mode"),
        ({"game": "classic", "seed": "abc"}, "seed"),
        ({}, "game"),
    ],
)
def test_a_bad_new_game_is_a_clear_422(client: TestClient, body: Message, named: str) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    error = response.json()
    assert error["error"] == "bad_request"
    assert named in error["message"]
    assert client.get("/api/games/saved").json() == []


def test_saved_games_hide_tokens_and_seed(client: TestClient) -> None:
    first = new_game(client, "classic", seed=12345)
    second = new_game(client, "solitaire")
    saved = client.get("/api/games/saved").json()
    assert [g["id"] for g in saved] == [second["id"], first["id"]]
    assert all(g["status"] == "playing" for g in saved)
    text = client.get("/api/games/saved").text
    assert "12345" not in text
    assert first["tokens"]["0"] not in text
    assert set(saved[0]) == {
        "id", "game", "spec", "mode", "ai", "status", "created", "updated", "scores", "result",
        "practice",
    }  # fmt: skip
    # A game whose seed the client chose is practice.
    assert [g["practice"] for g in saved] == [False, True]


def test_resume_and_record_before_and_after_the_end(client: TestClient) -> None:
    answer = new_game(client, "solitaire", seed=8)
    game_id = answer["id"]
    assert client.get(f"/api/games/{game_id}/resume").json() == {
        "id": game_id,
        "tokens": answer["tokens"],
    }
    early = client.get(f"/api/games/{game_id}/record")
    assert early.status_code == 409
    assert early.json()["error"] == "not_finished"
    assert client.get(f"/api/games/{game_id}/replay").status_code == 409
    final = finish(client, answer)
    record = client.get(f"/api/games/{game_id}/record").json()
    assert record["seed"] == 8
    assert replay(record).result is not None
    # The page's result adds Solitaire's best possible total; the record keeps the engine's.
    best = final["result"].pop("best_possible")
    assert best >= final["result"]["total"]
    assert record["result"] == final["result"]
    assert client.get(f"/api/games/{game_id}/resume").status_code == 409
    saved = client.get("/api/games/saved").json()[0]
    assert saved["status"] == "finished"
    assert saved["result"] == final["result"]
    steps = client.get(f"/api/games/{game_id}/replay").json()
    assert len(steps["steps"]) == len(record["actions"]) + 1


def test_unknown_games_are_404(client: TestClient) -> None:
    for path in ("/api/games/nope/resume", "/api/games/nope/record", "/api/games/nope/replay"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.json() == {"error": "not_found", "message": "no game 'nope'"}


def test_replay_steps_through_an_uploaded_record(client: TestClient) -> None:
    record: dict[str, Any] = {
        "game": "classic",
        "seed": 1,
        "actions": [{"type": "discard", "seat": 0, "cards": ["3s", "4c"]}],
    }
    answer = client.post("/api/replay", json=record).json()
    assert answer["game"] == "classic"
    assert [e["type"] for e in answer["steps"][0]["events"]][:2] == ["cut", "deal"]
    assert answer["steps"][0]["action"] is None
    assert answer["steps"][1]["action"] == record["actions"][0]
    view = answer["steps"][1]["view"]
    assert answer["seat"] == 0
    assert view["seat"] == 0
    assert view["laid_away"] == ["3s", "4c"]
    other = client.post("/api/replay?seat=1", json=record).json()
    assert other["steps"][1]["view"]["seat"] == 1
    assert other["steps"][1]["view"]["laid_away"] == []
    bad = client.post("/api/replay?seat=2", json=record)
    assert bad.status_code == 422
    assert answer["result"] is None
    # A record shows everything: the hands are not hidden.
    hands = [e for e in answer["steps"][0]["events"] if e["type"] == "hand"]
    assert all(len(e["cards"]) == 6 for e in hands)


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"game": "classic", "seed": 1, "actions": [{"type": "play", "seat": 0, "card": "5h"}]}, "action 0"),
        ({"game": "classic", "seed": 1, "actions": [{"type": "discard", "seat": 0, "cards": ["3s", "4c"]}, {"type": "x"}]}, "action 1"),
        ({"game": "golf", "seed": 1}, "golf"),
        ([1, 2], "JSON object"),
    ],
)  # fmt: skip
def test_a_bad_record_is_a_422_naming_the_first_bad_action(
    client: TestClient, body: Any, named: str
) -> None:
    response = client.post("/api/replay", json=body)
    assert response.status_code == 422
    assert response.json()["error"] == "bad_record"
    assert named in response.json()["message"]
    broken = client.post(
        "/api/replay", content=b"{oops", headers={"content-type": "application/json"}
    )
    assert broken.status_code == 422


def test_statistics_of_finished_games(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    empty = client.get("/api/stats").json()
    assert empty["rows"] == []
    assert empty["results"] == []
    exact = empty["hand_scores"]["exact"]
    assert sum(exact.values()) == pytest.approx(1.0)
    assert set(exact) == {str(p) for p in range(30) if p not in (19, 25, 26, 27)}
    finals = []
    for seed in (1, 2):
        server_seed(seed)
        answer = new_game(client, "classic", ai="random", options={"target": 61})
        finals.append(finish(client, answer, seed))
    new_game(client, "classic", ai="random")  # unfinished: not counted
    stats = client.get("/api/stats").json()
    [row] = stats["rows"]
    assert (row["game"], row["ai"], row["played"]) == ("classic", "random", 2)
    won = sum(0 in f["result"]["winners"] for f in finals)
    assert (row["won"], row["lost"]) == (won, 2 - won)
    assert set(row["points_per_deal"]) == {"pegging", "hand", "crib"}
    # The player's shown hands, from the records: the histogram and the best of them.
    shown: list[tuple[int, list[str], str]] = []
    deals = 0
    hand_points = 0
    store = client.app.state.store  # type: ignore[attr-defined]
    for game in store.list_games():
        if game.status != "finished":
            continue
        events: tuple[GameEvent, ...] = replay(
            client.get(f"/api/games/{game.id}/record").json()
        ).events
        deals += sum(e.type == "deal" for e in events)
        for e in events:
            if e.type == "show" and e.seat == 0:
                form = e.to_json()
                points = score_hand(" ".join(form["cards"]), form["starter"]).total
                shown.append((points, form["cards"], form["starter"]))
                hand_points += e.points
    counts: dict[str, int] = {}
    for points, _, _ in shown:
        counts[str(points)] = counts.get(str(points), 0) + 1
    assert stats["hand_scores"]["yours"] == dict(sorted(counts.items(), key=lambda kv: int(kv[0])))
    assert row["best_hand"]["points"] == max(points for points, _, _ in shown)
    assert row["points_per_deal"]["hand"] == pytest.approx(hand_points / deals, abs=1e-3)
    results = stats["results"]
    assert len(results) == 2
    assert [r["won"] for r in results] == [0 in f["result"]["winners"] for f in finals]
    margins = [f["result"]["scores"][0] - f["result"]["scores"][1] for f in finals]
    assert [r["margin"] for r in results] == margins


def test_the_store_survives_a_new_app(store_path: Path) -> None:
    url, secret = f"sqlite:///{store_path}", b"the same secret, so the same sessions"
    with TestClient(create_app(url, secret=secret), base_url=LOCAL) as first:
        answer = new_game(first, "classic", ai="random", seed=5)
        with first.websocket_connect(socket_url(answer)) as socket:
            seat = Seat(socket)
            seat.until_turn(seat.act(seat.until_turn()["legal"][0]))
            seq = seat.last["seq"]
            told = [e for raw in seat.received for e in json.loads(raw).get("events", [])]
        cookies = dict(first.cookies)
    with (
        TestClient(create_app(url, secret=secret), base_url=LOCAL, cookies=cookies) as second,
        second.websocket_connect(socket_url(answer)) as socket,
    ):
        again = Seat(socket).receive()
    assert again["seq"] == seq
    assert again["events"] == told
    assert again["observation"] == seat.last["observation"]


def test_an_unknown_store_is_refused() -> None:
    with pytest.raises(StoreError, match="mysql"):
        open_store("mysql://localhost/cribkit")


def finish_with_the_engine(client: TestClient, answer: Message, seed: int) -> Message:
    """Play seat 0 to the end with random moves chosen from the server's own legal list
    (Tiles plays are not in the seat's ``legal``); the final state."""
    from cribkit.ai.players import make_player
    from cribkit.web.sessions import GameSession

    session: GameSession = client.app.state.manager.sessions[answer["id"]]  # type: ignore[attr-defined]
    player = make_player(session.game, "random", seed=seed)
    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        state = seat.until_turn()
        while state["result"] is None:
            truth = session.state
            action = player.choose(truth.observation(0), truth.legal_actions()).to_dict()
            state = seat.until_turn(seat.act(action))
    return state


def test_statistics_of_each_game(client: TestClient, server_seed: Callable[[int], None]) -> None:
    finals = {}
    server_seed(4)
    for game, options in (("tabletop", {"target": 61}), ("solitaire", {}), ("tiles", {})):
        answer = new_game(client, game, ai="easy", options=options)
        finals[game] = finish_with_the_engine(client, answer, seed=4)
    hotseat = new_game(client, "tabletop", mode="hotseat", options={"target": 61})
    store = client.app.state.store  # type: ignore[attr-defined]
    assert store.load_game(hotseat["id"]).status == "playing"
    rows = {row["game"]: row for row in client.get("/api/stats").json()["rows"]}
    assert sorted(rows) == ["solitaire", "tabletop", "tiles"]
    assert all(row["ai"] == "easy" and row["played"] == 1 for row in rows.values())
    assert set(rows["tabletop"]["points_per_deal"]) == {"lines"}
    assert set(rows["solitaire"]["points_per_deal"]) == {"hand", "crib"}
    assert set(rows["tiles"]["points_per_deal"]) == {"play"}
    total = finals["solitaire"]["result"]["total"]
    assert rows["solitaire"]["won"] == (total >= 91)
    # Solitaire's six rounds: hand and crib points per round add up to the total, less the
    # points of his heels and the last hand (counted apart).
    per_round = rows["solitaire"]["points_per_deal"]
    assert 6 * (per_round["hand"] + per_round["crib"]) <= total
    assert rows["solitaire"]["best_hand"] is not None
    assert rows["tabletop"]["best_hand"] is None
    tiles = finals["tiles"]["result"]
    assert rows["tiles"]["won"] == (0 in tiles["winners"])


def test_a_new_game_deals_from_a_fair_seed_nobody_can_search_for(client: TestClient) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]
    seeds = []
    for game in ("classic", "tiles"):
        answer = new_game(client, game)
        seed = store.load_game(answer["id"]).seed
        assert isinstance(seed, str)
        assert seed.startswith("fair1:")
        assert len(bytes.fromhex(seed.removeprefix("fair1:"))) == 32  # 256 bits
        seeds.append(seed)
    assert len(set(seeds)) == 2
    # The seed stays on the server: the answer and the saved-games list never show it.
    assert all(seed not in json.dumps(client.get("/api/games/saved").json()) for seed in seeds)
