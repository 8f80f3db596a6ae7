"""Upgrades as the operator's step: a shared PostgreSQL database is checked, never upgraded, by
the store that opens it (``cribkit serve`` and ``cribkit worker`` refuse an older or a newer
schema in one line), ``cribkit db upgrade`` and ``cribkit db status`` on it, a SQLite file still
upgrading itself, and a PostgreSQL backup (``pg_dump -Fc``, ``pg_restore``) from which every
game resumes. The SQLite side of ``cribkit db``: ``tests/cli/test_db_cmd.py``."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from cribkit.deploy.config import postgresql_binary
from cribkit.store import migrations
from cribkit.store.admin import schema_status, upgrade_store
from cribkit.store.base import open_store
from cribkit.store.migrations import HEAD, SchemaError
from tests.needs import missing

from .db_steps import (
    NEWER,
    assert_resumes_and_plays_on,
    below_head,
    cribkit,
    played_game,
    put_at,
    refused,
    revision_of,
    said,
    stamp_newer,
)

#: A Redis URL the worker parses; it refuses the store before it would connect to it.
REDIS = "redis://127.0.0.1:9/0"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """The commands' data folder (nothing written in the suite's)."""
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def older(make: Callable[[], str]) -> tuple[str, str | None]:
    """A new database at the revision before this code's (empty when there is none)."""
    url = make()
    put_at(url, below_head())
    return url, below_head()


def test_head_is_the_newest_revision_of_the_scripts() -> None:
    # What the check compares a database with must be where an upgrade takes it.
    scripts = ScriptDirectory.from_config(migrations.config())
    assert scripts.get_current_head() == HEAD
    assert HEAD in migrations.known()


def test_a_shared_database_is_checked_when_opened_never_upgraded(
    empty_postgresql: Callable[[], str],
) -> None:
    url, before = older(empty_postgresql)
    with pytest.raises(SchemaError, match="cribkit db upgrade --store") as refusal:
        open_store(url)
    assert (refusal.value.state, refusal.value.revision) == ("behind", before)
    assert revision_of(url) == before  # untouched
    done = upgrade_store(url)
    assert (done.before, done.after, done.upgraded) == (before, HEAD, True)
    store = open_store(url)  # at this code's revision: opened, and nothing to do
    store.close()
    assert store.revisions == (HEAD, HEAD)  # type: ignore[attr-defined]
    assert not upgrade_store(url).upgraded
    # upgrade=True upgrades a shared database too (the tests' and the launcher's way).
    other = empty_postgresql()
    open_store(other, upgrade=True).close()
    assert revision_of(other) == HEAD


def test_a_newer_cribkits_database_is_refused_and_left_as_it_is(
    empty_postgresql: Callable[[], str], tmp_path: Path
) -> None:
    url = empty_postgresql()
    stamp_newer(url)
    for opening in (lambda: open_store(url), lambda: upgrade_store(url)):
        with pytest.raises(
            SchemaError, match=f"upgraded by a newer cribkit \\(revision {NEWER}\\)"
        ):
            opening()
    assert revision_of(url) == NEWER
    # A SQLite file too: refused in one line, where Alembic failed on the unknown revision.
    path = f"sqlite:///{tmp_path / 'newer.db'}"
    stamp_newer(path)
    with pytest.raises(SchemaError, match=f"this one knows up to {HEAD}"):
        open_store(path)
    assert revision_of(path) == NEWER


