"""The store suite: every method of :class:`~cribkit.store.base.Store`, against SQLite and a
real PostgreSQL (``conftest.py``), two claims of one invitation at once, and the schema's
versions."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest
import sqlalchemy as sa

from cribkit.store.base import (
    GameRow,
    Invite,
    Match,
    StaleWriteError,
    Store,
    StoreError,
    Table,
    new_row,
    open_store,
)
from cribkit.store.migrations import HEAD


def invited(game_id: str, *, created: float | None = None) -> GameRow:
    """A two-seat table: seat 0 its host's, seat 1 open to an invitation."""
    row = new_row(
        game_id, game="classic", spec="classic:target=61", rules={"target": 61}, seed=42,
        mode="table", humans=(0, 1), tokens={0: "t0", 1: "t1"}, scores=(0, 0),
        owners={0: "host"},
        table=Table(host="host", names={0: "Ann"}, invites={1: Invite(f"{game_id}-link", f"{game_id}-J")},
                    watch="w", clock=30.0, match=Match("m", 3)),
    )  # fmt: skip
    return row if created is None else replace(row, created=created, updated=created)


def test_a_game_is_stored_whole_and_read_back(store: Store) -> None:
    row = invited("g1")
    store.create_game(row)
    assert store.load_game("g1") == row
    assert store.load_game("nope") is None
    assert store.load_actions("g1") == []
    assert store.load_talk("g1") == []


def test_actions_in_order_and_a_result_finishes_the_game_and_closes_its_invitations(
    store: Store,
) -> None:
    store.create_game(invited("g1"))
    store.append_action("g1", 0, {"type": "discard", "seat": 0}, version=1, scores=[0, 0])
    store.append_action("g1", 1, {"type": "discard", "seat": 1}, version=2, scores=[2, 0])
    assert store.load_actions("g1") == [
        {"type": "discard", "seat": 0},
        {"type": "discard", "seat": 1},
    ]
    row = store.load_game("g1")
    assert row is not None
    assert (row.version, row.scores, row.status, row.result) == (2, (2, 0), "playing", None)
    assert row.updated >= row.created
    assert store.find_invite("g1-link") == ("g1", 1)
    store.append_action("g1", 2, {"type": "play"}, version=3, scores=[61, 3], result={"winner": 0})
    row = store.load_game("g1")
    assert row is not None
    assert (row.status, row.result, row.version) == ("finished", {"winner": 0}, 3)
    assert store.find_invite("g1-link") is None
    assert store.find_invite("g1-J") is None
    assert store.unfinished() == []


def test_a_write_that_fails_changes_nothing(store: Store) -> None:
    store.create_game(invited("g1"))
    store.append_action("g1", 0, {"n": 0}, version=1, scores=[0, 0])
    with pytest.raises(StoreError, match="cannot write"):
        store.append_action("g1", 0, {"n": "again"}, version=2, scores=[9, 9], result={"w": 0})
    row = store.load_game("g1")
    assert row is not None
    assert (row.version, row.status, store.find_invite("g1-J")) == (1, "playing", ("g1", 1))
    with pytest.raises(StoreError):
        store.create_game(invited("g1"))


def test_a_write_on_a_stale_copy_is_refused_and_changes_nothing(store: Store) -> None:
    # Two processes held the game at version 1; the first one's move is stored, the second's
    # (which expected version 1 too) is refused, and so is an undo on the stale copy.
    store.create_game(invited("g1"))
    store.append_action("g1", 0, {"n": 0}, version=1, scores=[0, 0], expect=0)
    store.append_action("g1", 1, {"first": True}, version=2, scores=[1, 0], expect=1)
    with pytest.raises(StaleWriteError, match="not at version 1: it is at version 2"):
        store.append_action("g1", 1, {"second": True}, version=2, scores=[0, 5], expect=1)
    with pytest.raises(StaleWriteError, match="not at version 1"):
        store.truncate_actions("g1", 0, version=2, scores=[0, 0], expect=1)
    with pytest.raises(StaleWriteError, match="no such game"):
        store.append_action("nope", 0, {}, version=1, scores=[0, 0], expect=0)
    assert store.load_actions("g1") == [{"n": 0}, {"first": True}]
    row = store.load_game("g1")
    assert row is not None
    assert (row.version, row.scores, row.practice) == (2, (1, 0), False)


