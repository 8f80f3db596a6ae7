"""Matches and rematches (``docs/web.md``, "Matches"): best of 1, 3, 5 or 7 in the rules' game
points (a win 1, a skunk 2, a double skunk 3), the loser dealing first in the next game, the
tally at the table, and a rematch at the same table."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from cribkit.games.records import replay

from .conftest import Message, Seat, new_game
from .test_tables import accept, invite, play_out, seat_url


def play_game(client: TestClient, game_id: str, seed: int) -> Message:
    """Play the player's seat of a game at random to the end; the last state."""
    tokens = client.get(f"/api/games/{game_id}/resume").json()["tokens"]
    ((seat, token),) = tokens.items()
    with client.websocket_connect(seat_url(game_id, int(seat), token)) as socket:
        return play_out({int(seat): Seat(socket)}, seed=seed)


def test_a_best_of_3_match_goes_to_two_game_points_the_loser_dealing_first(
    client: TestClient,
) -> None:
    made = new_game(client, "classic", ai="random", match=3, options={"target": 61})
    store: Any = client.app.state.store  # type: ignore[attr-defined]
    game_id: str | None = made["id"]
    tallies: list[list[int]] = []
    games = 0
    while game_id is not None:
        final = play_game(client, game_id, seed=games)
        match = final["table"]["match"]
        assert match["number"] == games + 1
        assert (match["best_of"], match["needed"]) == (3, 2)
        tallies.append(match["tally"])
        result = final["result"]
        if games:
            previous = tallies[-2]
            won = [after - before for after, before in zip(match["tally"], previous, strict=True)]
            assert won[result["winner"]] == result["game_points"]
        following = final["table"]["next"]
        if match["winner"] is None:
            assert following is not None
            row = store.load_game(following)
            # The loser of this game deals first in the next.
            assert row.table.start == {"first_dealer": result["next_dealer"]}
            opening = replay({"game": "classic", "rules": row.rules, "seed": row.seed,
                              **row.table.start, "actions": []})  # fmt: skip
            assert opening.state.observation(0).to_json()["dealer"] == result["next_dealer"]
        else:
            assert following is None
            assert max(match["tally"]) >= 2
        game_id = following
        games += 1
    assert 1 <= games <= 3
    assert tallies[0] in ([1, 0], [0, 1], [2, 0], [0, 2], [3, 0], [0, 3])


def test_a_rematch_is_one_game_for_everyone_at_the_table(client: TestClient, people: Any) -> None:
    made = invite(client, "classic", [{"kind": "me"}, {"kind": "friend"}], options={"target": 61})
    friend = people()
    taken = accept(friend, made["invites"]["1"]["code"])
    assert client.post(f"/api/games/{made['id']}/rematch", json={}).status_code == 409
    with (
        client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as a,
        friend.websocket_connect(seat_url(made["id"], 1, taken["token"])) as b,
    ):
        host, guest = Seat(a), Seat(b)
        play_out({0: host, 1: guest}, seed=7)
        again = client.post(f"/api/games/{made['id']}/rematch", json={}).json()
        # The friend's page hears of the rematch at once.
        guest.socket.send_json({"type": "ping"})
        assert guest.receive()["type"] == "pong"  # the table message came before it
        assert guest.table["next"] == again["id"]
    theirs = friend.post(f"/api/games/{made['id']}/rematch", json={}).json()
    assert theirs["id"] == again["id"]
    assert (list(again["tokens"]), list(theirs["tokens"])) == (["0"], ["1"])
    assert again["tokens"] != theirs["tokens"]
    store: Any = client.app.state.store  # type: ignore[attr-defined]
    old, new = store.load_game(made["id"]), store.load_game(again["id"])
    assert new.owners == old.owners
    assert new.seed != old.seed
    assert new.mode == "table"
    stranger = people()
    assert stranger.post(f"/api/games/{made['id']}/rematch", json={}).status_code == 404


@pytest.mark.parametrize("best_of", [2, 9, 0])
def test_a_match_is_best_of_1_3_5_or_7(client: TestClient, best_of: int) -> None:
    response = client.post("/api/games", json={"game": "classic", "match": best_of})
    assert response.status_code == 422
    assert client.get("/api/games/saved").json() == []
