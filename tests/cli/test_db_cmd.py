"""``cribkit db`` on SQLite, through the real command (a subprocess, as an operator runs it):
``status`` (text and ``--json``), ``upgrade`` of a new file and of one up to date, a newer
cribkit's file refused, ``cribkit serve`` still upgrading its default file itself, and ``backup``
taken while the store is written, restored by copying the file back, the game resuming from
it. The PostgreSQL side: ``tests/store/test_db_upgrades.py``."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import threading
from pathlib import Path

import pytest
from tests.store.db_steps import (
    COMMAND,
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

from cribkit.store.base import open_store
from cribkit.store.migrations import HEAD


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """The commands' data folder: its ``cribkit.db`` is the default store."""
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def test_db_upgrade_makes_the_default_store_then_finds_it_up_to_date(home: Path) -> None:
    url = f"sqlite:///{home / 'cribkit.db'}"
    assert said(cribkit(home, "db", "status")) == (
        f"cribkit: the database {url} has no revision yet, this cribkit's is {HEAD}: behind "
        "(it is upgraded when cribkit opens it, or by cribkit db upgrade)"
    )
    assert not (home / "cribkit.db").exists()  # status changes nothing, makes no file
    assert said(cribkit(home, "db", "upgrade")) == (
        f"cribkit: upgraded the database {url} from revision none (a new database) to {HEAD}"
    )
    assert said(cribkit(home, "db", "upgrade")) == (
        f"cribkit: the database {url} is up to date (revision {HEAD})"
    )
    assert said(cribkit(home, "db", "status")) == (
        f"cribkit: the database {url} is at revision {HEAD}, this cribkit's is {HEAD}: current"
    )
    assert json.loads(said(cribkit(home, "db", "status", "--json"))) == {
        "store": url, "backend": "sqlite", "revision": HEAD, "head": HEAD, "state": "current",
    }  # fmt: skip


def test_db_upgrade_of_a_file_of_the_previous_revision(tmp_path: Path, home: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    before = below_head()
    put_at(url, before)
    status = json.loads(said(cribkit(home, "db", "status", "--store", url, "--json")))
    assert (status["revision"], status["state"]) == (before, "behind")
    assert said(cribkit(home, "db", "upgrade", "--store", url)) == (
        f"cribkit: upgraded the database {url} from revision "
        f"{'none (a new database)' if before is None else before} to {HEAD}"
    )
    assert revision_of(url) == HEAD


def test_a_newer_cribkits_file_is_shown_ahead_and_refused(tmp_path: Path, home: Path) -> None:
    url = f"sqlite:///{tmp_path / 'newer.db'}"
    stamp_newer(url)
    assert said(cribkit(home, "db", "status", "--store", url)) == (
        f"cribkit: the database {url} is at revision {NEWER}, this cribkit's is {HEAD}: ahead "
        "(upgraded by a newer cribkit)"
    )
    assert json.loads(said(cribkit(home, "db", "status", "--store", url, "--json")))["state"] == (
        "ahead"
    )
    newer = f"was upgraded by a newer cribkit (revision {NEWER}); this one knows up to {HEAD}"
    refused(cribkit(home, "db", "upgrade", "--store", url), newer)
    # (where serve and worker failed with Alembic's traceback: "Can't locate revision")
    refused(cribkit(home, "serve", "--port", "0", "--store", url), newer)
    assert revision_of(url) == NEWER


def test_serve_still_upgrades_its_default_sqlite_file_itself(home: Path) -> None:
    url = f"sqlite:///{home / 'cribkit.db'}"
    put_at(url, below_head())
    server = subprocess.Popen(
        [*COMMAND, "serve", "--port", "0", "--ai-workers", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "CRIBKIT_HOME": str(home)},
    )  # fmt: skip
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.startswith("cribkit: playing at http://127.0.0.1:"), (first, server.stderr)
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert revision_of(url) == HEAD


def test_backup_while_the_store_is_written_and_restore_by_copying_back(
    tmp_path: Path, home: Path
) -> None:
    path = tmp_path / "live" / "cribkit.db"
    url = f"sqlite:///{path}"
    store = open_store(url)  # open throughout, as a running server's
    try:
        game_id, actions = played_game(store)
        # Another game written all through the backup: the copy is of one instant.
        busy, _ = played_game(store, moves=0)
        stop = threading.Event()

        def write() -> None:
            row = store.load_game(busy)
            assert row is not None
            index = 0
            while not stop.is_set():
                store.append_action(busy, index, {"n": index}, version=index + 1, scores=[0, 0],
                                    expect=index)  # fmt: skip
                index += 1

        writer = threading.Thread(target=write)
        writer.start()
        backup = tmp_path / "backups" / "cribkit-1.db"
        backup.parent.mkdir()
        try:
            line = said(cribkit(home, "db", "backup", str(backup), "--store", url))
        finally:
            stop.set()
            writer.join()
        assert line.startswith(f"cribkit: backed up {url} to {backup} (2 games, revision {HEAD}, ")
        assert sorted(p.name for p in backup.parent.iterdir()) == ["cribkit-1.db"]  # one file
        copy = sqlite3.connect(backup)
        try:
            assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)
            (version,) = copy.execute("SELECT version FROM games WHERE id = ?", (busy,)).fetchone()
            indexes = [
                i for (i,) in copy.execute("SELECT idx FROM actions WHERE game_id = ?", (busy,))
            ]
        finally:
            copy.close()
        assert version > 0
        assert sorted(indexes) == list(range(version))  # the row and its actions agree
        # The game moves on after the backup...
        store.append_action(game_id, len(actions), {"after": "the backup"}, version=len(actions) + 1,
                            scores=[0, 0], expect=len(actions))  # fmt: skip
    finally:
        store.close()
    # ...and the restore (the server stopped) is the file copied back: the game is where it was.
    for leftover in (path.with_name("cribkit.db-wal"), path.with_name("cribkit.db-shm")):
        leftover.unlink(missing_ok=True)
    shutil.copyfile(backup, path)
    assert_resumes_and_plays_on(url, game_id, actions)


def test_backup_refusals_are_one_line(tmp_path: Path, home: Path) -> None:
    # (a URL with a password comes by the variable: the command line refuses it)
    refused(
        cribkit(home, "db", "backup", "x.dump",
                env={"CRIBKIT_STORE": "postgresql://cribkit:s3cret@db/games"}),
        "pg_dump -Fc -f x.dump 'postgresql://cribkit:***@db/games'",
        '"Upgrades and backups"',
    )  # fmt: skip
    unreachable = {"CRIBKIT_STORE": "postgresql://cribkit:s3cret@/games?host=/nowhere"}
    line = refused(cribkit(home, "db", "status", env=unreachable), "cannot open the store")
    assert "s3cret" not in line
    refused(cribkit(home, "db", "backup", str(tmp_path / "b.db")), "there is no store at")
    cribkit(home, "db", "upgrade")
    taken = tmp_path / "taken.db"
    taken.write_text("")
    refused(cribkit(home, "db", "backup", str(taken)), f"{taken} exists")
    refused(cribkit(home, "db", "backup", str(tmp_path / "no" / "b.db")), "there is no folder")
    refused(cribkit(home, "db", "status", "--store", "mysql://db/games"), "unknown store 'mysql'")
    refused(cribkit(home, "db", "backup"), "cribkit db backup needs PATH")