def test_talk_lines_are_numbered_in_order(store: Store) -> None:
    store.create_game(invited("g1"))
    assert [store.add_talk("g1", {"text": str(n)}) for n in range(3)] == [0, 1, 2]
    assert [line["text"] for line in store.load_talk("g1")] == ["0", "1", "2"]


def test_an_undo_drops_the_later_actions_and_makes_the_game_practice(store: Store) -> None:
    store.create_game(invited("g1"))
    for index in range(4):
        store.append_action("g1", index, {"n": index}, version=index + 1, scores=[index, 0])
    store.truncate_actions("g1", 2, version=5, scores=[1, 0])
    assert store.load_actions("g1") == [{"n": 0}, {"n": 1}]
    row = store.load_game("g1")
    assert row is not None
    assert (row.practice, row.version, row.scores, row.status) == (True, 5, (1, 0), "playing")
    store.append_action("g1", 2, {"n": "new"}, version=6, scores=[1, 0])
    assert store.load_actions("g1")[-1] == {"n": "new"}


def test_invitations_are_found_by_link_or_join_code(store: Store) -> None:
    store.create_game(invited("g1"))
    store.create_game(new_row("g2", game="classic", spec="classic", rules={}, seed="s"))
    assert store.find_invite("g1-link") == ("g1", 1)
    assert store.find_invite("g1-J") == ("g1", 1)
    assert store.find_invite("g1") is None
    row = store.load_game("g2")
    assert row is not None
    assert row.seed == "s"


def test_the_table_is_saved(store: Store) -> None:
    store.create_game(invited("g1"))
    table = replace(invited("g1").table, mutes={0: frozenset({1})}, next="g2", public=True)
    store.save_table("g1", table)
    row = store.load_game("g1")
    assert row is not None
    assert row.table == table


def test_talk_is_numbered_in_order_even_when_added_at_once(store: Store) -> None:
    store.create_game(invited("g1"))
    store.create_game(invited("g2"))
    store.add_talk("g1", {"text": "first"})
    store.add_talk("g2", {"text": "elsewhere"})
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda n: store.add_talk("g1", {"n": n}), range(24)))
    lines = store.load_talk("g1")
    assert lines[0] == {"text": "first"}
    assert sorted(line["n"] for line in lines[1:]) == list(range(24))
    assert store.load_talk("g2") == [{"text": "elsewhere"}]


def taken(row: GameRow, player: str) -> GameRow:
    """``row`` with seat 1 taken by ``player`` (its invitation gone from the table)."""
    table = replace(row.table, invites={}, names={**row.table.names, 1: player})
    return replace(row, owners={**row.owners, 1: player}, table=table)


def test_an_invitation_is_closed_once(store: Store) -> None:
    row = invited("g1")
    store.create_game(row)
    assert store.close_invite(taken(row, "bob"), 1) is True
    after = store.load_game("g1")
    assert after is not None
    assert (after.owners, after.table.names[1], after.table.invites) == (
        {0: "host", 1: "bob"},
        "bob",
        {},
    )
    assert store.find_invite("g1-link") is None
    assert store.close_invite(taken(row, "eve"), 1) is False
    again = store.load_game("g1")
    assert again == after


def test_two_claims_of_one_invitation_at_once_one_wins(new_url: Callable[[], str]) -> None:
    url = new_url()
    # Two stores on one database, as two server processes would have.
    first, second = open_store(url), open_store(url)
    try:
        for attempt in range(5):
            row = invited(f"g{attempt}")
            first.create_game(row)
            start = threading.Barrier(2)

            def claim(
                store: Store, player: str, row: GameRow = row, start: threading.Barrier = start
            ) -> bool:
                start.wait()
                return store.close_invite(taken(row, player), 1)

            with ThreadPoolExecutor(2) as pool:
                won = list(pool.map(claim, (first, second), ("bob", "eve")))
            assert sorted(won) == [False, True]
            winner = "bob" if won[0] else "eve"
            for store in (first, second):
                stored = store.load_game(row.id)
                assert stored is not None
                assert stored.owners[1] == winner
                assert stored.table.names[1] == winner
    finally:
        first.close()
        second.close()


