"""Accounts over HTTP (issue 38): a guest claims a name and keeps their games; a password signs
another device in; the same answer for an unknown name and a wrong password; limits on
guessing; devices listed and signed out, one or all; export and deletion; no page of another
site can change anything."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cribkit.accounts.signin import SIGN_INS_PER_ADDRESS, SIGN_INS_PER_NAME
from cribkit.web.app import create_app

from .conftest import LOCAL, new_game, play_random_moves

PASSWORD = "fifteen two, fifteen four"
FIREFOX = {"User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"}


def claim(client: TestClient, name: str = "Ann", password: str | None = PASSWORD) -> Any:
    answer = client.post("/api/account", json={"name": name, "password": password})
    assert answer.status_code == 200, answer.text
    return answer.json()


def sign_in(client: TestClient, name: str = "Ann", password: str = PASSWORD) -> Any:
    return client.post("/api/account/sign-in", json={"name": name, "password": password})


def saved_ids(client: TestClient) -> set[str]:
    return {entry["id"] for entry in client.get("/api/games/saved").json()}


def test_a_guest_claims_a_name_and_another_device_signs_in_to_the_same_games(
    client: TestClient, people: Callable[[], TestClient]
) -> None:
    rng = random.Random(2)
    played = {
        play_random_moves(client, game, 400, rng)[0]["id"] for game in ("solitaire", "classic")
    }
    before = client.get("/api/stats").json()
    assert client.get("/api/account").json() == {"signed_in": False, "account": None}
    made = claim(client)
    assert made["account"]["name"] == "Ann"
    assert made["account"]["password"] is True
    # The guest's games and statistics are the account's.
    assert saved_ids(client) == played
    assert client.get("/api/stats").json() == before
    assert client.get("/api/me").json()["name"] == "Ann"
    # A second device: a guest until it signs in, then the same player.
    laptop = people()
    assert saved_ids(laptop) == set()
    answer = laptop.post(
        "/api/account/sign-in", json={"name": "ann", "password": PASSWORD}, headers=FIREFOX
    )
    assert answer.status_code == 200, answer.text
    assert saved_ids(laptop) == played
    assert laptop.get("/api/stats").json() == before
    devices = laptop.get("/api/account/sessions").json()
    assert [d["this"] for d in devices] == [True, False]
    assert devices[0]["device"] == "Firefox on Linux"


def test_an_unknown_name_and_a_wrong_password_get_the_same_answer(
    client: TestClient, people: Callable[[], TestClient]
) -> None:
    claim(client)
    other = people()
    wrong = sign_in(other, "Ann", "not the password at all")
    unknown = sign_in(other, "Nobody", PASSWORD)
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["message"] == "no account has that name and password"
    assert other.get("/api/account").json()["signed_in"] is False
    # A name that cannot be one, or a body of the wrong kinds, is refused alike or as a bad
    # request, and signs nobody in.
    assert sign_in(other, "x" * 100, PASSWORD).json() == unknown.json()
    assert other.post("/api/account/sign-in", json={"name": 5, "password": []}).status_code == 422


def test_guessing_is_limited_per_address_and_per_name(store_path: Any) -> None:
    app = create_app(f"sqlite:///{store_path}")
    with TestClient(app, base_url=LOCAL) as first:
        claim(first)
        # One name: limited whichever address tries it (SIGN_INS_PER_NAME a minute).
        answers = [
            sign_in(first, "ANN", f"wrong guess {i}").status_code
            for i in range(SIGN_INS_PER_NAME + 1)
        ]
        assert answers == [401] * SIGN_INS_PER_NAME + [429]
        # The right password is refused too until the minute is over: guessing gains nothing.
        limited = sign_in(first)
        assert limited.status_code == 429
        assert limited.json()["message"] == "too many sign-ins for that name: wait a minute"
        # One address: limited over any names (SIGN_INS_PER_ADDRESS a minute in all).
        left = SIGN_INS_PER_ADDRESS - SIGN_INS_PER_NAME - 2
        others = [sign_in(first, f"name{i}", "some guess").status_code for i in range(left + 1)]
        assert others == [401] * left + [429]
        assert (
            sign_in(first, "fresh-name").json()["message"]
            == "too many sign-ins from here: wait a minute"
        )


def test_devices_are_signed_out_one_or_all_and_become_guests(
    client: TestClient, people: Callable[[], TestClient]
) -> None:
    claim(client)
    rng = random.Random(4)
    game = play_random_moves(client, "solitaire", 3, rng)[0]["id"]
    phone, laptop = people(), people()
    assert sign_in(phone).status_code == 200
    assert sign_in(laptop).status_code == 200
    assert len(client.get("/api/account/sessions").json()) == 3
    # The phone signed out from the first device: at its next request it is a new guest.
    phone_id = next(d["id"] for d in phone.get("/api/account/sessions").json() if d["this"])
    assert client.delete(f"/api/account/sessions/{phone_id}").status_code == 200
    assert len(client.get("/api/account/sessions").json()) == 2
    assert phone.get("/api/account").json()["signed_in"] is False
    assert game not in saved_ids(phone)
    assert client.delete(f"/api/account/sessions/{phone_id}").status_code == 404
    # Signed out everywhere: every device a guest, the games out of their reach.
    assert laptop.post("/api/account/sign-out-everywhere", json={}).json()["ended"] >= 2
    for device in (client, phone, laptop):
        assert device.get("/api/account").json()["signed_in"] is False
        assert game not in saved_ids(device)
    # Signed in again, the games are there.
    assert sign_in(phone).status_code == 200
    assert game in saved_ids(phone)
    assert phone.post("/api/account/sign-out", json={}).json() == {
        "signed_in": False,
        "account": None,
    }
    assert saved_ids(phone) == set()


def test_a_password_is_changed_with_the_current_one_and_never_the_last_way_in(
    client: TestClient,
) -> None:
    claim(client)
    wrong = client.post(
        "/api/account/password", json={"password": "a new long one", "current": "nope"}
    )
    assert (wrong.status_code, wrong.json()["message"]) == (
        422,
        "the current password is not that: nothing changed",
    )
    weak = client.post("/api/account/password", json={"password": "password1", "current": PASSWORD})
    assert weak.json()["error"] == "weak_password"
    removed = client.post("/api/account/password", json={"password": None, "current": PASSWORD})
    assert removed.json()["message"] == "a password is removed only once a passkey signs you in"
    changed = client.post(
        "/api/account/password", json={"password": "a new long one", "current": PASSWORD}
    )
    assert changed.status_code == 200
    assert sign_in(client, "Ann", "a new long one").status_code == 200


def test_names_taken_or_bad_are_refused_in_one_line(
    client: TestClient, people: Callable[[], TestClient]
) -> None:
    claim(client)
    other = people()
    for name, code, message in [
        ("\u0410NN", "name_taken", "the name '\u0410NN' is taken: choose another"),
        ("ab", "bad_name", "a name is 3 to 20 characters: 'ab' has 2"),
        ("admin", "bad_name", "the name 'admin' is reserved: choose another"),
    ]:
        answer = other.post("/api/account", json={"name": name})
        assert (answer.json()["error"], answer.json()["message"]) == (code, message)
    weak = other.post("/api/account", json={"name": "Bob", "password": "trustno1"})
    assert weak.json()["error"] == "weak_password"
    assert other.get("/api/account").json()["signed_in"] is False  # (nothing kept)
    assert claim(other, "Bob", None)["account"]["password"] is False


def test_export_and_delete(client: TestClient, people: Callable[[], TestClient]) -> None:
    claim(client)
    rng = random.Random(6)
    finished = play_random_moves(client, "solitaire", 400, rng)[0]["id"]
    exported = client.get("/api/account/export").json()
    assert exported["account"]["name"] == "Ann"
    assert len(exported["records"]) == 1
    assert exported["records"][0]["game"] == "solitaire"
    assert exported["records"][0]["actions"]
    assert exported["unfinished"] == []
    assert "$argon2" not in json.dumps(exported)  # (whether it has a password, never its hash)
    refused = client.post("/api/account/delete", json={"confirm": "Bob"})
    assert refused.status_code == 422
    assert client.post("/api/account/delete", json={"confirm": "ann"}).json()["deleted"] is True
    assert client.get("/api/account").json()["signed_in"] is False
    assert sign_in(people()).status_code == 401
    # The name is free again; the game is still in the store.
    assert claim(people(), "Ann")["account"]["name"] == "Ann"
    assert client.app.state.store.load_game(finished) is not None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "headers",
    [{"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"}, {"Origin": "null"}],
)
def test_a_page_of_another_site_changes_nothing(
    client: TestClient, headers: dict[str, str]
) -> None:
    claim(client)
    for path, body in [
        ("/api/account/sign-out", {}),
        ("/api/account/delete", {"confirm": "Ann"}),
        ("/api/account/sign-in", {"name": "Ann", "password": PASSWORD}),
        ("/api/games", {"game": "solitaire"}),
    ]:
        answer = client.post(path, json=body, headers=headers)
        assert answer.status_code == 403, path
        assert answer.json()["error"] == "cross_site"
    assert client.get("/api/account", headers=headers).json()["signed_in"] is True
    # The site's own pages pass.
    assert (
        client.post(
            "/api/account/sign-out",
            json={},
            headers={"Origin": LOCAL, "Sec-Fetch-Site": "same-origin"},
        ).status_code
        == 200
    )


def test_a_device_is_linked_by_a_code_once_within_five_minutes(
    client: TestClient, people: Callable[[], TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    claim(client, "Ann", None)  # (no password at all: the code is the way in)
    rng = random.Random(8)
    game = play_random_moves(client, "solitaire", 3, rng)[0]["id"]
    assert people().post("/api/account/link-code", json={}).status_code == 401  # (a guest)
    made = client.post("/api/account/link-code", json={}).json()
    code = made["code"]
    assert len(code) == 9
    # The page's address that uses it, and that address as a QR code for a camera.
    assert made["link"] == f"{LOCAL}/#/link/{code}"
    assert made["qr"].startswith("data:image/svg+xml")
    tablet = people()
    # Typed as people type it: lower case, no dash, an O for a zero.
    typed = code.replace("-", " ").lower().replace("0", "o")
    answer = tablet.post("/api/account/link", json={"code": typed})
    assert answer.status_code == 200, answer.text
    assert answer.json()["account"]["name"] == "Ann"
    assert game in saved_ids(tablet)
    # Once only.
    again = people().post("/api/account/link", json={"code": code})
    assert (again.status_code, again.json()["error"]) == (401, "bad_code")
    # A new code replaces the last; after five minutes it is nothing.
    first = client.post("/api/account/link-code", json={}).json()["code"]
    second = client.post("/api/account/link-code", json={}).json()["code"]
    assert people().post("/api/account/link", json={"code": first}).status_code == 401
    later = time.time() + 301
    monkeypatch.setattr("cribkit.accounts.store.time.time", lambda: later)
    assert people().post("/api/account/link", json={"code": second}).status_code == 401
    assert people().post("/api/account/link", json={"code": "not a code"}).status_code == 401


def test_a_profile_shows_the_games_and_no_route_tells_more_of_a_name(
    client: TestClient, people: Callable[[], TestClient]
) -> None:
    made = claim(client)
    rng = random.Random(9)
    for _ in range(2):
        play_random_moves(client, "solitaire", 400, rng)
    stranger = people()
    profile = stranger.get("/api/players/ANN").json()
    assert profile["name"] == "Ann"
    assert profile["member_since"] == pytest.approx(made["account"]["created"])
    assert profile["games"]["solitaire"]["played"] == 2
    stats = client.get("/api/stats").json()
    assert profile["games"]["solitaire"]["won"] == sum(r["won"] for r in stats["rows"])
    assert profile["ratings"] == []
    assert set(profile["milestones"]) == {
        "hands_29",
        "hands_28",
        "skunks_won",
        "double_skunks_won",
        "longest_winning_streak",
    }
    # An unknown name and a deleted account's are the same 404.
    unknown = stranger.get("/api/players/Nobody")
    client.post("/api/account/delete", json={"confirm": "Ann"})
    deleted = stranger.get("/api/players/Ann")
    assert unknown.status_code == deleted.status_code == 404
    assert unknown.json()["error"] == deleted.json()["error"] == "not_found"


def test_friends_with_presence_and_a_block_keeps_a_player_from_your_table(
    client: TestClient, people: Callable[[], TestClient]
) -> None:
    claim(client, "Ann")
    bob = people()
    claim(bob, "Bob")
    assert client.post("/api/account/friends", json={"name": "bob"}).json() == [
        {"name": "Bob", "online": True}
    ]
    assert client.get("/api/account/friends").json() == [{"name": "Bob", "online": True}]
    assert client.post("/api/account/friends", json={"name": "Nobody"}).status_code == 404
    assert (
        client.post("/api/account/friends", json={"name": "Ann"}).json()["error"] == "bad_request"
    )
    # Blocked: off the friends, and kept from Ann's table (and she from his).
    assert client.post("/api/account/blocks", json={"name": "Bob"}).json() == [
        {"name": "Bob", "online": True}
    ]
    assert client.get("/api/account/friends").json() == []
    table = new_game(client, "classic", seats=[{"kind": "me"}, {"kind": "friend"}])
    code = table["invites"]["1"]["code"]
    refused = bob.post(f"/api/invites/{code}/accept", json={})
    assert (refused.status_code, refused.json()["error"]) == (403, "not_for_you")
    theirs = new_game(bob, "classic", seats=[{"kind": "me"}, {"kind": "friend"}])
    assert (
        client.post(f"/api/invites/{theirs['invites']['1']['code']}/accept", json={}).status_code
        == 403
    )
    # Unblocked, he sits down.
    assert client.delete("/api/account/blocks/Bob").json() == []
    assert bob.post(f"/api/invites/{code}/accept", json={}).status_code == 200


@pytest.mark.parametrize("secure", [False, True])
def test_the_session_cookie_is_httponly_lax_and_secure_behind_https(
    store_path: Any, secure: bool
) -> None:
    app = create_app(f"sqlite:///{store_path}", secure_cookies=secure)
    with TestClient(app, base_url=LOCAL) as client:
        answer = client.post("/api/account", json={"name": "Ann", "password": PASSWORD})
    cookie = answer.headers["set-cookie"].lower()
    assert "httponly" in cookie
    assert "samesite=lax" in cookie
    assert ("secure" in cookie.replace("samesite", "")) is secure
