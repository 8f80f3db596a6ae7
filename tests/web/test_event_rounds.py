"""Issue 39 through the API, beyond a night's pairing: a night of duplicate deals (every table
of a round dealt the same cards, checked from the records; nobody watches them; their seeds and
records kept until the round ends), a club's season table, the standings as CSV, public events
listed in the lobby and joined without a code."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from .test_events import play_event_game
from .test_rated import named

People = Callable[[], TestClient]
NAMES = ("Ann", "Bob", "Cal", "Dee")


def _night(
    director: TestClient, players: dict[str, TestClient], **settings: Any
) -> tuple[str, str]:
    """A night of 3 games made, opened, filled by ``players`` and started: its id and code."""
    body = {"name": "Tuesday", "game": "classic:target=61", "format": "night",
            "options": {"games": 3}, "starts": time.time(), **settings}  # fmt: skip
    made = director.post("/api/events", json=body)
    assert made.status_code == 200, made.text
    event_id = made.json()["id"]
    code = director.post(f"/api/events/{event_id}/open", json={}).json()["code"]
    for person in players.values():
        assert person.post("/api/events/register", json={"code": code}).status_code == 200
    assert director.post(f"/api/events/{event_id}/start", json={}).status_code == 200
    return event_id, code


def test_every_table_of_a_duplicate_round_is_dealt_the_same_cards(
    client: TestClient, people: People
) -> None:
    director = named(client, "Dana")
    players = {name: named(people(), name) for name in NAMES}
    event_id, _ = _night(director, players, options={"games": 3, "duplicate": True})
    by_round: dict[int, list[dict[str, Any]]] = {}
    seen_rounds = []
    while True:
        form = director.get(f"/api/events/{event_id}").json()
        playing = [g for g in form["games"] if g["second"] and g["result"] is None]
        if not playing:
            break
        round_ = playing[0]["round"]
        # A round starts together: both its tables at once, and no game of the next before
        # the last of this one ends.
        assert {g["round"] for g in playing} == {round_}
        if round_ not in seen_rounds:
            seen_rounds.append(round_)
            assert len(playing) == 2
            assert form["rounds"][-1] == {"round": round_, "over": False, "seed": None}
        game = playing[0]
        owner = players[game["first"]]
        refused = owner.get(f"/api/games/{game['id']}/record")
        assert (refused.status_code, refused.json()["error"]) == (409, "not_finished")
        assert owner.get(f"/api/games/{game['id']}/table").json()["watch"] == ""
        play_event_game(players, game, seed=len(by_round.get(round_, [])))
        if len(playing) == 2:  # (the round's other table still plays its cards)
            sealed = owner.get(f"/api/games/{game['id']}/record")
            assert (sealed.status_code, sealed.json()["error"]) == (409, "sealed")
            resumed = owner.get(f"/api/games/{game['id']}/resume")
            assert "seed" not in resumed.text
        by_round.setdefault(round_, []).append(game)
    assert seen_rounds == [1, 2, 3]
    form = director.get(f"/api/events/{event_id}").json()
    decks_of_round = []
    for round_, games in sorted(by_round.items()):
        records = [players[g["first"]].get(f"/api/games/{g['id']}/record").json() for g in games]
        seeds = {r["seed"] for r in records}
        assert len(seeds) == 1
        assert form["rounds"][round_ - 1] == {"round": round_, "over": True, "seed": seeds.pop()}
        shared = min(len(r["decks"]) for r in records)
        assert shared >= 1
        assert records[0]["decks"][:shared] == records[1]["decks"][:shared]
        decks_of_round.append(records[0]["decks"][0])
    assert len({tuple(deck) for deck in decks_of_round}) == 3  # (each round its own deals)


def test_a_club_season_table_adds_up_its_nights_and_a_csv_has_the_standings(
    client: TestClient, people: People
) -> None:
    from .test_events import play_event

    director = named(client, "Dana")
    players = {name: named(people(), name) for name in NAMES}
    refused = director.post("/api/events", json={"name": "Cup", "format": "single",
                                                 "starts": time.time(), "season": "2027"})  # fmt: skip
    assert refused.status_code == 422
    assert "a season counts club nights only" in refused.json()["message"]
    first, _ = _night(director, players, season="Spring 2027",
                      options={"games": 3, "bye_points": 2, "season": "game-points"})  # fmt: skip
    play_event(director, players, first)
    director.post(f"/api/events/{first}/close", json={})
    table = director.get(f"/api/events/{first}/season").json()
    standings = director.get(f"/api/events/{first}").json()["standings"]
    assert table["season"] == "Spring 2027"
    assert [n["id"] for n in table["nights"]] == [first]
    # (3 games, at most 9 game points a night: nobody reaches the 12 that earn season points)
    assert {line["name"]: line["game_points"] for line in table["table"]} == {
        line["name"]: line["game_points"] for line in standings
    }
    assert all(line["season_points"] == 0 for line in table["table"])
    other = director.post("/api/events", json={"name": "Other", "format": "night",
                                               "options": {"games": 3},
                                               "starts": time.time() + 86400})  # fmt: skip
    missing = director.get(f"/api/events/{other.json()['id']}/season")
    assert (missing.status_code, missing.json()["error"]) == (404, "no_season")
    download = client.get(f"/api/events/{first}/standings.csv")
    assert download.headers["content-type"].startswith("text/csv")
    assert "attachment" in download.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(download.text)))
    assert [row["name"] for row in rows] == [line["name"] for line in standings]
    assert [int(row["game_points"]) for row in rows] == [line["game_points"] for line in standings]
    assert [int(row["spread"]) for row in rows] == [line["spread"] for line in standings]
    assert rows[0]["place"] == "1"


def test_a_public_event_is_listed_and_joined_without_a_code(
    client: TestClient, people: People
) -> None:
    director = named(client, "Dana")
    body = {"name": "Open night", "format": "night", "options": {"games": 1},
            "starts": time.time(), "public": True}  # fmt: skip
    public_id = director.post("/api/events", json=body).json()["id"]
    private_id = director.post("/api/events", json={**body, "name": "Club only", "public": False,
                                                    "starts": time.time() + 86400}).json()["id"]  # fmt: skip
    assert client.get("/api/events").json() == []  # (drafts are not listed)
    for event_id in (public_id, private_id):
        director.post(f"/api/events/{event_id}/open", json={})
    listed = client.get("/api/events").json()
    assert [(e["id"], e["name"], e["players"]) for e in listed] == [(public_id, "Open night", 0)]
    ann = named(people(), "Ann")
    joined = ann.post("/api/events/register", json={"event": public_id})
    assert joined.status_code == 200
    assert joined.json()["players"] == ["Ann"]
    refused = ann.post("/api/events/register", json={"event": private_id})
    assert refused.status_code == 422
    assert "register with the event's code" in refused.json()["message"]
    assert client.get("/api/events").json()[0]["players"] == 1


def test_what_a_dead_server_left_of_a_night_is_caught_up(
    client: TestClient, people: People
) -> None:
    """A server that died after a game's end and before its event heard of it, or between a
    pairing and its table: the sweep (at every start, every few seconds in a cluster) writes
    the result from the stored game, makes the table, and pairs on."""
    from cribkit.events.store import EventGames, EventStore

    app: Any = client.app
    manager = app.state.manager
    director = named(client, "Dana")
    players = {name: named(people(), name) for name in NAMES}
    event_id, _ = _night(director, players)
    hooks = list(manager.on_game_over)
    unheard: set[str] = set()

    async def heard_unless_unheard(session: Any) -> None:
        if session.id not in unheard:
            for hook in hooks:
                await hook(session)

    manager.on_game_over[:] = [heard_unless_unheard]

    def finish_unheard(game: dict[str, Any]) -> None:
        unheard.add(game["id"])  # (as if the server died as the game ended)
        play_event_game(players, game)

    first, second = director.get(f"/api/events/{event_id}").json()["games"]
    assert (first["first"], first["second"], second["first"], second["second"]) == NAMES
    finish_unheard(first)
    assert director.get(f"/api/events/{event_id}").json()["games"][0]["result"] is None
    client.portal.call(app.state.events.catch_up, event_id)  # type: ignore[union-attr]
    form = director.get(f"/api/events/{event_id}").json()
    record = players["Ann"].get(f"/api/games/{first['id']}/record").json()
    assert form["games"][0]["result"]["scores"] == record["result"]["scores"]
    assert len(form["games"]) == 2  # (Ann and Bob have met: they wait for Cal and Dee)
    finish_unheard(second)
    ann, bob, cal, dee = EventStore(app.state.store).players(event_id)
    games = EventGames(app.state.store)
    # Its end heard, its players paired, and the server gone before it made their table.
    ended = app.state.events.stored_outcome(second["id"])
    assert games.record(event_id, 2, ended)
    games.add(event_id, [(ann, cal)], [], 2)
    client.portal.call(app.state.events.catch_up, event_id)  # type: ignore[union-attr]
    made = games.of(event_id)
    assert made[1].result is not None
    assert [{g.first, g.second} for g in made[2:]] == [{ann, cal}, {bob, dee}]
    assert all(g.game_id is not None and g.result is None for g in made[2:])
    assert len({g.game_id for g in made}) == 4


def test_a_games_28_and_29_hands_are_kept_with_its_result() -> None:
    from cribkit.core.cards import Card, parse_cards
    from cribkit.games.classic.events import HandShown
    from cribkit.games.protocol import Result
    from cribkit.web.eventplay import outcome_of

    def shown(seat: int, cards: str, starter: str) -> HandShown:
        return HandShown(seat=seat, points=0, scores=(0, 0), cards=parse_cards(cards),
                         starter=Card.parse(starter))  # fmt: skip

    events = [shown(0, "5h 5c 5s Jd", "5d"), shown(1, "5h 5c 5d Ts", "5s"),
              shown(1, "2c 3c 4c 6d", "9h"), shown(1, "5h 5c 5d Ts", "5s")]  # fmt: skip
    result = Result(
        winner=0, winners=(0,), scores=(121, 90), game_points=1, skunk="", next_dealer=1
    )
    outcome = outcome_of("classic", result, events)
    assert outcome["hands_29"] == [1, 0]
    assert outcome["hands_28"] == [0, 2]
    assert outcome["scores"] == [121, 90]
