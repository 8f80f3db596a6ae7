"""The clients' ids of actions in the store (issue 35), against SQLite and a real PostgreSQL:
stored with the action in one transaction, an id never stored twice in a game, and what a
server asks after a write whose answer was lost (the action at an index, the games' versions).
"""

from __future__ import annotations

import pytest

from cribkit.store.base import DuplicateActionError, StaleWriteError, Store

from .test_store import invited


def test_an_id_is_stored_with_its_action_and_found_again(store: Store) -> None:
    store.create_game(invited("g1"))
    store.append_action("g1", 0, {"n": 0}, version=1, scores=[0, 0], expect=0, client_id="a-1")
    store.append_action("g1", 1, {"n": 1}, version=2, scores=[0, 0], expect=1)  # (no id)
    store.append_action("g1", 2, {"n": 2}, version=3, scores=[0, 0], expect=2)
    assert store.find_action("g1", "a-1") == 0
    assert store.find_action("g1", "a-2") is None
    assert store.action_at("g1", 0) == ({"n": 0}, "a-1")
    assert store.action_at("g1", 1) == ({"n": 1}, None)
    assert store.action_at("g1", 3) is None
    assert store.action_at("nope", 0) is None


def test_an_id_sent_again_is_never_stored_twice_and_nothing_changes(store: Store) -> None:
    store.create_game(invited("g1"))
    store.append_action("g1", 0, {"n": 0}, version=1, scores=[0, 0], expect=0, client_id="x")
    with pytest.raises(DuplicateActionError, match="has an action with the id 'x'"):
        store.append_action("g1", 1, {"n": 0}, version=2, scores=[5, 5], expect=1, client_id="x")
    row = store.load_game("g1")
    assert row is not None
    assert (row.version, row.scores) == (1, (0, 0))
    assert store.load_actions("g1") == [{"n": 0}]
    # The version is checked first: a copy behind the store is told it is stale.
    with pytest.raises(StaleWriteError):
        store.append_action("g1", 0, {"n": 0}, version=1, scores=[0, 0], expect=0, client_id="x")
    # Ids belong to their game: another game may use the same.
    store.create_game(invited("g2"))
    store.append_action("g2", 0, {"n": 0}, version=1, scores=[0, 0], expect=0, client_id="x")
    assert store.find_action("g2", "x") == 0


def test_an_undo_drops_the_ids_of_the_actions_it_takes_back(store: Store) -> None:
    store.create_game(invited("g1"))
    store.append_action("g1", 0, {"n": 0}, version=1, scores=[0, 0], client_id="kept")
    store.append_action("g1", 1, {"n": 1}, version=2, scores=[0, 0], client_id="taken")
    store.truncate_actions("g1", 1, version=3, scores=[0, 0], expect=2)
    assert (store.find_action("g1", "kept"), store.find_action("g1", "taken")) == (0, None)
    # (the action taken back may be made again, by the id it had)
    store.append_action("g1", 1, {"n": 1}, version=4, scores=[0, 0], expect=3, client_id="taken")


def test_the_versions_of_many_games_in_one_question(store: Store) -> None:
    for game_id in ("g1", "g2", "g3"):
        store.create_game(invited(game_id))
    store.append_action("g2", 0, {"n": 0}, version=1, scores=[0, 0])
    assert store.versions(["g1", "g2", "nope"]) == {"g1": 0, "g2": 1}
    assert store.versions([]) == {}
