"""What the tests of ``cribkit db`` and of the schema's check share (``tests/cli/test_db_cmd.py``
on SQLite, ``tests/store/test_db_upgrades.py`` on PostgreSQL): the real command in a
subprocess, a game stored move by move through the store's API and resumed as a server resumes
it, and databases put at a revision older or newer than this code's."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy.pool import NullPool

from cribkit.store import migrations
from cribkit.store.admin import schema_status, upgrade_store
from cribkit.store.base import Store, open_store
from cribkit.store.sql import engine_url
from cribkit.web.manager import SessionManager

#: The installed command beside this Python (the virtualenv's), else the module.
_SCRIPT = Path(sys.executable).with_name("cribkit")
COMMAND = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "cribkit"]

#: A revision no cribkit of this code has: a newer one's.
NEWER = "9999_newer"
assert NEWER not in migrations.known()


def cribkit(
    home: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the command with ``home`` as its data folder (and ``env`` added to its environment:
    a store URL with a password goes in ``CRIBKIT_STORE``); a hang fails the test (a timeout)."""
    env = {**os.environ, "CRIBKIT_HOME": str(home), **(env or {})}
    return subprocess.run(
        [*COMMAND, *args], stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env,
        timeout=60, check=False,
    )  # fmt: skip


def said(result: subprocess.CompletedProcess[str]) -> str:
    """The one line a command that succeeded printed (and nothing on standard error)."""
    assert (result.returncode, result.stderr) == (0, ""), (result.returncode, result.stderr)
    assert result.stdout.count("\n") == 1, result.stdout
    assert result.stdout.endswith("\n"), result.stdout
    return result.stdout.rstrip("\n")


def refused(result: subprocess.CompletedProcess[str], *named: str) -> str:
    """Exit status 2, nothing on standard output, no traceback, and one error line naming each
    of ``named``."""
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.endswith("\n"), result.stderr
    line = result.stderr.rstrip("\n")
    assert line.startswith("cribkit: error: "), line
    for text in named:
        assert text in line, (text, line)
    return line


def below_head() -> str | None:
    """The revision before this code's newest: what a database of the previous release is at
    (None when :data:`~cribkit.store.migrations.HEAD` is the first: then an older database
    is an empty one)."""
    scripts = ScriptDirectory.from_config(migrations.config())
    down = scripts.get_revision(migrations.HEAD).down_revision
    assert down is None or isinstance(down, str), down
    return down


def _engine(url: str) -> sa.Engine:
    return sa.create_engine(engine_url(url), poolclass=NullPool)


def put_at(url: str, revision: str | None) -> None:
    """Upgrade the database at ``url`` with Alembic to ``revision`` only (None: leave it)."""
    if revision is None:
        return
    engine = _engine(url)
    try:
        with engine.begin() as connection:
            command.upgrade(migrations.config(connection), revision)
    finally:
        engine.dispose()


def stamp_newer(url: str) -> None:
    """Make the database at ``url`` one a newer cribkit upgraded: this code's schema, stamped
    with a revision this code does not know."""
    upgrade_store(url)
    engine = _engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(sa.text("UPDATE alembic_version SET version_num = :v"), {"v": NEWER})
    finally:
        engine.dispose()


def revision_of(url: str) -> str | None:
    """The revision of the database at ``url``, read without changing it."""
    return schema_status(url).revision


def played_game(store: Store, moves: int = 12) -> tuple[str, list[dict[str, Any]]]:
    """A classic game against the computer made as the app makes one, then ``moves`` moves of
    both seats stored through the store's API (each with the version check): its id and the
    actions stored."""
    session = SessionManager(store).create("classic", {"target": 61}, ai="random", seed=7)
    state, version = session.state, session.version
    rng = random.Random(5)
    for index in range(moves):
        action = rng.choice(state.legal_actions())
        state = state.apply(action).state
        store.append_action(session.id, index, action.to_dict(), version=version + 1,
                            scores=list(state.scores), expect=version)  # fmt: skip
        version += 1
    assert not state.is_terminal
    return session.id, store.load_actions(session.id)


def assert_resumes_and_plays_on(url: str, game_id: str, actions: list[dict[str, Any]]) -> None:
    """The game opens from the store at ``url`` as a server opens it, at the version and with
    the actions it was left at, and its next move is stored."""
    store = open_store(url)
    try:
        session = asyncio.run(SessionManager(store).open(game_id))
        assert session is not None
        assert (session.version, session.actions) == (len(actions), actions)
        action = session.state.legal_actions()[0]
        after = session.state.apply(action).state
        store.append_action(game_id, len(actions), action.to_dict(), version=session.version + 1,
                            scores=list(after.scores), expect=session.version)  # fmt: skip
        row = store.load_game(game_id)
        assert row is not None
        assert row.version == len(actions) + 1
        assert store.load_actions(game_id) == [*actions, action.to_dict()]
    finally:
        store.close()
