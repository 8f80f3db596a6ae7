"""Accounts in the store, on SQLite and PostgreSQL: a name claimed once, sessions per device,
deletion that keeps the games."""

from __future__ import annotations

import threading

import pytest

from cribkit.accounts.names import InvalidNameError
from cribkit.accounts.passwords import hash_password, verify_password
from cribkit.accounts.store import (
    DELETED_NAME,
    AccountStore,
    AlreadyNamedError,
    NameTakenError,
)
from cribkit.store.base import Store, Table, new_row


def test_a_name_is_claimed_once_whatever_its_case_or_script(store: Store) -> None:
    accounts = AccountStore(store)
    ann = accounts.claim("player-ann", "Ann", now=1000.0)
    assert (ann.name, ann.player, ann.created, ann.has_password) == (
        "Ann",
        "player-ann",
        1000.0,
        False,
    )
    for other in ("ann", "ANN", "\u0410nn", "\uff21nn"):
        with pytest.raises(NameTakenError, match="is taken: choose another"):
            accounts.claim("player-other", other)
    with pytest.raises(AlreadyNamedError):
        accounts.claim("player-ann", "Annie")
    with pytest.raises(InvalidNameError):
        accounts.claim("player-other", "no")
    assert accounts.by_name("aNN") == ann
    assert accounts.by_player("player-ann") == ann
    assert accounts.by_player("player-other") is None
    assert accounts.by_name("Bob") is None


def test_two_claims_of_one_name_at_once_make_one_account(store: Store) -> None:
    accounts = AccountStore(store)
    outcomes: list[str] = []

    def claim(player: str) -> None:
        try:
            accounts.claim(player, "Racer")
            outcomes.append("claimed")
        except NameTakenError:
            outcomes.append("taken")

    threads = [threading.Thread(target=claim, args=(f"player-{i}",)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["claimed"] + ["taken"] * 5


def test_a_password_is_kept_as_its_hash_and_can_be_removed(store: Store) -> None:
    accounts = AccountStore(store)
    ann = accounts.claim("player-ann", "Ann")
    accounts.set_password(ann.id, hash_password("fifteen two, fifteen four"))
    stored = accounts.password_hash(ann.id)
    assert stored is not None
    assert verify_password(stored, "fifteen two, fifteen four")
    assert accounts.by_id(ann.id).has_password  # type: ignore[union-attr]
    accounts.set_password(ann.id, None)
    assert accounts.password_hash(ann.id) is None


def test_sessions_per_device_signed_out_one_or_all(store: Store) -> None:
    accounts = AccountStore(store)
    ann = accounts.claim("player-ann", "Ann")
    phone_secret, phone = accounts.open_session(ann.id, "Chromium on a phone", now=10.0)
    laptop_secret, laptop = accounts.open_session(ann.id, "Firefox on Linux", now=20.0)
    assert phone_secret not in (phone.id, laptop.id)  # (only the secret's digest is kept)
    found = accounts.session(phone_secret, now=100.0)
    assert found is not None
    assert found[0] == ann
    assert found[1].last_used == 100.0
    again = accounts.session(phone_secret, now=130.0)  # (within the minute: not written)
    assert again is not None
    assert again[1].last_used == 100.0
    assert [s.device for s in accounts.sessions(ann.id)] == [
        "Chromium on a phone",
        "Firefox on Linux",
    ]
    assert accounts.session("not a secret") is None
    assert accounts.end_session(ann.id, laptop.id)
    assert accounts.session(laptop_secret) is None
    accounts.open_session(ann.id, "a tablet")
    assert accounts.end_sessions(ann.id, keep=phone.id) == 1
    assert [s.id for s in accounts.sessions(ann.id)] == [phone.id]
    assert accounts.end_sessions(ann.id) == 1
    assert accounts.session(phone_secret) is None


def test_a_deleted_account_frees_its_name_and_keeps_its_games(store: Store) -> None:
    accounts = AccountStore(store)
    ann = accounts.claim("player-ann", "Ann")
    accounts.set_password(ann.id, hash_password("his heels, two"))
    secret, _ = accounts.open_session(ann.id, "a phone")
    store.create_game(
        new_row("g1", game="classic", spec="classic", rules={}, seed=1, owners={0: "player-ann"})
    )
    table = Table(names={0: "Ann", 1: "Bob"})
    store.create_game(
        new_row(
            "g2",
            game="classic",
            spec="classic",
            rules={},
            seed=2,
            owners={0: "player-bob", 1: "player-ann"},
            table=table,
        )
    )
    accounts.delete(ann.id, now=99.0)
    gone = accounts.by_id(ann.id)
    assert gone is not None
    assert (gone.name, gone.shown_name, gone.deleted, gone.has_password) == (
        None,
        DELETED_NAME,
        99.0,
        False,
    )
    assert accounts.session(secret) is None
    assert accounts.sessions(ann.id) == []
    assert accounts.by_name("Ann") is None
    assert store.load_game("g1").owners == {0: "player-ann"}  # type: ignore[union-attr]
    # Her games are kept under her player id, her seats named "deleted player".
    assert store.load_game("g1").table.names == {0: DELETED_NAME}  # type: ignore[union-attr]
    assert store.load_game("g2").table.names == {0: "Ann", 1: DELETED_NAME}  # type: ignore[union-attr]
    # The name is free for someone else.
    assert accounts.claim("player-new", "ANN").name == "ANN"
