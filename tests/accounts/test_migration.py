"""Revision 0003 (the accounts' tables) upgrades a store of the schema before it, with games in
it, on SQLite and PostgreSQL: every game resumes where it was, and names can be claimed."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable

import sqlalchemy as sa
from alembic import command

from cribkit.accounts.store import AccountStore
from cribkit.store.admin import upgrade_store
from cribkit.store.base import open_store
from cribkit.store.migrations import HEAD, config, current
from cribkit.store.sql import engine_url
from cribkit.web.app import create_app
from cribkit.web.services import Services
from cribkit.web.sessions import GameSession
from tests.web.conftest import LOCAL, play_random_moves, unlimited

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

BEFORE = "0002"


def at_revision(url: str, revision: str) -> None:
    engine = sa.create_engine(engine_url(url))
    try:
        with engine.begin() as connection:
            command.downgrade(config(connection), revision)
            assert current(connection) == revision
    finally:
        engine.dispose()


def test_a_store_of_the_schema_before_upgrades_and_its_games_resume(
    new_url: Callable[[], str],
) -> None:
    url = new_url()
    store = open_store(url, upgrade=True)
    made: dict[str, tuple[int, bool]] = {}
    rng = random.Random(5)
    with TestClient(create_app(store=store, limits=unlimited()), base_url=LOCAL) as client:
        for game, moves in [("classic", 5), ("tiles", 2), ("solitaire", 100)]:
            answer, state = play_random_moves(client, game, moves, rng)
            made[answer["id"]] = (state["seq"], state["result"] is not None)
    store.close()
    at_revision(url, BEFORE)  # (the accounts' tables gone: the schema of the release before)

    upgraded = upgrade_store(url)
    assert (upgraded.before, upgraded.after) == (BEFORE, HEAD)
    store = open_store(url)
    try:
        rows = {row.id: row for row in store.list_games()}
        assert set(rows) == set(made)
        for game_id, (seq, over) in made.items():
            session = GameSession.rebuild(rows[game_id], Services(store))
            assert session.row.version == seq
            assert (session.row.status == "finished") == over
        assert AccountStore(store).claim("player-1", "Ann").name == "Ann"
    finally:
        store.close()