def test_games_are_listed_newest_first_and_unfinished_oldest_first(store: Store) -> None:
    for number, created in enumerate([30.0, 10.0, 20.0, 20.0]):
        store.create_game(invited(f"g{number}", created=created))
    store.append_action("g0", 0, {}, version=1, scores=[0, 0], result={"winner": 1})
    listed = [row.id for row in store.list_games()]
    assert listed[0] == "g0"
    assert listed[-1] == "g1"
    assert set(listed[1:3]) == {"g2", "g3"}
    unfinished = [row.id for row in store.unfinished()]
    assert unfinished[0] == "g1"
    assert set(unfinished[1:]) == {"g2", "g3"}


def test_a_store_reopens_as_it_was_at_the_newest_schema(store_url: str) -> None:
    store = open_store(store_url)
    store.create_game(invited("g1"))
    store.append_action("g1", 0, {"n": 0}, version=1, scores=[0, 0])
    store.add_talk("g1", {"text": "hi"})
    store.close()
    again = open_store(store_url)
    try:
        assert again.load_actions("g1") == [{"n": 0}]
        assert again.load_talk("g1") == [{"text": "hi"}]
        assert again.find_invite("g1-J") == ("g1", 1)
    finally:
        again.close()
    engine = sa.create_engine(store_url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as db:
            assert db.execute(sa.text("SELECT version_num FROM alembic_version")).all() == [(HEAD,)]
    finally:
        engine.dispose()


def test_sqlite_keeps_its_log_bounded(tmp_path_factory: pytest.TempPathFactory) -> None:
    path = tmp_path_factory.mktemp("wal") / "games.db"
    store = open_store(f"sqlite:///{path}")
    try:
        assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone() == ("wal",)
        store.create_game(invited("g1"))
        for index in range(200):
            store.append_action("g1", index, {"n": index, "pad": "x" * 2000}, version=index,
                                scores=[0, 0])  # fmt: skip
    finally:
        store.close()
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0  # truncated on close


def test_sqlite_starts_its_log_over_under_a_stream_of_commits(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Commits without a pause never let a passive checkpoint alone start the log over: it grew
    # by every commit (~17 KB each here) until the store was closed. Quicker rounds, so that a
    # short test sees several.
    monkeypatch.setattr("cribkit.store.sql.CHECKPOINT_SECONDS", 0.02)
    path = tmp_path_factory.mktemp("stream") / "games.db"
    wal = path.with_name(path.name + "-wal")
    store = open_store(f"sqlite:///{path}")
    largest = 0
    try:
        games = [f"g{n}" for n in range(50)]
        for game_id in games:
            store.create_game(invited(game_id))
        for index in range(3000):
            store.append_action(games[index % 50], index // 50, {"n": index}, version=index,
                                scores=[0, 0])  # fmt: skip
            largest = max(largest, wal.stat().st_size)
    finally:
        store.close()
    # Unbounded, the log reaches ~50 MB; started over, about RESTART_FRAMES (4 MB) and a round.
    assert largest < 20_000_000, f"the log reached {largest / 1e6:.1f} MB"


def test_ping_answers_while_the_database_does(store_url: str) -> None:
    store = open_store(store_url)
    try:
        store.ping()  # an empty store answers
        store.create_game(invited("g1"))
        store.ping()
        # The tables gone from under it (as if the database were replaced): it says so.
        engine = sa.create_engine(store_url.replace("postgresql://", "postgresql+psycopg://"))
        cascade = "" if store_url.startswith("sqlite") else " CASCADE"
        try:
            with engine.begin() as db:
                for table in ("invites", "talk", "actions", "games"):
                    db.execute(sa.text(f"DROP TABLE {table}{cascade}"))
        finally:
            engine.dispose()
        with pytest.raises(StoreError, match="cannot read the store"):
            store.ping()
    finally:
        store.close()


def test_unknown_and_unreachable_stores_are_refused(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    with pytest.raises(StoreError, match="unknown store 'mysql'"):
        open_store("mysql://localhost/cribkit")
    socket = tmp_path_factory.mktemp("nothing")
    with pytest.raises(StoreError, match="cannot open the store postgresql"):
        open_store(f"postgresql://nobody@/cribkit?host={socket}")