def test_a_sqlite_file_upgrades_itself_when_opened(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cribkit.db'}"
    put_at(url, below_head())
    with pytest.raises(SchemaError, match="cribkit db upgrade"):
        open_store(url, upgrade=False)  # checked only, when asked
    store = open_store(url)
    store.close()
    assert store.revisions == (below_head(), HEAD)  # type: ignore[attr-defined]
    assert revision_of(url) == HEAD


def test_db_upgrade_and_status_on_postgresql(
    empty_postgresql: Callable[[], str], home: Path
) -> None:
    url, before = older(empty_postgresql)
    # (the URL printed is the one given, its password hidden: tests/cli/test_db_cmd.py)
    at = "has no revision yet" if before is None else f"is at revision {before}"
    assert said(cribkit(home, "db", "status", "--store", url)) == (
        f"cribkit: the database {url} {at}, this cribkit's is {HEAD}: behind "
        "(cribkit db upgrade upgrades it)"
    )
    assert json.loads(cribkit(home, "db", "status", "--store", url, "--json").stdout) == {
        "store": url, "backend": "postgresql", "revision": before, "head": HEAD, "state": "behind",
    }  # fmt: skip
    upgraded = said(cribkit(home, "db", "upgrade", "--store", url))
    assert upgraded == (
        f"cribkit: upgraded the database {url} from revision "
        f"{'none (a new database)' if before is None else before} to {HEAD}"
    )
    assert said(cribkit(home, "db", "upgrade", "--store", url)) == (
        f"cribkit: the database {url} is up to date (revision {HEAD})"
    )
    assert said(cribkit(home, "db", "status", "--store", url)) == (
        f"cribkit: the database {url} is at revision {HEAD}, this cribkit's is {HEAD}: current"
    )
    stamp_newer(url)
    assert json.loads(cribkit(home, "db", "status", "--store", url, "--json").stdout)["state"] == (
        "ahead"
    )
    refused(cribkit(home, "db", "upgrade", "--store", url), f"revision {NEWER}", "newer cribkit")
    assert revision_of(url) == NEWER


def test_serve_and_worker_refuse_an_older_schema(
    empty_postgresql: Callable[[], str], home: Path
) -> None:
    url, before = older(empty_postgresql)
    needs = (
        f"has no cribkit tables yet (no revision), this cribkit needs {HEAD}"
        if before is None
        else f"is at revision {before}, this cribkit needs {HEAD}"
    )
    for command in (["serve", "--port", "0"], ["worker", "--redis", REDIS]):
        line = refused(cribkit(home, *command, "--store", url))
        # (the URL as given, to paste: the socket's folder is no %2F)
        assert line == (
            f"cribkit: error: the database {url} {needs}: run `cribkit db upgrade --store '{url}'`"
        )
    assert revision_of(url) == before  # neither upgraded it
    assert not (home / "session-secret").exists()  # nor started anything
    # A database with no tables at all is refused the same way.
    empty = empty_postgresql()
    refused(cribkit(home, "serve", "--port", "0", "--store", empty), "has no cribkit tables yet")


def test_serve_and_worker_refuse_a_newer_schema(
    empty_postgresql: Callable[[], str], home: Path
) -> None:
    url = empty_postgresql()
    stamp_newer(url)
    for command in (["serve", "--port", "0"], ["worker", "--redis", REDIS]):
        refused(
            cribkit(home, *command, "--store", url),
            f"was upgraded by a newer cribkit (revision {NEWER}); this one knows up to {HEAD}",
        )
    assert revision_of(url) == NEWER


def test_a_pg_dump_restores_into_a_new_database_where_the_game_resumes(
    empty_postgresql: Callable[[], str], tmp_path: Path
) -> None:
    pg_dump, pg_restore = postgresql_binary("pg_dump"), postgresql_binary("pg_restore")
    if pg_dump is None or pg_restore is None:
        missing("PostgreSQL's pg_dump and pg_restore are not installed", "postgresql",
                "the store suite against PostgreSQL")  # fmt: skip
    url = empty_postgresql()
    upgrade_store(url)
    store = open_store(url)
    try:
        game_id, actions = played_game(store)
        dump = tmp_path / "cribkit.dump"
        # The commands of docs/scaling.md, "Upgrades and backups" (the server still running).
        subprocess.run([pg_dump, "-Fc", "-f", str(dump), url], check=True, capture_output=True)
    finally:
        store.close()
    restored = empty_postgresql()
    subprocess.run([pg_restore, "--no-owner", "--exit-on-error", "-d", restored, str(dump)],
                   check=True, capture_output=True)  # fmt: skip
    assert schema_status(restored).state == "current"
    assert_resumes_and_plays_on(restored, game_id, actions)
    # The original is left as it was.
    again = open_store(url)
    try:
        assert again.load_actions(game_id) == actions
    finally:
        again.close()
