"""A club night through the API (issue 39): a director makes and opens it, ten accounts
register by its code, the director starts it; each game the pairing makes is played to its end
by its two players' sockets (each player a session of its own), the next pairing made as each
ends, until everyone has played their 4 games against 4 different opponents; the standings are
then computed again from the stored games' records. Bad steps are refused in one line."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from cribkit.accounts.rated import pool_of

from .conftest import Seat
from .test_rated import named, ratings
from .test_tables import play_out, seat_url

People = Callable[[], TestClient]


TEN = ("Ann", "Bob", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Joe")


def test_a_night_of_ten_is_played_to_its_end_through_the_api(
    client: TestClient, people: People
) -> None:
    director = named(client, "Dana")
    players = {name: named(people(), name) for name in TEN}
    body = {"name": "Tuesday", "game": "classic:target=61", "format": "night",
            "options": {"games": 4}, "starts": time.time()}  # fmt: skip
    made = director.post("/api/events", json=body).json()
    event_id = made["id"]
    assert (made["status"], made["options"]["games"]) == ("draft", 4)
    refused = players["Ann"].post(f"/api/events/{event_id}/open", json={})
    assert (refused.status_code, refused.json()["error"]) == (403, "not_director")
    join = director.post(f"/api/events/{event_id}/open", json={}).json()["code"]
    for name, person in players.items():
        assert person.post("/api/events/register", json={"code": join}).status_code == 200, name
    twice = players["Ann"].post("/api/events/register", json={"code": join})
    assert twice.status_code == 422
    assert "registered for Tuesday already" in twice.json()["message"]
    started = director.post(f"/api/events/{event_id}/start", json={}).json()
    assert started["status"] == "running"
    assert len([g for g in started["games"] if g["second"]]) == 5  # (everyone at a table)
    played = play_event(director, players, event_id)
    state = director.get(f"/api/events/{event_id}").json()
    assert played == len([g for g in state["games"] if g["second"]])
    # The standings computed again from the stored games' own records, not the event's rows.
    expected = {name: {"game_points": 0, "wins": 0, "spread": 0, "skunks": 0, "byes": 0}
                for name in TEN}  # fmt: skip
    met: dict[str, list[str]] = {name: [] for name in TEN}
    for game in state["games"]:
        if game["second"] is None:
            expected[game["first"]]["byes"] += 1
            expected[game["first"]]["game_points"] += 2
            continue
        record = players[game["first"]].get(f"/api/games/{game['id']}/record").json()
        first, second = record["result"]["scores"]
        skunk = record["result"].get("skunk") or ""
        for name, other, mine, theirs in ((game["first"], game["second"], first, second),
                                          (game["second"], game["first"], second, first)):  # fmt: skip
            met[name].append(other)
            line = expected[name]
            line["spread"] += mine - theirs
            if mine > theirs:
                line["wins"] += 1
                line["game_points"] += 3 if skunk else 2
                line["skunks"] += bool(skunk)
    for line in state["standings"]:
        name = line["name"]
        assert {key: line[key] for key in expected[name]} == expected[name], name
        assert len(met[name]) == len(set(met[name])), f"{name} met someone twice"
        assert len(met[name]) + line["byes"] == 4
        assert line["left"] == 0
        # Every game between accounts counted in the pool of its game, like any rated game.
        assert ratings(director, name)[str(pool_of("classic:target=61"))]["games"] == len(met[name])
    order = [(-line["game_points"], -line["wins"], -line["spread"]) for line in state["standings"]]
    assert order == sorted(order)
    assert state["status"] == "finished"  # (every game played: over by its rules)
    late = named(people(), "Eve").post("/api/events/register", json={"code": join})
    assert "registration for Tuesday is closed" in late.json()["message"]


def play_event(director: TestClient, players: dict[str, TestClient], event_id: str) -> int:
    """Play every game the event makes, each by its two players' sockets, until none is left
    to play: how many were played."""
    played = 0
    while True:
        state = director.get(f"/api/events/{event_id}").json()
        open_games = [g for g in state["games"] if g["second"] and g["result"] is None]
        if not open_games:
            return played
        play_event_game(players, open_games[0], seed=played)
        played += 1


def play_event_game(players: dict[str, TestClient], game: dict[str, Any], seed: int = 0) -> None:
    """Play an event's game to its end by its players' sockets (a seat of a player not in
    ``players``, replaced, is the computer's)."""
    with contextlib.ExitStack() as stack:
        seats = {}
        for seat, name in enumerate((game["first"], game["second"])):
            if name in players:
                tokens = players[name].get(f"/api/games/{game['id']}/resume").json()["tokens"]
                url = seat_url(game["id"], seat, tokens[str(seat)])
                seats[seat] = Seat(stack.enter_context(players[name].websocket_connect(url)))
        final = play_out(seats, seed=seed)
    assert final["result"] is not None


def test_a_single_elimination_of_four_is_played_to_its_champion(
    client: TestClient, people: People
) -> None:
    director = named(client, "Dana")
    players = {name: named(people(), name) for name in ("Ann", "Bob", "Cal", "Dee")}
    body = {"name": "Cup", "game": "classic:target=61", "format": "single", "starts": time.time()}
    event_id = director.post("/api/events", json=body).json()["id"]
    join = director.post(f"/api/events/{event_id}/open", json={}).json()["code"]
    for person in players.values():
        person.post("/api/events/register", json={"code": join})
    director.post(f"/api/events/{event_id}/start", json={})
    first_round = director.get(f"/api/events/{event_id}").json()["games"]
    assert {(g["first"], g["second"]) for g in first_round} == {("Ann", "Dee"), ("Bob", "Cal")}
    assert play_event(director, players, event_id) == 3
    form = director.get(f"/api/events/{event_id}").json()
    games = form["games"]
    assert [g["round"] for g in games] == [1, 2, 3]
    bracket = form["bracket"]
    assert bracket["seeds"] == ["Ann", "Bob", "Cal", "Dee"]
    final = games[2]
    first, second = final["result"]["scores"]
    assert bracket["champion"] == (final["first"] if first > second else final["second"])
    assert form["status"] == "finished"
    drawn = {m["id"]: m for m in bracket["matches"]}
    assert [drawn[n]["round"] for n in (1, 2, 3)] == [1, 1, 2]
    assert {drawn[3]["first"], drawn[3]["second"]} == {drawn[1]["winner"], drawn[2]["winner"]}
    assert drawn[3]["winner"] == bracket["champion"]
    assert drawn[3]["games"] == [3]


def test_the_director_awards_a_game_once_and_the_night_moves_on(
    client: TestClient, people: People
) -> None:
    director = named(client, "Dana")
    players = {name: named(people(), name) for name in ("Ann", "Bob", "Cal", "Dee")}
    body = {"name": "Night", "game": "classic:target=61", "format": "night",
            "options": {"games": 3}, "starts": time.time()}  # fmt: skip
    event_id = director.post("/api/events", json=body).json()["id"]
    join = director.post(f"/api/events/{event_id}/open", json={}).json()["code"]
    for person in players.values():
        person.post("/api/events/register", json={"code": join})
    director.post(f"/api/events/{event_id}/start", json={})
    award = f"/api/events/{event_id}/games/1/award"
    refused = players["Ann"].post(award, json={"winner": "Ann"})
    assert (refused.status_code, refused.json()["error"]) == (403, "not_director")
    wrong = director.post(award, json={"winner": "Cal"})
    assert "is not that player's" in wrong.json()["message"]
    state = director.post(award, json={"winner": "Bob"}).json()
    game = state["games"][0]
    assert game["awarded"] is True
    assert game["result"]["scores"] == ([0, 61] if game["second"] == "Bob" else [61, 0])
    twice = director.post(award, json={"winner": "Bob"})
    assert (twice.status_code, twice.json()["error"]) == (422, "bad_event")
    assert "has its result already" in twice.json()["message"]
    # Ann and Bob are free, but have met: they wait for game 2; once it ends, all four are
    # paired anew against new opponents.
    assert len(state["games"]) == 2
    state = director.post(f"/api/events/{event_id}/games/2/award", json={"winner": "Cal"}).json()
    fresh = [(g["first"], g["second"]) for g in state["games"][2:]]
    assert len(fresh) == 2
    assert not {frozenset(pair) for pair in fresh} & {
        frozenset(("Ann", "Bob")),
        frozenset(("Cal", "Dee")),
    }


def test_a_no_show_is_replaced_by_the_computer_and_the_night_goes_on(
    client: TestClient, people: People
) -> None:
    director = named(client, "Dana")
    players = {name: named(people(), name) for name in ("Ann", "Bob", "Cal", "Dee")}
    body = {"name": "Night", "game": "classic:target=61", "format": "night",
            "options": {"games": 2}, "starts": time.time()}  # fmt: skip
    event_id = director.post("/api/events", json=body).json()["id"]
    join = director.post(f"/api/events/{event_id}/open", json={}).json()["code"]
    for person in players.values():
        person.post("/api/events/register", json={"code": join})
    director.post(f"/api/events/{event_id}/start", json={})
    refused = players["Bob"].post(f"/api/events/{event_id}/players/Dee/replace", json={})
    assert refused.status_code == 403
    state = director.post(f"/api/events/{event_id}/players/Dee/replace", json={}).json()
    assert [line["replaced"] for line in state["standings"] if line["name"] == "Dee"] == [True]
    twice = director.post(f"/api/events/{event_id}/players/Dee/replace", json={})
    assert "replaced already" in twice.json()["message"]
    store = client.app.state.store  # type: ignore[attr-defined]
    dees = [g for g in state["games"] if "Dee" in (g["first"], g["second"])]
    assert store.load_game(dees[0]["id"]).table.rated is None  # (unrated from now)
    # The others play on, the computer at Dee's seat in every game of Dee's, all unrated.
    humans = {name: person for name, person in players.items() if name != "Dee"}
    for _ in range(200):
        state = director.get(f"/api/events/{event_id}").json()
        playing = [g for g in state["games"] if g["second"] and g["result"] is None]
        if not playing:
            break
        play_event_game(humans, playing[0])
    assert all(line["left"] == 0 for line in state["standings"])
    for game in state["games"]:
        if "Dee" in (game["first"], game["second"]):
            assert store.load_game(game["id"]).table.rated is None
