"""A ``cribkit.db`` written by the previous release's store (``cribkit.store.sqlite``, before
the schema had versions) is adopted in place on first open, and every game in it resumes."""

from __future__ import annotations

import random
import sqlite3
import warnings
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection

from cribkit.store.base import StoreError, open_store
from cribkit.store.migrations import HEAD
from cribkit.store.sqlite import SQLiteStore
from cribkit.web.app import create_app
from cribkit.web.services import Services
from cribkit.web.sessions import GameSession

from ..web.conftest import LOCAL, Message, Seat, new_game, play_random_moves, socket_url, unlimited

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient


class PreviousStore(SQLiteStore):
    """The previous release's store under today's app: the app's version check (``expect``,
    which that release's server had no use for, alone) and the clients' ids dropped, the talk's
    index counted, what today's app asks of a store answered from what that one kept."""

    def append_action(
        self, *args: Any, expect: int | None = None, client_id: str | None = None, **kwargs: Any
    ) -> None:
        super().append_action(*args, **kwargs)

    def find_action(self, game_id: str, client_id: str) -> int | None:
        return None  # (that release kept no client's ids)

    def action_at(self, game_id: str, index: int) -> tuple[dict[str, Any], str | None] | None:
        stored = self.load_actions(game_id)
        return (stored[index], None) if index < len(stored) else None

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        rows = [self.load_game(game_id) for game_id in game_ids]
        return {row.id: row.version for row in rows if row is not None}

    def truncate_actions(self, *args: Any, expect: int | None = None, **kwargs: Any) -> None:
        super().truncate_actions(*args, **kwargs)

    def abandon_game(
        self, game_id: str, result: dict[str, Any], *, version: int, expect: int
    ) -> None:
        raise StoreError("the previous release's store had no abandoned games")

    def transaction(self, *, read: bool = False) -> AbstractContextManager[Connection]:
        raise StoreError("the previous release's store had no accounts")

    def add_talk(self, game_id: str, entry: dict[str, Any]) -> int:  # type: ignore[override]
        super().add_talk(game_id, entry)
        return len(self.load_talk(game_id)) - 1


#: The session secret of every app here: the maker's cookie is the same player's later.
SECRET = b"m" * 32


def previous_release_db(path: Path) -> tuple[dict[str, Message], dict[str, str]]:
    """Games of every kind written by the previous release's store into ``path``, played a few
    moves each (one finished, one a table with an open invitation): each game's answer from the
    app, with the ``seq`` it was left at; and the cookies of the player who made them."""
    old = PreviousStore(str(path))
    made: dict[str, Message] = {}
    rng = random.Random(3)
    with TestClient(
        create_app(store=old, limits=unlimited(), secret=SECRET), base_url=LOCAL
    ) as client:
        for game, moves in [("classic", 6), ("tabletop", 4), ("tiles", 3), ("solitaire", 5),
                            ("classic", 10**6)]:  # fmt: skip
            answer, state = play_random_moves(client, game, moves, rng)
            made[answer["id"]] = {
                **answer,
                "seq": state["seq"],
                "over": state["result"] is not None,
            }
        table = new_game(client, "classic", seats=[{"kind": "me"}, {"kind": "friend"}])
        made[table["id"]] = {**table, "seq": 0, "over": False}
        cookies = dict(client.cookies)
    old.close()
    return made, cookies


def columns(path: Path) -> set[str]:
    db = sqlite3.connect(path)
    try:
        return {name for _, name, *_ in db.execute("PRAGMA table_info(games)")}
    finally:
        db.close()


def assert_every_game_resumes(path: Path, made: dict[str, Message]) -> None:
    store = open_store(f"sqlite:///{path}")
    try:
        rows = {row.id: row for row in store.list_games()}
        assert set(rows) == set(made)
        for game_id, answer in made.items():
            session = GameSession.rebuild(rows[game_id], Services(store))
            assert session.row.version == answer["seq"]
            assert (session.row.status == "finished") == answer["over"]
        assert {row.id for row in store.unfinished()} == {
            g for g, a in made.items() if not a["over"]
        }
        assert any(answer["over"] for answer in made.values())
    finally:
        store.close()
    db = sqlite3.connect(path)
    assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
    db.close()


def test_a_database_of_the_previous_release_is_stamped_and_every_game_resumes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "cribkit.db"
    made, cookies = previous_release_db(path)
    assert_every_game_resumes(path, made)
    # And the app serves them: each unfinished game's seat opens where it was, and the
    # invitation is still open.
    served = create_app(f"sqlite:///{path}", limits=unlimited(), secret=SECRET)
    with TestClient(served, base_url=LOCAL, cookies=cookies) as app:
        for answer in (a for a in made.values() if not a["over"]):
            with app.websocket_connect(socket_url(answer)) as socket:
                state = Seat(socket).receive()
            assert (state["type"], state["seq"]) == ("state", answer["seq"])
        table = next(answer for answer in made.values() if answer.get("invites"))
        code = table["invites"]["1"]["code"]
        assert app.get(f"/api/invites/{code}").json()["id"] == table["id"]
    assert_every_game_resumes(path, made)  # a second open changes nothing


@pytest.mark.parametrize("dropped", [["owners"], ["owners", "practice", "seating"]])
def test_an_older_database_gets_the_columns_it_lacks(tmp_path: Path, dropped: list[str]) -> None:
    path = tmp_path / "cribkit.db"
    made, _ = previous_release_db(path)
    db = sqlite3.connect(path)
    for column in dropped:
        db.execute(f"ALTER TABLE games DROP COLUMN {column}")
    db.commit()
    db.close()
    assert not columns(path) & set(dropped)
    assert_every_game_resumes(path, made)
    assert columns(path) >= set(dropped)
    store = open_store(f"sqlite:///{path}")
    try:
        for row in store.list_games():
            assert (row.owners, row.practice) == ({}, False)
    finally:
        store.close()


def test_the_first_database_with_only_games_and_actions_is_completed(tmp_path: Path) -> None:
    path = tmp_path / "cribkit.db"
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
        assert (row.seed, row.practice, row.owners) == (7, False, {})
        GameSession.rebuild(row, Services(store))
        store.add_talk("g1", {"text": "the talk table is there"})
        assert store.find_invite("x") is None
    finally:
        store.close()
